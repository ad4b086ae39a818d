"""The game's question for the calculator (the `game` input's `calculator`): the command input a move
makes from the state, the move played on a copy so the game is unchanged."""
from __future__ import annotations

import copy

import pytest

from calculator.core.errors import InputError

from .game_cases import CASES

FIRST = CASES[0]        # march-maneuver-melee-counter (game_cases.py, p.11)


def test_a_maneuver_asks_the_maneuver_of_the_armies_at_the_terrain(engine):
    # p.11: alice's campaign army (Soldier, Runner) maneuvers at the frontier, Coastland City at its
    # starting face 6; bob's campaign army (two Thugs) there counter-maneuvers.
    move = FIRST["moves"][0]
    out = engine.game({"setup": FIRST["setup"], "moves": [], "calculator": copy.deepcopy(move)})
    q = out["calculator"]
    assert q["command"] == "maneuver"
    assert q["input"]["terrain"] == {"die": "coastland-city", "face": 6}
    assert [u["die"] for u in q["input"]["maneuvering"]["army"]] == ["amazons/soldier", "amazons/runner"]
    assert [[u["die"] for u in s["army"]] for s in q["input"]["opposing"]] == [["goblins/thug", "goblins/thug"]]
    assert q["sides"] == {"maneuvering": "alice.campaign", "opposing": ["bob.campaign"]}
    # The game is unchanged, and the calculator's answer to the question is the move's in the game.
    assert out["state"]["terrains"]["frontier"]["face"] == 6 and out["log"] == []
    played = engine.game({"setup": FIRST["setup"], "moves": [copy.deepcopy(move)]})
    assert engine.maneuver(q["input"]) == played["log"][0]["answer"]


def test_a_melee_asks_the_exchange_with_its_seed(engine):
    move = {**FIRST["moves"][1], "seed": 7}
    out = engine.game({"setup": FIRST["setup"], "moves": FIRST["moves"][:1], "calculator": copy.deepcopy(move)})
    q = out["calculator"]
    assert q["command"] == "exchange" and q["input"]["attack"] == "melee" and q["input"]["seed"] == 7
    assert q["sides"] == {"attacker": "alice.campaign", "defender": "bob.campaign"}
    played = engine.game({"setup": FIRST["setup"], "moves": [*FIRST["moves"][:1], copy.deepcopy(move)]})
    assert engine.exchange(q["input"]) == played["log"][1]["answer"]


@pytest.mark.parametrize("move,field", [({"move": "end-turn"}, "calculator.move"),
                                        ({"move": "maneuver", "army": "bob.campaign", "direction": "up"}, "calculator.army"),
                                        ("melee", "calculator")])
def test_a_question_the_rules_refuse_names_its_field(engine, move, field):
    with pytest.raises(InputError) as err:
        engine.game({"setup": FIRST["setup"], "moves": [], "calculator": move})
    assert err.value.field == field


def test_a_dragon_attack_asks_the_exchange_of_the_dragons_there(engine):
    # p.11, p.17: bob's turn 2 begins with the Red Drake at the frontier owed its attack on bob's
    # campaign army there (game_cases.py, dragon-summoned-and-attacks).
    case = next(c for c in CASES if c["id"] == "dragon-summoned-and-attacks")
    moves, attack = case["moves"][:2], case["moves"][2]
    q = engine.game({"setup": case["setup"], "moves": copy.deepcopy(moves), "calculator": copy.deepcopy(attack)})["calculator"]
    assert q["command"] == "exchange" and q["input"]["attack"] == "dragon"
    assert [d["die"] for d in q["input"]["attacker"]["dragons"]] == ["red-drake"]
    assert q["sides"] == {"defender": "bob.campaign", "dragons": ["alice.pool.1"]}
    played = engine.game({"setup": case["setup"], "moves": copy.deepcopy(case["moves"])})
    assert engine.exchange(q["input"]) == played["log"][2]["answer"]
