"""The Draw game (ドロー・ドミノ): every rule here is from seed
``003_f11b2c57871d99ca.txt`` (ルールと適用範囲, 出せなければ引く, 手持ちを出し切るか).

>>> from generator.engine import Params, Tile, End, Layout
>>> d = Draw(Params(set=6, players=(2,), partnerships=(), deal={2: 7}, stock_reserve=2))
>>> p = d.place(Layout(), Tile(2, 5), None)
>>> p = d.place(p.layout, Tile(5, 6), End(Tile(2, 5), "5"))
>>> [str(e) for e in p.open], p.total, p.points
(['2-5:2', '5-6:6'], 8, 0)
"""

from __future__ import annotations

from ..engine.variant import Variant

__all__ = ["Draw"]


class Draw(Variant):
    """The two-player Draw game.

    - Set and deal (ダブルシックス28枚、黒が先手): 28 tiles, 7 each; black leads
      with any tile, then the players alternate.
    - Matching (列の端と同じ目をつなぐ): a tile joins the left or right end by an
      equal number; doubles are ordinary tiles (no spinner, no bonus).
    - Drawing (出せなければ引く): without a play, draw until a tile fits or only
      the last 2 tiles are left (``params.stock_reserve``); drawing does not end
      the turn; pass only then.
    - End (手持ちを出し切るか…): the first to empty the hand wins; when both pass
      in a row the hand is blocked and the lower pip total wins; equal totals are
      a draw (no winner). No points are kept: the hand is the game.
    """

    id = "draw"
    spinners = False
    doubles = "cross"
    matching = "equal"
    lead_rule = "black"
    draw_mode = "until-playable"
    play_scoring = None
    settle_rule = "none"

    def next_leader(self, end, last_player):
        """Seed 003 fixes the lead by colour (black leads): ``None``."""
        return None
