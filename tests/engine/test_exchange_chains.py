"""Effects followed once for many states (calculator.exchange.odds.shared_effects): the exact odds
with the mechanism checked against the exchange's own resolver, roll by roll.

Why it may: a Bullseye (rulebook v4.01d, the SAI table) targets units of the other army, which
roll alone; nothing of the army that rolled it is read. So from states that differ only in the
rolling army's units, the same number of Bullseyes goes the same ways with the same chances; only
how likely each number of Bullseyes is differs, and that is the rolling army's own roll. Coral
Elves (Defensive Volley, coastland has air) counter a missile attack after losing different units
to it, and each of those states rolls its Bullseyes at the same Dwarves. Plague and Slay in a melee
counter-attack target the attacking army alike.

When the mechanism was made, the odds without it gave the same answers to 1e-12 (with more
runs); tests/engine/corpus/odds.jsonl keeps each of these answers since.
"""
from __future__ import annotations

import pytest

from calculator.exchange import KEEPS_ITS_ROLL, STAGES
from calculator.exchange.odds.exact import advance, groups_of, start
from calculator.exchange.odds.shared_effects import shared_effects_of
from calculator.exchange.request import parse_exchange
from calculator.roll.distribution import Budget

from .test_exchange_odds import CORAL_24, DWARVES_24, _agree, _monte_carlo


def exchange(attack: str, terrain: str, attacker: list[str], defender: list[str]) -> dict:
    return {"attack": attack, "terrain": terrain, "attacker": {"army": [{"die": d} for d in attacker]},
            "defender": {"army": [{"die": d} for d in defender]}}


def sharing(engine, data: dict) -> int:
    """How many states of a stage that keeps its roll would take the ways the effects went from
    another state alike (shared_effects_of: followed already), asked once the stage has run from
    all of them (the first state alike records the ways as the stage runs from it; the others take
    them). One state alone finds its own ways: more than one is sharing."""
    budget = Budget()
    run, frontier = start(engine, parse_exchange(data, engine.index), budget)
    most = 0
    for stage in STAGES[:-1]:
        before = frontier
        frontier = advance(run, stage, groups_of(run, stage, frontier, budget), budget)
        if stage in KEEPS_ITS_ROLL:
            found = [shared_effects_of(run, stage, held.state) for held in before.values() if not held.state.done]
            most = max(most, sum(1 for f in found if f is not None and f[1]))
        run.next_stage()
    return most


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
def test_effects_followed_once_for_states_alike_change_nothing(engine, attack, terrain, attacker, defender):
    data = exchange(attack, terrain, attacker, defender)
    assert sharing(engine, data) > 1, "no state took the ways another state's effects went"
    odds = engine.exchange_odds(data)
    assert odds["method"] == "exact"
    n = 1000 if len(attacker) > 5 else 4000          # the 24-point armies: fewer exchanges
    assert _agree(odds, _monte_carlo(engine, data, n), n) == []
