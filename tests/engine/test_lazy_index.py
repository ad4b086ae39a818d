"""The browser's engine makes each die, SAI and spell when a call first names it (Engine(lazy=True),
calculator.bundle.Lazy): it answers every example exactly as the engine that makes them all at
once, makes only what it read, and a bad entry still fails with a message naming it."""
from __future__ import annotations

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
