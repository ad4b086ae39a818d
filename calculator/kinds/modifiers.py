"""Roll modifiers (a spell's ``modifier`` or a free modifier of the input): each op owns its step.

Step 6 subtracts (never below 0), step 7 divides (rounds down), step 9 multiplies, step 10 adds
and counts-as results are added (seed 001). At most one dividing and one multiplying modifier
per result type (rulebook p.28).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.records import Multiplier
from ..core.registry import Amount, Bool, Count, Int, Kind, ListOf, OneOf, Text, result_type, result_types, roll_categories
from ..core.rolls import CATEGORY_NAMES, RESULT_TYPES, Roll
from . import MODIFIERS

RESULT_WORDS = RESULT_TYPES + ("all",)
COMMON = {"rolls": roll_categories(), "target": OneOf(("army", "terrain", "opposing-army"), "target"),
          "condition": Text(), "engine": Bool(default=True),
          "situation": OneOf(("counter-attack",), "situation"), "species": Text(noun="species id"),
          "ties": OneOf(("counter-maneuvering-army",), "who wins a tied maneuver")}
SIGN = {"add": "+", "subtract": "−", "divide": "÷", "multiply": "×"}


class Modifier(Kind):
    """Base: which roll a modifier changes, and which of its counted types."""

    step = 10
    source = ""
    spell: str | None = None        # the spell it comes from (bind)
    # Applied by the arithmetic of steps 6, 7, 9 and 10; a modifier that is not (counts-as, one
    # unit's doubling) changes what the units' results count as or are worth (calculator.roll.collect).
    arithmetic: ClassVar[bool] = True
    # Castings of its spell combined on one target add up: N castings carry N copies (v4.01d p.44).
    stacks: ClassVar[bool] = False
    low: ClassVar[int] = 0                    # the smallest amount a free modifier of this op may have
    counts_as: ClassVar[bool] = False         # "counts as" (its ``from`` and ``to`` types)
    # The parameters every op shares (COMMON), set by Kind.__init__:
    rolls: tuple[str, ...] | None
    target: str | None
    condition: str | None
    engine: bool
    situation: str | None
    species: str | None
    ties: str | None
    choice: tuple[str, ...] | None      # an arithmetic op's choice of result types
    # Whether it applies to each kind of roll, remembered by calculator.roll.totals (a spell's
    # modifier is the same object each time).
    verdicts: dict[tuple[object, ...], tuple[bool, tuple[str, str] | None]]

    @classmethod
    def acts(cls) -> bool:
        return True        # every op is applied by the steps (or its spell says engine: false)

    @classmethod
    def lowest_amount(cls) -> int:
        """The smallest amount a free modifier of this op may have."""
        return cls.low

    def unit_multiplier(self, roll: Roll) -> Multiplier | None:
        """The step-9 doubling of one unit's results this modifier brings to the roll (Wilding)."""
        return None

    def adds(self, rtype: str) -> int:
        """Results of one type it adds to every roll that counts them (saves from spells)."""
        return 0

    def ties_to_counter(self) -> bool:
        """Fields of Ice (p.44): at its terrain a tied maneuver goes to the counter-maneuvering army."""
        return self.p.get("ties") == "counter-maneuvering-army"

    def bind(self, source: str, spell: str | None = None) -> "Modifier":
        self.source, self.spell = source, spell
        return self

    def identity(self) -> str:
        """What tells its work in a roll apart from another modifier's: its kind, its parameters and
        where it comes from (named in the trace). Raises TypeError for a parameter that is not plain data."""
        return json.dumps([type(self).__qualname__, self.p, self.source, self.spell],
                          sort_keys=True)

    def fits(self, roll: Roll) -> bool:
        if roll.type.individual:
            return False        # army modifiers never touch a unit rolling alone (rulebook p.29)
        if self.rolls and roll.rank(frozenset(self.rolls)) is None:
            return False
        return not (self.situation and self.situation not in roll.situations())

    def types(self, roll: Roll, totals: Mapping[str, int] | None = None) -> list[str]:
        """Counted types it changes in this roll (empty: it does not change this roll)."""
        if not self.fits(roll):
            return []
        if self.p.get("choice"):
            t = roll.pick(self.p["choice"])
            return [t] if t else []
        result = self.p.get("result")
        if result == "all":
            return self.all_types(roll, totals)
        return [result] if result in roll.counts else []

    def changes(self, roll: Roll) -> bool:
        """Whether it changes a roll of this kind at all (the roll a page opens to use its spell in)."""
        return bool(self.types(roll, {t: 1 for t in roll.counts}))

    def all_types(self, roll: Roll, totals: Mapping[str, int] | None) -> list[str]:
        # "n results of any type": one counted type, one that has results if any has (p.28).
        with_results = [t for t in roll.counts if totals and totals.get(t, 0) > 0]
        return [(with_results or list(roll.counts))[0]]

    def label(self) -> str:
        result, amount = self.p.get("result"), self.p.get("amount")
        what = " or ".join(self.p.get("choice") or ()) if not result else \
            ("result of any type" if amount == 1 else "results of any type") if result == "all" else result
        return f"{SIGN.get(self.kind, self.kind)}{amount if amount is not None else ''} {what}{self.when()}"

    def when(self) -> str:
        """Where the modifier works, in words ("" when it works in every roll)."""
        parts = []
        if self.rolls:
            parts.append(" and ".join(CATEGORY_NAMES.get(r, r).lower() for r in self.rolls) + " rolls")
        if self.situation:
            parts.append(self.situation + "s")
        return f" ({', '.join(parts)})" if parts else ""

    def describe(self, x: Count = 0) -> str:
        return self.label()


class Arithmetic(Modifier):
    """An op of steps 6, 7, 9 or 10 on one result type (or a choice of types, or all) with an
    amount; ``low`` is the kind's own bound on the amount (never divide by 0)."""

    result: str | None
    amount: int

    def __init_subclass__(cls, **kw: object) -> None:
        super().__init_subclass__(**kw)
        cls.params = {**COMMON, "result": OneOf(RESULT_WORDS, "result type"), "choice": result_types(),
                      "amount": Int(cls.low, required=True)}

    def apply(self, before: int) -> int:
        raise NotImplementedError


@MODIFIERS.register
class Subtract(Arithmetic):
    kind, step, low = "subtract", 6, 0
    stacks = True

    def apply(self, before: int) -> int:
        return max(0, before - self.amount)     # step 6: never below 0


@MODIFIERS.register
class Divide(Arithmetic):
    kind, step, low = "divide", 7, 1

    @classmethod
    def halving(cls, result: str, source: str) -> dict[str, Any]:
        """The input of a modifier that halves one type of results (a breath, Wither)."""
        return {"op": cls.kind, "result": result, "amount": 2, "source": source}

    def all_types(self, roll: Roll, totals: Mapping[str, int] | None) -> list[str]:
        return list(roll.counts)               # halving "all results" halves every counted type

    def apply(self, before: int) -> int:
        return before // self.amount           # step 7: round down


@MODIFIERS.register
class Multiply(Arithmetic):
    kind, step, low = "multiply", 9, 1

    def all_types(self, roll: Roll, totals: Mapping[str, int] | None) -> list[str]:
        return list(roll.counts)

    def apply(self, before: int) -> int:
        return before * self.amount


@MODIFIERS.register
class Add(Arithmetic):
    kind, step, low = "add", 10, 0
    stacks = True

    @classmethod
    def adding(cls, result: str, amount: int, source: str) -> dict[str, Any]:
        """The input of a modifier that adds results of one type (a controlled dragon's damage, p.62)."""
        return {"op": cls.kind, "result": result, "amount": amount, "source": source}

    def apply(self, before: int) -> int:
        return before + self.amount

    def adds(self, rtype: str) -> int:
        return self.amount if self.p.get("result") == rtype else 0


@MODIFIERS.register
class CountsAsModifier(Modifier):
    """Necromantic Wave, Berserker Rage: rolled results of one type count as another (step 10)."""

    kind = "counts-as"
    arithmetic = False
    counts_as = True
    params = {**COMMON, "from": result_type(required=True), "to": result_types(required=True)}
    to: tuple[str, ...]

    def label(self) -> str:
        who = f"{str(self.species).replace('-', ' ').title()} units' " if self.species else ""
        return f"{who}{self.p['from']} results count as {' or '.join(self.p['to'])}{self.when()}"

    def changes(self, roll: Roll) -> bool:
        return self.fits(roll) and any(t in roll.counts for t in self.p["to"])


@MODIFIERS.register
class MultiplyUnitModifier(Modifier):
    """Wilding: after each roll the owner doubles one unit's results of some types (step 9)."""

    kind = "multiply-unit"
    step = 9
    arithmetic = False
    params = {**COMMON, "types": result_types(required=True), "factor": Int(2, required=True)}
    factor: int

    def unit_multiplier(self, roll: Roll) -> Multiplier | None:
        if not self.fits(roll):
            return None
        return Multiplier("", self.source, -1, self.factor, tuple(t for t in self.p["types"] if t in roll.counts),
                          False, None)

    def changes(self, roll: Roll) -> bool:
        return self.fits(roll) and any(t in roll.counts for t in self.p["types"])

    def label(self) -> str:
        return f"×{self.factor} one unit's {' and '.join(self.p['types'])} results{self.when()}"


def free_modifier_ops() -> tuple[str, ...]:
    """Ops a free modifier of the input may use (the four arithmetic ones)."""
    return ("add", "subtract", "divide", "multiply")


__all__ = ["Modifier", "free_modifier_ops", "Amount", "ListOf"]
