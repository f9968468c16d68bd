"""The rules of a single line of play (the ``line`` family) and the values
its moves return: :class:`Variant` (open ends, spinners, matching, placing a
tile, scoring by the ends, settling a hand), :class:`Placement`,
:class:`Play` and :class:`Contribution`.

:class:`Variant` builds on the family-neutral
:class:`~generator.engine.rulebase.Rules` (params, choices, seats, turns,
refusals, settlement pieces, which it re-exports); a rule value that needs
code of its own is a subclass in :mod:`generator.families.line.rules`. The
other families' rules classes subclass :class:`~generator.engine.rulebase.Rules`,
not this class.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from mypy_extensions import mypyc_attr

from ....engine.choices import Choices
from ....engine.rulebase import Params, RuleViolation, Rules, Settlement, check_turn, round_half_up_to, side_of, sides_of
from ....engine.tiles import CORNERS, SIDES, End, Tile
from .layout import Layout, Placed

__all__ = [
    "Params", "Contribution", "Placement", "Play", "RuleViolation", "Variant", "Settlement",
    "round_half_up_to", "count_fives_ends", "check_turn", "sides_of", "side_of",
]


_new = tuple.__new__      # makes a NamedTuple from a tuple without its keyword-handling wrapper


class Contribution(NamedTuple):
    """One counted value: the end it stands at and its value in pips.

    For a double that counts both halves, ``end`` is one of its open straight
    sides and ``value`` is twice its pip.
    """

    end: End
    value: int


class Placement:
    """The result of placing one tile.

    ``tile`` went to ``at`` (``None`` for the lead), giving ``layout``.
    ``counted`` are the counted contributions after the placement (sorted by
    tile as in seed 000's text equivalents); ``total`` is their sum in pips;
    ``raw`` the raw points it scores (換算前の得点) and ``points`` the displayed
    points (表示得点); ``open`` every open attachment point afterwards.

    ``counted`` and ``total`` are worked out when first read (a game that
    scores by the end total needs only the total at once).
    """

    __slots__ = ("tile", "at", "layout", "raw", "points", "_variant", "_counted", "_total")

    def __init__(self, tile: Tile, at: End | None, layout: Layout, counted: tuple | None, total: int | None,
                 raw: int, points: int, variant: "Variant"):
        self.tile, self.at, self.layout = tile, at, layout
        self.raw, self.points = raw, points
        self._variant, self._counted, self._total = variant, counted, total

    @property
    def counted(self) -> tuple[Contribution, ...]:
        if self._counted is None:
            self._counted = tuple(self._variant.counted(self.layout))
        return self._counted

    @property
    def total(self) -> int:
        if self._total is None:
            self._total = self._variant.end_total(self.layout)
        return self._total

    @property
    def open(self) -> tuple[End, ...]:
        return self._variant.open_ends(self.layout)

    def __repr__(self) -> str:
        return f"Placement({self.tile} at {self.at}: total {self.total}, raw {self.raw}, points {self.points})"


class Play(NamedTuple):
    """One complete legal play of a tile: where (``at``; ``None`` for the lead),
    which way a double lies (``as_``: ``"inline"``/``"cross"``/``None`` for the
    variant's default) and which pip of the tile touches the end (``touch``;
    ``None`` when the rules leave no choice)."""

    tile: Tile
    at: End | None
    as_: str | None = None
    touch: int | None = None


_SPINNERS: dict[str, bool | str] = {"none": False, "all": True, "first": "first"}
_SCORING = {"none": None, "multiples-of-5": ("multiple", 5), "multiples-of-3": ("multiple", 3),
            "fives-and-threes": "fives-and-threes", "headers": "headers"}


@mypyc_attr(allow_interpreted_subclasses=True)     # every line game's own rule values subclass it
class Variant(Rules):
    """The rules of a single line of play (the ``line`` family), on the
    family-neutral :class:`~generator.engine.rulebase.Rules`.

    Subclasses set ``id`` and override the rule hooks. Defaults describe a plain
    line of play (seed 004, マッチング; seed 003): doubles are ordinary crosswise
    tiles with no side branches, tiles match by equal pips, nothing scores during
    play, any tile may be led, and a player without a play draws until a tile
    fits.

    ``choices`` (:class:`~generator.engine.choices.Choices`, data from
    ``variant.yaml``) set the attributes below; a rule value that needs code of
    its own (Matador's sums, Bergen's headers...) is a subclass that overrides
    a hook, joined in by :func:`generator.engine.rules.make_variant`.
    """

    # The rule choices as the engine reads them, set from :class:`Choices` by
    # ``__init__`` (the class defaults are a plain line of play):
    #: Every double is a spinner (True), only the first (``"first"``), or none (False).
    spinners: bool | str = False
    #: Side branches open only after both straight sides are filled.
    sides_after_straight: bool = True
    #: The spinner is the set of an eight-armed star: its four corners are ends too
    #: (``side_branches: eight-arm-star``, :mod:`generator.families.line.rules.star`).
    star_corners: bool = False
    #: ``"cross"`` or ``"choice"`` (``inline`` or ``cross``, the player's choice).
    doubles: str = "cross"
    #: ``"equal"`` or ``"sum-7"`` (:mod:`generator.families.line.rules.matador`).
    matching: str = "equal"
    #: ``"lot"``, ``"black"``, ``"highest-double"`` or ``"engine"`` (trains).
    lead_rule: str = "lot"
    #: ``"ends"`` or ``"fives"`` (:func:`count_fives_ends`).
    counting: str = "ends"
    #: ``None``, ``("multiple", n)``, ``"fives-and-threes"`` or ``"headers"``.
    play_scoring: object = None
    #: How a hand's winner scores (:attr:`Choices.settlement`).
    settle_rule: str = "none"

    def __init__(self, params: Params, choices: Choices | None = None):
        super().__init__(params, choices)
        c = self.choices
        self.spinners = _SPINNERS[c.spinners]
        self.sides_after_straight = c.side_branches == "after-straight"
        self.star_corners = c.side_branches == "eight-arm-star"
        self.doubles = c.doubles
        self.matching = c.matching
        self.lead_rule = c.lead
        self.counting = c.counting
        self.play_scoring = _SCORING[c.scoring]
        self.settle_rule = c.settlement
        cls = type(self)
        #: Whether the quick paths for equal-number matching apply (see :attr:`equal_matching`).
        self._equal = cls.links is Variant.links and cls.check_placement is Variant.check_placement
        self._scores_by_total = cls.score_placement is Variant.score_placement
        self._checks = cls.check_placement is not Variant.check_placement
        rule = self.play_scoring
        #: ``n`` of ``play_scoring = ("multiple", n)``, else 0.
        self._multiple = rule[1] if isinstance(rule, tuple) and rule[0] == "multiple" else 0
        self._fives_threes = rule == "fives-and-threes"
        self._own_count = cls.counted is not Variant.counted or cls.open_ends is not Variant.open_ends
        #: Whether a placement's count matters at once (it scores, or decides legality).
        self._counts = (self.play_scoring is not None or cls.score_placement is not Variant.score_placement
                        or cls.check_placement is not Variant.check_placement)

    # -- tiles -----------------------------------------------------------
    def parse_end(self, text: str) -> End:
        """Read an attachment point of this variant's set."""
        return End.parse(text, self.max_pip)

    # -- the lead ----------------------------------------------------------
    def required_lead(self, hands: Mapping[str, Sequence[Tile]]) -> tuple[str, Tile] | None:
        """``(player, tile)`` that must open the hand, or ``None`` when the
        leader is chosen by lot (or fixed by seat) and may set any tile.

        With ``lead_rule = "highest-double"`` it is the highest double dealt;
        with none dealt, the heaviest tile (equal weights: the higher top pip).
        """
        if self.lead_rule != "highest-double":
            return None
        best = holder = None            # the highest double: any double beats any other tile
        for p, ts in hands.items():
            for t in ts:
                if t.is_double and (best is None or t.low > best.low):
                    best, holder = t, p
        if best is None:                # no double: the heaviest tile, then the higher top pip
            key = None
            for p, ts in hands.items():
                for t in ts:
                    if key is None or (t.pips, t.high) > key:
                        best, holder, key = t, p, (t.pips, t.high)
        return None if best is None else (holder, best)  # type: ignore[return-value]   # set with best

    def first_leader(self, players: Sequence[str], hands: Mapping[str, Sequence[Tile]]) -> str | None:
        """Who leads a hand that the last one does not decide (the first
        hand, or any hand under ``next_lead: as-first-hand``), by the rule
        choice ``lead``: the holder of the highest double (``highest-double``,
        see :meth:`required_lead`), the first seat (``black``: seed 003,
        黒が先手), or ``None`` when it is chosen by lot (``lot``).

        >>> from generator.engine.choices import Choices
        >>> p = Params(set=6, players=(2,), partnerships=(), deal={2: 7})
        >>> hands = {"A": [Tile(1, 2)], "B": [Tile(6, 6)]}
        >>> [Variant(p, Choices(lead=r)).first_leader(["A", "B"], hands) for r in ("lot", "black", "highest-double")]
        [None, 'A', 'B']
        """
        if self.lead_rule == "black":
            return players[0]
        required = self.required_lead(hands)
        return None if required is None else required[0]

    def lead_allowed(self, tile: Tile) -> bool:
        """Whether ``tile`` may be set on an empty table: any tile, or with
        the param ``lead_totals`` only one whose pips total one of them."""
        totals = self.params.own_ints("lead_totals")
        return not totals or tile.pips in totals

    # -- placement -------------------------------------------------------
    def is_spinner(self, layout: Layout, tile: Tile, cross: bool) -> bool:
        """Whether a double placed now becomes a spinner (branch double)."""
        if not tile.is_double or not cross:
            return False
        if self.spinners is True:
            return True
        if self.spinners == "first":
            return not layout.has_double
        return False

    def orientations(self, tile: Tile) -> tuple[str | None, ...]:
        """The ``as`` values a play of ``tile`` may give (``None`` = default)."""
        if tile.is_double and self.doubles == "choice":
            return ("cross", "inline")
        return (None,)

    def orientation(self, tile: Tile, requested: str | None) -> bool:
        """Whether ``tile`` lies crosswise. ``requested`` is the step's ``as``
        (``"inline"``/``"cross"``/``None``). Raises :class:`RuleViolation` when
        the variant does not allow the requested way."""
        if not tile.is_double:
            if requested is not None:
                raise RuleViolation(f"{tile} is not a double; `as` only turns doubles", f"{self.id}/doubles")
            return False
        if requested == "inline" and self.doubles != "choice":
            raise RuleViolation(f"{self.id} lays every double crosswise; `as: inline` is not allowed",
                                f"{self.id}/doubles-crosswise")
        return requested != "inline"

    def open_ends(self, layout: Layout) -> tuple[End, ...]:
        """Every open attachment point, sorted."""
        return layout.free_ends(self.sides_after_straight)

    @property
    def equal_matching(self) -> bool:
        """True when a tile fits an end exactly when it shows the end's number
        and no further rule restricts plays (the quick paths below apply)."""
        return self._equal

    def can_play_any(self, layout: Layout, tiles) -> bool:
        """Whether any of ``tiles`` has a legal play on ``layout`` (a quick
        test by the numbers showing, where matching is by equal numbers and
        nothing else restricts a play; otherwise by :meth:`plays`)."""
        if layout._n and self._equal:
            m = layout.open_mask(self.sides_after_straight)
            for t in tiles:
                if t.mask & m:
                    return True
            return False
        return any(self.plays(layout, t) for t in tiles)

    def links(self, end_pip: int, tile: Tile) -> tuple[int, ...]:
        """The pips of ``tile`` that may touch an end showing ``end_pip`` (empty
        when it cannot join there). Standard matching: the equal number."""
        return (end_pip,) if tile.has(end_pip) else ()

    def link_pip(self, end_pip: int, tile: Tile) -> int | None:
        """The first pip of ``tile`` that may touch ``end_pip``, or ``None``."""
        options = self.links(end_pip, tile)
        return options[0] if options else None

    def legal_ends(self, layout: Layout, tile: Tile) -> list[End | None]:
        """Where ``tile`` may be placed now (some orientation fits): ``[None]``
        on an empty table when the tile may lead."""
        return sorted({p.at for p in self.plays(layout, tile)}, key=lambda e: (e is not None, e and e.sort_key))

    def candidate_plays(self, layout: Layout, tile: Tile) -> list[Play]:
        """Plays that match by the matching rule alone (before
        :meth:`check_placement`), in the order of the open ends."""
        if tile in layout:
            return []
        if not layout._n or type(self).links is Variant.links:
            return self._listed(layout, (tile,))
        out = []
        for e in self.open_ends(layout):
            touches = self.links(e.pip, tile)
            if not touches:
                continue
            for o in self.orientations(tile):
                if tile.is_double or len(touches) == 1:
                    out.append(Play(tile, e, o, None))
                else:
                    out.extend(Play(tile, e, o, t) for t in touches)
        return out

    def _listed(self, layout: Layout, tiles: Sequence[Tile]) -> list[Play]:
        """The plays of ``tiles`` (none on the table) on an empty table (each
        tile the variant lets set, each way it may lie), or matching an open
        end by equal numbers: tile by tile, then in open-end order, before
        :meth:`check_placement`. One pass over the free ends."""
        out = []
        if not layout._n:
            for t in tiles:
                if self.lead_allowed(t):
                    for o in self.orientations(t):
                        out.append(_new(Play, (t, None, o, None)))
            return out
        flag = self.sides_after_straight
        ends = layout._ft if flag else layout._ff    # the free ends and their numbers, as the layout keeps them
        m: int = (layout._mt if flag else layout._mf) or 0
        if ends is None:
            ends, m = layout.free_ends(flag), layout.open_mask(flag)
        choice = self.doubles == "choice"
        if len(ends) == 2 and not choice:
            # A line with two free ends (the usual case), without the inner loop
            a, b = ends
            ma, mb = a.pip_bit, b.pip_bit
            pa, pb = a._plays, b._plays      # plays are values: each is made once and kept by its end
            for t in tiles:
                tm = t.mask
                if tm & m:
                    if tm & ma:
                        pl = pa.get(tm)
                        out.append(pl if pl is not None else pa.setdefault(tm, _new(Play, (t, a, None, None))))
                    if tm & mb:
                        pl = pb.get(tm)
                        out.append(pl if pl is not None else pb.setdefault(tm, _new(Play, (t, b, None, None))))
            return out
        for t in tiles:
            tm = t.mask
            if tm & m:                       # it shows a number some free end shows
                if t.is_double and choice:
                    for e in ends:
                        if e.pip_bit & tm:
                            out += (_new(Play, (t, e, "cross", None)), _new(Play, (t, e, "inline", None)))
                else:
                    for e in ends:
                        if e.pip_bit & tm:
                            out.append(_new(Play, (t, e, None, None)))
        return out

    def plays(self, layout: Layout, tile: Tile) -> list[Play]:
        """Every legal :class:`Play` of ``tile`` on ``layout``."""
        cands = self.candidate_plays(layout, tile)
        if type(self).check_placement is Variant.check_placement:
            return cands
        out = []
        for pl in cands:
            try:
                self.place(layout, pl.tile, pl.at, pl.as_, pl.touch)
            except RuleViolation:
                continue
            out.append(pl)
        return out

    def plays_of(self, layout: Layout, tiles: Sequence[Tile]) -> list[Play]:
        """Every legal :class:`Play` of any of ``tiles`` (none on the table),
        tile by tile in the given order: the same list as :meth:`plays` of
        each tile, made in one pass where matching is by equal numbers."""
        if not self._equal:
            return [pl for t in tiles for pl in self.plays(layout, t)]
        return self._listed(layout, tiles)

    def place(self, layout: Layout, tile: Tile, at: End | None, as_: str | None = None,
              touch: int | None = None) -> Placement:
        """Place ``tile`` at ``at`` and score it.

        ``at`` may be ``None`` for the lead, or later when exactly one end is
        legal. ``touch`` names the pip of ``tile`` that touches ``at`` when the
        rules allow either (a Matador matador). Raises :class:`RuleViolation`
        naming the rule when the placement is illegal (the message lists the
        open ends).
        """
        if tile in layout:
            raise RuleViolation(f"{tile} is already on the table", f"{self.id}/each-tile-once")
        opens = self.open_ends(layout)
        listing = _Listing(opens)
        cross = self.orientation(tile, as_)
        if not len(layout):
            if at is not None:
                raise RuleViolation(f"the first tile is placed on an empty table; it takes no `at` ({at})",
                                    f"{self.id}/lead")
            if not self.lead_allowed(tile):
                raise RuleViolation(self.lead_reason(tile), f"{self.id}/set")
            if touch is not None:
                raise RuleViolation("the first tile joins nothing, so it takes no `touch`", f"{self.id}/touch")
        elif at is None:
            legal = sorted({p.at for p in self.candidate_plays(layout, tile)},
                           key=lambda e: e.sort_key)  # type: ignore[union-attr]   # no lead on a laid table
            if len(legal) != 1:
                where = ", ".join(str(e) for e in legal) or "nowhere"
                raise RuleViolation(
                    f"{tile} fits {where}; say where with `at` (open ends: {listing})",
                    f"{self.id}/placement")
            at = legal[0]
        else:
            placed = layout.get(at.tile)
            if placed is None:
                raise RuleViolation(f"{at.tile} is not on the table (open ends: {listing})",
                                    f"{self.id}/placement")
            if at not in opens:
                raise RuleViolation(self._closed_reason(layout, placed, at) + f" (open ends: {listing})",
                                    self._closed_rule(layout, placed, at))
        link = None
        if at is not None:
            shown = at.pip
            options = self.links(shown, tile)
            if not options:
                msg, rule = self.mismatch(shown, tile, at)
                raise RuleViolation(f"{msg} (open ends: {listing})", rule)
            if touch is not None:
                if not tile.has(touch):
                    raise RuleViolation(f"{tile} has no {touch} to touch {at}", f"{self.id}/touch")
                if tile.is_double:
                    raise RuleViolation(f"{tile} is a double: both halves show {tile.low}, so it takes no `touch`",
                                        f"{self.id}/touch")
                if len(options) == 1 and touch == options[0]:
                    raise RuleViolation(f"`touch` is only for a tile that may join with either half; {tile} can "
                                        f"only join {at} with its {touch}, so leave `touch` out", f"{self.id}/touch")
                if touch not in options:
                    msg, rule = self.mismatch(shown, tile, at, touch)
                    raise RuleViolation(f"{msg} (open ends: {listing})", rule)
            elif not tile.is_double:
                touch = self.default_touch(shown, tile, options)
                if touch is None:
                    raise RuleViolation(f"{tile} may join {at} with either half; say which pip touches with "
                                        f"`touch` ({' or '.join(map(str, options))})", f"{self.id}/placement")
            if not tile.is_double:
                link = str(touch)
        return self.apply(layout, tile, at, cross, link)

    def apply(self, layout: Layout, tile: Tile, at: End | None, cross: bool, link: str | None) -> Placement:
        """The placement of a play already known to match: ``tile`` joins
        ``at`` by its pip ``link`` (a string; ``None`` for a double or the
        lead), crosswise or not. Scores it and applies :meth:`check_placement`
        (which may raise :class:`RuleViolation`). :meth:`place` checks a play
        and then calls this; :class:`~generator.families.line.rules.hand.Hand` calls it
        directly for a play from its own list of legal plays."""
        double = tile.is_double
        spin = double and self.is_spinner(layout, tile, cross)
        new = layout._attach(tile, at, link, cross and double, spin, self.sides_after_straight,
                             spin and self.star_corners)
        if not self._counts:
            return Placement(tile, at, new, None, None, 0, 0, self)
        if self._scores_by_total:           # the default score_placement, without its detour
            total = self.end_total(new)
            raw, points = self.score_total(total)
            placement = Placement(tile, at, new, None, total, raw, points, self)
        else:
            placement = Placement(tile, at, new, None, None, 0, 0, self)
            placement.raw, placement.points = self.score_placement(placement)
        if self._checks:
            self.check_placement(placement)
        return placement

    def play_placement(self, layout: Layout, play: Sequence) -> Placement:
        """:meth:`apply` for a :class:`Play` (or the same 4-tuple) listed by
        :meth:`plays` on ``layout`` (no checks are repeated)."""
        tile, at, as_, touch = play
        if tile.is_double:
            return self.apply(layout, tile, at, as_ != "inline", None)
        if at is None:
            link = None
        elif touch is not None:
            link = str(touch)
        elif self._equal:
            link = at.side if not at.tile.is_double else str(at.pip)   # a non-double's end is its pip
        else:
            link = str(self.default_touch(at.pip, tile, self.links(at.pip, tile)))
        if self._counts:
            return self.apply(layout, tile, at, False, link)
        return Placement(tile, at, layout._attach(tile, at, link, False, False, self.sides_after_straight),
                         None, None, 0, 0, self)

    def lead_reason(self, tile: Tile) -> str:
        """Why ``tile`` may not be set (used by :meth:`place`)."""
        totals = self.params.own_ints("lead_totals")
        if totals and tile.pips not in totals:
            allowed = " or ".join(map(str, totals))
            return f"{tile} cannot be set: its ends total {tile.pips}; only a tile totalling {allowed} may be set"
        return f"{tile} may not be set"

    def mismatch(self, shown: int, tile: Tile, at: End, touch: int | None = None) -> tuple[str, str]:
        """``(message, rule id)``: why ``tile`` (touching with ``touch``, if
        given) cannot join ``at``, which shows ``shown``."""
        if touch is not None:
            return f"{tile} cannot touch {at} with its {touch}: {at} shows {shown}", f"{self.id}/matching"
        return f"{tile} does not match {at}, which shows {shown}", f"{self.id}/matching"

    def default_touch(self, shown: int, tile: Tile, options: Sequence[int]) -> int | None:
        """The pip of a non-double that touches an end showing ``shown`` when
        the play does not say (``None``: the author must say, with ``touch``).
        Default: the only option."""
        return options[0] if len(options) == 1 else None

    def check_placement(self, placement: Placement) -> None:
        """Raise :class:`RuleViolation` when a placement that matches is still
        illegal (All Threes: the end total must be a multiple of 3)."""

    def _closed_reason(self, layout: Layout, placed: Placed, at: End) -> str:
        if not placed.is_free(at.side):
            return f"{at} is already joined"
        if at.side in CORNERS and not placed.star:
            return (f"{at.tile} has no corners: only the set double of an eight-armed star takes tiles on "
                    f"its corners")
        if at.side in SIDES and not placed.spinner:
            return f"{at.tile} is not a branch double, so it has no side branches"
        if at.side in SIDES:
            return (f"{at} is not open yet: both straight sides of {at.tile} must be filled "
                    f"before a side branch")
        return f"{at} is not an open end"

    def _closed_rule(self, layout: Layout, placed: Placed, at: End) -> str:
        if at.side in SIDES and placed.spinner and placed.is_free(at.side):
            return f"{self.id}/straight-sides-first"
        return f"{self.id}/placement"

    def counted(self, layout: Layout) -> list[Contribution]:
        """The counted contributions of a layout, in pips, sorted by tile (high
        value first): with ``counting = "ends"`` every open end's pip, once
        (seed 004 オープン・エンド); with ``"fives"`` :func:`count_fives_ends`."""
        if self.counting == "fives":
            return count_fives_ends(layout, self.open_ends(layout))
        out = [Contribution(e, e.pip) for e in self.open_ends(layout)]
        return sorted(out, key=_CONTRIB_ORDER)

    def end_total(self, layout: Layout) -> int:
        """The sum of :meth:`counted` in pips, without listing the terms."""
        if self._own_count:
            return sum(c.value for c in self.counted(layout))
        if self.counting == "fives":
            return count_fives_ends(layout, layout.free_ends(self.sides_after_straight), itemise=False)
        return sum(e.pip for e in layout.free_ends(self.sides_after_straight))

    def score_placement(self, placement: Placement) -> tuple[int, int]:
        """``(raw, displayed)`` points ``placement`` scores; by default from the
        end total (``placement.total``) through :meth:`score_total`."""
        return self.score_total(placement.total)

    def score_total(self, total: int) -> tuple[int, int]:
        """``(raw, displayed)`` points for an end total in pips. With
        ``play_scoring = ("multiple", n)`` a positive multiple of ``n`` scores
        itself raw and ``total / point_unit`` displayed. With
        ``"fives-and-threes"`` the total scores raw, and displayed one point per
        5 when 5 divides it plus one per 3 when 3 does (15 -> 3 + 5 = 8; pagat,
        Fives and Threes). Otherwise nothing.

        >>> from generator.engine.choices import Choices
        >>> p = Params(set=6, players=(2,), partnerships=(), deal={2: 7})
        >>> ft = Variant(p, Choices(scoring="fives-and-threes", counting="fives"))
        >>> [ft.score_total(t)[1] for t in (3, 5, 9, 10, 15, 18, 20, 7)]
        [1, 1, 3, 2, 8, 6, 4, 0]
        """
        n = self._multiple
        if n and total > 0 and total % n == 0:
            return total, total // self.params.point_unit
        if self._fives_threes and total > 0:
            points = (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)
            if points:
                return total, points
        return 0, 0

    # -- turn flow -------------------------------------------------------
    def continues_turn(self, placement: Placement, drawn: bool) -> bool:
        """Whether the same player plays again after ``placement``."""
        return False

    def thrown_in(self, hands: Mapping[str, Sequence[Tile]]) -> tuple[str, int] | None:
        """``(player, doubles)`` for the first player (in ``hands``' order)
        holding the param ``redeal_doubles`` doubles or more, whose deal is
        thrown in and dealt again (Pagat, Cuban Dominoes: five or more
        doubles); ``None`` when the deal stands or the game has no such rule."""
        limit = self.params.own_int("redeal_doubles")
        if limit is None:
            return None
        for p, tiles in hands.items():
            n = sum(1 for t in tiles if t.is_double)
            if n >= limit:
                return p, n
        return None

    def next_leader(self, end: str | None, last_player: str | None) -> str | None:
        """Who leads the next hand: ``None`` when it is chosen afresh (by lot,
        or by :meth:`first_leader` on the next deal). ``next_lead: winner``:
        the player who went out leads; after a block, as for the first hand.
        ``as-first-hand``: always ``None``."""
        if self.choices.next_lead == "as-first-hand":
            return None
        return last_player if end == "out" else None

    # -- settlement ------------------------------------------------------
    def settle(self, players: Sequence[str], hands: Mapping[str, int], out: str | None,
               teams: Sequence[Sequence[str]] | None = None,
               scores: Mapping[str, int] | None = None, capicua: bool = False) -> Settlement:
        """Settle a hand.

        ``hands`` maps each player to remaining pips; partners' pips are summed
        per side. With ``out`` set, that player's side wins; otherwise the hand
        blocked and the side with the lowest total wins (``block_winner:
        lightest-player``: the side of the one player with fewest pips, Pagat's
        Jamaican Partner). A tie for the lowest total (players of two sides
        tied) is a drawn hand: nobody wins or scores. The winner's raw points
        follow :attr:`settle_rule` (pips; displayed = raw / ``point_unit``).
        ``scores`` (per side, before) yields ``scores_after`` and
        ``game_winners`` (every side at or past ``params.target``; with
        ``target_score: exact`` points that would take a side past the
        target are not added, so a side wins on the target exactly; with
        ``in-a-row`` a win while another side has points takes every side
        back to 0 and adds nothing; with ``void-at-half`` a side reaching the
        target while another holds half of it or more ends the game with no
        winner: :meth:`game_over` without ``game_winners``). ``capicua``: ``out``
        went out with a capicúa, which adds the param ``capicua_bonus``
        displayed points (that many point units of raw points) to the hand.
        """
        sides = sides_of(players, teams)
        pips = {}
        for s, members in sides.items():
            n = 0
            for m in members:
                n += hands[m]
            pips[s] = n
        if out is not None:
            winners: tuple[str, ...] = (side_of(out, sides),)
        else:
            if self.choices.block_winner == "lightest-player":
                # Pagat, Jamaican Partner; domino-play.com, Latin American Match Dominoes: the
                # single player with fewest pips wins the block for their side, whatever the partner holds
                least = min(hands.values())
                tied: list[str] = []
                for p in players:
                    if hands[p] == least and side_of(p, sides) not in tied:
                        tied.append(side_of(p, sides))
            else:
                low = min(pips.values())
                tied = [s for s, v in pips.items() if v == low]
            winners = (tied[0],) if len(tied) == 1 else tuple(tied) if self.choices.ties == "all-tied-win" else ()
        everyone = sum(pips.values())
        opp, raw, points = {}, {}, {}
        for w in winners:
            opp[w] = everyone - pips[w]
            if self.settle_rule != "none":
                raw[w] = self.settle_raw(pips, w, out is not None)
                points[w] = raw[w] // self.params.point_unit
        bonus = self.params.own_int("capicua_bonus")
        if capicua and out is not None and bonus:
            for w in winners:
                raw[w] = raw.get(w, 0) + bonus * self.params.point_unit
                points[w] = points.get(w, 0) + bonus
        return self._settlement(sides, winners, points, raw, pips, opp, out is None, scores)

    def game_over(self, scores: Mapping[str, int]) -> bool:
        """Whether a game with these scores (displayed points per side) has
        ended: some side is at or past ``params.target`` (never without a
        target). With ``target_score: void-at-half`` the game can end so with
        nobody winning it (domino-play.com, Latin American Match Dominoes)."""
        target = self.params.target
        return target is not None and any(v >= target for v in scores.values())

    def settle_raw(self, pips: Mapping[str, int], winner: str, went_out: bool) -> int:
        """Raw points the winning side ``winner`` gains, from each side's pips."""
        others = [v for s, v in pips.items() if s != winner]
        own = pips[winner]
        rule = self.settle_rule
        if rule == "opponents":
            return sum(others)
        if rule == "opponents-less-own":
            # Going out: the other sides' pips (a partner's leftover tiles are
            # not taken off); blocked: less the winning side's own pips.
            return sum(others) if went_out else max(0, sum(others) - own)
        if rule == "differences":
            return sum(max(0, v - own) for v in others)
        if rule == "one":
            return 1
        if rule == "go-out-one":
            return 1 if went_out else 0
        if rule == "all-hands":
            # Puerto Rico's partnership game (a player's account, reddit r/PuertoRico): every pip
            # left on the table, the winners' own included
            return sum(pips.values())
        if rule == "rounded":
            # seed 000 ハンドの精算: the other sides' pips summed, then rounded (1-2 down, 3-4 up)
            return round_half_up_to(sum(others), self.params.point_unit)
        raise NotImplementedError(rule)

    def _settlement(self, sides, winners, points, raw, pips, opp, blocked, scores) -> Settlement:
        after = game = None
        if scores is not None:
            target = self.params.target
            rule = self.choices.target_score
            after = {s: scores.get(s, 0) + points.get(s, 0) for s in sides}
            if target is not None and rule == "exact":
                # pagat, Fives and Threes: a score that would take a side past the target is disregarded
                after = {s: v if v <= target else scores.get(s, 0) for s, v in after.items()}
            elif rule == "in-a-row" and winners and any(scores.get(s, 0) for s in sides if s not in winners):
                # Pagat, Jamaican Partner ("six love"): a win against a side that has a count takes the
                # score back to nothing for everyone; the win that wipes it scores nothing itself
                after = dict.fromkeys(sides, 0)
            game = () if target is None else tuple([s for s, v in after.items() if v >= target])
            if game and rule == "void-at-half" and any(2 * v >= target for s, v in after.items() if s not in game):
                # domino-play.com, Latin American Match Dominoes: the first team to 10 wins the match
                # unless the other has won 5 or more; then the match is a tie and nobody wins it
                game = ()
        return Settlement(tuple(winners), points, raw, pips, opp, blocked, after, game)


class _Listing:
    """The open ends as text, made only when an error message needs it."""

    def __init__(self, ends):
        self.ends = ends

    def __str__(self) -> str:
        return ", ".join(str(e) for e in self.ends) or "none"


def count_fives_ends(layout: Layout, open_ends: Sequence[End], itemise: bool = True):
    """The end count of the Fives family (seed 000 末端と配置内部のダブル; seed
    004 All Fives and Sniff), in pips: the contributions sorted by tile (high
    end first), or with ``itemise=False`` only their sum.

    A crosswise double with an open straight side counts both halves, once
    (twice its pip, at that side; ``b`` when both are open); once both straight
    sides are joined it counts 0, and its unused side branches count 0. A double
    laid lengthwise (inline) counts its pip once at its open straight side.
    Every other open end in ``open_ends`` counts its pip.
    """
    out: list[Contribution] = []
    total = 0
    crossed: dict = {}
    for e in open_ends:                      # only open ends can count: O(open ends), not O(tiles)
        t = e.tile
        if not t.is_double:
            total += e.pip
            if itemise:
                out.append(_new(Contribution, (e, e.pip)))
        elif e.side == "a" or e.side == "b":
            if layout.is_cross(t):
                if t not in crossed:
                    total += 2 * t.low
                if e.side > crossed.get(t, ""):  # one contribution, at "b" when both sides are open
                    crossed[t] = e.side
            else:
                total += t.low
                if itemise:
                    out.append(_new(Contribution, (e, t.low)))
    if not itemise:
        return total
    for t, side in crossed.items():
        out.append(_new(Contribution, (End(t, side), 2 * t.low)))
    out.sort(key=_CONTRIB_ORDER)
    return out


def _CONTRIB_ORDER(c: Contribution):
    return (c.end.tile, -c.value)



