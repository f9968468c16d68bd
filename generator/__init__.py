"""The domino rulebook: a rules engine, position model, diagrams and page generator.

Layout (after python-chess): :mod:`generator.engine` holds the rules core,
:mod:`generator.engine.choices` the rule choices a game is made of,
:mod:`generator.variants` the rule values that need code, one file per game,
:mod:`generator.model` reads YAML into typed positions, :mod:`generator.svg`
draws a layout, :mod:`generator.describe` writes captions and text equivalents,
:mod:`generator.pages` builds the Markdown pages, :mod:`generator.plugin` is the
thin MkDocs plugin and :mod:`generator.cli` the ``rulebook`` command.
:mod:`generator.simulate` plays whole games; it and the engine's rule modules
may run compiled (:mod:`generator.native`).
"""

__version__ = "0.3.0"

from . import _buildinfo  # noqa: E402

if _buildinfo.active():     # the compiled build of the hot modules (generator.native) comes first
    __path__.insert(0, str(_buildinfo.COMPILED))  # noqa: F821 - a package's own search path
