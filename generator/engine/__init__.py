"""The rules core shared by every variant: tiles, layouts, the variant interface
and the hand state machine."""

from .tiles import End, NotationError, Tile, double_set
from .layout import Layout, Placed
from .variant import Contribution, Params, Placement, RuleViolation, Settlement, Variant

__all__ = ["End", "NotationError", "Tile", "double_set", "Layout", "Placed", "Contribution",
           "Params", "Placement", "RuleViolation", "Settlement", "Variant"]
