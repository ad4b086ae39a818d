"""The browser worker's start: "load" makes the index only, "warm" then imports what a first roll
needs, and every answer is the same whether the worker was warmed or not."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from calculator.slim import engine_data
from generator.data import load_dataset

ROOT = Path(__file__).resolve().parents[2]
ROLL = {"roll": "melee", "army": [{"die": "dwarves/warlord", "rolled": 3}]}

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
print(json.dumps({"loaded": loaded, "warm": warm, "plan": plan, "answer": answer}))
"""


def _run(mode: str, data: str) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT % (ROLL,), mode], cwd=ROOT, input=data, capture_output=True,
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
    # "warm" imported them, and answers the modules it loaded.
    assert warmed["warm"]["ok"] and {"calculator.roll.resolve", "calculator.roll.plan",
                                     "calculator.magic.offer"} <= set(warmed["warm"]["result"])
    assert json.loads(cold["answer"])["ok"]
    assert (cold["plan"], cold["answer"]) == (warmed["plan"], warmed["answer"])
