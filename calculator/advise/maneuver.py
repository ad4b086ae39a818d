"""The maneuver option: the chance that the army's maneuver equals or beats every counter-maneuver
(rulebook v4.01d p.11), from the exact chances of each maneuver roll (calculator.roll.distribution,
the ``distribution`` command's work), and the action each way of turning the terrain leads to.

The counter-maneuvering armies roll on their own, so given the marching army's total each one's
chance of staying at or below it multiplies. What the marching roll does to every counter-maneuver
(Wave: X fewer maneuver results each) is carried beside its total, so each amount has its own
counter-maneuver chances.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..bundle import Index
from ..core.errors import TooLarge
from ..core.limits import BOUNDS
from ..core.records import Contribution
from ..roll.distribution import Budget, roll_outcomes
from ..roll.inputs import RollInput
from ..roll.resolve import resolve_input
from ..roll.units import Unit
from ..terrain.die import EIGHTH, turn
from ..terrain.flow import maneuver_roll, tie_rule_of
from ..terrain.request import ManeuverInput
from .request import ARMY, AdviseInput

WAVE = "wave"       # the source named in the counter-maneuvers' modifier


def _wave(unit: Unit, c: Contribution) -> tuple[int]:
    """Maneuver results a face takes from each counter-maneuvering army (Wave, seed 000)."""
    n = 0
    for use in c.effects:
        for m in use.effect.on_counter_maneuvers(use.x, WAVE):
            if m["result"] in ("maneuver", "all"):
                n += m["amount"]
    return (n,)


def _counter(idx: Index, m: ManeuverInput, side: Any, wave: int) -> RollInput:
    more = [{"op": "subtract", "result": "maneuver", "amount": wave, "source": "Wave (maneuvering army)"}] if wave else []
    return maneuver_roll(idx, m, side, True, 0, more)


def _cdf(idx: Index, inp: RollInput, budget: Budget) -> dict[int, float]:
    """P(total = t) of one counter-maneuver roll."""
    joint, _, _ = roll_outcomes(inp, idx, budget=budget, keep=("maneuver",))
    out: dict[int, float] = {}
    for key, p in joint.items():
        out[key[0][0]] = out.get(key[0][0], 0.0) + p
    return out


def _exact(idx: Index, m: ManeuverInput, budget: Budget) -> tuple[float, bool]:
    mine = maneuver_roll(idx, m, m.maneuvering, False, 0, [])
    joint, _, _ = roll_outcomes(mine, idx, _wave, 1, budget=budget, keep=("maneuver",))
    ties_lost = bool(tie_rule_of(mine)) or any(tie_rule_of(_counter(idx, m, s, 0)) for s in m.opposing)
    counters: dict[int, list[dict[int, float]]] = {}
    chance = 0.0
    for (totals, extras), p in sorted(joint.items()):
        wave = extras[0]
        if wave not in counters:
            counters[wave] = [_cdf(idx, _counter(idx, m, s, wave), budget) for s in m.opposing]
        t = totals[0]
        for dist in counters[wave]:
            p *= sum(q for c, q in dist.items() if c < t or (c == t and not ties_lost))
        chance += p
    return chance, ties_lost


def _sampled(idx: Index, m: ManeuverInput, n: int) -> float:
    """The share of ``n`` maneuvers, rolled from one fixed seed, that succeed (past the exact bound)."""
    rng = random.Random(1)
    mine = maneuver_roll(idx, m, m.maneuvering, False, 0, [])
    ties_lost = bool(tie_rule_of(mine))
    parsed: dict[int, list[RollInput]] = {}
    won = 0
    for _ in range(n):
        res = resolve_input(replace(mine, seed=rng.randrange(10 ** 9)), idx)
        wave = sum(x["amount"] for u in res.effects for x in u.effect.on_counter_maneuvers(u.x, WAVE)
                   if x["result"] in ("maneuver", "all"))
        if wave not in parsed:
            parsed[wave] = [_counter(idx, m, s, wave) for s in m.opposing]
        total = res.totals.get("maneuver", 0)
        lost = ties_lost or any(tie_rule_of(c) for c in parsed[wave])
        theirs = [resolve_input(replace(c, seed=rng.randrange(10 ** 9)), idx).totals.get("maneuver", 0)
                  for c in parsed[wave]]
        won += all(total > t or (total == t and not lost) for t in theirs)
    return won / n


def directions(face: int) -> list[str]:
    """p.11: a successful maneuver turns the die one step; from 1 only up, from the eighth face only down (p.15)."""
    return [d for d in ("up", "down") if not (face == 1 and d == "down") and not (face == EIGHTH and d == "up")]


def maneuver_option(idx: Index, inp: AdviseInput) -> dict[str, Any]:
    assert inp.terrain is not None and inp.face is not None
    m = ManeuverInput(inp.terrain, inp.face, inp.controller, inp.army.side, tuple(o.side for o in inp.opposing),
                      "up", 0)
    then = {}
    for d in directions(inp.face):
        after = turn(inp.face, d)       # reaching the eighth face captures it (p.15): any action there
        then[d] = inp.terrain.action(after, after == EIGHTH)
    out: dict[str, Any] = {"action": "maneuver", "directions": directions(inp.face),
                           "against": [o.name for o in inp.opposing]}
    method: dict[str, Any] = {"method": "exact"}
    if not inp.opposing:
        chance = 1.0                    # p.11: unopposed, a maneuver succeeds and no dice are rolled
    else:
        try:
            chance, _ = _exact(idx, m, Budget())
        except TooLarge:
            chance = _sampled(idx, m, BOUNDS["samples"])
            method = {"method": "sampled", "samples": BOUNDS["samples"]}
    return {**out, "chance": chance, "then": then, **method}


__all__ = ["maneuver_option", "directions", "ARMY"]
