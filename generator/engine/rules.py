"""The rules of a game, whatever its family: :func:`make_variant` joins a
game's :class:`~generator.engine.rulebase.Params` and
:class:`~generator.engine.choices.Choices` into the object that plays it.

The class comes from the game's family (:meth:`generator.engine.family.Family.rule_parts`):
the family's own rules class, and for a game of a single line of play the
classes of the rule values that need code of their own (seed 000, seed 004).
A game that combines existing values is data alone (``rules/<id>/variant.yaml``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from ..base import buildinfo as _buildinfo
from .choices import Choices
from .family import family_of
from .rulebase import Params, Rules

__all__ = ["rules_class", "make_variant"]


@lru_cache(maxsize=None)
def rules_class(choices: Choices) -> type[Rules]:
    """The class that plays ``choices``: the classes the choices' family names
    for them (:meth:`generator.engine.family.Family.rule_parts`), joined into one
    class when there are several (made once per set of choices)."""
    parts = tuple(family_of(choices.layout).rule_parts(choices))
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
def _interpreted(cls: type[Rules]) -> type[Rules]:
    """``cls`` (a rule value's class) as its Python module defines it: the
    module's source run again under a name of its own (its relative imports
    still reach the engine, compiled or not)."""
    import importlib.util
    import sys
    from pathlib import Path

    module_name = cls.__module__
    path = Path(_buildinfo.PACKAGE).joinpath(*module_name.split(".")[1:]).with_suffix(".py")
    package, name = module_name.rsplit(".", 1)
    spec = importlib.util.spec_from_file_location(f"{package}._python_{name}", path)
    module = importlib.util.module_from_spec(spec)          # type: ignore[arg-type]
    sys.modules[spec.name] = module                          # type: ignore[union-attr]
    spec.loader.exec_module(module)                          # type: ignore[union-attr]
    return getattr(module, cls.__name__)


def make_variant(params: Params | Mapping, choices: Choices | Mapping | None = None,
                 vid: str = "") -> Rules:
    """The rules of a game: ``params`` (a :class:`Params` or the ``params``
    mapping of ``variant.yaml``, its family's own params read as the family
    declares them: :meth:`Params.from_mapping`) and ``choices`` (a :class:`Choices` or the
    ``choices`` mapping), with ``vid`` as the id its rule ids start with
    (``<vid>/<rule>``). Raises ``ValueError`` for an unknown choice or value
    (see :func:`generator.engine.choices.combination_problems` for values
    that cannot be played together).

    >>> rules = make_variant({"set": 6, "players": [2], "deal": {2: 7}}, {"matching": "sum-7"}, "matador")
    >>> type(rules).__name__, rules.id, len(rules.params.tiles)
    ('SumMatching', 'matador', 28)
    """
    if not isinstance(choices, Choices):
        choices = Choices.from_mapping(choices)
    if not isinstance(params, Params):
        params = Params.from_mapping(params, family_of(choices.layout).own_params)
    v = rules_class(choices)(params, choices)
    v.id = vid
    return v
