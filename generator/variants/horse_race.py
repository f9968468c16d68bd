"""Horse Race (ホースレース): a Fives-family game; every rule here is from seed
``000_7d0393dab7d6e55a.txt`` (the section named in each docstring).

>>> from generator.engine import Params, Tile, End, Layout
>>> hr = HorseRace(Params(set=6, players=(2, 3, 4), partnerships=(4,),
...                       deal={2: 7, 3: 6, 4: 5}, target=61, point_unit=5))
>>> p = hr.place(Layout(), Tile(1, 4), None)
>>> [c.value for c in p.counted], p.total, p.raw, p.points
([4, 1], 5, 5, 1)
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..engine.variant import Placement, Settlement, Variant, round_half_up_to, side_of, sides_of

__all__ = ["HorseRace"]


class HorseRace(Variant):
    """Horse Race rules.

    - Every double is laid crosswise and is a branch double (分岐ダブル); its side
      branches open only after both straight sides are filled (すべてのダブルが分岐できる).
    - Counting (末端と配置内部のダブル): a double counts both halves while at least
      one straight side is open, 0 once both are filled; unused side branches
      count 0; every other open end counts its pip.
    - Scoring (配置ごとの得点): a positive multiple of 5 is the raw score; displayed
      points are raw / 5 (``params.point_unit``).
    - Turn (配置と手番の継続): a double or a scoring tile placed from the hand lets
      the player continue; a drawn tile ends the turn.
    - Settlement (ハンドの精算, 最小値が同点の場合): see :meth:`settle`.
    """

    id = "horse-race"
    spinners = True
    sides_after_straight = True
    draw_mode = "until-playable"

    counting = "fives"
    play_scoring = ("multiple", 5)
    settle_rule = "rounded"


    def continues_turn(self, placement: Placement, drawn: bool) -> bool:
        """A double or a scoring tile from the hand continues the turn (one
        continuation, not stacked); a tile just drawn never does."""
        return not drawn and (placement.tile.is_double or placement.raw > 0)

    def settle(self, players: Sequence[str], hands: Mapping[str, int], out: str | None,
               teams: Sequence[Sequence[str]] | None = None,
               scores: Mapping[str, int] | None = None) -> Settlement:
        """Settle a hand (ハンドの精算).

        ``hands`` maps each player to remaining pips. With ``out`` set, that
        player's side wins; otherwise the hand blocked and every side with the
        lowest pip total wins (partners' pips are summed). Each winning side
        scores the pips of all other sides (other tied winners included), summed
        first, rounded to the nearest 5 (1-2 down, 3-4 up), divided by 5; its own
        and its partner's pips are not counted. ``scores`` (displayed points,
        keyed by side) yields ``scores_after`` and ``game_winners`` (every side
        at or past ``params.target``).
        """
        sides = sides_of(players, teams)
        pips = {s: sum(hands[m] for m in members) for s, members in sides.items()}
        if out is not None:
            winners = (side_of(out, sides),)
        else:
            low = min(pips.values())
            winners = tuple(s for s in sides if pips[s] == low)
        opp = {w: sum(v for s, v in pips.items() if s != w) for w in winners}
        raw = {w: round_half_up_to(opp[w], self.params.point_unit) for w in winners}
        points = {w: raw[w] // self.params.point_unit for w in winners}
        after = game = None
        if scores is not None:
            after = {s: scores.get(s, 0) + points.get(s, 0) for s in sides}
            game = tuple(s for s in sides if self.params.target is not None
                         and after[s] >= self.params.target)
        return Settlement(winners, points, raw, pips, opp, out is None, after, game)
