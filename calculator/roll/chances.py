"""The chances of one roll's totals, as the ``distribution`` command answers them (and as the
exchange and dragon odds give each total): its distribution, mean, spread and the chance of at
least each total, worked out exactly by calculator.roll.distribution.

>>> summarize({0: 0.5, 1: 0.5}, 0.0, [], "melee")["mean"]
0.5
"""
from __future__ import annotations

import math
from typing import Any

from ..core.shapes import Answer
from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import check_tree
from ..core.interpret import see
from .distribution import roll_outcomes
from .inputs import parse_roll


def summarize(dist: dict[int, float], dropped: float, notes: list[str], result: str) -> dict[str, Any]:
    keys = sorted(dist)
    # Plain loops, not sum(): sum() of floats is compensated in some Python versions only, and the
    # answer must be identical in CPython and Pyodide.
    mean = 0.0
    for t in keys:
        mean += t * dist[t]
    var = 0.0
    for t in keys:
        var += dist[t] * ((t - mean) * (t - mean))
    names = [str(t) for t in keys]
    tail = []
    acc = 0.0
    for t in reversed(keys):       # P(total >= t) at every total that can occur (a sparse table)
        acc += dist[t]
        tail.append(acc)
    tail.reverse()
    if dropped > 0:
        notes = notes + [f"very long roll-again chains were dropped: {dropped:.3g} of the probability is "
                         f"not shown"]
    return {"result": result, "distribution": dict(zip(names, [dist[t] for t in keys])), "mean": mean,
            "sd": math.sqrt(max(var, 0.0)), "at_least": dict(zip(names, tail)),
            "dropped": dropped, "notes": notes, "see": see("chances")}


def distribution_of(index: Index, data: object) -> Answer:
    """``Engine.distribution(input)``: the same input as ``resolve``, plus an optional ``result``."""
    raw = dict(data) if isinstance(data, dict) else data
    chosen = raw.pop("result", None) if isinstance(raw, dict) else None
    check_tree(raw)                 # as Engine.parse reads a single-roll input
    inp = parse_roll(raw, index)
    counts = inp.roll.counts
    if chosen is not None and chosen not in counts:
        raise InputError("result", f"{chosen!r} is not counted in this roll (one of {', '.join(counts)})")
    result = chosen or counts[0]
    i = counts.index(result)
    joint, dropped, notes = roll_outcomes(inp, index, keep=(result,))
    dist: dict[int, float] = {}
    for key, p in joint.items():
        dist[key[0][i]] = dist.get(key[0][i], 0.0) + p
    return summarize(dist, dropped, notes, result)
