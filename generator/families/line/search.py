"""What a seat cannot see in a hand of a line of play, for the ``hard``
level's search (:mod:`generator.sim.search`): the other hands and the stock,
and what the passes and forced draws prove (a player who passed, or drew
because no tile fitted, held no tile that fitted the open ends then; the
tiles it drew after that may be anything)."""

from __future__ import annotations


from .rules.layout import Layout
from ...engine.rulebase import side_of

__all__ = ["hidden", "redeal", "outcome"]

#: The name of the place holding the tiles a player drew after its last pass or forced draw.
DRAWN = "{}/drawn"


def hidden(variant, state, seat: str):
    """``(pool, places, forbidden)`` for ``seat`` in the Hand ``state``
    (:meth:`generator.engine.family.Family.hidden`). Reads of the events
    only who moved, the kind of move and the table after a play, never the
    tile a draw took."""
    seen = set(state.hands[seat]) | set(state.layout.tiles)
    pool = sorted(t for t in variant.params.tiles if t not in seen)
    optional = variant.draw_mode == "optional"
    layout = Layout()
    last: dict = {}                  # player -> the table at its last pass or forced draw
    after: dict = {}                 # player -> tiles drawn since then
    for ev in state.events:
        p = ev.player
        if ev.kind == "play":
            layout = ev.placement.layout
        elif ev.kind == "pass" or (ev.kind == "draw" and not optional):
            last[p] = layout
            after[p] = 1 if ev.kind == "draw" else 0
        elif ev.kind == "draw" and p in after:
            after[p] += 1
    places, forbidden = [], {}
    for p in state.players:
        if p == seat:
            continue
        n = len(state.hands[p])
        free = min(after.get(p, 0), n)
        places.append((p, n - free))
        if free:
            places.append((DRAWN.format(p), free))
        if p in last and last[p]._n:
            table = last[p]
            forbidden[p] = frozenset(t for t in pool if variant.can_play_any(table, (t,)))
    places.append(("stock", len(state.stock)))
    return pool, places, forbidden


def redeal(variant, state, seat: str, dealt):
    """A copy of the Hand ``state`` whose other hands and stock are ``dealt``."""
    s = state.copy()
    hands = {}
    for p in state.players:
        hands[p] = list(state.hands[p]) if p == seat else dealt.get(p, []) + dealt.get(DRAWN.format(p), [])
    s.hands = hands
    s.stock = list(dealt.get("stock", []))
    s.scores = dict(state.scores)
    s.events = list(state.events)
    s._legal = None
    s._snapshot = None
    s._held = [0] * len(state._held)
    for ts in hands.values():
        s._hold(ts, 1)
    return s


def outcome(variant, state, seat: str) -> float:
    """For ``seat``'s side in the ended Hand ``state``: one for the hand won,
    one more for the game won, and the lead in displayed points over the
    best other side, in hundredths (or parts of the target, if larger)."""
    side = side_of(seat, state.sides)
    won = state.settlement.winners if state.settlement is not None else state.game_winners
    scores = state.scores
    best_other = max((v for s, v in scores.items() if s != side), default=0)
    scale = max(100, variant.params.target or 0)
    return (side in won) + (side in state.game_winners) + (scores.get(side, 0) - best_other) / scale
