"""The force command (calculator.forces): forces worked by hand from the rulebook (force_cases.py),
through the engine and the command line (the same JSON)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import ROOT
from .force_cases import CAMPAIGN, CASES, HOME, HORDE, case


def check(answer: dict, case: dict) -> None:
    assert answer["points"] == case["points"]
    got = [(p["field"], p["see"]) for p in answer["problems"]]
    assert got == [(field, see) for field, see, _ in case["problems"]], answer["problems"]
    for problem, (_, _, words) in zip(answer["problems"], case["problems"]):
        assert words in problem["text"], (words, problem["text"])
    assert answer["ok"] is (not case["problems"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_force_worked_by_hand(engine, case):
    check(engine.force(case["input"]), case)


def cli_force(stdin: str, bundle_file) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", "force", "-", "--data", str(bundle_file)],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_cli_gives_the_engine_answer(engine, bundle_file):
    for case in CASES[:4]:
        proc = cli_force(json.dumps(case["input"]), bundle_file)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == engine.force(case["input"])


def test_worker_gives_the_engine_answer(engine, bundle):
    from calculator import webworker

    webworker.dispatch("load", json.dumps(bundle))
    case = CASES[1]
    answer = json.loads(webworker.dispatch("force", json.dumps(case["input"])))
    assert answer == {"ok": True, "result": engine.force(case["input"])}
    bad = json.loads(webworker.dispatch("force", json.dumps({"size": 24, "armies": {"home": ["no/such-die"]}})))
    assert bad["ok"] is False and bad["field"] == "armies.home[0]"
    assert bad["error"] == "armies.home[0]: unknown die 'no/such-die'"


def test_cli_and_worker_say_the_same_line(bundle, bundle_file):
    from calculator import webworker

    webworker.dispatch("load", json.dumps(bundle))
    for data in ({"size": 24, "summoning_pool": ["red-drake", "puce-drake"]}, {"size": -3}, {"size": 24, "x": 1}):
        proc = cli_force(json.dumps(data), bundle_file)
        worker = json.loads(webworker.dispatch("force", json.dumps(data)))
        assert proc.returncode == 2 and proc.stderr == f"error: {worker['error']}\n"


@pytest.mark.parametrize("data,field", [
    ({"size": 24, "armies": {"home": ["coral-elves/gryphon", "x", "nope/nope"]}}, "armies.home[1]"),
    ({"size": 24, "armies": {"horde": [1]}}, "armies.horde[0]"),
    ({"size": 24, "summoning_pool": ["red-drake", "purple-drake"]}, "summoning_pool[1]"),
    ({"size": 24, "terrains": {"home": "atlantis"}}, "terrains.home"),
    ({"size": 24, "terrains": {"sea": "coastland-city"}}, "terrains.sea"),
    ({"size": 0}, "size"),
    ({"size": "24"}, "size"),
    ({}, "size"),
    ({"size": 24, "armies": {"reserve": []}}, "armies.reserve"),
    ({"size": 24, "armies": ["coral-elves/gryphon"]}, "armies"),
    ({"size": 24, "colour": "red"}, "colour"),
    ({"size": 24, "owned": {"coral-elves/gryphon": -1}}, "owned.coral-elves/gryphon"),
    ({"size": 24, "owned": {"coral-elves/gryffin": 1}}, "owned.coral-elves/gryffin"),
    ({"size": 24, "players": 1}, "players"),
])
def test_bad_input_names_the_field(engine, data, field):
    from calculator import InputError

    with pytest.raises(InputError) as err:
        engine.force(data)
    assert err.value.field == field


def test_cli_bad_input_is_one_line_naming_the_field(bundle_file):
    proc = cli_force(json.dumps({"size": 24, "armies": {"home": ["coral-elves/gryphon", "x", "y"]}}), bundle_file)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == ["error: armies.home[1]: unknown die 'x'"]


@pytest.mark.parametrize("ident,limits", [
    # 24 points: an army at most 24 // 2 = 12; 1 dragon; Dragonkin 24 // 3 = 8; minor terrains 3 + 1 = 4.
    ("legal-24", {"army": 12, "dragons": 1, "pool": {"dragonkin": 8}, "minor_terrains": 4}),
    # 25 points: 25 // 2 = 12; 24 and a part: 2 dragons; 25 // 3 = 8 (full 3s only).
    ("army-over-half-25", {"army": 12, "dragons": 2, "pool": {"dragonkin": 8}, "minor_terrains": 4}),
    # 60 points: 30; 24 + 24 + a part: 3 dragons; 60 // 3 = 20.
    ("legal-60", {"army": 30, "dragons": 3, "pool": {"dragonkin": 20}, "minor_terrains": 4}),
    # 17 points: 8; 1 dragon; 17 // 3 = 5.
    ("empty-campaign-17", {"army": 8, "dragons": 1, "pool": {"dragonkin": 5}, "minor_terrains": 4}),
])
def test_limits_of_a_size(engine, ident, limits):
    # p.8: the suggested sizes are 15, 24, 30, 36 and 60, whatever the size chosen.
    assert engine.force(case(ident)["input"])["limits"] == dict(limits, suggested_sizes=[15, 24, 30, 36, 60])


def test_more_players_allow_more_minor_terrains(engine):
    # Three players: 3 homes + the frontier = 4 terrains, so 5 minor terrains (p.15): the five of
    # the five-minor-terrains case are then allowed.
    data = dict(case("five-minor-terrains")["input"], players=3)
    answer = engine.force(data)
    assert answer["ok"] is True and answer["limits"]["minor_terrains"] == 5


def test_owned_warns_where_the_force_uses_more_than_the_collection(engine):
    # The base force uses two Wraiths (campaign[2], campaign[3]); the collection holds one, so the
    # second is one too many. The Gryphon is not in the collection at all (0): home[0] warns. The
    # rest is owned in full. Warnings never make the force illegal: it stays ok.
    used = HOME + HORDE + CAMPAIGN + ["coastland-city", "flatland-castle", "red-drake"]
    owned = {die: 5 for die in used}
    owned.update({"undead/wraith": 1, "coral-elves/gryphon": 0})
    answer = engine.force(dict(case("legal-24")["input"], owned=owned))
    assert answer["ok"] is True
    assert [w["field"] for w in answer["warnings"]] == ["armies.home[0]", "armies.campaign[3]"]
    assert "holds 1 Wraith" in answer["warnings"][1]["text"]
    assert "warnings" not in engine.force(case("legal-24")["input"])


def test_costs_of_each_die(engine):
    # medium-pairs by hand (p.3, p.59): home Trooper 2, Gryphon 4, the home pair's first medium 2 and
    # second 1; horde Centaur 4, Javelineer 2, its lone Death Steel Buckler the first of the pair
    # across armies, 2; campaign Mummy 3, Revenant 2, Wraith 1 and the second of that pair, 1.
    costs = engine.force(case("medium-pairs")["input"])["costs"]
    assert costs == {"armies.home[0]": 2, "armies.home[1]": 4, "armies.home[2]": 2, "armies.home[3]": 1,
                     "armies.horde[0]": 4, "armies.horde[1]": 2, "armies.horde[2]": 2,
                     "armies.campaign[0]": 3, "armies.campaign[1]": 2, "armies.campaign[2]": 1,
                     "armies.campaign[3]": 1}
    # A dragon and a Dragonkin in an army cost nothing there (p.3: not part of the force size).
    assert engine.force(case("dragon-in-army")["input"])["costs"]["armies.horde[4]"] == 0
    assert engine.force(case("dragonkin")["input"])["costs"]["armies.home[3]"] == 0


def test_the_terrains_offered_are_the_ones_a_force_may_place(engine, bundle):
    # p.8: a home terrain and a proposed frontier, both major terrain dice; p.15: an advanced
    # terrain (Castle, Dragon's Lair, Grove, Vortex) only as the frontier. Minor terrains start in
    # the Summoning Pool. The page offers what the engine says; each offer and each refusal is the
    # force's own answer (no problem on that field, or one).
    from calculator.forces import terrain_offer
    offer = terrain_offer(engine.index)
    assert "coastland-city" in offer["home"] and "coastland-city" in offer["frontier"]
    assert "flatland-castle" in offer["frontier"] and "flatland-castle" not in offer["home"]
    assert "coastland-bridge" not in offer["home"] and "coastland-bridge" not in offer["frontier"]
    for t in bundle["terrains"]:
        for role in ("home", "frontier"):
            other = "frontier" if role == "home" else "home"
            data = {"size": 24, "terrains": {role: t["id"], other: "coastland-city"}}
            fields = {p["field"] for p in engine.force(data)["problems"]}
            assert (f"terrains.{role}" not in fields) == (t["id"] in offer[role]), (t["id"], role)


def test_the_armies_over_their_points_and_by_how_many(engine):
    # over-size-15 by hand (p.8): at most 15 // 2 = 7 per army; home 8 is 1 over, horde 9 is 2 over,
    # campaign 7 is not. empty-campaign-17: at most 17 // 2 = 8, the horde's 9 is 1 over. legal-24: none.
    assert engine.force(case("over-size-15")["input"])["over"] == {"home": 1, "horde": 2}
    assert engine.force(case("empty-campaign-17")["input"])["over"] == {"horde": 1}
    assert engine.force(case("legal-24")["input"])["over"] == {}
