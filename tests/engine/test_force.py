"""The force command (calculator.forces): forces worked by hand from the rulebook (force_cases.py),
through the engine and the command line (the same JSON)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import ROOT
from .force_cases import CASES


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
