"""Whole games played by the engine's players (:mod:`.simulate`) and the
figures the pages print from them (:mod:`.stats`). The game loop may run
compiled (:mod:`generator.base.native`)."""

from ..base import buildinfo as _buildinfo

if _buildinfo.active():     # the game loop may run compiled
    __path__.insert(0, str(_buildinfo.COMPILED / "sim"))  # noqa: F821 - a package's own search path
