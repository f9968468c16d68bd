"""The domino rulebook: a rules engine, position model, diagrams and page generator.

The package is in layers, each a folder that imports only from the layers
before it (a test reads every module's imports and fails on an import up
this order or a circle):

1. :mod:`generator.base` -- string tables, the message writer, cache files, workers, the compiled build;
2. :mod:`generator.safety` -- what untrusted rule text may write and do;
3. :mod:`generator.engine` -- the rules core (tiles, layouts, the variant, rule choices, the family registry);
4. :mod:`generator.model` -- YAML read into typed positions, the catalog of games, schemas;
5. :mod:`generator.draw` -- diagrams (SVG and PNG), handed everything they draw;
6. :mod:`generator.sim` -- whole games played, and the figures the pages print;
7. :mod:`generator.pages` -- page writing, one module per kind of page or page part;
8. :mod:`generator.families` -- one folder per family of games (line of play, trains, tricks, tree), holding
   everything the family is: its rules, positions, drawing, game loop, page parts, words and player, each
   module half a step above the layer its part belongs to (``rules`` above the engine, ``positions`` above
   the model, ``draw``, ``sim`` and ``pages`` above theirs, ``play`` above the player), and the family object
   in the folder's ``__init__``; a module beside the folders is a part several families share and names
   none (:mod:`generator.families.rounds`: the family object of the games played in rounds); the rest asks
   the registry (:mod:`generator.engine.family`), which loads the folders by name, and never names a layout;
9. :mod:`generator.play` -- a hand against the simulation's players, as the reader's browser plays it
   (under Pyodide: no YAML, Jinja or Babel below this layer's modules);
10. :mod:`generator.site` -- generation apart from MkDocs, the player's files, and the thin MkDocs plugin;
11. :mod:`generator.cli` -- the ``rulebook`` command.

(After python-chess: a core rules module, drawing apart, notation and IO apart.)
"""

__version__ = "0.3.0"

from .base import buildinfo as _buildinfo  # noqa: E402

if _buildinfo.active():     # the compiled build of the hot modules (generator.base.native) comes first
    __path__.insert(0, str(_buildinfo.COMPILED))  # noqa: F821 - a package's own search path
