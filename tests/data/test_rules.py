"""data/rules.yaml: Die Roll Resolution steps and SAI rules verbatim, ids stable, schema valid."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
from tests.source_documents import SEEDS
SEED_FILES = {
    "seed-sai-table": SEEDS / "000_55eb24dd98d0fa5e.txt",
    "seed-die-roll-resolution": SEEDS / "001_5234394881f71362.txt",
    "seed-dracolem": SEEDS / "003_15c904a8419d5c15.txt",
}
ENGINE_TAGS = ["roll", "delayed-sai", "reroll", "apply-sai", "subtotal", "subtract", "divide",
               "add-sai", "multiply", "add"]


@pytest.fixture(scope="module")
def rules() -> list[dict]:
    return yaml.safe_load((DATA / "rules.yaml").read_text(encoding="utf-8"))["rules"]


@pytest.fixture(scope="module")
def by_id(rules: list[dict]) -> dict[str, dict]:
    return {r["id"]: r for r in rules}


def seed_steps() -> dict[int, str]:
    """Step number -> description from the seed 001 table."""
    steps = {}
    text = SEED_FILES["seed-die-roll-resolution"].read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = line.split("|")
        if len(cells) == 4 and cells[1].strip().isdigit():
            steps[int(cells[1].strip())] = cells[2].strip()
    return steps


def test_ten_steps(by_id: dict[str, dict]) -> None:
    steps = by_id["die-roll-resolution"]["steps"]
    assert [s["number"] for s in steps] == list(range(1, 11))
    assert [s["id"] for s in steps] == [f"step-{n}" for n in range(1, 11)]
    assert [s["engine"] for s in steps] == ENGINE_TAGS


def test_step_texts_verbatim(by_id: dict[str, dict]) -> None:
    seed = seed_steps()
    assert len(seed) == 10
    for step in by_id["die-roll-resolution"]["steps"]:
        assert step["text"] == seed[step["number"]]


def test_seed_texts_are_verbatim(rules: list[dict]) -> None:
    """Every `text` of a seed-sourced entry, point or type occurs in that seed unchanged."""
    for rule in rules:
        doc = rule["source"]["doc"]
        if doc not in SEED_FILES:
            continue
        seed = SEED_FILES[doc].read_text(encoding="utf-8")
        texts = [rule.get(k) for k in ("text", "footnote", "closing", "types_intro")]
        texts += [p.get("text") for p in rule.get("points", [])]
        texts += [t["text"] for t in rule.get("types", [])]
        for text in filter(None, texts):
            assert text in seed, (rule["id"], text[:60])


def test_counts_as_stops_at_seed_001_end(by_id: dict[str, dict]) -> None:
    text = by_id["counts-as"]["text"]
    assert text.startswith("A number of species abilities")
    assert text.endswith("step 10 of Die Roll Resolution.")
    assert "Many units have special abilities" not in text


def test_x_values(by_id: dict[str, dict]) -> None:
    rule = by_id["x-values"]
    assert [p["id"] for p in rule["points"]] == ["x-values-1", "x-values-2", "x-values-3"]
    assert [x["x"] for x in rule["x_by_die"]] == ["icons", 3, 4]
    assert [x["single_icon"] for x in rule["x_by_die"]] == [False, True, True]
    assert "champion" in rule["x_by_die"][2]["die_kinds"]


def test_sai_rule_sections(by_id: dict[str, dict]) -> None:
    types = by_id["sai-application"]["types"]
    assert len(types) == 9
    assert {t.get("roll_type") for t in types} >= {"dragon_attack", "save", "individual"}
    assert [p["id"] for p in by_id["sai-targeting"]["points"]] == [
        f"sai-targeting-{n}" for n in range(1, 5)]
    general = [p["text"] for p in by_id["sai-general-rules"]["points"]]
    assert len(general) == 5
    assert general[3].startswith("If an SAI does not have X")


def test_own_words_entries_cite_the_rulebook(by_id: dict[str, dict]) -> None:
    for rid in ("combination-rolls", "modifiers", "automatic-saves", "id-icons"):
        rule = by_id[rid]
        assert "text" not in rule and rule["summary"]
        assert rule["source"]["doc"] == "rulebook" and rule["source"]["page"]
        for p in rule["points"]:
            assert "summary" in p and "text" not in p


def test_seed_004_is_marked_not_dragon_dice(by_id: dict[str, dict]) -> None:
    rule = by_id["ability-types"]
    assert rule["applies_to_dragon_dice"] is False
    assert "text" not in rule
    assert all(r.get("applies_to_dragon_dice", True) for r in by_id.values() if r is not rule)


def test_ids_unique(rules: list[dict]) -> None:
    ids = []
    for rule in rules:
        ids.append(rule["id"])
        for key in ("steps", "points", "types", "sections"):
            ids += [x["id"] for x in rule.get(key, [])]
    assert len(ids) == len(set(ids))


def test_schema_validates() -> None:
    schema = json.loads((DATA / "schema" / "rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = yaml.safe_load((DATA / "rules.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
