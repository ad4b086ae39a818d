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
from .inputs import RollInput
from .units import Unit
from ..core.interpret import see
from .results import RollResult, Trace
from ..core.rolls import Roll
from .steps import (DelayedUse, Dice, UnitRoll, delayed_uses, step_1_roll, step_2_delayed, step_3_reroll,
                    step_4_identify)
from .totals import applicable, finish


def run_roll(roll: Roll, units: tuple[Unit, ...], mods: Iterable[Any], delayed: list[DelayedUse], idx: Index,
             seed: int, terrain: str | None = None, trace: Trace | None = None) -> RollResult:
    """The ten steps for one army (or one unit) with everything already checked."""
    trace = trace or Trace()
    dice = Dice(random.Random(seed), seed)
    if roll.where == "none":
        trace.warn("no terrain given: abilities that need a terrain element do not apply", see("no-terrain"))
    mods = list(mods)
    step_mods = applicable(mods, roll, trace)
    faces = step_1_roll(units, roll, idx, dice, trace)
    excluded = step_2_delayed(list(units), faces, delayed, roll, idx, dice, trace)
    rolls = step_3_reroll(list(units), faces, excluded, roll, idx, dice, trace)
    step_4_identify(rolls, trace)
    sums = collect(rolls, mods, roll, idx, trace)
    totals = finish(sums, step_mods, roll, trace)
    steps = [{"step": n, "rule": idx.step(n).rule, "title": idx.step(n).title, "entries": trace.entries[n],
              "subtotals": trace.subtotals.get(n, {})} for n in range(1, 11)]
    return RollResult(roll, terrain, totals, steps, trace, rolls)


def resolve_input(inp: RollInput, idx: Index) -> RollResult:
    return run_roll(inp.roll, inp.units, inp.modifiers, delayed_uses(inp.delayed, idx), idx, inp.seed, inp.terrain)
