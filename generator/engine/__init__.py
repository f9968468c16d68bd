"""The rules core: tiles and sets, the family-neutral rules base
(:mod:`.rulebase`), rule choices, the family registry and the joining of a
game's rules (:mod:`.rules`); and, for now, the line of play's engine
(layouts, :class:`Variant`, the hand state machine).

The rule modules may be loaded compiled (see :mod:`generator.base.native`)."""

from ..base import buildinfo as _buildinfo

if _buildinfo.active():
    __path__.insert(0, str(_buildinfo.COMPILED / "engine"))  # noqa: F821 - a package's own search path

from .tiles import End, NotationError, Tile, double_set  # noqa: E402
from .rulebase import Params, RuleViolation, Rules, Settlement  # noqa: E402
from .layout import Layout, Placed  # noqa: E402
from .variant import Contribution, Placement, Variant  # noqa: E402

__all__ = ["End", "NotationError", "Tile", "double_set", "Params", "RuleViolation", "Rules", "Settlement",
           "Layout", "Placed", "Contribution", "Placement", "Variant"]
