"""What one rolled face of one unit brings to a roll (typed records, no behaviour).

The effect kinds (``calculator.kinds``) fill a :class:`Contribution`; the steps sum them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .shapes import Answer
from .interpret import see


class EffectKind(Protocol):
    """A registered kind, as the parts that read a record of its use see it (calculator.core.registry.Kind
    is one). Named by its shape, not imported: the registry imports this file (its kinds write these
    records), so this file does not import the registry."""

    @property
    def kind(self) -> str: ...
    @property
    def p(self) -> dict[str, Any]: ...
    @property
    def names_its_face(self) -> bool: ...
    @property
    def exact_odds(self) -> bool: ...
    @property
    def kills_dragon(self) -> bool: ...
    @property
    def dragon_attack_acts(self) -> bool: ...
    # Its action in an exchange, ``exchange(use, step)`` (Kind.exchange: the step is a
    # calculator.core.seams.ExchangeStep, which calculator.exchange.step checks where it calls it).
    @property
    def exchange(self) -> Callable[[EffectUse, Any], None] | None: ...

    def acts_in_exchange(self) -> bool: ...
    def describe(self, x: int | str) -> str: ...
    def on_counter_maneuvers(self, x: int, source: str) -> list[Answer]: ...
    def cancels_dragon_damage(self, unit_elements: Sequence[str],
                              dragons: Sequence[tuple[int, tuple[str, ...], int]]) -> int | None: ...


@dataclass(frozen=True)
class Note:
    """A line for the trace at one step (``see``: an interpretation anchor)."""

    step: int
    text: str
    see: str | None = None


@dataclass(frozen=True)
class Multiplier:
    """An SAI effect that multiplies some units' own results at step 9 (Elevate, Trumpet)."""

    sai: str
    name: str
    unit: int
    factor: int
    types: tuple[str, ...]
    choose_one: bool          # one of ``types`` (Elevate in a dragon attack: missile or save)
    species: str | None       # None: one unit; else every unit of that species


@dataclass(frozen=True)
class CountsAs:
    """An army-wide counts-as effect (Charge: maneuver results count as melee results)."""

    name: str
    src: str
    to: tuple[str, ...]


@dataclass(frozen=True)
class EffectUse:
    """One effect a rolled face brings, with its X: reported, delayed or acted on in an exchange."""

    sai: str
    name: str
    unit: int | None
    label: str
    x: int
    effect: EffectKind        # the registered kind instance
    text: str                 # the clause's rules text
    delayed: bool = False
    applied: bool = False     # the engine applied it in this roll

    def to_json(self) -> Answer:
        out: Answer = {"sai": self.sai, "unit": self.unit, "label": self.label, "x": self.x,
                               "kind": self.effect.kind, "what": self.effect.describe(self.x), "text": self.text}
        amount = self.effect.p.get("amount")
        if amount is not None:
            out["amount"] = self.x if amount == "X" else amount
        if self.delayed:
            out["delayed"] = True
            out["see"] = see("delayed-effects")
        elif self.applied:
            out["applied"] = True
        else:
            out["see"] = see("effects-reported")
        return out


@dataclass
class Contribution:
    """What one face adds. Dicts map result type -> results."""

    nonsai: dict[str, int] = field(default_factory=dict)     # step 5: normal icons and ID
    sai: dict[str, int] = field(default_factory=dict)        # step 8: SAI-generated
    rolled: dict[str, int] = field(default_factory=dict)     # every result shown, counted or not
    army_adds: dict[str, int] = field(default_factory=dict)  # step 10: added to the army (Cloak)
    rerolls: int = 0                                          # step 3: "roll again" requests
    multiply: list[Multiplier] = field(default_factory=list)
    counts_as: list[CountsAs] = field(default_factory=list)
    effects: list[EffectUse] = field(default_factory=list)
    reflect: int = 0                                          # Bash: saves = a target's melee results
    lose_auto_saves: bool = False
    rolled_id: bool = False                                   # an ID icon, or what counts as one
    notes: list[Note] = field(default_factory=list)

    def add(self, bucket: str, rtype: str, n: int) -> None:
        d = getattr(self, bucket)
        d[rtype] = d.get(rtype, 0) + n

    def results(self, rtype: str) -> int:
        return self.nonsai.get(rtype, 0) + self.sai.get(rtype, 0)
