"""``advise``: the hand-worked cases (tests/engine/advise_cases.py), in Python and through the command
line; each option's figures are those of the command it composes for that action alone; bad input
is one line naming the field."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from .advise_cases import CASES, at_least
from .conftest import ROOT

EXACT = 1e-9


def find(answer: dict[str, Any], action: str, target: str | None) -> dict[str, Any] | None:
    for o in answer["options"]:
        if o["action"] == action and (target is None or o.get("target") == target):
            return o
    return None


def check(answer: dict[str, Any], case: dict[str, Any]) -> None:
    assert answer["action"] == case["action"], case["id"]
    for want in case["expect"]:
        got = find(answer, want["action"], want.get("target"))
        assert got is not None, (case["id"], want["action"], want.get("target"))
        assert got["method"] == "exact", case["id"]
        for key in ("directions", "then", "against", "command", "input"):
            if key in want:
                assert got[key] == want[key], (case["id"], key)
        if "chance" in want:
            assert got["chance"] == pytest.approx(float(want["chance"]), abs=EXACT), case["id"]
        for key in [k for k in ("damage", "killed", "losses.damage", "losses.killed") if k in want]:
            dist = got["losses"][key[7:]] if key.startswith("losses.") else got.get(key)
            for k, p in want.get(key, {}).items():
                assert at_least(dist, k) == pytest.approx(float(p), abs=EXACT), (case["id"], key, k)
        if "mean" in want:
            assert got["magic"]["mean"] == pytest.approx(float(want["mean"]), abs=EXACT), case["id"]
            assert got["elements"] == pytest.approx({e: float(v) for e, v in want["elements"].items()}, abs=EXACT)
            chances = {s["spell"]: s["chance"] for s in got["spells"]}
            assert chances == pytest.approx({s: float(v) for s, v in want["spells"].items()}, abs=EXACT), case["id"]
    for action, target in case["absent"]:
        assert find(answer, action, target) is None, (case["id"], action, target)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hand_worked_advice(engine, case):
    check(engine.advise(case["input"]), case)


COMMAND = {"maneuver": "maneuver", "exchange": "exchange_odds", "resolve": "distribution"}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_each_options_input_is_its_commands(engine, case):
    # The input an option carries, asked of its command alone, gives the option's figures (the page opens
    # the option in that command's mode): a melee or missile its exchange's odds, magic its roll's total;
    # a maneuver's input is accepted (its chance is the distribution's, test_advise_commands.py).
    for option in engine.advise(case["input"])["options"]:
        alone = getattr(engine, COMMAND[option["command"]])(option["input"])
        if option["command"] == "exchange":
            assert alone["sides"]["defender"]["damage"] == option["damage"], case["id"]
            assert alone["sides"]["attacker"]["killed"] == option["losses"]["killed"], case["id"]
        elif option["command"] == "resolve":
            assert {k: alone[k] for k in ("distribution", "mean")} == \
                {k: option["magic"][k] for k in ("distribution", "mean")}, case["id"]
        else:
            assert alone["direction"] == option["directions"][0], case["id"]


def _cli(data: object, bundle_file) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", "advise", "-", "--data", str(bundle_file)],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_every_case_through_the_command_line(engine, bundle_file):
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        procs = list(pool.map(lambda case: _cli(case["input"], bundle_file), CASES))
    for case, proc in zip(CASES, procs):
        assert proc.returncode == 0, (case["id"], proc.stderr)
        answer = json.loads(proc.stdout)
        check(answer, case)
        assert answer == json.loads(json.dumps(engine.advise(case["input"]))), case["id"]


BAD = [
    ({"terrain": {"die": "coastland-city", "face": 9}, "army": {"army": [{"die": "amazons/soldier"}]}}, "terrain.face"),
    ({"terrain": {"die": "nowhere", "face": 3}, "army": {"army": [{"die": "amazons/soldier"}]}}, "terrain.die"),
    ({"terrain": {"die": "coastland-city", "face": 8}, "army": {"army": [{"die": "amazons/soldier"}]}},
     "terrain.controller"),
    ({"terrain": {"die": "coastland-city", "face": 8, "controller": "opposing[1]"},
      "army": {"army": [{"die": "amazons/soldier"}]}, "opposing": [{"army": [{"die": "amazons/soldier"}]}]},
     "terrain.controller"),
    ({"terrain": {"die": "coastland-city", "face": 3}, "army": {"army": [{"die": "amazons/nobody"}]}}, "army.army[0].die"),
    ({"terrain": {"die": "coastland-city", "face": 3}, "army": {"army": [{"die": "amazons/soldier", "rolled": "id"}]}},
     "army.army[0].rolled"),
    ({"terrain": {"die": "coastland-city", "face": 3}, "army": {"army": [{"die": "amazons/soldier"}]},
      "elsewhere": [{"at": "moon", "army": [{"die": "amazons/soldier"}]}]}, "elsewhere[0].at"),
    ({"terrain": {"die": "coastland-city", "face": 3}, "army": {"army": [{"die": "amazons/soldier"}]},
      "opposing": [{"army": []}]}, "opposing[0].army"),
    ({"reserve": True, "terrain": {"die": "coastland-city", "face": 3}, "army": {"army": [{"die": "amazons/seer"}]}},
     "terrain"),
    ({"reserve": True, "army": {"army": [{"die": "amazons/seer"}]}, "size": 0}, "size"),
    ({"terrain": {"die": "coastland-city", "face": 3}, "army": {"army": [{"die": "amazons/soldier"}]}, "colour": 1},
     "colour"),
    ({"game": {"setup": {}, "moves": []}, "army": "bob.campaign"}, "game.setup.size"),
    ({"game": [], "army": "bob.campaign"}, "game"),
]


@pytest.mark.parametrize("data,field", BAD, ids=[f for _, f in BAD])
def test_tampered_input_is_one_line_naming_the_field(engine, bundle_file, data, field):
    from calculator import InputError
    with pytest.raises(InputError) as err:
        engine.advise(data)
    assert err.value.field == field


def test_a_tampered_input_exits_2_with_one_line(bundle_file):
    data = {"terrain": {"die": "coastland-city", "face": 0}, "army": {"army": [{"die": "amazons/soldier"}]}}
    proc = _cli(data, bundle_file)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: terrain.face: ") and proc.stderr.count("\n") == 1


def test_every_figure_and_chart_the_page_may_show_is_read_in_some_answer(engine):
    # The page reads the figures and charts where the vocabulary says (calculator/advise/words.py):
    # each path must lead to a number or a distribution in some hand-worked case's answer.
    from calculator.advise.words import CHARTS, FIGURES

    options = [o for case in CASES for o in engine.advise(case["input"])["options"]]

    def at(o: dict[str, Any], path: list[str]) -> Any:
        for key in path:
            o = o.get(key) if isinstance(o, dict) else None
        return o
    for f in FIGURES:
        want = dict if f["as"] == "at_least" else float
        assert any(isinstance(at(o, f["path"]), want) for o in options), f["key"]
    for c in CHARTS:
        assert any(isinstance(at(o, c["path"]), dict) and "distribution" in at(o, c["path"]) for o in options), c["key"]
