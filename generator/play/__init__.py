"""A hand against the simulation's players, in the reader's browser.

:class:`~generator.play.session.Session` plays a whole game of any family by
the family's own game loop (:meth:`generator.engine.family.Family.play_game`,
the one the simulation and the pages' figures use), with the reader in one
seat and the built-in ``greedy`` player in the others. It runs unchanged in
CPython and under Pyodide, where the site's ``play.js`` loads it from the
engine bundle the build writes (:mod:`generator.site.play`): it needs the
engine, the rule values, the simulation, the drawing and the words for moves
(:mod:`generator.pages.describe`), and neither YAML, Jinja nor Babel (the
words come from :func:`generator.base.i18n.install`).

What a family shows a reader is one module per family, named by its
:attr:`~generator.engine.family.Family.play_module` and loaded by name. Such a
module defines, with ``state`` the family's turn state (what ``plays_for``,
``may_draw``, ``push``, ``draw`` and ``pass_`` belong to), ``action`` one of
``state.plays_for(seat)``, ``"draw"`` or ``"pass"``, and ``lang`` a site
language:

- ``table(variant, state, lang, ident) -> (svg, words)``: the table drawn as
  the page's diagrams are, and the same in words;
- ``action_words(variant, state, seat, action, lang) -> str``: a move in
  words (before it is made: "[4|6] on the 6 of [6|6]");
- ``log_words(variant, state, seat, action, lang) -> str``: a move as the
  hand's log says it, briefly (it is said for every move of the game, so it
  draws nothing);
- ``action_tile(action) -> Tile | None``: the tile from the hand a move
  plays (``None``: a bid, trumps, a draw or a pass);
- ``refusal(variant, state, seat, tile) -> str``: the id of the rule that
  refuses ``tile`` (a tile of the hand with no legal move now), from the
  engine's own :class:`~generator.engine.rulebase.RuleViolation`;
- ``scores(variant, state, lang, who, earlier) -> str``: the score as it
  stands (``who`` names a seat or a side, ``"N+S"``, in the reader's words;
  ``earlier`` are the game's finished hands' states, oldest first, for a
  family whose state knows only its own hand);
- ``hand_result(variant, state, lang, who) -> list[str]``: how the finished
  hand ended and its settlement, in sentences;
- ``hint(variant, state, seat, lang) -> (action, reason)``: the best move by
  the practice evaluation (or the family's planning player) and why.
"""
