"""CPython and Pyodide give identical Engine.distribution answers (floats included)."""
from __future__ import annotations

import json

import pytest

from calculator import webworker

ARMY = ["coral-elves/gryphon", "coral-elves/sharpshooter", "coral-elves/trooper", "coral-elves/fighter",
        "amazons/spearer", "items/air-flying-carpet", "feral/elephant-folk"]
CASES = [
    {"roll": "save", "terrain": "coastland", "army": [{"die": d} for d in ARMY], "modifiers": [{"spell": "stone-skin"}]},
    {"roll": "missile", "army": [{"die": d} for d in ARMY],
     "modifiers": [{"op": "divide", "result": "missile", "amount": 2}]},
    {"roll": "dragon_attack", "army": [{"die": d} for d in ARMY], "result": "missile"},
    {"roll": "melee", "army": [{"die": d} for d in ARMY]},
    {"roll": "save", "against": "melee", "army": [{"die": d} for d in ARMY[:4]], "delayed": [{"sai": "choke", "x": 3}]},
]


@pytest.fixture(scope="module")
def answers(bundle, pyodide):
    calls = [("load", json.dumps(bundle))] + [("distribution", json.dumps(c)) for c in CASES]
    out = pyodide(calls)
    assert json.loads(out["answers"][0])["ok"], out["answers"][0]
    return out["answers"][1:]


def test_distribution_is_identical_in_pyodide(bundle, answers):
    assert json.loads(webworker.dispatch("load", json.dumps(bundle)))["ok"]
    assert len(answers) == len(CASES)
    for case, theirs in zip(CASES, answers):
        ours = webworker.dispatch("distribution", json.dumps(case))
        assert json.loads(ours)["ok"], ours
        assert theirs == ours, case
