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
import json
import random
import re
from typing import Any, Mapping

from ..base.i18n import messages
from ..draw.svg import tile_picture
from ..engine.family import families, family_of
from ..engine.rulebase import Rules, own_values
from ..pages.describe import rule_text
from ..sim.levels import LEVELS, level_bot
from ..sim.search import HARD_WORK
from ..sim.simulate import SEATS

__all__ = ["Session", "spec_of", "variant_of", "seats_of", "tables_of", "Stopped", "BROWSER_WORK",
           "FRAGMENT_PREFIX", "serve"]

#: Decisions after which a replay gives up (a safety net: a whole Mexican Train match is a few hundred).
MAX_DECISIONS = 20_000
#: The ``hard`` level's search bound in the browser (work units a decision, :mod:`generator.sim.search`):
#: the simulation's own, for a move well within a second under Pyodide (``bench/hard_move.sh``, 2026-12-07:
#: the slowest of 40 hard moves of a game of each family took 0.02-0.08 s at 3,000 units, load 2.5; at this
#: bound Texas 42's hard players won 80% of 100 games against normal ones, against 64% of 400 at 3,000).
BROWSER_WORK = HARD_WORK
#: What a replay link's address fragment starts with (``#play=SEED-TABLE-MOVES``, :meth:`Session.fragment`).
FRAGMENT_PREFIX = "play="
#: The longest fragment read (a whole Mexican Train match is a few hundred moves of a few characters).
MAX_FRAGMENT = 8_000
#: A level's letter in a replay link's ``TABLE`` part (``normal`` is written as nothing).
LEVEL_LETTER = {"easy": "e", "normal": "n", "hard": "h"}
_FRAGMENT = re.compile(r"(\d{1,9})-(\d{1,2})(t?)(?:([enh])([enh])?)?-((?:\d{1,3}|[dpn])(?:\.(?:\d{1,3}|[dpn]))*)?")


class Stopped(Exception):
    """The reader's seat has a decision the recorded moves do not answer."""


def spec_of(variant: Rules) -> dict:
    """What rebuilds ``variant`` in the browser, as JSON data: ``{"id",
    "params", "choices"}`` (the params and choices as ``variant.yaml``
    writes them, every default filled in: the params every game takes, and
    every registered family's own params, the game's family's at the game's
    values, the others' at their defaults, so that every game's spec has one
    shape, as its choices have)."""
    p = variant.params
    params = {f.name: getattr(p, f.name) for f in dataclasses.fields(p) if f.name != "own"}
    params["deal"] = {str(k): v for k, v in p.deal.items()}
    for family in families():
        params.update(own_values({}, family.own_params))
    params.update(p.own)
    return {"id": variant.id, "params": params, "choices": variant.choices.as_dict()}


def variant_of(spec: Mapping) -> Rules:
    """The rules :func:`spec_of` wrote. Raises ``ValueError`` for a spec the
    engine cannot play."""
    from ..engine.rules import make_variant

    return make_variant(spec["params"], spec["choices"], spec["id"])


def tables_of(variant: Rules) -> list[dict]:
    """The tables the game allows, as JSON data, in the order of its params
    (``variant.yaml``'s ``players``, then ``partnerships``): ``{"players": n,
    "teams": bool}`` (``teams``: in two-seat partnerships, partners facing).
    The first is the table a reader gets unless they choose another."""
    p = variant.params
    return [{"players": n, "teams": False} for n in p.players] + [{"players": n, "teams": True}
                                                                  for n in p.partnerships]


def seats_of(variant: Rules, players: int | None = None,
             teams: bool | None = None) -> tuple[list[str], list[list[str]] | None, str]:
    """``(seats, teams, reader)``: the seats of a table of ``players`` (default:
    the first of :func:`tables_of`; ``teams`` picks partnerships where the
    game has both at that count), their partnerships (or ``None``) and the
    reader's seat (South where there is one). Raises ``ValueError`` for a
    table the game's params do not allow."""
    allowed = tables_of(variant)
    if players is None:
        choice = allowed[0]
    else:
        fits = [t for t in allowed if t["players"] == players and (teams is None or t["teams"] == bool(teams))]
        if not fits:
            raise ValueError(f"this game is not played by {players} players" + (" in partnerships" if teams else ""))
        choice = fits[0]
    partners, n = choice["teams"], choice["players"]
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

    def __init__(self, spec: Mapping, seed: int, lang: str, players: int | None = None, teams: bool | None = None,
                 level: str = "normal", partner: str | None = None):
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
        self.names, self.teams, self.you = seats_of(self.variant, players, teams)
        self.moves: list[Any] = []          # the reader's moves: an index into plays_for, "draw" or "pass"
        self.hand_of: list[int] = []        # the hand (0, 1, ...) each of the reader's moves was made in
        self.seen = 0                       # finished hands the reader has looked at
        self.words = messages("play", lang)
        self.chosen: list[Any] = []         # the other seats' decisions so far, in game order
        mate = next((t for t in self.teams or () if self.you in t), ())
        self.players = {n: level_bot(self.partner if n in mate else self.level, BROWSER_WORK) for n in self.names}
        self._replay()

    @classmethod
    def open(cls, spec: Mapping, options: Mapping, lang: str) -> "Session":
        """The page's one way in (JSON data in): ``options`` holds either
        ``"fragment"`` (a replay link's address fragment, with or without its
        ``#``: :meth:`from_fragment`) or ``"seed"`` and, optionally,
        ``"players"`` and ``"teams"`` (one of :func:`tables_of`), ``"level"``
        and ``"partner"`` (keys of :data:`generator.sim.levels.LEVELS`).
        Raises ``ValueError`` for options the game does not allow."""
        if options.get("fragment") is not None:
            return cls.from_fragment(spec, str(options["fragment"]), lang)
        players = options.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ValueError("the number of players is not a number")
        return cls(spec, int(options["seed"]), lang, players, options.get("teams"),
                   str(options.get("level") or "normal"),
                   None if options.get("partner") is None else str(options["partner"]))

    @classmethod
    def from_fragment(cls, spec: Mapping, fragment: str, lang: str) -> "Session":
        """The game a replay link (:meth:`fragment`) describes, at the point
        it was shared. Every part is checked: its form, the table (one the
        game allows), each move (offered at its turn), each "next hand"
        (after a finished hand only) and no move left over. Raises
        ``ValueError`` for a fragment that is forged, cut short or not of this
        game; nothing in it is ever run or shown."""
        text = fragment[1:] if fragment.startswith("#") else fragment
        if len(text) > MAX_FRAGMENT or not text.startswith(FRAGMENT_PREFIX):
            raise ValueError("not a replay link")
        m = _FRAGMENT.fullmatch(text[len(FRAGMENT_PREFIX):])
        if not m:
            raise ValueError("the replay link is broken")
        seed, players, teams, moves = int(m[1]), int(m[2]), m[3] == "t", m[6]
        letters = {v: k for k, v in LEVEL_LETTER.items()}
        level = letters[m[4]] if m[4] else "normal"
        partner = letters[m[5]] if m[5] else None
        tokens = moves.split(".") if moves else []
        session = cls(spec, seed, lang, players, teams, level, partner)
        session.moves = [int(t) if t.isdigit() else {"d": "draw", "p": "pass"}[t] for t in tokens if t != "n"]
        try:
            session._replay(strict=True)
        except (IndexError, Stopped, StopIteration) as err:
            raise ValueError("the replay link's moves are not this game's") from err
        # each "next hand" where the reader had a finished hand before them, and only there
        seen, k = 0, 0
        for t in tokens:
            if t == "n":
                seen += 1
                if seen > session.finished:
                    raise ValueError("the replay link goes past the last finished hand")
            else:
                if session.hand_of[k] != seen:
                    raise ValueError("the replay link's moves are not this game's")
                k += 1
        session.seen = seen
        return session

    def fragment(self) -> str:
        """The address fragment (without ``#``) of a link that replays this
        game to where it is now: ``play=SEED-TABLE-MOVES``, ``TABLE`` the
        number of players (``t`` after it for partnerships; then the
        opponents' level's letter, ``e``/``n``/``h``, and the partner's where it
        differs, both left out for ``normal`` opponents and partner), ``MOVES`` the
        reader's moves separated by ``.`` (an index into the moves offered,
        ``d`` draw, ``p`` pass, ``n`` on to the next hand)."""
        tokens, seen = [], 0
        for move, hand in zip(self.moves, self.hand_of):
            tokens += ["n"] * (hand - seen)          # the reader went on to this move's hand
            seen = hand
            tokens.append({"draw": "d", "pass": "p"}.get(move, str(move)))
        tokens += ["n"] * (self.seen - seen)
        table = f"{len(self.names)}{'t' if self.teams else ''}"
        if self.partner != self.level:
            table += LEVEL_LETTER[self.level] + LEVEL_LETTER[self.partner]
        elif self.level != "normal":
            table += LEVEL_LETTER[self.level]
        return f"{FRAGMENT_PREFIX}{self.seed}-{table}-{'.'.join(tokens)}"

    @property
    def finished(self) -> int:
        """How many hands have ended."""
        return len(self.states) - (0 if self.over else 1)

    # -- replaying --------------------------------------------------------------------------------
    def _replay(self, strict: bool = False, snap: int | None = None) -> list[dict]:
        """Play the game from the deal to the reader's next unanswered decision
        (or to its end); keeps the states met (one per hand), the log of moves
        and, at a stop, the moves offered. ``strict``: raise ``IndexError``
        for a recorded move not offered and ``StopIteration`` when the game
        ends with recorded moves left. ``snap``: the table before each move of
        hand ``snap`` (the step-through's pictures, :meth:`steps`)."""
        variant, you, lang, show = self.variant, self.you, self.lang, self.show
        states: list[Any] = []
        log: list[tuple[int, str, str]] = []    # (hand, seat, words)
        answered = iter(self.moves)
        known = [text for _h, _s, text in getattr(self, "log", ())]
        mine = [0]
        hand_of: list[int] = []
        asked: list[int] = []                   # the others' decisions made before each of the reader's moves
        pictures: list[dict] = []
        label = getattr(show, "tile_label", lambda t: t.label)

        def picture(hand, state):
            if hand == snap:
                svg, words = show.table(variant, state, lang, f"step-{hand}-{len(pictures)}")
                pictures.append({"table": svg, "table_words": words})

        drawn: list = []                        # the reader's last draw: (log index, state, hand before)

        def note(state) -> int:
            if drawn:
                # the tile the reader drew, named in the reader's log line (the others' draws stay unseen)
                k, where, before = drawn.pop()
                new = [t for t in where.hands[you] if t not in before] if where is state else []
                if len(new) == 1:
                    log[k] = (log[k][0], log[k][1], self.words["did_draw_tile"].format(tile=label(new[0])))
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
            picture(hand, state)
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
            picture(hand, state)
            action = self._action(state, move, strict)
            hand_of.append(hand)
            asked.append(made[0])
            if action == "draw":
                drawn.append((len(log), state, list(state.hands[you])))
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
        if strict and next(answered, None) is not None:
            raise StopIteration("moves are left after the game's end")
        if snap is not None:
            if snap < len(states):
                svg, words = show.table(variant, states[snap], lang, f"step-{snap}-{len(pictures)}")
                pictures.append({"table": svg, "table_words": words})
            return pictures
        self.states, self.log, self.record, self.mine, self.hand_of = states, log, record, mine[0], hand_of
        self.asked = asked
        return pictures

    def _action(self, state, move, strict: bool = False):
        if move == "draw":
            if strict and not state.may_draw(self.you):
                raise IndexError("drawing is not allowed there")
            return move
        if move == "pass":
            if strict and (state.plays_for(self.you) or state.may_draw(self.you)):
                raise IndexError("passing is not allowed there")
            return move
        plays = state.plays_for(self.you)
        if strict and not 0 <= move < len(plays):
            raise IndexError("no such move there")
        return plays[move]

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
        game's), ``hands`` (how many hands are finished), ``undo`` (whether
        there is a move to take back), ``played`` (the reader's moves so far,
        :meth:`replayed_moves`: after a replay link, the link's), ``fragment``
        (a replay link's, :meth:`fragment`) and ``table_size`` (``{"players", "teams"}``)."""
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
        # a family with tiles of its own draws them (``tile_picture``: Pai Gow's Chinese tiles), and a family
        # may draw them its own way (``HIGH_FIRST``: 42's higher end on top, as its page draws them)
        high_first = getattr(show, "HIGH_FIRST", False)
        picture = getattr(show, "tile_picture", None) or (
            lambda t: tile_picture(t, coloured=coloured, high_first=high_first))
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
            "undo": bool(self.moves), "played": self.replayed_moves(), "fragment": self.fragment(),
            "levels": {"level": self.level, "partner": self.partner},
            "table_size": {"players": len(self.names), "teams": self.teams is not None},
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

    def undo(self) -> dict:
        """Take back the reader's last move and the other players' replies
        to it (the game is replayed from the deal without it, so the bots
        answer as before); the new view. Raises ``ValueError`` before the
        reader's first move."""
        if not self.moves:
            raise ValueError("there is no move to take back")
        self.moves.pop()
        self.seen = self.hand_of.pop()
        del self.chosen[self.asked.pop():]      # the replies to the move taken back are made again
        self._replay()
        return self.view()

    def steps(self) -> list[dict]:
        """A step-through of the hand the view shows (the pages' step-through):
        one step before each move, then the hand as it ended; each
        ``{"table", "table_words", "line"}`` (``line``: the log line of the
        move that led to the step, ``None`` for the deal)."""
        index = min(self.seen, len(self.states) - 1)
        pictures = self._replay(snap=index)
        lines = [self.words["log_line"].format(who=self.seat(s), what=t) for h, s, t in self.log if h == index]
        return [dict(p, line=(lines[i - 1] if 0 < i <= len(lines) else None)) for i, p in enumerate(pictures)]

    def replayed_moves(self) -> list:
        """The reader's moves so far, in the order made, each hand's after the
        last (for a replay of the same seed): an index into the moves offered
        then, ``"draw"`` or ``"pass"``; a move taken back is not among them."""
        return list(self.moves)


#: What the page may ask a session to do (:func:`serve`'s ``"call"``): the reader's actions and views.
CALLS = frozenset({"view", "move", "draw", "pass_", "next_hand", "hint", "undo", "steps"})
_SESSIONS: dict[str, Session] = {}


def serve(request: str) -> str:
    """The page's one way into the engine, JSON text in and out (so that it
    can run behind a message channel, a Web Worker's, unchanged). A request
    is one of ``{"op": "words", "lang"}`` (the player's words),
    ``{"op": "tables", "spec"}`` (:func:`tables_of`), ``{"op": "open",
    "key", "spec", "options", "lang"}`` (:meth:`Session.open`; its view) and
    ``{"op": "call", "key", "name", "args"}`` (one of :data:`CALLS` on the
    session opened as ``key``). The answer is ``{"ok": data}`` or, for a
    request the rules or the session refuse (a move not offered, a forged
    replay link), ``{"refused": words}``. Raises ``ValueError`` for an
    unknown ``op`` or text that is not a JSON object, and ``KeyError`` for a
    missing field, a session not opened or a name not in :data:`CALLS`."""
    req = json.loads(request)
    if not isinstance(req, dict):
        raise ValueError("a request is a JSON object")
    op = req.get("op")
    try:
        if op == "words":
            return json.dumps({"ok": dict(messages("play", req["lang"]))})
        if op == "tables":
            return json.dumps({"ok": tables_of(variant_of(req["spec"]))})
        if op == "open":
            _SESSIONS[str(req["key"])] = Session.open(req["spec"], req.get("options") or {}, req["lang"])
            return json.dumps({"ok": _SESSIONS[str(req["key"])].view()})
        if op == "call":
            name = req["name"]
            if name not in CALLS:
                raise KeyError(name)
            return json.dumps({"ok": getattr(_SESSIONS[str(req["key"])], name)(*req.get("args", []))})
    except ValueError as err:
        return json.dumps({"refused": str(err)})
    raise ValueError(f"not a request: {op!r}")


def _work():
    from ..sim.simulate import Work

    return Work()
