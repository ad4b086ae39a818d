"""The browser worker's start: "load" makes the index only, "warm" then imports what a first roll
or exchange needs, and every answer is the same whether the worker was warmed or not."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from calculator.slim import engine_data
from generator.data.load import load_dataset

ROOT = Path(__file__).resolve().parents[2]
ROLL = {"roll": "melee", "army": [{"die": "dwarves/warlord", "rolled": 3}]}
EXCHANGE = {"attack": "melee", "attacker": {"army": [{"die": "amazons/soldier"}]},
            "defender": {"army": [{"die": "coral-elves/fighter"}]}}

# A fresh interpreter: which modules a command imports is a fact of one process's history.
SCRIPT = """
import json, sys
from calculator import webworker
roll = json.dumps(%r)
assert json.loads(webworker.dispatch("load", sys.stdin.read()))["ok"]
loaded = sorted(m for m in sys.modules if m.startswith("calculator."))
warm = json.loads(webworker.dispatch("warm", "null")) if sys.argv[1] == "warm" else None
plan = webworker.dispatch("plan", roll)
answer = webworker.dispatch("resolve", roll)
odds = webworker.dispatch("exchange-odds", json.dumps(%r))
print(json.dumps({"loaded": loaded, "warm": warm, "plan": plan, "answer": answer, "odds": odds}))
"""


def _run(mode: str, data: str) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT % (ROLL, EXCHANGE), mode], cwd=ROOT, input=data, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_load_leaves_the_roll_to_warm_and_warming_changes_no_answer():
    data = json.dumps(engine_data(load_dataset().bundle()))     # the browser's slim bundle
    cold, warmed = _run("cold", data), _run("warm", data)
    # Loading made the index (calculator.bundle) without the single roll's steps.
    assert "calculator.bundle" in cold["loaded"]
    assert "calculator.roll.resolve" not in cold["loaded"] and "calculator.roll.plan" not in cold["loaded"]
    assert "calculator.core.seams" not in cold["loaded"]       # the kinds name its Protocols in annotations only
    assert "calculator.exchange.odds" not in cold["loaded"]
    # "warm" imported them (and the exchange's odds), and answers the modules it loaded.
    assert warmed["warm"]["ok"] and {"calculator.roll.resolve", "calculator.roll.plan", "calculator.magic.offer",
                                     "calculator.exchange.odds"} <= set(warmed["warm"]["result"])
    assert json.loads(cold["answer"])["ok"] and json.loads(cold["odds"])["ok"]
    assert (cold["plan"], cold["answer"], cold["odds"]) == (warmed["plan"], warmed["answer"], warmed["odds"])
