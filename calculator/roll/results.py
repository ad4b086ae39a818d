"""Typed results of a roll: the trace of its ten steps, each unit's outcome, effects and warnings.

JSON is made only at the edges (the command line and the browser's worker) by ``to_json``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.shapes import Answer
from ..core.records import EffectUse
from ..core.faces import Face
from ..core.rolls import Roll
from ..core.seams import RollUnit


# One line of the trace at one step: (text, unit index, unit label, see, extra fields). A plain
# tuple: a roll writes some thirty of them, and the trace is made for every resolution.
Entry = tuple


def entry_json(e: Entry) -> Answer:
    text, unit, label, see, extra = e
    out: Answer = {"unit": unit, "text": text}
    if label is not None:
        out["label"] = label
    if see:
        out["see"] = see
    if extra:
        out.update(extra)
    return out


@dataclass
class Warning:
    text: str
    see: str | None = None

    def to_json(self) -> Answer:
        return {"text": self.text, **({"see": self.see} if self.see else {})}


@dataclass
class Trace:
    """Entries and subtotals per step, effects and warnings of one resolution."""

    entries: dict[int, list[Entry]] = field(default_factory=lambda: {n: [] for n in range(1, 11)})
    subtotals: dict[int, dict[str, int]] = field(default_factory=dict)
    factors: dict[str, int] = field(default_factory=dict)   # step 9: the army's multiplier per type
    effects: list[EffectUse] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)
    quiet: bool = False            # probability runs keep warnings only
    terrain: list[Answer] = field(default_factory=list)   # effects of the faces the army holds (p.15)

    def add(self, step: int, text: str, unit: RollUnit | None = None, see: str | None = None, **extra: object) -> None:
        if self.quiet:
            return
        if unit is None:
            self.entries[step].append((text, None, None, see, extra))
        else:
            self.entries[step].append((text, unit.index, unit.name, see, extra))

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

    def to_json(self) -> Answer:
        out: Answer = {"unit": self.index, "label": self.label, "faces": [f.label() for f in self.faces],
                               "results": dict(sorted(self.results.items())), "rolled_id": self.rolled_id}
        if self.excluded:
            out["excluded"] = self.excluded
        return out


@dataclass
class RollResult:
    """The resolution of one roll."""

    roll: Roll
    terrain: str | None
    totals: dict[str, int]
    steps: list[dict[str, Any]]  # step number, rule anchor, title (from the data), entries, subtotals
    trace: Trace
    rolls: list[Any]                    # calculator.roll.steps.UnitRoll, one per unit

    @property
    def units(self) -> list[UnitOutcome]:
        """What each unit did (made when asked: an exchange reads it, a single roll's JSON does not)."""
        out = []
        for ur in self.rolls:
            results = {t: ur.results(t) for t in self.roll.counts if ur.results(t)} if not ur.excluded else {}
            out.append(UnitOutcome(ur.unit.index, ur.unit.name, list(ur.faces), results, ur.rolled_id, ur.excluded))
        return out

    @property
    def effects(self) -> list[EffectUse]:
        return self.trace.effects

    def to_json(self) -> Answer:
        roll = self.roll
        out: Answer = {
            "roll": roll.id, "against": roll.against if roll.is_save else None, "terrain": self.terrain,
            "counted": list(roll.counts), "totals": dict(sorted(self.totals.items())),
            "steps": [{"step": s["step"], "rule": s["rule"], "title": s["title"],
                       "entries": [entry_json(e) for e in s["entries"]],
                       "subtotals": dict(sorted(s["subtotals"].items()))} for s in self.steps],
            "effects": [e.to_json() for e in self.effects],
            "warnings": [w.to_json() for w in self.trace.warnings],
        }
        if roll.type.individual:
            out["individual"] = True
        if self.trace.terrain:
            out["terrain_effects"] = list(self.trace.terrain)
        return out
