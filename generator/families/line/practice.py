"""Practice positions: a situation and a question, answered by the engine.

A practice file (``practice:`` in a position file of a line game) lays out a
table (``layout``: placement steps, as in a placement position, without
stated values), gives the player's ``hand`` and asks one ``question``:

- ``best-play``: which play scores most now (displayed points; every play
  tied for the most is a best play);
- ``most-playable``: which play leaves the most tiles of the rest of the hand
  playable on the table it makes (seed 003's question: which end should the
  2-5 join, and which tiles can follow it).

The engine lists every legal play of the hand (:class:`Option`: the play, its
placement and its points, the open ends after it and the tiles of the rest of
the hand that could then be played), marks the best ones, and
:func:`compare_practice` checks the stated ``answer`` (the best plays, each
written ``TILE at END``, plus ``as inline``/``as cross`` for a double that
may lie either way and ``touch N`` where a tile may touch with either half)
like any stated value: a wrong answer is an error at its line.

>>> from generator.engine.tiles import End
>>> play_text(Play(Tile(5, 5), End.parse("3-5:5"), "cross", None))
'5-5 at 3-5:5 as cross'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules.layout import Layout
from ...engine.tiles import CORNERS, End, NotationError, Tile
from .rules.variant import Placement, Play, RuleViolation, Variant
from ...engine.reasons import Reason
from ...model.kinds import PositionBase, outside_set, read_tile
from ...model.yamlsrc import Source, SourceError, SourceErrors

__all__ = ["QUESTIONS", "Option", "PracticePosition", "PracticeOutcome", "parse_practice", "evaluate_practice",
           "compare_practice", "practice_json", "play_text", "play_from_text"]

#: The questions a practice position may ask.
QUESTIONS = ("best-play", "most-playable")


@dataclass
class PracticePosition(PositionBase):
    """A practice position: ``layout`` (the table, as placement steps:
    ``(tile, at, as_, touch, path)``), the player's ``hand``, the
    ``question`` (one of :data:`QUESTIONS`) and the stated ``answer`` (play
    texts, as written)."""

    family = "line"                     # a question on a line of play

    question: str = "best-play"
    layout: list[tuple] = field(default_factory=list)
    hand: list[Tile] = field(default_factory=list)
    answer: list[str] = field(default_factory=list)
    kind = "practice"


@dataclass(frozen=True)
class Option:
    """One legal play of the hand: the ``play``, its ``placement`` (points in
    displayed points, ``raw`` in pips), and ``playable``: the tiles of the
    rest of the hand that could be played on the table it leaves."""

    play: Play
    placement: Placement
    playable: tuple[Tile, ...]

    @property
    def text(self) -> str:
        """The play written as an answer is written (:func:`play_text`)."""
        return play_text(self.play)


@dataclass
class PracticeOutcome:
    """What the engine makes of a practice position: the table (``table``,
    the layout before the play), every :class:`Option` in the hand's order,
    and ``best``: the options that answer the question."""

    position: PracticePosition
    table: Layout
    options: list[Option]
    best: list[Option]


def play_text(play: Play) -> str:
    """A play as an answer writes it: ``TILE at END``, then ``as inline`` or
    ``as cross`` when the double may lie either way, and ``touch N`` when the
    tile chose which half touches."""
    text = str(play.tile) if play.at is None else f"{play.tile} at {play.at}"
    if play.as_ is not None:
        text += f" as {play.as_}"
    if play.touch is not None:
        text += f" touch {play.touch}"
    return text


def play_from_text(text: str) -> Play:
    """The :class:`Play` a :func:`play_text` wrote; raises ``NotationError``.

    >>> play_from_text("2-2 at 2-4:2 as cross") == Play(Tile(2, 2), End.parse("2-4:2"), "cross", None)
    True
    """
    words = str(text).split()
    if not words:
        raise NotationError("an empty play")
    tile, at, as_, touch = Tile.parse(words[0]), None, None, None
    rest = words[1:]
    while rest:
        if len(rest) < 2 or rest[0] not in ("at", "as", "touch"):
            raise NotationError(f"{text!r} is not a play: write 'TILE at END' (then 'as cross' or 'touch N')")
        key, value, rest = rest[0], rest[1], rest[2:]
        if key == "at":
            at = End.parse(value)
        elif key == "as":
            as_ = value
        else:
            touch = int(value) if value.isdigit() else None
    return Play(tile, at, as_, touch)


def parse_practice(src: Source, variant: Variant, base: dict) -> PracticePosition:
    """The practice position of ``src`` (already checked against the
    schema). Raises :class:`SourceError` for notation problems (all of them)
    and for a hand tile that is already on the table or written twice."""
    d = src.data["practice"]
    problems: list[SourceError] = []
    layout = []
    for i, s in enumerate(d["layout"]):
        p = ("practice", "layout", i)
        try:
            tile = read_tile(src, variant, p + ("play",))
            at = variant.parse_end(s["at"]) if "at" in s else None
        except NotationError as exc:
            problems.append(src.error(p + ("at",), str(exc), key=False,
                                      reason=outside_set(src.get(p + ("at",)), variant)))
            continue
        except SourceError as exc:
            problems.append(exc)
            continue
        layout.append((tile, at, s.get("as"), s.get("touch"), p))
    hand: list[Tile] = []
    placed = {t[0] for t in layout}
    for j in range(len(d["hand"])):
        p = ("practice", "hand", j)
        try:
            t = read_tile(src, variant, p)
        except SourceError as exc:
            problems.append(exc)
            continue
        if t in placed:
            problems.append(src.error(p, f"{t} is already on the table", key=False))
        elif t in hand:
            problems.append(src.error(p, f"{t} is written twice in the hand", key=False))
        hand.append(t)
    if problems:
        raise SourceErrors.of(problems)
    return PracticePosition(**base, question=d["question"], layout=layout, hand=hand, answer=list(d["answer"]))


def evaluate_practice(pos: PracticePosition, variant: Variant) -> PracticeOutcome:
    """Lay out the table, then list every legal play of the hand with its
    outcome (a lone double's side B left out: it mirrors side A) and mark
    the best ones. Raises :class:`SourceError` at the step
    of the layout the rules refuse, or at the hand when nothing can be played
    (a question needs a choice)."""
    src = pos.src
    table = Layout()
    for tile, at, as_, touch, path in pos.layout:
        try:
            table = variant.place(table, tile, at, as_, touch).layout
        except RuleViolation as exc:
            raise src.error(path + ("play",), f"the table cannot be laid out: {exc}",
                            reason=Reason.refusal(exc)) from None
    options = []
    # with a lone double on the table its two sides are mirror images: a play on side B is the play on
    # side A (and a side branch B the side branch A, and every corner of a star's set its first corner),
    # so each is listed once
    lone = next(iter(table.tiles)) if len(table) == 1 else None
    mirror = {"b", "side-b", *CORNERS[1:]} if lone is not None and lone.is_double else set()
    for play in variant.plays_of(table, pos.hand):
        if play.at is not None and play.at.side in mirror:
            continue
        placement = variant.play_placement(table, play)
        rest = [t for t in pos.hand if t != play.tile]
        playable = tuple(t for t in rest if variant.plays_of(placement.layout, [t]))
        options.append(Option(play, placement, playable))
    if not options:
        raise src.error(("practice", "hand"), "no tile of this hand can be played on this table, so there is "
                                               "nothing to choose")
    key = (lambda o: o.placement.points) if pos.question == "best-play" else (lambda o: len(o.playable))
    top = max(key(o) for o in options)
    return PracticeOutcome(pos, table, options, [o for o in options if key(o) == top])


def _canonical(text: str) -> str:
    """An answer's play text in the engine's notation (``b-a`` and ``[a|b]``
    become ``a-b``); raises ``NotationError``."""
    words = str(text).split()
    if len(words) >= 3 and words[1] == "at":
        words[0] = str(Tile.parse(words[0]))
        words[2] = str(End.parse(words[2]))
    elif words:
        words[0] = str(Tile.parse(words[0]))
    return " ".join(words)


def compare_practice(outcome: PracticeOutcome) -> list[SourceError]:
    """The stated answer against the engine's best plays, located at
    ``answer`` (or at the play that is not a legal play at all)."""
    pos = outcome.position
    src = pos.src
    legal = {o.text for o in outcome.options}
    best = [o.text for o in outcome.best]
    stated = []
    for i, text in enumerate(pos.answer):
        try:
            play = _canonical(text)
        except NotationError as exc:
            return [src.error(("practice", "answer", i), str(exc), key=False)]
        if play not in legal:
            return [src.error(("practice", "answer", i), f"{text!r} is not a legal play of this hand here; the "
                                                           f"legal plays are {', '.join(sorted(legal))}", key=False)]
        stated.append(play)
    if sorted(stated) != sorted(best):
        if pos.question == "best-play":
            why = "; ".join(f"{o.text}: {o.placement.points}" for o in outcome.options)
            detail = f"points of each play: {why}"
        else:
            why = "; ".join(f"{o.text}: {len(o.playable)}" for o in outcome.options)
            detail = f"tiles left playable after each play: {why}"
        return [src.error(("practice", "answer"), f"answer: stated {', '.join(stated)}, the engine finds "
                                                  f"{', '.join(best)} ({detail})")]
    return []


def practice_json(outcome: PracticeOutcome) -> dict[str, Any]:
    """``rulebook score --json``'s fields for a practice position (our
    extension): ``practice`` with the ``question``, every option (``play``,
    ``points``, ``raw``, ``open`` after it, ``playable``) and ``best``."""
    return {"practice": {
        "question": outcome.position.question,
        "options": [{"play": o.text, "points": o.placement.points, "raw": o.placement.raw,
                     "open": [str(e) for e in o.placement.open], "playable": [str(t) for t in o.playable]}
                    for o in outcome.options],
        "best": [o.text for o in outcome.best],
    }}
