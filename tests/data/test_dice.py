"""Checks of the imported dice, terrain, dragon and icon data (data/dice/*.yaml, terrains, dragons, icons)."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.source_documents import REFERENCE

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
SCHEMA = DATA / "schema"
DICE_DATA_MD = REFERENCE / "dice-data.md"

CLASSIC_SPECIES = ["amazons", "coral-elves", "dwarves", "feral", "firewalkers", "frostwings", "goblins",
                   "lava-elves", "scalders", "swamp-stalkers", "treefolk", "undead"]
DICE_FILES = CLASSIC_SPECIES + ["eldarim", "dragonkin", "dracolem", "items"]
EXPECTED = {"eldarim": 208, "dragonkin": 60, "dracolem": 63, "items": 105}
SIDES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12}
UNIT_KINDS = {"unit", "monster", "champion"}

# Index names whose id is not their plain slug (see generator/importer.py).
SAI_ALIASES = {"fire-breath": ["firebreath"], "logo": ["logo-champion", "logo-medallion", "logo-relic"]}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


@cache
def load(rel: str) -> dict[str, Any]:
    return yaml.safe_load((DATA / rel).read_text(encoding="utf-8"))


def dice(name: str) -> list[dict[str, Any]]:
    return load(f"dice/{name}.yaml")["dice"]


def all_dice() -> list[dict[str, Any]]:
    return [d for name in DICE_FILES for d in dice(name)]


@cache
def sai_ids() -> frozenset[str]:
    """SAI ids from data/sais.yaml if present, else the "SAI → dice index" of dice-data.md."""
    sais = DATA / "sais.yaml"
    if sais.exists():
        return frozenset(s["id"] for s in yaml.safe_load(sais.read_text(encoding="utf-8"))["sais"])
    text = DICE_DATA_MD.read_text(encoding="utf-8")
    section = text.split("## SAI → dice index", 1)[1].split("\n## ", 1)[0]
    ids: set[str] = set()
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] in ("Icon", "") or set(cells[0]) <= {"-"}:
            continue
        ids.update(SAI_ALIASES.get(slug(cells[0]), [slug(cells[0])]))
    return frozenset(ids)


def icon_ids() -> set[str]:
    return {i["id"] for i in load("icons.yaml")["icons"]}


# --- counts and ids ------------------------------------------------------------------------

@pytest.mark.parametrize("species", CLASSIC_SPECIES)
def test_classic_species_have_20_dice(species: str) -> None:
    assert len(dice(species)) == 20


def test_counts() -> None:
    assert sum(len(dice(s)) for s in CLASSIC_SPECIES) == 240
    for name, count in EXPECTED.items():
        assert len(dice(name)) == count, name
    assert len(load("terrains.yaml")["terrains"]) == 76
    assert len(load("dragons.yaml")["dragons"]) == 44


def test_terrain_and_dragon_groups() -> None:
    terrains = load("terrains.yaml")["terrains"]
    assert Counter(t["category"] for t in terrains) == {"major": 48, "minor": 28}
    dragons = load("dragons.yaml")["dragons"]
    assert Counter(d["form"] for d in dragons) == {"drake": 22, "wyrm": 22}


def test_ids_unique_and_prefixed() -> None:
    ids = [d["id"] for d in all_dice()]
    assert len(ids) == len(set(ids))
    for name in DICE_FILES:
        for d in dice(name):
            assert d["id"].startswith(f"{name}/") and d["species"] == name, d["id"]
    for rel, key in [("terrains.yaml", "terrains"), ("dragons.yaml", "dragons"), ("icons.yaml", "icons")]:
        ids = [e["id"] for e in load(rel)[key]]
        assert len(ids) == len(set(ids)), rel


def test_icon_ids_do_not_collide_with_sai_ids() -> None:
    assert not (icon_ids() - {f"element-{e}" for e in ("air", "death", "earth", "fire", "water")}) & sai_ids()


# --- faces ---------------------------------------------------------------------------------

def test_face_counts_positive() -> None:
    for d in all_dice():
        for face in d["faces"]:
            assert isinstance(face["count"], int) and face["count"] >= 1, d["id"]
    for dragon in load("dragons.yaml")["dragons"]:
        for face in dragon["faces"]:
            assert isinstance(face["value"], int), dragon["id"]
            assert face["value"] >= 1 or (face["value"] == 0 and face["icon"] == "dragon-belly"), dragon["id"]


def test_unit_face_one_is_id_with_health() -> None:
    for d in all_dice():
        if d["kind"] in UNIT_KINDS:
            assert d["faces"][0] == {"icon": "id", "count": d["health"]}, d["id"]


def test_faces_match_die_type() -> None:
    for d in all_dice():
        assert len(d["faces"]) == SIDES[d["die"]], d["id"]
    for t in load("terrains.yaml")["terrains"]:
        assert len(t["faces"]) == 8, t["id"]
    for dragon in load("dragons.yaml")["dragons"]:
        assert len(dragon["faces"]) == 12, dragon["id"]


def test_major_terrain_faces_numbered_with_eighth_face() -> None:
    for t in load("terrains.yaml")["terrains"]:
        if t["category"] == "major":
            assert [f["number"] for f in t["faces"]] == list(range(1, 9)), t["id"]
            assert t["faces"][7]["icon"] == t["eighth_face"], t["id"]
            assert {f["icon"] for f in t["faces"][:7]} <= {"melee", "missile", "magic"}, t["id"]


def test_every_face_icon_is_known() -> None:
    known = icon_ids() | sai_ids()
    used = {f["icon"] for d in all_dice() for f in d["faces"]}
    used |= {f["icon"] for t in load("terrains.yaml")["terrains"] for f in t["faces"]}
    used |= {f["icon"] for d in load("dragons.yaml")["dragons"] for f in d["faces"]}
    assert used - known == set()


# --- schemas -------------------------------------------------------------------------------

def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMA / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize(
    ("rel", "schema"),
    [(f"dice/{n}.yaml", "dice") for n in DICE_FILES]
    + [("terrains.yaml", "terrains"), ("dragons.yaml", "dragons"), ("icons.yaml", "icons")],
)
def test_yaml_validates_against_schema(rel: str, schema: str) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator(schema).iter_errors(load(rel))]
    assert errors == []


def test_schema_rejects_unknown_field() -> None:
    doc = {"dice": [dict(dice("items")[0], colour="red")]}
    assert not validator("dice").is_valid(doc)
