"""The browser's engine makes each die, SAI and spell when a call first names it (Engine(lazy=True),
calculator.bundle.Lazy): it answers every example exactly as the engine that makes them all at
once, makes only what it read, and a bad entry still fails with a message naming it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from calculator import BundleError, Engine
from calculator.bundle import Index, Lazy
from calculator.slim import engine_data

from .same_answers import EXAMPLE_IDS, EXAMPLES, answer_json


@pytest.fixture(scope="module")
def engines(bundle):
    slim = engine_data(bundle)
    return Engine(slim), Engine(slim, lazy=True)


@pytest.mark.parametrize("example", EXAMPLES, ids=EXAMPLE_IDS)
def test_example_same_answers(engines, example):
    eager, lazy = engines
    for cmd in ("plan", "resolve", "distribution"):
        assert answer_json(lazy, cmd, example["input"]) == answer_json(eager, cmd, example["input"]), cmd


def test_only_what_a_roll_names_is_made(bundle):
    engine = Engine(engine_data(bundle), lazy=True)
    dice = engine.index.dice
    assert isinstance(dice, Lazy) and len(dice) == len(bundle["dice"])
    assert "amazons/spearer" in dice and "no/such-die" not in dice
    engine.resolve({"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}]})
    made = dice._made        # noqa: SLF001 - what was made, to show the rest was not
    assert "amazons/spearer" in made and len(made) < 5
    assert dice.get("no/such-die") is None


def test_a_bad_entry_is_named_when_read():
    bad = {"sais": [{"id": "odd", "name": "Odd", "clauses": [{"rolls": ["melee"], "text": "x",
                                                              "effect": {"kind": "no-such-kind"}}]}]}
    with pytest.raises(BundleError, match="odd"):
        Index(bad)
    index = Index(bad, lazy=True)             # nothing is made yet
    assert "odd" in index.sais
    with pytest.raises(BundleError, match="odd"):
        index.sais.get("odd")


def test_a_missing_field_is_not_read_as_no_entry():
    index = Index({"dice": [{"id": "a/b", "faces": [{"count": 1}]}]}, lazy=True)    # a face without its icon
    with pytest.raises(BundleError, match="a/b"):
        index.dice.get("a/b")


def test_the_memo_stays_within_its_bound(bundle):
    """Every answer the index remembers goes through Index.keep: with a bound of three answers the
    memo never holds more, and every example is answered exactly as with the usual bound."""
    small, usual = Engine(engine_data(bundle), lazy=True), Engine(engine_data(bundle), lazy=True)
    small.index.MEMO_SIZE = 3
    for example in EXAMPLES:
        for cmd in ("plan", "resolve", "distribution"):
            assert answer_json(small, cmd, example["input"]) == answer_json(usual, cmd, example["input"]), cmd
            assert len(small.index.memo) <= 3, (example["id"], cmd, list(small.index.memo))


def test_no_memo_entry_is_written_but_by_keep():
    """The rooms store an answer in the index's memo only through Index.keep (its bound)."""
    root = Path(__file__).resolve().parents[2] / "calculator"
    written = re.compile(r"\b(idx|index)\.memo\[[^\]]*\]\s*=[^=]")
    found = [f"{p.relative_to(root)}:{n}" for p in sorted(root.rglob("*.py")) if p.name != "bundle.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if written.search(line)]
    assert not found
    assert written.search("        idx.memo[key] = out")      # the scan sees a direct write
