"""Species abilities that read the Dead Unit Area in a roll (v4.01d p.21, the ⚰️ limit: so many units
per 24 points of force, or part): Bone Magic adds results for the units showing some, Magic Negation
takes the results of its units' roll from an opponent's magic action. The roll's input says how many
of the species are in the DUA (``in_dua``) and the force's size (``size``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.registry import Amount, Count, OneOf, result_type
from . import ABILITIES
from .abilities import Ability, with_conditions

if TYPE_CHECKING:
    from ..core.records import Contribution


@ABILITIES.register
class AddResults(Ability):
    """Bone Magic (v4.01d p.21): each unit of the species showing at least one non-ID result of the type
    adds ``amount`` more, a modifier that adds (step 10, p.27); in all no more than the species' units
    in the owner's DUA, and at most ``dua_limit.max`` of them per 24 points of force (p.21 ⚰️).
    The calculator reads "non-ID" as a normal icon's result: an ID icon's or an SAI's does not count."""

    kind = "add-results"
    params = with_conditions(result=result_type(required=True), amount=Amount(required=True),
                             per=OneOf(("species-unit-with-non-id-result",), "per", required=True))
    result: str
    amount: Count
    per: str

    def shows(self, face: Contribution) -> bool:
        """Whether one face a unit of the species shows makes it count: a normal icon's result of the type."""
        return face.nonsai.get(self.result, 0) > 0 and not face.rolled_id

    def added(self, units: int, in_dua: int | None, per: int) -> int:
        """Results added for ``units`` units showing one, with ``in_dua`` of the species in the DUA
        (None: not given, so none is added and the roll says what it needs)."""
        if in_dua is None:
            return 0
        cap = min(in_dua, self.dua_limit["max"] * per) if self.dua_limit else in_dua
        return min(units, cap) * int(self.amount)

    def adds(self) -> str | None:
        return self.result

    def describe(self, x: Count = 0) -> str:
        return f"one more {self.result} result for each unit showing a non-ID {self.result} result, up to its units in your DUA"


@ABILITIES.register
class NegateResults(Ability):
    """Magic Negation (v4.01d p.21): when an opponent takes a magic action where the species has units,
    those units may roll; their results of the type are taken from the opponent's before the magic is
    totalled, no more than the species' units in the owner's DUA, at most ``dua_limit.max`` per 24
    points of force (p.21 ⚰️). The calculator reads the taking as a modifier that subtracts (step 6,
    p.27), so which of the opponent's results go is read as for any subtracting modifier (p.28)."""

    kind = "negates-results"
    phase = "after-roll"
    exchange_applies = False
    params = with_conditions(result=result_type(required=True))
    result: str

    def negates(self) -> str | None:
        return self.result

    def negated(self, rolled: int, in_dua: int, per: int) -> int:
        cap = min(in_dua, self.dua_limit["max"] * per) if self.dua_limit else in_dua
        return min(rolled, cap)

    def taking(self, n: int) -> dict[str, Any]:
        """The opponent's roll loses ``n`` results as a modifier that subtracts (step 6, p.27)."""
        return {"op": "subtract", "result": self.result, "amount": n}

    def describe(self, x: Count = 0) -> str:
        return f"its units' {self.result} results taken from an opponent's {self.result} action, up to its units in your DUA"
