"""Spells the game resolves (calculator/game/cast_roll.py): the hand-worked games of
game_spell_cases.py, their refused moves, the roll a spell still needs named, and the CLI."""
from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from calculator.core.errors import InputError

from .conftest import ROOT
from .game_cases import state_matches
from .game_spell_cases import SPELL_CASES, SPELL_REFUSED

BY_ID = {c["id"]: c for c in SPELL_CASES}


@pytest.mark.parametrize("case", SPELL_CASES, ids=[c["id"] for c in SPELL_CASES])
def test_a_spell_cast_in_the_game_is_resolved(engine, case):
    answer = engine.game(copy.deepcopy({"setup": case["setup"], "moves": case["moves"]}))
    assert state_matches(answer, case["expect"]) == []


@pytest.mark.parametrize("case", SPELL_REFUSED, ids=[c["id"] for c in SPELL_REFUSED])
def test_a_spell_roll_the_rules_refuse_names_its_field(engine, case):
    with pytest.raises(InputError) as err:
        engine.game({"setup": case["setup"], "moves": case["moves"]})
    assert str(err.value).startswith(case["refused"] + ": ")


def test_the_move_answers_what_the_roll_did(engine):
    # Lightning Strike: the Thug's roll showed no save (0 saves): killed, to bob's DUA (p.44, p.29).
    case = BY_ID["lightning-strike-kills"]
    log = engine.game({"setup": case["setup"], "moves": case["moves"]})["log"][0]["answer"]
    [done] = log["spell_rolls"]
    assert done["spell"] == "lightning-strike"
    [roll] = done["rolls"]
    assert (roll["unit"], roll["totals"], roll["outcome"], roll["fate"]) == ("bob.campaign.1", [{"save": 0}],
                                                                            {"dies": True}, "dua")
    # before the roll: 2 of the Thug's 6 faces give a save (1 save; its ID, as many saves as its health, 1),
    # 4 do not
    assert roll["odds"]["dies"]["chance"] == pytest.approx(4 / 6)


def test_a_spell_without_its_roll_says_what_roll_it_needs(engine):
    case = BY_ID["hailstorm-waits-for-its-roll"]
    answer = engine.game({"setup": case["setup"], "moves": case["moves"]})
    [warning] = answer["warnings"]
    assert warning["field"] == "moves[0].cast[0].faces"
    assert "save roll" in warning["text"] and "bob.campaign" in warning["text"]
    [done] = answer["log"][0]["answer"]["spell_rolls"]
    assert done["needs"] == {"input": {"roll": "save", "spell": "hailstorm", "against": "magic"}, "by": ["bob.campaign"]}


def test_the_cli_plays_a_spell_and_refuses_a_bad_pick():
    case = BY_ID["hailstorm-kills-the-owners-pick"]
    data = {"setup": case["setup"], "moves": case["moves"]}
    run = subprocess.run([sys.executable, "-m", "calculator", "game", "-"], input=json.dumps(data), text=True,
                         capture_output=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["state"]["players"]["bob"]["dua"] == ["bob.campaign.2"]
    bad = SPELL_REFUSED[1]
    run = subprocess.run([sys.executable, "-m", "calculator", "game", "-"], text=True, capture_output=True, cwd=ROOT,
                         input=json.dumps({"setup": bad["setup"], "moves": bad["moves"]}), check=False)
    assert run.returncode == 2
    assert run.stderr.startswith("error: moves[0].cast[0].casualties.bob.campaign: ") and run.stderr.count("\n") == 1
