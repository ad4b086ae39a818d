"""Steps 5 to 10 of Die Roll Resolution (seed 001, rulebook p.27-28) as a pure function of the
army's summed results (:class:`Sums`) and the modifiers, so the probability engine runs the very
same functions over every possible outcome.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..core.interpret import see
from .results import Trace
from ..core.rolls import Roll
from ..kinds.modifiers import Modifier


@dataclass(frozen=True)
class Add:
    """A step-10 addition that is not a modifier's: counts-as results, automatic saves, Cloak."""

    text: str
    type: str
    n: int
    see: str | None = None


@dataclass(frozen=True)
class Extra:
    """A step-9 gain from doubling some units' own results (Elevate, Trumpet, Wilding)."""

    text: str
    type: str
    n: int


@dataclass
class Sums:
    """Everything steps 5-10 need."""

    nonsai: dict[str, int]
    sai: dict[str, int]
    extras: list[Extra] = field(default_factory=list)
    adds: list[Add] = field(default_factory=list)


def applicable(mods: Iterable[Modifier], roll: Roll, trace: Trace) -> list[Modifier]:
    """The modifiers that change this roll (steps 6-10); the others are named in the warnings.
    Counts-as and unit-multiplying modifiers that work in the roll are applied through collect."""
    out = []
    for m in mods:
        use, warning = verdict(m, roll)
        if warning:
            trace.warn(*warning)
        if use:
            out.append(m)
    return out


def verdict(m: Modifier, roll: Roll) -> tuple[bool, tuple[str, str] | None]:
    """(applied at steps 6-10, the warning to give). A spell's modifier is the same object each
    time, so its verdict for a kind of roll is remembered."""
    memo = getattr(m, "verdicts", None)
    if memo is None:
        memo = m.verdicts = {}
    if roll.key not in memo:
        memo[roll.key] = _verdict(m, roll)
    return memo[roll.key]


def _verdict(m: Modifier, roll: Roll) -> tuple[bool, tuple[str, str] | None]:
    records = not m.arithmetic
    if records and m.fits(roll):
        return False, None
    if not m.p.get("engine", True):
        return False, (f"{m.source}: {m.label()} is not applied by the calculator"
                       f"{' (' + m.condition + ')' if m.condition else ''}", see("modifiers-by-hand"))
    if records or not m.fits(roll) or not m.types(roll, {t: 1 for t in roll.counts}):
        why = "an individual roll gets no army modifiers" if roll.type.individual else \
            f"does not change a {roll.label().lower()}"
        return False, (f"{m.source} ({m.label()}): {why}", see("individual-rolls" if roll.type.individual else "modifiers"))
    return True, None


def finish(sums: Sums, mods: list[Modifier], roll: Roll, trace: Trace) -> dict[str, int]:
    """Steps 5-10; ``mods`` are the applicable modifiers (see :func:`applicable`)."""
    totals = step_5_subtotal(sums, roll, trace)
    step_6_subtract(totals, mods, roll, trace)
    step_7_divide(totals, mods, roll, trace)
    step_8_add_sai(totals, sums, trace)
    step_9_multiply(totals, sums, mods, roll, trace)
    step_10_add(totals, sums, mods, roll, trace)
    return totals


def _close(trace: Trace, step: int, totals: dict[str, int], empty: str) -> None:
    if not trace.entries[step]:
        trace.add(step, empty)
    trace.subtotals[step] = dict(totals)


# Step 5 (seed 001): count up all non-SAI generated action results to obtain a subtotal.
def step_5_subtotal(sums: Sums, roll: Roll, trace: Trace) -> dict[str, int]:
    totals = {t: sums.nonsai.get(t, 0) for t in roll.counts}
    _close(trace, 5, totals, "no normal or ID results")
    return totals


# Step 6 (seed 001): apply modifiers that subtract (results can never be reduced below 0).
def step_6_subtract(totals: dict[str, int], mods: list[Any], roll: Roll, trace: Trace) -> None:
    for m in mods:
        if m.step != 6:
            continue
        for t in m.types(roll, totals):
            before = totals[t]
            totals[t] = m.apply(before)
            trace.add(6, f"{m.source}: −{m.amount} {t} ({before} → {totals[t]})", None,
                      see("all-results") if m.p.get("result") == "all" else None)
    _close(trace, 6, totals, "no subtracting modifiers")


def one_per_type(step: int, mods: list[Modifier], roll: Roll, totals: dict[str, int], trace: Trace) -> list[tuple[Any, str]]:
    # At most one dividing and one multiplying modifier per result type (rulebook p.28).
    used: set[str] = set()
    out = []
    for m in mods:
        if m.step != step:
            continue
        for t in m.types(roll, totals):
            if t in used:
                trace.warn(f"{m.source}: a second {m.kind} modifier on {t} results is ignored",
                           see("one-divide-one-multiply"))
                trace.add(step, f"{m.source}: ignored (only one {m.kind} modifier per result type)", None,
                          see("one-divide-one-multiply"))
                continue
            used.add(t)
            out.append((m, t))
    return out


# Step 7 (seed 001): apply modifiers that divide (results are rounded down).
def step_7_divide(totals: dict[str, int], mods: list[Modifier], roll: Roll, trace: Trace) -> None:
    for m, t in one_per_type(7, mods, roll, totals, trace):
        before = totals[t]
        totals[t] = m.apply(before)
        trace.add(7, f"{m.source}: ÷{m.amount} {t} ({before} → {totals[t]}, rounded down)")
    _close(trace, 7, totals, "no dividing modifiers")


# Step 8 (seed 001): add SAI generated action results to obtain a new subtotal.
def step_8_add_sai(totals: dict[str, int], sums: Sums, trace: Trace) -> None:
    for t in totals:
        n = sums.sai.get(t, 0)
        if n:
            trace.add(8, f"+{n} {t} from SAIs ({totals[t]} → {totals[t] + n})")
            totals[t] += n
    _close(trace, 8, totals, "no SAI-generated results")


# Step 9 (seed 001): apply modifiers that multiply (units' own doubling first, then the army's).
def step_9_multiply(totals: dict[str, int], sums: Sums, mods: list[Modifier], roll: Roll, trace: Trace) -> None:
    for e in sums.extras:
        if e.type in totals:
            trace.add(9, f"{e.text}: +{e.n} {e.type} ({totals[e.type]} → {totals[e.type] + e.n})", None,
                      see("unit-multipliers"))
            totals[e.type] += e.n
    for m, t in one_per_type(9, mods, roll, totals, trace):
        before = totals[t]
        totals[t] = m.apply(before)
        trace.factors[t] = m.amount         # calculator.magic multiplies each unit's magic in place
        trace.add(9, f"{m.source}: ×{m.amount} {t} ({before} → {totals[t]})")
    _close(trace, 9, totals, "no multiplying modifiers")


# Step 10 (seed 001): apply modifiers that add ('counts as' results too) to obtain a final total.
def step_10_add(totals: dict[str, int], sums: Sums, mods: list[Any], roll: Roll, trace: Trace) -> None:
    for m in mods:
        if m.step != 10:
            continue
        for t in m.types(roll, totals):
            trace.add(10, f"{m.source}: +{m.amount} {t} ({totals[t]} → {totals[t] + m.amount})", None,
                      see("choice-results") if m.p.get("choice") else None)
            totals[t] = m.apply(totals[t])
    for a in sums.adds:
        if a.type in totals:
            trace.add(10, f"{a.text}: +{a.n} ({totals[a.type]} → {totals[a.type] + a.n})", None, a.see)
            totals[a.type] += a.n
    _close(trace, 10, totals, "no adding modifiers")
