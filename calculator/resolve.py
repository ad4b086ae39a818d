"""Resolve one roll through the ten steps and build the output JSON (a plain dict).

>>> Engine({"sais": [], "dice": []}).resolve(
...     {"roll": "melee", "army": [{"species": None, "die_type": "unit", "health": 2, "rolled": "3 melee"}]}
... )["totals"]
{'melee': 3}
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from .army import RollInput, parse_input
from .bundle import Index
from .effects import Context
from .steps import (Trace, collect, finish, step_1_roll, step_2_delayed, step_3_reroll,
                    step_4_identify)
from .vocab import counted_types, see


def context_for(inp: RollInput) -> Context:
    return Context(inp.roll, inp.against, counted_types(inp.roll), inp.elements, inp.dua,
                   dict(inp.options), inp.prefer, inp.counter,
                   "reserve" if inp.terrain == "reserve" else "terrain")


class Engine:
    """Indexes a data bundle once; :meth:`resolve` can then be called many times."""

    def __init__(self, bundle: Mapping[str, Any]) -> None:
        self.index = Index(bundle)

    def parse(self, data: Any) -> RollInput:
        return parse_input(data, self.index)

    def resolve(self, data: Any) -> dict[str, Any]:
        """Resolve an engine input dict; raises :class:`calculator.InputError` on bad input."""
        return self.resolve_parsed(self.parse(data))

    def resolve_parsed(self, inp: RollInput) -> dict[str, Any]:
        idx = self.index
        ctx = context_for(inp)
        trace = Trace()
        rng = random.Random(inp.seed)
        if inp.terrain is None:
            trace.warn("no terrain given: abilities that need a terrain element do not apply", see("no-terrain"))
        faces = step_1_roll(inp, ctx, idx, rng, trace)
        excluded = step_2_delayed(inp, faces, ctx, idx, trace)
        rolls = step_3_reroll(inp, faces, excluded, ctx, idx, rng, trace)
        step_4_identify(rolls, trace)
        sums = collect(rolls, inp.modifiers, ctx, idx, trace)
        totals = finish(sums, inp.modifiers, ctx, trace)
        steps = []
        for n in range(1, 11):
            st = idx.step(n)
            steps.append({"step": n, "rule": st.rule, "title": st.title,
                          "entries": trace.entries[n], "subtotals": dict(sorted(trace.subtotals.get(n, {}).items()))})
        return {
            "roll": inp.roll,
            "against": inp.against,
            "terrain": inp.terrain,
            "counted": list(ctx.counted),
            "totals": dict(sorted(totals.items())),
            "steps": steps,
            "effects": trace.effects,
            "warnings": trace.warnings,
        }


def resolve(data: Any, bundle: Mapping[str, Any]) -> dict[str, Any]:
    """One-shot: index ``bundle`` and resolve ``data``."""
    return Engine(bundle).resolve(data)
