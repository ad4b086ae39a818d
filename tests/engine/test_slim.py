"""The slim engine bundle (calculator.slim.engine_data, what the browser's worker loads) gives
the engine exactly the answers of the full open data bundle."""
from __future__ import annotations

import json

import pytest

from calculator import Engine
from calculator.slim import engine_data

from .same_answers import EXAMPLE_IDS, EXAMPLES, answer, answer_json


@pytest.fixture(scope="module")
def engines(bundle):
    return Engine(bundle), Engine(engine_data(bundle))


@pytest.mark.parametrize("example", EXAMPLES, ids=EXAMPLE_IDS)
def test_example_same_answers(engines, example):
    full, slim = engines
    for cmd in ("resolve", "distribution"):
        assert answer_json(slim, cmd, example["input"]) == answer_json(full, cmd, example["input"]), cmd


def test_slim_is_smaller_and_leaves_text_out(bundle):
    slim = engine_data(bundle)
    assert len(json.dumps(slim)) < len(json.dumps(bundle)) / 2
    assert "rulings" not in slim and "examples" not in slim
    assert all("source" not in d for d in slim["dice"])


def test_inline_units_and_modifiers_same_answers(engines, bundle):
    """Rolls that use species abilities, spells and terrain dice rather than catalogue dice."""
    full, slim = engines
    spell = next(s["id"] for s in bundle["spells"] if s.get("modifier"))
    terrain = bundle["terrains"][0]["id"]
    for sp in bundle["species"]:
        data = {"roll": "save", "against": "melee", "terrain": terrain, "seed": 3,
                "modifiers": [{"spell": spell}],
                "army": [{"species": sp["id"], "health": 2, "faces": ["id", "2 save", "melee"]}]}
        assert answer(slim, "resolve", data) == answer(full, "resolve", data), sp["id"]


def test_every_die_every_face_same_answers(engines, bundle):
    """Each catalogue die showing each of its faces, in a melee and a save roll, at each terrain die."""
    full, slim = engines
    terrains = [t["id"] for t in bundle["terrains"]]
    for i, die in enumerate(bundle["dice"]):
        army = [{"die": die["id"], "rolled": k + 1} for k in range(len(die["faces"]))]
        for roll in ("melee", "save"):
            data = {"roll": roll, "terrain": terrains[i % len(terrains)], "seed": i, "army": army}
            assert answer(slim, "resolve", data) == answer(full, "resolve", data), (die["id"], roll)


def test_forces_same_answers(engines):
    """The force command reads terrains, species and rules the rolls do not: the slim bundle keeps them."""
    from .force_cases import CASES

    full, slim = engines
    for case in CASES:
        assert answer(slim, "force", case["input"]) == answer(full, "force", case["input"]), case["id"]


def test_games_same_answers(engines):
    """The game command reads the spells' duration and target besides what the rolls read."""
    from .game_cases import prefix_cases

    full, slim = engines
    for cid, data, _ in prefix_cases():
        assert answer(slim, "game", data) == answer(full, "game", data), cid
