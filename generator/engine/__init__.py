"""The rules core, family-neutral: tiles and sets (:mod:`.tiles`), the rules
base every family builds on (:mod:`.rulebase`), the rule choices
(:mod:`.choices`), the family registry (:mod:`.family`) and the joining of a
game's rules (:mod:`.rules`). No rule of a single family lives here: the line
of play's engine is :mod:`generator.families.line.rules`.

The rule modules may be loaded compiled (see :mod:`generator.base.native`)."""

from ..base import buildinfo as _buildinfo

if _buildinfo.active():
    __path__.insert(0, str(_buildinfo.COMPILED / "engine"))  # noqa: F821 - a package's own search path

from .tiles import End, NotationError, Tile, double_set  # noqa: E402
from .rulebase import Params, RuleViolation, Rules, Settlement  # noqa: E402

__all__ = ["End", "NotationError", "Tile", "double_set", "Params", "RuleViolation", "Rules", "Settlement"]
