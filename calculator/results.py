"""Typed results of a roll: the trace of its ten steps, each unit's outcome, effects and warnings.

JSON is made only at the edges (the command line and the browser's worker) by ``to_json``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .contribution import EffectUse
from .faces import Face


@dataclass
class Entry:
    """One line of the trace at one step."""

    text: str
    unit: int | None = None
    label: str | None = None
    see: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"unit": self.unit, "text": self.text}
        if self.label is not None:
            out["label"] = self.label
        if self.see:
            out["see"] = self.see
        out.update(self.extra)
        return out


@dataclass
class Warning:
    text: str
    see: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, **({"see": self.see} if self.see else {})}


@dataclass
class Trace:
    """Entries and subtotals per step, effects and warnings of one resolution."""

    entries: dict[int, list[Entry]] = field(default_factory=lambda: {n: [] for n in range(1, 11)})
    subtotals: dict[int, dict[str, int]] = field(default_factory=dict)
    effects: list[EffectUse] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)
    quiet: bool = False            # probability runs keep warnings only

    def add(self, step: int, text: str, unit: Any = None, see: str | None = None, **extra: Any) -> None:
        if self.quiet:
            return
        self.entries[step].append(Entry(text, unit.index if unit is not None else None,
                                        unit.label if unit is not None else None, see, extra))

    def warn(self, text: str, see: str | None = None) -> None:
        if all(w.text != text for w in self.warnings):
            self.warnings.append(Warning(text, see))


@dataclass
class UnitOutcome:
    """What one unit did in the roll (exchanges read it: casualties, ID rollers, Bash targets)."""

    index: int
    label: str
    faces: list[Face]
    results: dict[str, int]             # its counted results (normal, ID and SAI), before modifiers
    rolled_id: bool = False
    excluded: str = ""                  # why its results do not count (taken out at step 2, ...)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"unit": self.index, "label": self.label, "faces": [f.label() for f in self.faces],
                               "results": dict(sorted(self.results.items())), "rolled_id": self.rolled_id}
        if self.excluded:
            out["excluded"] = self.excluded
        return out


@dataclass
class RollResult:
    """The resolution of one roll."""

    roll: Any                           # calculator.rolls.Roll
    terrain: str | None
    totals: dict[str, int]
    steps: list[dict[str, Any]]         # step number, rule anchor, title (from the data), entries, subtotals
    trace: Trace
    units: list[UnitOutcome]

    @property
    def effects(self) -> list[EffectUse]:
        return self.trace.effects

    def to_json(self) -> dict[str, Any]:
        roll = self.roll
        out: dict[str, Any] = {
            "roll": roll.id, "against": roll.against if roll.is_save else None, "terrain": self.terrain,
            "counted": list(roll.counts), "totals": dict(sorted(self.totals.items())),
            "steps": [{"step": s["step"], "rule": s["rule"], "title": s["title"],
                       "entries": [e.to_json() for e in s["entries"]],
                       "subtotals": dict(sorted(s["subtotals"].items()))} for s in self.steps],
            "effects": [e.to_json() for e in self.effects],
            "warnings": [w.to_json() for w in self.trace.warnings],
            "units": [u.to_json() for u in self.units],
        }
        if roll.type.individual:
            out["individual"] = True
        return out
