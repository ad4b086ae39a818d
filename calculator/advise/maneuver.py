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
from collections.abc import Iterable
from typing import Any, cast

from ..core.shapes import Answer
from ..bundle import Index
from ..core.errors import TooLarge
from ..core.limits import BOUNDS
from ..core.records import Contribution, EffectUse
from ..exchange.request import Side
from ..roll.distribution import Budget, roll_outcomes
from ..roll.inputs import RollInput
from ..roll.resolve import resolve_input
from ..roll.units import Unit
from ..terrain.die import EIGHTH, turn
from ..terrain.flow import maneuver_roll, tie_rule_of
from ..terrain.request import MARCHING, ManeuverInput
from .request import ARMY, AdviseInput, lean

class Wave:
    """What the marching roll's faces take from each counter-maneuver (Wave, seed 000: X maneuver
    results fewer), as the amount beside each face's outcome; the modifier is the kind's own."""

    def __init__(self) -> None:
        self.made: Answer | None = None     # the kind's modifier, its amount set per total

    def of(self, unit: Unit, c: Contribution) -> tuple[int]:
        """A face's amount (roll_outcomes' extra quantity)."""
        return (self.taken(c.effects),)

    def taken(self, uses: Iterable[EffectUse]) -> int:
        n = 0
        for use in uses:
            for m in use.effect.on_counter_maneuvers(use.x, "Wave (maneuvering army)"):
                if m["result"] in ("maneuver", "all"):
                    n += cast(int, m["amount"])     # a modifier input: a whole number
                    self.made = self.made or m
        return n

    def on_counter(self, amount: int) -> list[Answer]:
        """Amounts of one kind add up: ``amount`` results fewer for each counter-maneuvering army."""
        return [dict(self.made, result="maneuver", amount=amount)] if amount and self.made else []


def _counter(idx: Index, m: ManeuverInput, side: Side, wave: Wave, amount: int) -> RollInput:
    return maneuver_roll(idx, m, side, True, 0, wave.on_counter(amount))


def _cdf(idx: Index, inp: RollInput, budget: Budget) -> dict[int, float]:
    """P(total = t) of one counter-maneuver roll."""
    joint, _, _ = roll_outcomes(inp, idx, budget=budget, keep=("maneuver",))
    out: dict[int, float] = {}
    for key, p in joint.items():
        out[key[0][0]] = out.get(key[0][0], 0.0) + p
    return out


def _exact(idx: Index, m: ManeuverInput, budget: Budget) -> tuple[float, bool]:
    mine = maneuver_roll(idx, m, m.maneuvering, False, 0, [])
    wave = Wave()
    joint, _, _ = roll_outcomes(mine, idx, wave.of, 1, budget=budget, keep=("maneuver",))
    ties_lost = bool(tie_rule_of(mine)) or any(tie_rule_of(_counter(idx, m, s, wave, 0)) for s in m.opposing)
    counters: dict[int, list[dict[int, float]]] = {}
    chance = 0.0
    for (totals, extras), p in sorted(joint.items()):
        amount = extras[0]
        if amount not in counters:
            counters[amount] = [_cdf(idx, _counter(idx, m, s, wave, amount), budget) for s in m.opposing]
        t = totals[0]
        for dist in counters[amount]:
            p *= sum(q for c, q in dist.items() if c < t or (c == t and not ties_lost))
        chance += p
    return chance, ties_lost


def _sampled(idx: Index, m: ManeuverInput, n: int) -> float:
    """The share of ``n`` maneuvers, rolled from one fixed seed, that succeed (past the exact bound)."""
    rng = random.Random(1)
    mine = maneuver_roll(idx, m, m.maneuvering, False, 0, [])
    ties_lost = bool(tie_rule_of(mine))
    parsed: dict[int, list[RollInput]] = {}
    wave = Wave()
    won = 0
    for _ in range(n):
        res = resolve_input(replace(mine, seed=rng.randrange(10 ** 9)), idx)
        amount = wave.taken(res.effects)
        if amount not in parsed:
            parsed[amount] = [_counter(idx, m, s, wave, amount) for s in m.opposing]
        total = res.totals.get("maneuver", 0)
        lost = ties_lost or any(tie_rule_of(c) for c in parsed[amount])
        theirs = [resolve_input(replace(c, seed=rng.randrange(10 ** 9)), idx).totals.get("maneuver", 0)
                  for c in parsed[amount]]
        won += all(total > t or (total == t and not lost) for t in theirs)
    return won / n


def directions(face: int) -> list[str]:
    """p.11: a successful maneuver turns the die one step; from 1 only up, from the eighth face only down (p.15)."""
    return [d for d in ("up", "down") if not (face == 1 and d == "down") and not (face == EIGHTH and d == "up")]


def maneuver_option(idx: Index, inp: AdviseInput) -> Answer:
    assert inp.terrain is not None and inp.face is not None
    m = ManeuverInput(inp.terrain, inp.face, inp.controller, inp.army.side, tuple(o.side for o in inp.opposing),
                      "up", 0)
    then = {}
    for d in directions(inp.face):
        after = turn(inp.face, d)       # reaching the eighth face captures it (p.15): any action there
        then[d] = inp.terrain.action(after, after == EIGHTH)
    out: Answer = {"action": "maneuver", "directions": directions(inp.face),
                           "against": [o.name for o in inp.opposing]}
    method: Answer = {"method": "exact"}
    if not inp.opposing:
        chance = 1.0                    # p.11: unopposed, a maneuver succeeds and no dice are rolled
    else:
        try:
            chance, _ = _exact(idx, m, Budget())
        except TooLarge:
            chance = _sampled(idx, m, BOUNDS["samples"])
            method = {"method": "sampled", "samples": BOUNDS["samples"]}
    return {**out, "chance": chance, "then": then, **method, "command": "maneuver", "input": maneuver_input(inp)}


def maneuver_input(inp: AdviseInput) -> dict[str, Any]:
    """The ``maneuver`` command's input for this maneuver (turned the first way open), so the page
    can open it in the maneuver mode; the eighth face's holder named as that command names it."""
    assert inp.terrain is not None and inp.face is not None
    terrain: dict[str, Any] = {"type" if inp.terrain.by_type else "die": inp.terrain.id, "face": inp.face}
    if inp.controller is not None:
        terrain["controller"] = MARCHING if inp.controller == ARMY else inp.controller
    return {"terrain": terrain, "maneuvering": lean(inp.army.raw), "opposing": [lean(o.raw) for o in inp.opposing],
            "direction": directions(inp.face)[0]}


__all__ = ["maneuver_option", "directions", "ARMY"]
