"""Resolve one roll through the ten steps (steps 1-4 in calculator.roll.steps, 5-10 in calculator.roll.totals).

>>> from calculator import Engine
>>> Engine({"sais": [], "dice": []}).resolve(
...     {"roll": "melee", "army": [{"die_type": "unit", "species": None, "health": 2, "rolled": "3 melee"}]}
... )["totals"]
Traceback (most recent call last):
...
calculator.core.errors.InputError: army[0]: needs 'die' or 'species'
"""
from __future__ import annotations

import random
from typing import Any, Iterable

from ..bundle import Index
from .collect import collect
from .records import RollInput
from .units import Unit
from ..core.interpret import see
from .results import RollResult, Trace
from ..core.rolls import Roll
from .steps import (DelayedUse, Dice, UnitRoll, delayed_uses, step_1_roll, step_2_delayed, step_3_reroll,
                    step_4_identify)
from .totals import applicable, finish
from ..kinds.modifiers import Modifier


def run_roll(roll: Roll, units: tuple[Unit, ...], mods: Iterable[Modifier], delayed: list[DelayedUse], idx: Index,
             seed: int, terrain: str | None = None, trace: Trace | None = None, vortex: int | None = None) -> RollResult:
    """The ten steps for one army (or one unit) with everything already checked; ``vortex``: the
    unit its controller re-rolls at step 3 (a Vortex eighth face, p.15)."""
    trace = trace or Trace()
    dice = Dice(random.Random(seed), seed)
    if roll.where == "none":
        trace.warn("no terrain given: abilities that need a terrain element do not apply", see("no-terrain"))
    for u in units:
        if not u.carried:       # p.59: rolled only with a unit able to carry it
            trace.warn(f"{u.name} adds nothing: no unit rolled with it can carry it", see("items-are-not-units"))
    mods = list(mods)
    step_mods = applicable(mods, roll, trace)
    faces = step_1_roll(units, roll, idx, dice, trace)
    excluded = step_2_delayed(list(units), faces, delayed, roll, idx, dice, trace)
    if vortex is not None:
        step_3_vortex(units[vortex], faces, excluded, dice, trace)
    rolls = step_3_reroll(list(units), faces, excluded, roll, idx, dice, trace)
    step_4_identify(rolls, trace)
    sums = collect(rolls, mods, roll, idx, trace)
    totals = finish(sums, step_mods, roll, trace)
    steps = [{"step": n, "rule": s.rule, "title": s.title, "entries": trace.entries[n],
              "subtotals": trace.subtotals.get(n, {})} for n, s in enumerate(idx.ten_steps, start=1)]
    return RollResult(roll, terrain, totals, steps, trace, rolls)


def step_3_vortex(unit: Unit, faces: list[Any], excluded: dict[int, str], dice: Dice, trace: Trace) -> None:
    # p.15 Vortex: before SAIs are resolved (step 3) the controller may re-roll one unit, ignoring
    # its previous result; the new face is the unit's first 'rerolled' face, else a seeded roll.
    old = faces[unit.index]
    if old is None or unit.index in excluded:
        trace.add(3, "Vortex: this unit cannot be re-rolled (it did not roll)", unit, see("eighth-faces"))
        return
    new, how = dice.next(unit)
    if new is None:
        return
    faces[unit.index] = new
    trace.add(3, f"Vortex: rolled again, {old.label()} ignored: {new.label()} ({how})", unit, see("eighth-faces"),
              face=new.label())


def resolve_input(inp: RollInput, idx: Index) -> RollResult:
    trace = Trace()
    for source, _ in inp.shielded:
        trace.warn(f"{source}: an opponent's death magic does not affect an army holding a Temple (p.15); "
                   f"not applied", see("eighth-faces"))
    vortex = inp.held.vortex(inp.roll)
    result = run_roll(inp.roll, inp.units, inp.modifiers, delayed_uses(inp.delayed, idx), idx, inp.seed,
                      inp.terrain, trace, vortex)
    trace.terrain = inp.held.report(inp.roll, list(inp.shielded), vortex is not None)
    return result
