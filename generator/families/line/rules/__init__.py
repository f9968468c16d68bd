"""The rules of a single line of play: the rule values that need code of
their own, one module per game that brought them, each a subclass of the
line-of-play :class:`~generator.families.line.rules.variant.Variant`; every other rule
value is played by that class itself.

==========================  ==========================================  ====================
choice: value               class                                       source
==========================  ==========================================  ====================
matching: sum-7             :class:`.matador.SumMatching`               seed 004, Matador
scoring: headers            :class:`.bergen.Headers`                    seed 004, Bergen
legal_totals: multiples     :class:`.all_threes.MultiplesOnly`          seed 004, All Threes
continuation:               :class:`.horse_race.DoubleOrScore`          seed 000
double-or-score
side_branches:              :class:`.star.SpinnerSidesFirst`            gambiter.com,
spinner-first                                                           Sebastopol
side_branches:              :class:`.star.EightArmStar`                 Pagat, Cyprus
eight-arm-star
==========================  ==========================================  ====================
"""

from __future__ import annotations

from ....base import buildinfo as _buildinfo

if _buildinfo.active():     # the line's engine and rule values may run compiled (generator.base.native)
    __path__.insert(0, str(_buildinfo.COMPILED / "families" / "line" / "rules"))  # noqa: F821 - a package's own search path

from ....engine.choices import Choices  # noqa: E402
from .layout import Layout, Placed  # noqa: E402
from .variant import Contribution, Placement, Play, Variant  # noqa: E402
from .hand import Event, Hand  # noqa: E402
from .all_threes import MultiplesOnly  # noqa: E402
from .bergen import Headers  # noqa: E402
from .horse_race import DoubleOrScore  # noqa: E402
from .matador import SumMatching  # noqa: E402
from .star import EightArmStar, SpinnerSidesFirst  # noqa: E402

__all__ = ["VALUE_RULES", "rule_parts", "Layout", "Placed", "Contribution", "Placement", "Play", "Variant", "Event",
           "Hand"]

#: (choice, value) -> the class that plays that value (every other value is the base class's).
VALUE_RULES: dict[tuple[str, str], type[Variant]] = {
    ("matching", "sum-7"): SumMatching,
    ("scoring", "headers"): Headers,
    ("legal_totals", "multiples"): MultiplesOnly,
    ("continuation", "double-or-score"): DoubleOrScore,
    ("side_branches", "spinner-first"): SpinnerSidesFirst,
    ("side_branches", "eight-arm-star"): EightArmStar,
}


def rule_parts(choices: Choices) -> tuple[type[Variant], ...]:
    """The classes that play ``choices`` in a line of play: the
    :data:`VALUE_RULES` classes the choices name, else :class:`Variant` itself.

    >>> from generator.engine.choices import Choices
    >>> [c.__name__ for c in rule_parts(Choices.from_mapping({"scoring": "headers", "matching": "sum-7"}))]
    ['SumMatching', 'Headers']
    """
    parts = tuple(cls for (key, value), cls in VALUE_RULES.items() if getattr(choices, key) == value)
    return parts or (Variant,)
