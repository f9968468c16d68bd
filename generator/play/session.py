"""One game played by a reader against the simulation's players.

A :class:`Session` holds only the game's rules, its seed and the reader's
moves so far. Each view replays the game from the deal with
:meth:`generator.engine.family.Family.play_game` (the simulation's own game
loop): the other seats are played at the reader's level (``easy``, ``normal``
-- the built-in ``greedy`` player -- or ``hard``: :mod:`generator.sim.levels`),
the reader's partner, in a partnership game, at the level chosen for it; each
of their decisions has a random stream of its own (from the seed and the
decision's number) and is kept once made, so a replay makes none of them
again (a ``hard`` search is done once, not at every move); the
reader's seat by a player that answers with the reader's recorded moves and,
at the first decision it has no answer for, stops the game there. The state
it stopped in is the table the reader sees. So every family plays in the
browser by the same code as in the pages' figures, and the same seed and
moves give the same game in CPython and in Pyodide (a test replays a hand
and compares the scores).

>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> v = make_variant({"set": 6, "players": [2], "deal": {2: 7}}, {"lead": "black", "draw": "none"}, "block")
>>> s = Session(spec_of(v), seed=3, lang="en")
>>> view = s.view()
>>> view["phase"], view["you"], len(view["hand"]) in (6, 7)
('turn', 'S', True)
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from typing import Any, Mapping

from ..base.i18n import messages
from ..draw.svg import tile_picture
from ..engine.family import family_of
from ..engine.rulebase import Rules
from ..pages.describe import rule_text
from ..sim.levels import LEVELS, level_bot
from ..sim.simulate import SEATS

__all__ = ["Session", "spec_of", "variant_of", "seats_of", "Stopped", "BROWSER_WORK"]

#: Decisions after which a replay gives up (a safety net: a whole Mexican Train match is a few hundred).
MAX_DECISIONS = 20_000
#: The ``hard`` level's search bound in the browser (work units a decision, :mod:`generator.sim.search`):
#: a quarter of the simulation's, for a move within a second under Pyodide (``bench/hard_move.sh``: the
#: slowest of 40 hard moves of a game of each family took 0.3-0.9 s on the bench's busy machine).
BROWSER_WORK = 3_000


class Stopped(Exception):
    """The reader's seat has a decision the recorded moves do not answer."""


def spec_of(variant: Rules) -> dict:
    """What rebuilds ``variant`` in the browser, as JSON data: ``{"id",
    "params", "choices"}`` (the params and choices as ``variant.yaml``
    writes them, every default filled in)."""
    params = dataclasses.asdict(variant.params)
    params["deal"] = {str(k): v for k, v in variant.params.deal.items()}
    return {"id": variant.id, "params": params, "choices": variant.choices.as_dict()}


def variant_of(spec: Mapping) -> Rules:
    """The rules :func:`spec_of` wrote. Raises ``ValueError`` for a spec the
    engine cannot play."""
    from ..engine.rules import make_variant

    return make_variant(spec["params"], spec["choices"], spec["id"])


def seats_of(variant: Rules) -> tuple[list[str], list[list[str]] | None, str]:
    """``(seats, teams, reader)``: the seats of the game's first player count
    (a partnership game when it has no other), their partnerships (or
    ``None``) and the reader's seat (South where there is one)."""
    p = variant.params
    partners = not p.players
    n = p.partnerships[0] if partners else p.players[0]
    names = list(SEATS.get(n) or [f"P{i + 1}" for i in range(n)])
    teams = None
    if partners:
        half = n // 2
        teams = [["N", "S"], ["E", "W"]] if n == 4 else [[names[i], names[i + half]] for i in range(half)]
    return names, teams, ("S" if "S" in names else names[0])


class Session:
    """A game of ``spec`` (:func:`spec_of`) dealt from ``seed``, seen by the
    reader in ``lang``, against the other seats played at ``level`` (a key
    of :data:`generator.sim.levels.LEVELS`) and, in a partnership game, with
    a partner played at ``partner`` (``None``: ``level``). :meth:`view` is
    what the page shows; :meth:`move`, :meth:`draw`, :meth:`pass_`,
    :meth:`next_hand` and :meth:`hint` are what the reader does. Raises
    ``ValueError`` for a move that is not offered, or an unknown level."""

    def __init__(self, spec: Mapping, seed: int, lang: str, level: str = "normal", partner: str | None = None):
        for name in (level, partner):
            if name is not None and name not in LEVELS:
                raise ValueError(f"unknown level {name!r}; the levels are {', '.join(LEVELS)}")
        self.level = level
        self.partner = partner if partner is not None else level
        self.variant = variant_of(spec)
        self.family = family_of(self.variant.family)
        self.show = importlib.import_module(self.family.play_module)
        self.seed = int(seed)
        self.lang = lang
        self.names, self.teams, self.you = seats_of(self.variant)
        self.moves: list[Any] = []          # the reader's moves: an index into plays_for, "draw" or "pass"
        self.seen = 0                       # finished hands the reader has looked at
        self.words = messages("play", lang)
        self.chosen: list[Any] = []         # the other seats' decisions so far, in game order
        mate = next((t for t in self.teams or () if self.you in t), ())
        self.players = {n: level_bot(self.partner if n in mate else self.level, BROWSER_WORK) for n in self.names}
        self._replay()

    # -- replaying --------------------------------------------------------------------------------
    def _replay(self) -> None:
        """Play the game from the deal to the reader's next unanswered decision
        (or to its end); keeps the states met (one per hand), the log of moves
        and, at a stop, the moves offered."""
        variant, you, lang, show = self.variant, self.you, self.lang, self.show
        states: list[Any] = []
        log: list[tuple[int, str, str]] = []    # (hand, seat, words)
        answered = iter(self.moves)
        known = [text for _h, _s, text in getattr(self, "log", ())]
        mine = [0]

        def note(state) -> int:
            if not states or states[-1] is not state:
                states.append(state)
            return len(states) - 1

        def said(v, state, seat, action) -> str:
            # the same replay makes the same moves: words already found are kept
            k = len(log)
            if k < len(known):
                return known[k]
            return show.log_words(v, state, seat, action, lang)

        chosen = self.chosen
        made = [0]

        def other(v, state, seat, rng):
            hand = note(state)
            k = made[0]
            made[0] += 1
            if k < len(chosen):
                action = chosen[k]
            else:
                action = self.players[seat](v, state, seat, random.Random(f"{self.seed}/{k}"))
                chosen.append(action)
            log.append((hand, seat, said(v, state, seat, action)))
            if len(log) > MAX_DECISIONS:
                raise RuntimeError("the game did not end")
            return action

        def reader(v, state, seat, rng):
            hand = note(state)
            try:
                move = next(answered)
            except StopIteration:
                raise Stopped from None
            action = self._action(state, move)
            log.append((hand, seat, said(v, state, seat, action)))
            mine[0] = len(log)
            return action

        bots = [reader if n == you else other for n in self.names]
        record = None
        try:
            record = self.family.play_game(variant, self.names, dict(zip(self.names, bots)),
                                           random.Random(self.seed), self.teams, _work())
        except Stopped:
            pass
        self.states, self.log, self.record, self.mine = states, log, record, mine[0]

    def _action(self, state, move):
        if move in ("draw", "pass"):
            return move
        return state.plays_for(self.you)[move]

    # -- what the reader sees ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.record is not None

    def view(self) -> dict:
        """What the page shows now, as JSON data: ``phase`` (``"turn"``, the
        reader's move; ``"hand-over"``, a finished hand before the next;
        ``"game-over"``), ``you``, ``seats`` (seat -> name in words), the
        ``table`` SVG and ``table_words``, the reader's ``hand`` (tiles:
        ``label``, ``svg``, ``moves`` -- indices into ``moves`` -- and, for a
        tile with none, ``why``), ``moves`` (``{"index", "words"}``),
        ``draw``/``pass`` (allowed now), ``log`` (this hand's moves in words)
        with ``new`` (how many came since the reader's last move),
        ``scores``, ``result`` (sentences: the hand's settlement, then the
        game's) and ``hands`` (how many hands are finished)."""
        w, show, v = self.words, self.show, self.variant
        finished = len(self.states) - (0 if self.over else 1)
        if self.over or finished > self.seen:
            index = min(self.seen, len(self.states) - 1)
            state = self.states[index]
            phase = "game-over" if self.over and index == len(self.states) - 1 else "hand-over"
        else:
            index, state, phase = len(self.states) - 1, self.states[-1], "turn"
        svg, words = show.table(v, state, self.lang, f"play-{index}-{len(self.log)}")
        hand = state.hands[self.you]
        moves: list[dict] = []
        coloured = v.params.set > 6
        # a family that writes its tiles its own way names them so (``tile_label``: 42's "6-4")
        label = getattr(show, "tile_label", lambda t: t.label)
        # a family with tiles of its own draws them (``tile_picture``: Pai Gow's Chinese tiles)
        picture = getattr(show, "tile_picture", None) or (lambda t: tile_picture(t, coloured=coloured))
        tiles = [{"label": label(t), "tile": str(t), "svg": picture(t), "moves": [], "why": None}
                 for t in hand]
        draw = pass_ = False
        if phase == "turn":
            for i, action in enumerate(state.plays_for(self.you)):
                moves.append({"index": i, "words": show.action_words(v, state, self.you, action, self.lang)})
                tile = show.action_tile(action)
                for t in tiles:
                    if tile is not None and t["tile"] == str(tile):
                        t["moves"].append(i)
            draw = bool(state.may_draw(self.you))
            pass_ = not moves and not draw
            for t, tile in zip(tiles, hand):
                if not t["moves"]:
                    t["why"] = self._why(state, tile)
        log = [(seat, text) for h, seat, text in self.log if h == index]
        # what happened since the reader's last move (said once by the page's live region)
        new = sum(1 for h, _s, _t in self.log[self.mine:] if h == index)
        result: list[str] = []
        if phase != "turn":
            result = list(show.hand_result(v, state, self.lang, self.seat))
        if phase == "game-over":
            result.append(self._game_result())
        return {
            "phase": phase, "you": self.you, "turn": getattr(state, "current", None),
            "seats": {n: self.seat(n) for n in self.names},
            "table": svg, "table_words": words,
            "hand": tiles, "moves": moves, "draw": draw, "pass": pass_,
            "log": [w["log_line"].format(who=self.seat(s), what=t) for s, t in log], "new": new,
            "scores": show.scores(v, state, self.lang, self.seat, self.states[:index]), "result": result, "hands": finished,
        }

    def seat(self, name: str) -> str:
        """A seat (``S``) or a side (``N+S``) in the reader's words."""
        w = self.words
        people = [w["you"].format(seat=w.get(f"seat_{n}", n)) if n == self.you else w.get(f"seat_{n}", n)
                  for n in name.split("+")]
        return w["and"].join(people)

    def _why(self, state, tile) -> str:
        rule = self.show.refusal(self.variant, state, self.you, tile)
        return rule_text(rule, self.lang)

    def _game_result(self) -> str:
        w = self.words
        winners = list(self.record["winners"]) if self.record else []
        if not winners:
            return w["game_drawn"]
        mine = any(self.you in win.split("+") for win in winners)
        names = w["list"].join(self.seat(x) for x in winners)
        return w["game_won_you" if mine else "game_won"].format(who=names)

    # -- what the reader does ---------------------------------------------------------------------
    def _turn(self) -> Any:
        if self.over or len(self.states) - 1 > self.seen:
            raise ValueError("it is not the reader's turn")
        return self.states[-1]

    def move(self, index: int) -> dict:
        """Make the offered move ``index`` (of :meth:`view`'s ``moves``); the
        new view. Raises ``ValueError`` for a move not offered."""
        state = self._turn()
        if not 0 <= int(index) < len(state.plays_for(self.you)):
            raise ValueError(f"no move {index} is offered")
        self.moves.append(int(index))
        self._replay()
        return self.view()

    def draw(self) -> dict:
        """Draw from the stock (when :meth:`view` allows it)."""
        if not self._turn().may_draw(self.you):
            raise ValueError("drawing is not allowed now")
        self.moves.append("draw")
        self._replay()
        return self.view()

    def pass_(self) -> dict:
        """Pass (when there is no move and no draw)."""
        state = self._turn()
        if state.plays_for(self.you) or state.may_draw(self.you):
            raise ValueError("passing is not allowed now")
        self.moves.append("pass")
        self._replay()
        return self.view()

    def next_hand(self) -> dict:
        """Go on after a finished hand (to the next hand, or the game's end)."""
        if len(self.states) - (0 if self.over else 1) <= self.seen:
            raise ValueError("no finished hand to go on from")
        self.seen += 1
        return self.view()

    def hint(self) -> dict:
        """The best move now and why: ``{"index"`` (into ``moves``, or
        ``"draw"``/``"pass"``), ``"words"``, ``"reason"}``."""
        state = self._turn()
        action, reason = self.show.hint(self.variant, state, self.you, self.lang)
        plays = state.plays_for(self.you)
        index = action if action in ("draw", "pass") else next(i for i, p in enumerate(plays) if p == action)
        words = self.show.action_words(self.variant, state, self.you, action, self.lang)
        return {"index": index, "words": words, "reason": reason}

    def replayed_moves(self) -> list:
        """The reader's moves so far (for a replay of the same seed)."""
        return list(self.moves)


def _work():
    from ..sim.simulate import Work

    return Work()
