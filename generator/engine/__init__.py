"""The rules core shared by every variant: tiles, layouts, the variant interface
and the hand state machine.

The four rule modules may be loaded compiled (see :mod:`generator.base.native`)."""

from ..base import buildinfo as _buildinfo

if _buildinfo.active():
    __path__.insert(0, str(_buildinfo.COMPILED / "engine"))  # noqa: F821 - a package's own search path

from .tiles import End, NotationError, Tile, double_set  # noqa: E402
from .layout import Layout, Placed  # noqa: E402
from .variant import Contribution, Params, Placement, RuleViolation, Settlement, Variant  # noqa: E402

__all__ = ["End", "NotationError", "Tile", "double_set", "Layout", "Placed", "Contribution",
           "Params", "Placement", "RuleViolation", "Settlement", "Variant"]
