"""The rule values that need code of their own, one module per game that
brought them, all on :class:`generator.engine.Variant`; and
:func:`make_variant`, which joins a game's :class:`~generator.engine.Params`
and :class:`~generator.engine.choices.Choices` into its rules.

Every other rule value is played by the base class itself, so a game that
combines existing values is data alone (``rules/<id>/variant.yaml``).

==========================  ==========================================  ====================
choice: value               class                                       source
==========================  ==========================================  ====================
layout: trains              :class:`.mexican_train.MexicanTrain`        seed 001
matching: sum-7             :class:`.matador.SumMatching`               seed 004, Matador
scoring: headers            :class:`.bergen.Headers`                    seed 004, Bergen
legal_totals: multiples     :class:`.all_threes.MultiplesOnly`          seed 004, All Threes
continuation:               :class:`.horse_race.DoubleOrScore`          seed 000
double-or-score
==========================  ==========================================  ====================
"""

from __future__ import annotations

from functools import lru_cache

from ..base import buildinfo as _buildinfo

if _buildinfo.active():     # the line games' rule values may run compiled (generator.base.native)
    __path__.insert(0, str(_buildinfo.COMPILED / "variants"))  # noqa: F821 - a package's own search path

from typing import Mapping

from ..engine.choices import Choices
from ..engine.family import family_of
from ..engine.variant import Params, Variant
from .all_threes import MultiplesOnly
from .bergen import Headers
from .horse_race import DoubleOrScore
from .matador import SumMatching
from .mexican_train import MexicanTrain

#: (choice, value) -> the class that plays that value (every other value is the base class's).
VALUE_RULES: dict[tuple[str, str], type[Variant]] = {
    ("matching", "sum-7"): SumMatching,
    ("scoring", "headers"): Headers,
    ("legal_totals", "multiples"): MultiplesOnly,
    ("continuation", "double-or-score"): DoubleOrScore,
}

#: The games of this site, in the order it lists them (house rules follow, by id).
SITE_ORDER = ("horse-race", "draw", "block", "all-fives", "all-threes", "matador", "sniff", "bergen",
              "mexican-train")


@lru_cache(maxsize=None)
def rules_class(choices: Choices) -> type[Variant]:
    """The class that plays ``choices``: :class:`Variant`, or a class made of
    the class of the choices' family (:attr:`generator.engine.family.Family.rules_class`)
    and the :data:`VALUE_RULES` classes the choices name (made once per set of
    choices)."""
    own = family_of(choices.layout).rules_class       # a family that plays with a class of its own
    parts = ((own,) if own is not None else ()) \
        + tuple(cls for (key, value), cls in VALUE_RULES.items() if getattr(choices, key) == value)
    if not parts:
        return Variant
    if len(parts) == 1:
        return parts[0]
    if _buildinfo.active():
        # Two compiled classes cannot be joined: a class made of both calls the methods of one through
        # the other's method table (Bergen's headers on Matador's sums reached `is_matador` with a
        # layout). Their Python modules, loaded beside the compiled ones, join as Python classes do,
        # on the compiled base class.
        parts = tuple(_interpreted(c) for c in parts)
    return type("+".join(c.__name__ for c in parts), parts, {"__module__": __name__})


@lru_cache(maxsize=None)
def _interpreted(cls: type[Variant]) -> type[Variant]:
    """``cls`` (a rule value's class) as its Python module defines it: the
    module's source run again under a name of its own (its relative imports
    still reach the engine, compiled or not)."""
    import importlib.util
    import sys
    from pathlib import Path

    name = cls.__module__.rsplit(".", 1)[1]
    path = Path(_buildinfo.PACKAGE) / "variants" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{__name__}._python_{name}", path)
    module = importlib.util.module_from_spec(spec)          # type: ignore[arg-type]
    sys.modules[spec.name] = module                          # type: ignore[union-attr]
    spec.loader.exec_module(module)                          # type: ignore[union-attr]
    return getattr(module, cls.__name__)


def make_variant(params: Params | Mapping, choices: Choices | Mapping | None = None,
                 vid: str = "") -> Variant:
    """The rules of a game: ``params`` (a :class:`Params` or the ``params``
    mapping of ``variant.yaml``) and ``choices`` (a :class:`Choices` or the
    ``choices`` mapping), with ``vid`` as the id its rule ids start with
    (``<vid>/<rule>``). Raises ``ValueError`` for an unknown choice or value
    (see :func:`generator.engine.choices.combination_problems` for values
    that cannot be played together)."""
    if not isinstance(params, Params):
        params = Params.from_mapping(params)
    if not isinstance(choices, Choices):
        choices = Choices.from_mapping(choices)
    v = rules_class(choices)(params, choices)
    v.id = vid
    return v


__all__ = ["VALUE_RULES", "SITE_ORDER", "rules_class", "make_variant", "MexicanTrain"]
