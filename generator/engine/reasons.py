"""Why a move or a position is refused, as data: a :class:`Reason` travels
with the error a position file gets (:class:`~generator.model.yamlsrc.SourceError`),
set where the model or a family's positions raise it (from the engine's
:class:`~generator.engine.rulebase.RuleViolation`: :meth:`Reason.refusal`),
so that a page can say why in its own words without reading the error's
message (the house-rule page's re-run of a parent's examples,
:mod:`generator.pages.houserules`).

Nothing here belongs to one family: a family that refuses something for a
reason of its own gives one of these kinds with its values.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Reason", "KINDS"]

#: The kinds of reason, and what each carries:
#: ``rule`` a rule of the game forbids the move (``rule``: its id, ``VARIANT/NAME``; ``places`` and
#: ``have`` where the move names a place the table lacks);
#: ``choice`` a rule choice of the game forbids it (``choice``, ``value``: the key and its value);
#: ``tile-not-in-set`` a tile the game's set lacks (``top``: the set's highest pip);
#: ``no-arm`` places the table does not have (``places``: their names; ``have``: the table's);
#: ``now-allowed`` a move stated as refused (by rule ``stated``) that the engine accepts;
#: ``other-rule`` a move stated as refused by rule ``stated`` that the engine refuses by ``rule``;
#: ``deal`` a deal that does not fit the game's deal sizes;
#: ``misfit`` a stated move the rules play otherwise (a draw that is not the top of the stock).
KINDS = ("rule", "choice", "tile-not-in-set", "no-arm", "now-allowed", "other-rule", "deal", "misfit")


@dataclass(frozen=True)
class Reason:
    """Why something is refused: a ``kind`` of :data:`KINDS` and its values
    (the fields that kind names; the others keep their empty defaults).

    ``at`` is the place in an example where it happened: ``("step", n)`` or
    ``("move", n)``, 1-based as the position files count them, or ``None``.
    Raises :class:`ValueError` for a kind not in :data:`KINDS`.
    """

    kind: str
    rule: str = ""
    stated: str = ""
    choice: str = ""
    value: str = ""
    top: int = 0
    places: tuple[str, ...] = ()
    have: tuple[str, ...] = ()
    at: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no reason of kind {self.kind!r}; the kinds are {', '.join(KINDS)}")

    @property
    def rule_name(self) -> str:
        """The rule id's last part (``matching`` of ``all-fives/matching``); empty without a rule."""
        return self.rule.rpartition("/")[2]

    @property
    def stated_name(self) -> str:
        """The stated rule id's last part; empty without one."""
        return self.stated.rpartition("/")[2]

    @staticmethod
    def refusal(exc, places: tuple[str, ...] = (), have: tuple[str, ...] = ()) -> "Reason":
        """The reason of the engine's refusal ``exc`` (a
        :class:`~generator.engine.rulebase.RuleViolation`): kind ``rule``,
        naming its rule id; ``places`` and ``have`` where the move named a
        place the table does not have (the places named, the table's)."""
        return Reason("rule", rule=exc.rule, places=tuple(places), have=tuple(have))

    def located(self, where: str, n: int) -> "Reason":
        """This reason at ``where`` (``"step"`` or ``"move"``) ``n`` of an example."""
        return replace(self, at=(where, n))

