"""The family protocol: one registered object per family of games.

A family is a way of laying tiles out, with everything that follows from
it: a single line of play (``line``: Draw, Block, All Fives, Matador, Cuban
Dominoes ...), a table of trains (``trains``: Mexican Train), tricks and bids
(``tricks``: Texas 42) or a tree of doubles (``tree``: Chicken Foot). The family is the value of a
game's ``layout`` choice. Each family is one :class:`Family` object, made in
its own module of :mod:`generator.families`, that answers every question the
rest of the house asks about its games: the choices it plays and the values
it fixes, its params, how its positions are read, checked and drawn, its
page parts and card lines, its players and work limits for the simulation.
Code outside a family's own modules asks :func:`family_of` and never
compares a layout name (a test fails on such a comparison).

The registry sits here, at the rules core, so that every layer can ask it;
the family modules sit above the page layer (they wire their modules of
every layer together), so the registry loads them by name on first use,
as a plugin is loaded, instead of importing them (after OpenSpiel's
``register_game``: the framework never asks which game it is).

>>> [f.name for f in families()]
['line', 'trains', 'tricks', 'tree', 'paigow', 'tiengow']
>>> family_of("trains").fixed["lead"]
'engine'
>>> family_of("spiral")
Traceback (most recent call last):
...
KeyError: "no family of games 'spiral' (known: line, trains, tricks, tree, paigow, tiengow)"
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Callable, Mapping

from ..base.i18n import add_words, messages

__all__ = ["Family", "register", "families", "family_of", "site_order", "FAMILY_MODULES", "MORE_FAMILIES"]

#: The modules that define the families, in the order the site lists them; adding a family is
#: writing its module (see the authoring guide, "How to add a family") and naming it here.
FAMILY_MODULES = ("generator.families.line", "generator.families.trains", "generator.families.tricks",
                  "generator.families.tree", "generator.families.paigow",
                  "generator.families.tiengow")
#: The environment variable that names more family modules, loaded after :data:`FAMILY_MODULES` and
#: listed after theirs (importable dotted names, separated by commas; each named after its family, as
#: those are): a family written outside this package (a club's own, a test's) is added with its folder on
#: ``sys.path`` and its module named here, without a change to any file of the package.
MORE_FAMILIES = "RULEBOOK_FAMILIES"


class Family:
    """What a family of games supplies. A family module subclasses this and
    registers one instance (:func:`register`); every attribute and method
    below is asked by code outside the family, which never asks which family
    it has. The defaults are those of a family that needs nothing special.

    Units: points are raw points (pips) unless a method says displayed
    points; ``lang`` is ``"ja"`` or ``"en"``.
    """

    #: The family's name: the value of the ``layout`` choice that selects it.
    name: str = ""
    #: The family in a message to an author ("a line of play"), after "belongs to a layout of X, not to".
    noun: str = ""
    #: The rule choices its games play (keys of :class:`~generator.engine.choices.Choices`: its
    #: :attr:`own_choices` and the shared ones it plays); a value other than the default of any other
    #: choice is refused in its games, and only these count in its figures' hash.
    choices: frozenset[str] = frozenset()
    #: The sets its games may be played with: ``"double"`` (a double-n set, ``set`` a number) and the
    #: names of sets defined as data (:data:`~generator.engine.tilesets.SETS`, ``"chinese"``).
    tilesets: frozenset[str] = frozenset({"double"})
    #: The rule choices only this family declares (:class:`~generator.engine.choices.Choice`: key, values,
    #: default, the choice it follows in reading order), in the order an author reads them; the choices
    #: several families play are declared once (:data:`~generator.engine.choices.SHARED`). Its games
    #: play each of them: list them in :attr:`choices` too.
    own_choices: tuple = ()
    #: The params only this family's games take (key -> its JSON Schema, with its ``description``), in
    #: the order the schema and the options page list them, after the params every game takes
    #: (:data:`generator.model.schema.PARAMS_SCHEMA`); their words are the catalogs' ``param`` and
    #: ``param-about`` messages. Their defaults: :meth:`param_defaults`.
    own_params: Mapping[str, Mapping] = {}
    #: Where a game's page usually explains each of :attr:`own_params`: param key -> section ids, most
    #: likely first (a house rule's table of differences links to the first its parent's page has).
    param_sections: Mapping[str, tuple[str, ...]] = {}
    #: Where a game's page usually states each rule a refused play of this family breaks (the rule
    #: id's last part -> section ids, most likely first): a worked example's refused step links there.
    rule_sections: Mapping[str, tuple[str, ...]] = {}
    #: The lists of its position files whose items are the places of an example, each with the word a
    #: house rule's page counts them by (list key -> ``step``, ``move``, ``trick``, ``hand``: the
    #: ``house`` messages), so that a difference found there is said "at move 3".
    example_places: Mapping[str, str] = {}
    #: The values every game of the family plays (choice key -> value); any other value is refused.
    fixed: Mapping[str, str] = {}
    #: Values other families fix (:attr:`fixed`) that a game of this family may choose too, as
    #: ``(key, value)`` pairs (a line of play's ``draw: one``: Pagat's and domino-games.com's Cyprus).
    also_plays: frozenset = frozenset()
    #: The class that plays a game of the family (a family whose games need several classes, one per
    #: rule value, answers :meth:`rule_parts` instead).
    rules_class: type | None = None
    #: What a game's ``target`` counts, as a noun of the message catalog's ``plural`` context: points
    #: (``"point"``) unless the family plays to something else (marks in a game of tricks). Every page
    #: that states a target (a house rule's differences, the comparisons, the card) says it in this unit.
    target_unit: str = "point"

    def target_unit_of(self, params: Mapping) -> str:
        """What the ``target`` of a game with ``params`` (a ``variant.yaml``'s mapping) counts:
        :attr:`target_unit` unless the family's games differ (a game of tricks for three players is
        played to points, four in partnerships to marks)."""
        return self.target_unit

    #: Params a house rule may set though the game it extends leaves them out (their defaults stand).
    house_params: frozenset[str] = frozenset()
    #: The schema a position file of this family follows (``docs/schemas/<name>.schema.json``), one of
    #: the names :meth:`position_schemas` gives.
    position_schema: str = "position"
    #: The family's games the site lists first, in this order (the families in the registry's order;
    #: house rules and games no family lists follow, by id: :func:`site_order`).
    site_games: tuple[str, ...] = ()
    #: Whether its games are a single line of play drawn as one chain (the comparison page gives their
    #: table the detailed rows of a line of play).
    single_line: bool = False
    #: The class the page adds to a practice position's block, naming the kind of question: ``""`` one
    #: of the best plays, ``" rb-practice-where"`` a train open to the player, ``" rb-practice-arm"`` an
    #: arm of a tree open to the player, ``" rb-practice-tile"`` a tile the player may play,
    #: ``" rb-practice-trick"`` the one right answer; its verdict words are :attr:`verdict_words`'.
    #: :meth:`practice_kind` may choose by the position.
    practice_class: str = ""
    #: The verdict words of each practice class the family gives (:attr:`practice_class` and every
    #: class :meth:`practice_kind` may answer): the names of the page's ``rulebook:`` meta words
    #: (``generator/theme/main.html``) said when the reader picks one of the right answers, then when
    #: the reader picks another. The page carries them on the practice block (``data-rb-verdict``),
    #: where the page's script (``setUpPractice``) reads them.
    verdict_words: Mapping[str, tuple[str, str]] = {"": ("practice-right", "practice-wrong")}
    #: The section ``rulebook new`` writes into a new game of the family, after its overview, for
    #: how the game is played: ``(id, title, what to write)``, the last two by language (the text to
    #: write follows the placeholder mark). A line of play is about how tiles join.
    new_section: tuple[str, Mapping[str, str], Mapping[str, str]] = (
        "play", {"ja": "牌の置き方", "en": "Placing tiles"}, {"ja": "牌のつなぎ方。", "en": "how tiles join."})

    def param_words(self, key: str, value, lang: str) -> str | None:
        """One of :attr:`own_params` at ``value`` in players' words in ``lang``
        (a house rule's table of differences, the glossary's games); ``None``
        (the default): the shared words (a dash for a param left out, else
        the value as written)."""
        return None

    def first_example(self, rules) -> tuple[str, str, str, list[str]] | None:
        """The first worked position ``rulebook new`` writes into a new game
        with ``rules`` (two placing steps of a position file of kind
        ``placement``): ``(the tile set, the next tile, the end it goes on,
        the open ends after it)``, each as position files write them; ``None``
        (the default) where the family's games have no such position."""
        return None

    #: What ``rulebook simulate`` calls its figures: tiles placed a hand, points a hand, the block
    #: rate, how often the hand's first player wins it (the record's ``tiles``, ``points``,
    #: ``blocked`` and ``first_won``); in partnerships the last is :attr:`simulate_side_words`.
    simulate_words: tuple[str, str, str, str] = ("tiles per hand", "points per hand", "block rate",
                                                 "first player wins the hand")
    #: What ``rulebook simulate`` calls ``first_won`` when the players play in partnerships (a
    #: family whose :attr:`simulate_words` say nothing of the first player's side: ``None``).
    simulate_side_words: str | None = "first player's side wins the hand"
    #: Params its games never change (``rulebook new`` leaves them out of a new game's file).
    unused_params: frozenset[str] = frozenset()
    #: What a param means in its games, where the schema's general words would mislead (``rulebook new``).
    param_notes: Mapping[str, str] = {}
    #: The figures' introduction and closing note (keys of the message catalog's ``stats`` context).
    figure_words: tuple[str, str] = ("intro", "note")

    def figure_words_of(self, rules) -> tuple[str, str]:
        """The figures' introduction and closing note for the game ``rules``: :attr:`figure_words`
        unless the family's games differ in who plays them."""
        return self.figure_words

    #: What the figures count, in the family's word: ``"hand"``, or ``"round"`` for a game played in
    #: rounds (the messages ``unit_<word>`` and ``units_<word>`` of the ``stats`` context).
    figure_unit: str = "hand"
    #: Simulation work limits in :class:`~generator.sim.simulate.Work` units: (per game's figures, per row).
    work_limits: tuple[int, int] = (16_000_000, 4_000_000)
    #: The module that shows a hand of this family to a reader playing it in the browser
    #: (:mod:`generator.play`: the table, the moves in words, refusals, scores, the hint), loaded by
    #: name as the families are; ``""``: the family's games cannot be played on their pages.
    play_module: str = ""
    #: The words the family brings with it, added to the message catalogs when it registers
    #: (:func:`generator.base.i18n.add_words`): ``{lang: {context: {key: text}}}``, both languages
    #: giving the same keys. A family kept in a folder of its own gives here every message it needs
    #: that the catalogs lack: its ``layout=<name>`` words and those of its own choices (context
    #: ``choice``), its comparison heading (``overview``: ``family_<name>``, ``family_<name>_about``),
    #: its page words. The package's families keep theirs in the catalogs (empty here).
    words: Mapping[str, Mapping[str, Mapping[str, str]]] = {}

    def rule_parts(self, choices) -> tuple[type, ...]:
        """The classes that together play a game of the family with ``choices``
        (:func:`generator.engine.rules.rules_class` joins them): by default the
        family's :attr:`rules_class` alone."""
        return (self.rules_class,)

    def tile_name(self, tile) -> str:
        """A tile as the pages of this family's games write it, the one
        notation of the game that its page parts use in tables, captions and
        text equivalents and that shared page code (a house rule's re-run of
        its parent's examples) asks for here: ``[1|4]``, the lower end first,
        unless the family's players write tiles otherwise (a game of tricks:
        ``6-4``, the higher end first). ``rulebook score`` keeps its own fixed
        notation, lower end first."""
        return tile.label

    def place_name(self, name: str, lang: str) -> str:
        """A place of the table that a position names (an arm ``b``, a toe
        ``a1``, a train ``A``) in the reader's words (``arm b`` / ``枝b``); the
        name itself in a family whose table has no named places."""
        return name

    def practice_kind(self, position) -> str:
        """The class a practice ``position`` of this family gets on its page
        (:attr:`practice_class` unless the family asks several kinds of
        question); a key of :attr:`verdict_words`."""
        return self.practice_class

    def stepped(self, position) -> bool:
        """Whether ``position``'s example on a page can be stepped through, one
        diagram a step (the page's script, ``setUpSteppers``): none by default."""
        return False

    # -- positions --------------------------------------------------------------------------------
    def kinds(self):
        """The family's kinds of position (a :class:`generator.model.kinds.Kinds`:
        how its position files are read, run, compared and written as JSON):
        by default ``KINDS`` of the family folder's ``positions`` module,
        loaded on first use."""
        return self._part("positions").KINDS

    def position_schemas(self) -> dict[str, tuple[dict, str, str]]:
        """The JSON Schemas of the family's position files: schema name (the
        file ``docs/schemas/<name>.schema.json``; :attr:`position_schema` among
        them) -> (the validating dict, the schema's title, its description):
        by default ``SCHEMAS`` of the folder's ``positions`` module."""
        return self._part("positions").SCHEMAS

    def read_play(self, text: str):
        """A play as the family's practice answers write it (``2-2 at 2-4:2 as
        cross``), read back (the family's play object, with ``tile``, ``at``,
        ``as_`` and ``touch``); raises
        :class:`~generator.engine.tiles.NotationError` for a text that is no
        such play. A family whose questions name no plays has none."""
        raise NotImplementedError(self.name)

    def table_sides(self, table) -> dict:
        """Where the sides of ``table``'s doubles face as the family's diagram
        draws it (the words that name a place say "left", "up" ... as the
        picture shows them); empty for a family whose places have names."""
        return {}

    # -- rule choices and params ----------------------------------------------------------------
    def choice_applies(self, key: str, rules) -> bool:
        """Whether the rule choice ``key`` (one of :attr:`choices`) says anything about the game
        ``rules`` of this family: the card and the options page leave out a choice that does not
        (a game of tricks for three has no partners' bids; four in partnerships have no widow)."""
        return True

    def choice_problems(self, choices, params: Mapping | None) -> list[tuple[str, str]]:
        """``(choice key, message)`` for each combination of ``choices`` (a
        :class:`~generator.engine.choices.Choices`) this family's engine
        cannot play, or which would not change play, beyond the checks every
        family shares (the fixed values, the choices it does not play).
        ``params`` is the game's params mapping with defaults, or ``None``."""
        return []

    def param_defaults(self, params: Mapping) -> dict:
        """The params of this family that ``params`` (a ``variant.yaml``'s
        mapping) may leave out, with the values they take."""
        return {}

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """``(param key, key to point at when the file leaves it out,
        message)`` for each param value this family cannot play."""
        return []

    def point_unit_problem(self, unit: int, choices) -> str | None:
        """Why a game of this family playing ``choices`` cannot count ``unit`` (more than 1) raw points
        as one displayed point (``point_unit``), or ``None`` where it can. By default a family's points
        are counted one by one: any unit but 1 is refused."""
        return (f"a point unit of {unit} does not fit {self.noun}: its points are counted one by one "
                f"(leave out `point_unit`)")

    # -- simulation -------------------------------------------------------------------------------
    def play_game(self, variant, names, seat_bot: dict, rng, teams, work) -> dict:
        """One whole game by the seats' players (``seat_bot``: seat -> player
        function); its record as :func:`generator.sim.simulate.play_game` gives it."""
        raise NotImplementedError(self.name)

    def greedy_key(self, variant, state) -> Callable[[Any], Any]:
        """The key by which the greedy player ranks the plays ``state``
        lists (the largest wins, the first of equals)."""
        raise NotImplementedError(self.name)

    def hidden(self, variant, state, seat: str) -> tuple[list, list[tuple[str, int]], dict[str, frozenset]]:
        """What ``seat`` cannot see in ``state`` (the ``hard`` level's search,
        :mod:`generator.sim.search`): ``(pool, places, forbidden)`` -- the
        tiles it has not seen, sorted; the places they lie in as ``(name,
        count)`` pairs in a fixed order (the other hands, the stock; counts
        are what the seat sees); and per place the tiles its history rules
        out there (a pass, a forced draw, a suit not followed). Built from
        what ``seat`` saw only, never from the hidden tiles themselves. By
        default the function ``hidden`` of the family folder's ``search``
        module."""
        return self._search().hidden(variant, state, seat)

    def redeal(self, variant, state, seat: str, dealt: Mapping[str, list]):
        """A copy of ``state`` whose hidden places (:meth:`hidden`) hold
        ``dealt`` (place name -> tiles); ``state`` is left as it was (by
        default the ``search`` module's ``redeal``)."""
        return self._search().redeal(variant, state, seat, dealt)

    def outcome(self, variant, state, seat: str) -> float:
        """How good the ended ``state`` (a hand or round played out) is for
        ``seat``'s side, partners included (higher is better; a hand or
        round won counts most, then the points or penalty pips; by default the
        ``search`` module's ``outcome``)."""
        return self._search().outcome(variant, state, seat)

    def _search(self):
        """The family folder's ``search`` module (:meth:`_part`)."""
        return self._part("search")

    def _part(self, part: str):
        """The module ``part`` (``"positions"``, ``"search"`` ...) of the family's
        folder (``<folder>/<part>.py``), or of the family it builds on; raises
        ``NotImplementedError`` for a family without one."""
        for cls in type(self).__mro__:
            if cls is Family:
                break
            name = cls.__module__ + "." + part
            try:
                return importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:        # the module is there but needs one that is not
                    raise
        raise NotImplementedError(f"the family {self.name!r} has no {part} module")

    def search_moves(self, variant, state, seat: str, plays: list) -> list:
        """The legal ``plays`` the ``hard`` level weighs (all of them unless
        a family leaves out moves never worth a search, as bids nobody makes)."""
        return plays

    def search_choice(self, variant, state, seat: str, moves: list, rng, budget: int, samples: int):
        """The ``hard`` level's choice among ``moves`` (:func:`generator.sim.search.candidates`) where
        the family weighs them its own way, as a :class:`generator.sim.search.Choice`; ``None`` (the
        default) lets the search compare every move over the same sampled worlds. ``rng`` seeds the
        samples; ``budget`` (work units) and ``samples`` bound the work as they bound the search's."""
        return None

    def decisive_modules(self) -> list:
        """The modules whose code decides a simulated game of this family
        (their source is part of the figures' hash)."""
        return []

    def row_weights(self, rules, tables: list[tuple[int, bool]]) -> list[float]:
        """How the work a game's figures may take (:attr:`work_limits`) is
        shared among its rows, one weight per ``(players, partners)`` table:
        each row gets its weight's part of the game's limit (and no more than
        the row's limit). Equal shares unless a family's rows cost unequally."""
        return [1.0] * len(tables)

    # -- pages ------------------------------------------------------------------------------------
    def shows_legend(self, position) -> bool:
        """Whether ``position``'s diagrams use the page's legend of marks
        (the page shows it before its first such diagram)."""
        return False

    def legend_items(self, rules, ui: Mapping[str, str]) -> list[tuple[str, str]]:
        """The legend of the marks on the family's diagrams for the game
        ``rules``: ``(key, words)`` pairs in the order shown, ``key`` naming
        the mark's picture (``legend/<key>.svg``), ``words`` from ``ui`` (the
        page's messages, ``legend_<key>``). Empty: the family's diagrams have
        no legend, and the ``legend()`` macro is refused on its pages."""
        return []

    def render_position(self, page, checked, steps: list[int] | None) -> str:
        """The Markdown of a worked position's body (its diagrams, tables and
        words) on ``page`` (a game page), from ``checked`` (the engine's
        outcome); ``steps`` picks placements where a position has them.
        Raises ``jinja2.TemplateError`` for steps the position lacks."""
        raise NotImplementedError(self.name)

    def macros(self) -> dict[str, Callable]:
        """Rule-text macros only this family's pages have: name -> function
        taking the page (then the macro's arguments)."""
        return {}

    def figure_columns(self, rules, words: Mapping[str, str],
                       partners: frozenset[bool] = frozenset()) -> dict[str, str]:
        """The headings of the "by the numbers" columns (``players``,
        ``games``, ``hands``, ``per_game``, ``tiles``, ``points``, ``block``,
        ``first``) from the figures' string table ``words``, for a table whose
        rows' ``partners`` flags are ``partners`` (a heading may speak of a
        side only where a row is played in partnerships)."""
        raise NotImplementedError(self.name)

    def family_about(self, games: list, lang: str) -> str:
        """The words under the family's heading on the comparison page, true of every game of
        ``games`` (``(id, name {ja, en}, rules)`` of the family's games there): by default the
        ``overview`` message ``family_<name>_about``; a family whose games differ in what it says
        builds them from the games."""
        return messages("overview", lang)["family_" + self.name + "_about"]

    #: The rows of its games' detailed table on the comparison page (``gen/family.md``), in order,
    #: starting with :data:`~generator.pages.comparison.SHARED_ROWS` (their headings: the message
    #: catalog's ``overview-row`` context; the words of the others: :meth:`overview_cell`); empty (the
    #: default): its games' table has the rows every family answers
    #: (:data:`~generator.pages.comparison.COMPARE_ROWS`, :meth:`compare_cell`).
    overview_rows: tuple[str, ...] = ()
    #: The glossary terms (``rules/glossary.yaml`` ids) the headings of its own :attr:`overview_rows` link to.
    overview_terms: Mapping[str, str] = {}

    def overview_cell(self, v, row: str, lang: str) -> str:
        """One cell of its detailed table on the comparison page: ``row`` (one of its
        :attr:`overview_rows` past the shared ones) of the game ``v`` (its rules), in ``lang``."""
        raise NotImplementedError(self.name)

    def compare_cell(self, v, row: str, lang: str) -> str:
        """One cell of a two-game comparison: ``row`` (a
        :data:`~generator.pages.comparison.COMPARE_ROWS` row) of the game
        ``v`` (a Variant), in ``lang``."""
        raise NotImplementedError(self.name)

    def card_words(self, key: str, rules, lang: str) -> str | None:
        """The card's words for the choice ``key`` where this family says more
        than the options page (``None``: the options page's words)."""
        return None

    def deal_words(self, rules, lang: str) -> str | None:
        """What becomes of the tiles left after the deal of the game ``rules``,
        in the comparison page's words (its ``deal`` row, after the hand
        sizes), where this family says it its own way (a widow); ``None``
        (the default): the shared words (no drawing, a reserve, the whole stock)."""
        return None

    def deal_notes(self, rules, lang: str) -> str:
        """What the comparison page's ``deal`` row adds at its end for the game
        ``rules`` (a deal thrown in for too many doubles); empty by default."""
        return ""

    def card_applies(self, key: str, rules) -> bool:
        """Whether the card of the game ``rules`` has a row for the rule choice ``key`` (one of
        :attr:`choices`): where the choice says anything (:meth:`choice_applies`, the default),
        less what the card leaves unsaid (the line's direction where it is the usual way round)."""
        return self.choice_applies(key, rules)

    def card_deal_notes(self, rules, lang: str) -> list[str]:
        """The card's lines under its deal table that only this family has (each ending in a line
        break; none by default)."""
        return []

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        """The card's rows of ``group`` (``"turn"``, ``"scoring"``, ``"end"``
        ...) with this family's own rows added (``rows``: (rule, how) pairs)."""
        return rows

    def card_watch_params(self, rules, lang: str) -> list[str]:
        """The card's "easy to get wrong" lines about this family's own params (:attr:`own_params`) of
        the game ``rules`` in ``lang``, after the stock's reserve and before the point unit (none by
        default)."""
        return []

    def card_watch(self, rules, lang: str) -> list[str]:
        """The card's "easy to get wrong" lines only this family has."""
        return []

    def score_lines(self, result: Mapping) -> list[str]:
        """The lines ``rulebook score`` (without ``--json``) prints for a
        position of this family, each after the file name and ``": "``, from
        the position's ``score --json`` values ``result`` (the fixed contract,
        ``docs/en/authoring.md#fixed-contract``)."""
        raise NotImplementedError(self.name)

    def explain(self, checked, variant, lang: str) -> list[str]:
        """The lines ``rulebook explain`` prints for ``checked`` (a checked
        position of this family, with its outcome) after its title, under
        ``variant``'s rules, in ``lang``."""
        raise NotImplementedError(self.name)


_REGISTRY: dict[str, Family] = {}


def register(family: Family) -> Family:
    """Add (or replace) ``family`` under its :attr:`~Family.name`, and its
    :attr:`~Family.words` to the message catalogs; returns it. Raises
    ``ValueError`` for words :func:`generator.base.i18n.add_words` refuses."""
    add_words(family.words, f"the family {family.name!r}")
    _REGISTRY[family.name] = family
    return family


def _modules() -> tuple[str, ...]:
    """The family modules: :data:`FAMILY_MODULES`, then those :data:`MORE_FAMILIES` names."""
    more = os.environ.get(MORE_FAMILIES, "")
    return FAMILY_MODULES + tuple(m.strip() for m in more.split(",") if m.strip())


def _load() -> None:
    """Import every family module (each registers its family). Raises
    ``ModuleNotFoundError`` for a module :data:`MORE_FAMILIES` names that
    cannot be found."""
    for module in _modules():
        importlib.import_module(module)


def families() -> list[Family]:
    """Every family, in the order of :data:`FAMILY_MODULES` and then of :data:`MORE_FAMILIES`."""
    modules = _modules()
    if len(_REGISTRY) < len(modules):
        _load()
    order = [m.rsplit(".", 1)[-1] for m in modules]
    return sorted(_REGISTRY.values(), key=lambda f: order.index(f.name) if f.name in order else len(order))


def site_order() -> list[str]:
    """The games the site lists first, in order: every family's
    :attr:`~Family.site_games`, the families in the registry's order (the
    site's menu and tables list the rest after them, by id).

    >>> site_order()[:3], site_order()[-1]
    (['horse-race', 'draw', 'block'], 'mexican-train')
    """
    return [game for f in families() for game in f.site_games]


def family_of(name: str) -> Family:
    """The family named ``name`` (a game's ``layout``). Raises ``KeyError``
    naming the known families for a name no module registers."""
    got = _REGISTRY.get(name)
    if got is None:
        _load()
        got = _REGISTRY.get(name)
        if got is None:
            raise KeyError(f"no family of games {name!r} (known: {', '.join(f.name for f in families())})")
    return got
