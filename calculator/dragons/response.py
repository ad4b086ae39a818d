"""The army's response to a dragon attack (rulebook p.17 step 6): one combination roll counting save,
melee and missile results, whose ID results each unit may split among the three types.

The roll is resolved by the ten steps of a single roll; then its ID results are set aside and
shared out again: by ``defender.id_split`` when given, else in the way that kills most dragons and
then keeps most saves. Steps 5-10 are run again on the chosen split by the very functions of a
single roll (calculator.roll.collect, calculator.roll.totals), so every modifier works as it does anywhere.
When no effect ties the types together, only how many ID results go to each type matters, and
units take their share in army order (melee first, then missile, then saves); when one does (a
unit's results doubled), each unit's own share is tried.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..roll.collect import collect, multipliers
from ..core.faces import Face
from ..core.records import Contribution, Note
from ..core.interpret import see
from ..roll.results import RollResult, Trace
from ..roll.steps import UnitRoll
from ..roll.totals import Sums, applicable, finish
from ..bundle import Index
from ..roll.inputs import RollInput

TYPES = ("save", "melee", "missile")
ORDER = ("melee", "missile", "save")       # the order units take their share of a split


def is_id(face: Face, part: Contribution) -> bool:
    return face.icon == "id" and part.rolled_id


def id_amounts(result: RollResult) -> list[int]:
    """Each ID icon's results, in army order (units whose results count)."""
    return [sum(p.nonsai.values()) for ur in result.rolls if not ur.excluded
            for f, p in zip(ur.faces, ur.parts) if is_id(f, p)]


def in_order(amounts: list[int], alloc: dict[str, int]) -> list[dict[str, int]]:
    """A split of the army's ID results shared out unit by unit: melee first, then missile, then saves."""
    left, out = dict(alloc), []
    for n in amounts:
        give: dict[str, int] = {}
        for t in ORDER:
            take = min(n - sum(give.values()), left.get(t, 0))
            if take:
                give[t], left[t] = take, left[t] - take
        out.append(give)
    return out


def total(shares: list[dict[str, int]]) -> dict[str, int]:
    return {t: sum(g.get(t, 0) for g in shares) for t in TYPES}


def split_rolls(result: RollResult, shares: list[dict[str, int]] | None, plague: str = "") -> list[UnitRoll]:
    """The units' rolls with each ID icon's results counted as ``shares`` says (None: set aside)."""
    out, j = [], 0
    for ur in result.rolls:
        parts = list(ur.parts)
        for i, (face, part) in enumerate(zip(ur.faces, ur.parts)):
            if ur.excluded or not is_id(face, part):
                continue
            give = {} if shares is None or plague else {t: k for t, k in shares[j].items() if k}
            parts[i] = replace(part, nonsai=give, rolled=dict(give), notes=[_note(sum(part.nonsai.values()), give,
                                                                                   plague)])
            j += 1
        out.append(UnitRoll(ur.unit, ur.faces, parts, ur.excluded))
    return out


def _note(n: int, give: dict[str, int], plague: str) -> Note:
    if plague:
        return Note(5, f"ID: {n} results ignored ({plague})", see("dragon-attacks"))
    shares = ", ".join(f"{k} {t}" for t, k in give.items()) or "nothing"
    return Note(5, f"ID: {n} results, counted as {shares}", see("dragon-response"))


def sums_of(rolls: list[UnitRoll], inp: RollInput, idx: Index, trace: Trace) -> Sums:
    return collect(rolls, list(inp.modifiers), inp.roll, idx, trace)


def totals_of(sums: Sums, inp: RollInput, trace: Trace) -> dict[str, int]:
    return finish(sums, applicable(list(inp.modifiers), inp.roll, trace), inp.roll, trace)


def coupled(result: RollResult, inp: RollInput) -> bool:
    """Whether one type's total can depend on how much ID went to another: a unit's results doubled
    (Elevate, Trumpet, Wilding), or a modifier on "results of any type"."""
    mods = list(inp.modifiers)
    if multipliers(result.rolls, mods, inp.roll):
        return True
    return any(m.p.get("result") == "all" and m.step in (6, 10) for m in applicable(mods, inp.roll, Trace(quiet=True)))


def curves(result: RollResult, inp: RollInput, idx: Index, n: int) -> list[list[int]]:
    """For each type, its final total when 0..n ID results go to it (the others' ID set aside)."""
    trace = Trace(quiet=True)
    base = sums_of(split_rolls(result, None), inp, idx, trace)
    out = []
    for t in TYPES:
        row = []
        for a in range(n + 1):
            s = Sums(dict(base.nonsai, **{t: base.nonsai.get(t, 0) + a}), dict(base.sai), base.extras, base.adds)
            row.append(totals_of(s, inp, trace)[t])
        out.append(row)
    return out


def split_totals(result: RollResult, inp: RollInput, idx: Index, shares: list[dict[str, int]]) -> dict[str, int]:
    trace = Trace(quiet=True)
    return totals_of(sums_of(split_rolls(result, shares), inp, idx, trace), inp, trace)


def final_roll(result: RollResult, inp: RollInput, idx: Index, shares: list[dict[str, int]] | None, plague: str
               ) -> RollResult:
    """The response roll with the chosen split, traced through all ten steps."""
    trace = Trace()
    for n in range(1, 5):
        trace.entries[n] = list(result.trace.entries[n])
    trace.effects = list(result.trace.effects)
    trace.warnings = list(result.trace.warnings)
    rolls = split_rolls(result, shares, plague)
    totals = totals_of(sums_of(rolls, inp, idx, trace), inp, trace)
    steps = [{"step": n, "rule": idx.step(n).rule, "title": idx.step(n).title, "entries": trace.entries[n],
              "subtotals": trace.subtotals.get(n, {})} for n in range(1, 11)]
    return RollResult(inp.roll, result.terrain, totals, steps, trace, rolls)
