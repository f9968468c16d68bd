"""All Fives (オール・ファイブ, Muggins): seed ``004_7920f74d13d370b9.txt``, section
6, with ``shared/notes/seed-004-reading.md``; deal sizes and drawing are cut off
in the OCR and follow the standard references (stated on the page).

>>> from generator.engine import Params, Tile, End, Layout
>>> af = AllFives(Params(set=6, players=(2, 3, 4), partnerships=(), deal={2: 7, 3: 5, 4: 5}, target=100))
>>> p = af.place(Layout(), Tile(0, 4), None)
>>> p = af.place(p.layout, Tile(0, 1), End(Tile(0, 4), "0"))
>>> p.total, p.points
(5, 5)
"""

from __future__ import annotations

from ..engine.variant import Variant

__all__ = ["AllFives"]


class AllFives(Variant):
    """All Fives.

    - Scoring during play (目的): a play that makes the open ends total a
      positive multiple of 5 scores that total in points (1 point per pip).
    - Counting: :func:`count_fives_ends` -- a crosswise double at an end counts
      both halves, a double laid lengthwise one (the player chooses, ``as``).
      The line keeps two open ends (seed 004: more tiles never make more ends).
    - End of hand (the list before section 7): going out scores the pips left
      in all other hands; when everyone is blocked, the lowest hand scores the
      sum of its differences against each other hand (a tie for lowest scores
      nothing). The first to 100 wins.
    """

    id = "all-fives"
    spinners = False
    doubles = "choice"
    matching = "equal"
    lead_rule = "lot"
    draw_mode = "until-playable"
    counting = "fives"
    play_scoring = ("multiple", 5)
    settle_rule = "differences"

