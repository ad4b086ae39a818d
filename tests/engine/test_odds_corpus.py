"""Every recorded ``exchange-odds`` and ``distribution`` input (tests/engine/corpus/odds.jsonl,
made by tests/engine/record_odds.py) gets the very answer recorded, byte for byte as JSON with
sorted keys: a change to the odds' code that alters no answer is shown so.

The answers are the engine's own, recorded: this test proves a change changed nothing, not that an
answer is right (the hand-worked tests of test_exchange_odds.py and test_distribution.py do that).
When an answer is meant to change, record again (``python -m tests.engine.record_odds``) and say
in the commit which answers changed and why.
"""
from __future__ import annotations

import json

import pytest

from .record_odds import CORPUS, answer

CASES = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_corpus_is_large_and_varied():
    commands = [c["command"] for c in CASES]
    assert commands.count("exchange-odds") >= 150 and commands.count("distribution") >= 40
    methods = {c["answer"].get("method") for c in CASES if c["command"] == "exchange-odds"}
    assert {"exact", "sampled"} <= methods
    assert any("error" in c["answer"] for c in CASES)          # refusals are answers too
    attacks = {c["input"].get("attack") for c in CASES if c["command"] == "exchange-odds"}
    assert {"melee", "missile"} <= attacks


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['command']}" for i, c in enumerate(CASES)])
def test_the_recorded_answer_is_given_again(engine, case):
    assert answer(engine, case["command"], case["input"]) == json.dumps(case["answer"], sort_keys=True)
