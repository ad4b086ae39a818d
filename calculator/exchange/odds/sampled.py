"""Sampled chances of an exchange: an estimate, labelled as one, where the exact chances would take
past their bound or are not worked out (Bash, Confuse), or when the input asks for it with
``"odds": "sampled"``.

The exchange is resolved ``BOUNDS["samples"]`` times (fewer for large armies, so that at most
``BOUNDS["sample_dice"]`` dice take part in all, but never fewer than ``MIN_SAMPLES``) by the exchange's own code
(:func:`calculator.exchange.resolve_exchange`), each time with the faces not given rolled from a
seed drawn from one fixed seed (the input's ``seed``, or 1), so the same input always gives the same
estimate, in CPython and in Pyodide alike. The answer has the exact answer's shape, plus what an
estimate owes its reader: how many exchanges were sampled, the seed, and 95% intervals.

>>> from calculator import Engine                                    # doctest: +SKIP
>>> out = Engine(bundle).exchange_odds({**exchange, "odds": "sampled"})   # doctest: +SKIP
>>> out["method"], out["samples"], out["sides"]["defender"]["killed"]["mean_interval"]   # doctest: +SKIP
('sampled', 200, [3.1, 3.9])
"""
from __future__ import annotations

import math
import random
from typing import Any

from ...core.interpret import see
from ...core.limits import BOUNDS
from ...roll.chances import summarize
from .. import resolve_exchange
from ..flow import Known, Run
from ..request import parse_exchange
from .chances import SIDES
Z95 = 1.959963984540054          # the normal quantile of a two-sided 95% interval
CONFIDENCE = 0.95
MIN_SAMPLES = 40


def sampled_odds(engine: Any, data: dict[str, Any], why: str = "", samples: int | None = None) -> dict[str, Any]:
    """Resolve the exchange ``samples`` times with faces rolled from a fixed seed; count the losses."""
    inp = parse_exchange(data, engine.index)       # checks the input once (errors name the field)
    units = [u for s in inp.sides.values() for u in s.units]
    n = samples or max(MIN_SAMPLES, min(BOUNDS["samples"], BOUNDS["sample_dice"] // max(len(units), 1)))
    seed = inp.seed or 1
    rng = random.Random(seed)
    counts: dict[str, dict[str, dict[int, int]]] = {s: {"damage": {}, "killed": {}} for s in SIDES}
    notes: list[str] = []
    # A run changes nothing of the input but what becomes of its units: each run starts them afresh.
    start = [(u, u.status, u.why, u.damage) for u in units]
    known = Known()
    for _ in range(n):
        for u, status, how, damage in start:
            u.status, u.why, u.damage = status, how, damage
        inp.seed = rng.randrange(1, 10 ** 15)
        run = resolve_exchange(engine, inp, known)
        for side, what, amount in _losses(run):
            acc = counts[side][what]
            acc[amount] = acc.get(amount, 0) + 1
        notes += [w["text"] for w in run.warnings if w["text"] not in notes]
    sides = {side: {what: _estimate(dist, n) for what, dist in counts[side].items()} for side in SIDES}
    return {"attack": inp.attack, "sides": sides, "dropped": 0.0, "notes": notes, "see": see("exchange-odds"),
            "method": "sampled", "samples": n, "seed": seed, "confidence": CONFIDENCE, "why": why}


def _losses(run: Run) -> list[tuple[str, str, int]]:
    """Per side: the damage it was dealt (to the army and to single units) and the health-worth killed."""
    out = []
    for side in SIDES:
        dealt = sum(d.amount for d in run.damages if d.to == side)
        units = run.sides[side].units
        alone = sum(u.damage for u in units)
        killed = sum(u.health for u in units if u.status in ("killed", "buried"))
        out += [(side, "damage", dealt + alone), (side, "killed", killed)]
    return out


def _estimate(counts: dict[int, int], n: int) -> dict[str, Any]:
    """The sampled distribution, with a 95% interval for its mean (normal) and for each chance (Wilson)."""
    dist = {k: c / n for k, c in counts.items()}
    full = summarize(dist, 0.0, [], "")
    out = {k: full[k] for k in ("distribution", "mean", "sd", "at_least")}
    half = Z95 * full["sd"] / math.sqrt(n) if n > 1 else 0.0
    out["mean_interval"] = [full["mean"] - half, full["mean"] + half]
    out["at_least_interval"] = {t: list(wilson(p, n)) for t, p in full["at_least"].items()}
    return out


def wilson(p: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval for a chance seen as the share ``p`` of ``n`` samples."""
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
