"""Sniff (スニッフ): seed ``004_7920f74d13d370b9.txt`` (the Sniff pages), with
``shared/notes/seed-004-reading.md``.

>>> from generator.engine import Params, Tile, End, Layout
>>> sn = Sniff(Params(set=6, players=(2, 3, 4), partnerships=(4,), deal={2: 7, 3: 6, 4: 5},
...                   stock_reserve=2, target=200))
>>> p = sn.place(Layout(), Tile(1, 4), None)
>>> p.points
5
>>> sn.place(p.layout, Tile(1, 1), End(Tile(1, 4), "1"), "inline").total
5
>>> sn.place(p.layout, Tile(1, 1), End(Tile(1, 4), "1"), "cross").total
6
"""

from __future__ import annotations

from ..engine.variant import Variant

__all__ = ["Sniff"]


class Sniff(Variant):
    """Sniff, "a variant of All Fives".

    - Deal (遊び方 1): 7 each for two, 5 each for four (two partnerships); the
      set-player is chosen by drawing, and the set need not be a double.
    - Drawing (遊び方 2, 4): a player may draw even while able to play; the last
      2 tiles always stay in the stock (``params.stock_reserve``).
    - Doubles may be joined lengthwise (``as: inline``, one half counts) or
      crosswise (``as: cross``, both halves count) (遊び方 3).
    - The first double is the sniff: laid crosswise, all four of its sides are
      open ends at once, and each arm's end is counted (スニッフ).
    - Scoring: an end total that is a multiple of 5 scores itself (bonus);
      going out, or the lowest hand when nobody plays on, scores the pips left
      in the other hands (a tie for lowest scores nothing); 200 wins the match.
    """

    id = "sniff"
    spinners = "first"
    sides_after_straight = False
    doubles = "choice"
    matching = "equal"
    lead_rule = "lot"
    draw_mode = "optional"
    counting = "fives"
    play_scoring = ("multiple", 5)
    settle_rule = "opponents"

