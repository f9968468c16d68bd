"""The Block game (ブロック・ゲーム). Seed ``004_7920f74d13d370b9.txt`` only refers
to it (Matador scores "as in the Block game"); the rules follow the standard
public references cited on the page (stated there as a reconstruction).

>>> from generator.engine import Params
>>> b = Block(Params(set=6, players=(2, 3, 4), partnerships=(4,), deal={2: 7, 3: 7, 4: 7}, target=100))
>>> s = b.settle(["N", "E"], {"N": 5, "E": 17}, None)
>>> s.winners, s.points["N"]
(('N',), 12)
"""

from __future__ import annotations

from ..engine.variant import Variant

__all__ = ["Block"]


class Block(Variant):
    """The Block game.

    - Deal: 7 tiles each; undealt tiles stay out of play. No drawing: a player
      who cannot play passes.
    - Lead: the holder of the highest double sets it (no double dealt: the
      heaviest tile); then play goes clockwise on the two ends of the line.
    - Matching: equal numbers; doubles crosswise, not spinners; nothing scores
      during play.
    - End: the first to go out wins the hand; when nobody can play, the lowest
      pip total (per side) wins. The winner scores the other sides' pips less
      its own (0 after going out); a tie for lowest is a drawn hand. Game: 100.
    """

    id = "block"
    spinners = False
    doubles = "cross"
    matching = "equal"
    lead_rule = "highest-double"
    draw_mode = "none"
    play_scoring = None
    settle_rule = "opponents-less-own"

    def next_leader(self, end, last_player):
        """Every hand is set by the highest double of its own deal: ``None``."""
        return None
