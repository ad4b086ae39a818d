"""Effects followed once for many states (calculator.exchange.chains): the exact odds with the
mechanism against the exact odds without it.

Why it may: a Bullseye (rulebook v4.01d, the SAI table) targets units of the other army, which
roll alone; nothing of the army that rolled it is read. So from states that differ only in the
rolling army's units, the same number of Bullseyes goes the same ways with the same chances; only
how likely each number of Bullseyes is differs, and that is the rolling army's own roll. Coral
Elves (Defensive Volley, coastland has air) counter a missile attack after losing different units
to it, and each of those states rolls its Bullseyes at the same Dwarves. Plague and Slay in a melee
counter-attack target the attacking army alike.
"""
from __future__ import annotations

import math

import pytest

from calculator.exchange import odds, reuse

from .test_exchange_odds import CORAL_24, DWARVES_24   # the 24-point armies of the benchmarks


def exchange(attack: str, terrain: str, attacker: list[str], defender: list[str]) -> dict:
    return {"attack": attack, "terrain": terrain, "attacker": {"army": [{"die": d} for d in attacker]},
            "defender": {"army": [{"die": d} for d in defender]}}


def worst_difference(a, b) -> float:
    """The largest difference between two answers' numbers (their shape and every other value equal)."""
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        return max([worst_difference(a[k], b[k]) for k in a], default=0.0)
    if isinstance(a, list):
        assert len(a) == len(b)
        return max([worst_difference(x, y) for x, y in zip(a, b)], default=0.0)
    if isinstance(a, float) or isinstance(b, float):
        assert math.isfinite(a) and math.isfinite(b)
        return abs(a - b)
    assert a == b
    return 0.0


@pytest.mark.parametrize("attack, terrain, attacker, defender", [
    ("missile", "coastland", ["dwarves/footman", "dwarves/sergeant", "dwarves/skirmisher"],
     ["coral-elves/archer", "coral-elves/sharpshooter", "coral-elves/trooper"]),
    ("missile", "coastland", ["dwarves/footman", "dwarves/crack-shot"],
     ["coral-elves/sharpshooter", "coral-elves/trooper", "coral-elves/fighter"]),
    ("missile", "coastland", ["dwarves/marksman", "dwarves/sergeant"],
     ["coral-elves/sharpshooter", "coral-elves/bowman", "coral-elves/guard"]),
    ("missile", "coastland", DWARVES_24, CORAL_24),
    # A melee counter-attack whose Plague and Slay (the Minor Death) target the attacking army.
    ("melee", "flatland", ["dwarves/footman", "dwarves/sergeant", "dwarves/skirmisher"],
     ["undead/minor-death", "undead/skeleton", "undead/zombie"]),
], ids=["three-on-three", "crack-shot", "marksman", "benchmark-24", "melee-plague-slay"])
def test_effects_followed_once_for_states_alike_change_nothing(engine, attack, terrain, attacker, defender,
                                                                 monkeypatch):
    data = exchange(attack, terrain, attacker, defender)
    taken, runs = [], []
    real_replay, real_run = odds.replay, reuse.run_stage
    monkeypatch.setattr(odds, "replay", lambda *a: taken.append(a[3]) or real_replay(*a))
    monkeypatch.setattr(reuse, "run_stage", lambda *a: runs.append(a[1]) or real_run(*a))
    once = engine.exchange_odds(data)
    n_once = len(runs)
    runs.clear()
    monkeypatch.setattr(odds, "CHAINS", False)
    each = engine.exchange_odds(data)
    assert once["method"] == each["method"] == "exact"
    assert taken, "no state took the ways another state's Bullseyes went"
    # The same answer but for the order of the products (the last digits): within 1e-12.
    assert worst_difference(once, each) <= 1e-12
    assert n_once < len(runs)
