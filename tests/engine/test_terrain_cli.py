"""Every hand-worked maneuver, eighth-face and minor-terrain case (tests/engine/terrain_cases.py)
also passes through the command line, with the same JSON the engine gives in Python; bad input is
one line naming the field."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from .conftest import ROOT
from .terrain_cases import CASES, MANEUVERS

METHOD = {"maneuver": "maneuver", "resolve": "resolve", "exchange": "exchange"}


def _cli(command: str, data: object, bundle_file) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", command, "-", "--data", str(bundle_file)],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_every_case_through_the_command_line(engine, bundle_file):
    # One command line per case, as many at a time as the machine has cores (each is its own process).
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        procs = list(pool.map(lambda case: _cli(case["command"], case["input"], bundle_file), CASES))
    for case, proc in zip(CASES, procs):
        assert proc.returncode == 0, (case["id"], proc.stderr)
        expected = getattr(engine, METHOD[case["command"]])(case["input"])
        assert json.loads(proc.stdout) == json.loads(json.dumps(expected)), case["id"]


def test_a_bad_maneuver_is_one_line_naming_the_field(bundle_file):
    data = dict(MANEUVERS[0]["input"], terrain={"die": "coastland-tower", "face": 0})
    proc = _cli("maneuver", data, bundle_file)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: terrain.face: ") and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


def test_the_worker_answers_maneuver(bundle):
    from calculator import webworker

    assert json.loads(webworker.dispatch("load", json.dumps(bundle)))["ok"]
    ok = json.loads(webworker.dispatch("maneuver", json.dumps(MANEUVERS[0]["input"])))
    assert ok["ok"] and ok["result"]["face_after"] == 5
    bad = json.loads(webworker.dispatch("maneuver", json.dumps({"terrain": {"die": "x", "face": 1}})))
    assert bad["ok"] is False and bad["field"] == "terrain.die"
