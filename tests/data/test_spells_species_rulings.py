"""Checks for spells.yaml, species.yaml, terrain-types.yaml and rulings.yaml.

Counts and verbatim texts are derived from the seeds and the OCTGN spell cards where possible, so the
data cannot silently drift from its sources.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
from tests.source_documents import REFERENCE, SEEDS
FAQ = SEEDS / "002_b57215180a339294.txt"
DRACOLEM = SEEDS / "003_15c904a8419d5c15.txt"
SAI_TABLE = SEEDS / "000_55eb24dd98d0fa5e.txt"
SPELL_CARDS = REFERENCE / "octgn-sets" / "spell-cards.xml"

FILES = {
    "spells": ("spells.yaml", "spells.schema.json"),
    "species": ("species.yaml", "species.schema.json"),
    "terrain_types": ("terrain-types.yaml", "terrain_types.schema.json"),
    "rulings": ("rulings.yaml", "rulings.schema.json"),
}
TWO_ELEMENT = {
    "coral-elves": {"air", "water"}, "dwarves": {"fire", "earth"}, "feral": {"air", "earth"},
    "firewalkers": {"air", "fire"}, "frostwings": {"death", "air"}, "goblins": {"death", "earth"},
    "lava-elves": {"death", "fire"}, "scalders": {"water", "fire"}, "swamp-stalkers": {"death", "water"},
    "treefolk": {"water", "earth"},
}
RULE_IDS = {"die-roll-resolution", "counts-as", "x-values", "sai-application", "sai-general-rules",
            "sai-targeting", "combination-rolls", "modifiers", "automatic-saves", "id-icons"}
# Fields each engine kind needs (data/README.md "Species abilities the calculator applies", extended).
# Fields this data needs beyond what the calculator's registry requires of each kind.
ENGINE_NEEDS = {
    "counts-as": {"rolls"}, "automatic-saves": {"rolls"}, "add-results": {"rolls"},
    "reroll": {"rolls", "units"}, "damage-attacker": {"rolls"}, "unsaveable-results": {"rolls"},
    "cannot-roll": {"rolls"}, "bar-counter-attackers": {"rolls"}, "missile-counter-attack": {"rolls"},
    "frees-from-dragons": {"rolls", "species"},
}


@cache
def load(kind: str) -> list[dict[str, Any]]:
    doc = yaml.safe_load((DATA / FILES[kind][0]).read_text(encoding="utf-8"))
    assert list(doc) == [kind]
    return doc[kind]


def ids(kind: str) -> set[str]:
    return {e["id"] for e in load(kind)}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# ---------------------------------------------------------------- seed 002 parsing (FAQ)
def faq_lines() -> list[str]:
    """The FAQ's lines without the web-archive line numbers (NBSP -> space, trailing blanks cut)."""
    out: list[str] = []
    for line in FAQ.read_text(encoding="utf-8").split("\n"):
        m = re.match(r"^\s*(\d+)\. ?(.*)$", line)
        if m and int(m.group(1)) == len(out) + 1:
            out.append(m.group(2).replace("\xa0", " ").rstrip())
    return out


def faq_entries() -> list[dict[str, str]]:
    """Split the FAQ body (from the first '*** ' section) into entries.

    An entry starts at a one-line heading paragraph ("Maneuvers as Missiles") or at a paragraph
    opening with "Name: " (the monster SAI notes); other paragraphs belong to the current entry.
    """
    paras: list[list[str]] = []
    cur: list[str] = []
    for line in faq_lines() + [""]:
        if line:
            cur.append(line)
        elif cur:
            paras.append(cur)
            cur = []
    topic: str | None = None
    entries: list[dict[str, Any]] = []
    for p in paras:
        first = p[0]
        if first.startswith("*** "):
            topic = first[4:].strip()
            continue
        if topic is None:
            continue
        inline = re.match(r"^([A-Z][A-Za-z ]*[a-z]): ", first)
        if len(p) == 1 and not first.endswith(".") and not re.match(r'^[A-Z]\)|^"|^EXAMPLE', first):
            entries.append({"topic": topic, "title": first.strip(), "paras": []})
        elif inline and not first.startswith("EXAMPLE"):
            entries.append({"topic": topic, "title": inline.group(1), "paras": [p]})
        else:
            entries[-1]["paras"].append(p)
    return [{"topic": e["topic"], "title": e["title"],
             "text": "\n\n".join("\n".join(p) for p in e["paras"])} for e in entries]


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


# ---------------------------------------------------------------- counts and ids
def test_counts() -> None:
    assert len(load("spells")) == 55
    assert len(load("species")) == 15
    assert len(load("terrain_types")) == 7


def test_ruling_count_matches_seed() -> None:
    assert len(load("rulings")) == len(faq_entries()) == 9


@pytest.mark.parametrize("kind", list(FILES))
def test_unique_ids(kind: str) -> None:
    all_ids = [e["id"] for e in load(kind)]
    assert len(all_ids) == len(set(all_ids))
    assert all(e["id"] == slug(e["id"]) for e in load(kind))


def test_ability_ids_unique_per_species() -> None:
    for sp in load("species"):
        names = [a["id"] for a in sp["abilities"]] + [h["id"] for h in sp.get("history", [])]
        assert len(names) == len(set(names)), sp["id"]


@pytest.mark.parametrize("kind", list(FILES))
def test_schema(kind: str) -> None:
    schema = json.loads((DATA / "schema" / FILES[kind][1]).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = yaml.safe_load((DATA / FILES[kind][0]).read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


@pytest.mark.parametrize("kind", list(FILES))
def test_schema_is_strict(kind: str) -> None:
    """An unknown field in an entry must be rejected."""
    schema = json.loads((DATA / "schema" / FILES[kind][1]).read_text(encoding="utf-8"))
    doc = {kind: [dict(load(kind)[0], bogus=1)]}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(doc))


# ---------------------------------------------------------------- cross references
def test_spell_species_references() -> None:
    species = ids("species")
    spells = ids("spells")
    by_species: dict[str, set[str]] = {}
    for sp in load("spells"):
        if sp["species"] is not None:
            assert sp["species"] in species, sp["id"]
            by_species.setdefault(sp["species"], set()).add(sp["id"])
    for s in load("species"):
        assert set(s["spells"]) <= spells, s["id"]
        assert set(s["spells"]) == by_species.get(s["id"], set()), s["id"]


def test_species_spell_counts() -> None:
    count = {s["id"]: len(s["spells"]) for s in load("species")}
    assert count.pop("undead") == 4
    assert count.pop("dracolem") == 8
    assert count.pop("dragonkin") == 0
    assert set(count.values()) == {2}
    assert sum(1 for s in load("spells") if s["species"] is None) == 19


def test_ruling_links_exist() -> None:
    sais = {slug(m) for m in re.findall(r"^\| ([A-Z][^|]*?) *\|", SAI_TABLE.read_text(encoding="utf-8"), re.M)}
    sais |= {"ferry", "firebreath", "firecloud"}
    for r in load("rulings"):
        links = r["links"]
        assert set(links["species"]) <= ids("species"), r["id"]
        assert set(links["spells"]) <= ids("spells"), r["id"]
        assert set(links.get("rulings", [])) <= ids("rulings"), r["id"]
        assert set(links["sais"]) <= sais, (r["id"], set(links["sais"]) - sais)
        for rule in links["rules"]:
            base, _, step = rule.partition("#")
            assert base in RULE_IDS, rule
            if step:
                assert base == "die-roll-resolution" and re.fullmatch(r"step-([1-9]|10)", step), rule


def test_history_rulings_exist() -> None:
    rulings = ids("rulings")
    for s in load("species"):
        abilities = {a["id"] for a in s["abilities"]}
        for h in s.get("history", []):
            assert h["source"] == {"doc": "seed-faq-1996", "edition": "TSR 1996"}
            assert set(h["rulings"]) <= rulings, h["id"]
            assert h["v4_counterpart"] is None or h["v4_counterpart"] in abilities, h["id"]


# ---------------------------------------------------------------- species
def test_species_elements() -> None:
    by_id = {s["id"]: s for s in load("species")}
    for sid, elements in TWO_ELEMENT.items():
        assert len(by_id[sid]["elements"]) == 2 and set(by_id[sid]["elements"]) == elements, sid
    assert by_id["undead"]["elements"] == ["death"]
    assert by_id["amazons"]["elements"] == [] and by_id["amazons"]["ivory"] is True
    assert by_id["dracolem"]["elements"] == [] and by_id["dracolem"]["alloys"] == ["bronze", "silver", "gold"]
    for sid in ("eldarim", "dragonkin"):
        assert len(by_id[sid]["elements"]) == 5 and by_id[sid]["element_per_die"] is True
    assert by_id["firewalkers"]["octgn_name"] == "Fire Walkers"


def test_unit_tables() -> None:
    for s in load("species"):
        rows = s["units"]["classes"]
        assert len(rows) == 5 or s["id"] == "dragonkin", s["id"]
        if s["id"] in TWO_ELEMENT or s["id"] in ("amazons", "undead"):
            assert len(s["units"]["monsters"]) == 5, s["id"]
            assert all(r["small"] and r["medium"] and r["large"] for r in rows), s["id"]


def engine_blocks() -> list[tuple[str, dict[str, Any]]]:
    return [(f"{s['id']}/{a['id']}", a["engine"]) for s in load("species") for a in s["abilities"] if "engine" in a]


def test_engine_blocks_have_their_fields() -> None:
    blocks = engine_blocks()
    assert len(blocks) >= 15
    from calculator.kinds import ABILITIES

    for where, eng in blocks:
        ABILITIES.make(eng, where)                # owned by a registered kind, every parameter known
        missing = ENGINE_NEEDS.get(eng["kind"], set()) - set(eng)
        assert not missing, (where, missing)
        if eng.get("engine") is False or eng.get("toggle"):
            assert eng.get("condition"), where


def test_counts_as_abilities() -> None:
    """Every species counts-as ability has its roll types and terrain condition (species.md)."""
    want = {
        "coral-elves/coastal-dodge": ("maneuver", "save", ["water"]),
        "dwarves/mountain-mastery": ("melee", "maneuver", ["earth"]),
        "dwarves/dwarven-might": ("save", "melee", ["fire"]),
        "firewalkers/flaming-shields": ("save", "melee", ["fire"]),
        "goblins/swamp-mastery": ("melee", "maneuver", ["earth"]),
        "lava-elves/volcanic-adaptation": ("maneuver", "save", ["fire"]),
        "scalders/intangibility": ("maneuver", "save", ["water"]),
        "swamp-stalkers/born-of-the-swamp": ("maneuver", "save", ["water"]),
        "amazons/javelin-charge": ("maneuver", "missile", None),
        "amazons/kukri-charge": ("maneuver", "melee", None),
    }
    got = {w: e for w, e in engine_blocks() if e["kind"] == "counts-as"}
    assert set(got) == set(want) | {"feral/stampede"}
    for where, (frm, to, terrain) in want.items():
        eng = got[where]
        assert (eng["from"], eng["to"], eng.get("terrain_element")) == (frm, [to], terrain), where
        assert to in eng["rolls"] or (to == "save" and "dragon_attack" in eng["rolls"]), where
    assert set(got["feral/stampede"]["terrain_element_all"]) == {"earth", "air"}
    assert got["scalders/intangibility"]["against"] == ["missile"]
    assert got["dwarves/dwarven-might"]["situation"] == "counter-attack"
    assert got["feral/stampede"]["situation"] == "counter-attack"
    assert got["firewalkers/flaming-shields"]["situation"] == "not-counter-attack"


def test_dragonkin_automatic_saves() -> None:
    eng = dict(engine_blocks())["dragonkin/automatic-saves"]
    assert eng["kind"] == "automatic-saves" and eng["amount"] == "health"
    assert eng["only_if_rolled"] is True and eng["lost_on"] == ["belly"]


# ---------------------------------------------------------------- spells
def test_spell_flags_match_octgn() -> None:
    species_of = {s["octgn_name"]: s["id"] for s in load("species")}
    species_of["Basic"] = None
    cards = {}
    for card in ET.parse(SPELL_CARDS).getroot().iter("card"):
        props = {p.get("name"): p.get("value") for p in card.iter("property")}
        cards[card.get("name")] = props
    spells = {s["name"]: s for s in load("spells")}
    assert set(cards) == set(spells)
    for name, p in cards.items():
        s = spells[name]
        assert s["cost"] == int(p["Cost"]), name
        assert s["octgn_color"] == p["Color"], name
        assert s["reserve"] == (p["Reserve"] == "Yes"), name
        assert s["cantrip"] == (p["Cantrip"] == "Yes"), name
        assert s["species"] == species_of[p["Species"]], name
    assert sum(s["reserve"] for s in load("spells")) == 20
    assert sum(s["cantrip"] for s in load("spells")) == 9


def test_spell_elements_and_sources() -> None:
    colour = {"Blue": "air", "Black": "death", "Yellow": "earth", "Red": "fire", "Green": "water",
              "Elemental": "elemental", "Alloy": "any-alloy", "Bronze": "bronze", "Silver": "silver", "Gold": "gold"}
    for s in load("spells"):
        assert s["element"] == colour[s["octgn_color"]], s["id"]
        dracolem = s["species"] == "dracolem"
        assert (s["source"]["doc"] == "seed-dracolem") == dracolem, s["id"]
        assert ("text" in s) == dracolem, s["id"]
        if not dracolem:
            assert s["source"] == {"doc": "rulebook", "edition": "v4.01d", "page": 44}
        assert s["flags_source"] == {"doc": "octgn", "edition": "OCTGN 1.2.1.4"}


def test_dracolem_texts_are_verbatim() -> None:
    seed = squash(DRACOLEM.read_text(encoding="utf-8"))
    for s in load("spells"):
        if "text" in s:
            assert squash(s["text"]) in seed, s["id"]
    for sp in load("species"):
        for a in sp["abilities"]:
            if "text" in a:
                assert sp["id"] == "dracolem"
                assert squash(a["text"]) in seed, a["id"]


def modifiers(spell: dict[str, Any]) -> list[dict[str, Any]]:
    mod = spell.get("modifier", [])
    return mod if isinstance(mod, list) else [mod]


def test_spell_modifiers() -> None:
    by_id = {s["id"]: s for s in load("spells")}
    simple = {
        "stone-skin": ("add", "save", 1, "army"), "watery-double": ("add", "save", 1, "army"),
        "wind-walk": ("add", "maneuver", 4, "army"), "restless-dead": ("add", "maneuver", 3, "army"),
        "ash-storm": ("subtract", "all", 1, "terrain"), "palsy": ("subtract", "all", 1, "opposing-army"),
        "decay": ("subtract", "melee", 2, "opposing-army"), "evil-eye": ("subtract", "save", 2, "opposing-army"),
        "blizzard": ("subtract", "melee", 3, "terrain"), "fields-of-ice": ("subtract", "maneuver", 4, "terrain"),
        "magic-drain": ("subtract", "magic", 2, "terrain"), "higher-ground": ("subtract", "melee", 5, "opposing-army"),
        "dancing-lights": ("subtract", "melee", 6, "opposing-army"),
        "transmute-rock-to-mud": ("subtract", "maneuver", 6, "opposing-army"),
        "wall-of-fog": ("subtract", "missile", 6, "terrain"), "anti-magic-surge": ("subtract", "magic", 4, "terrain"),
    }
    for sid, (op, result, amount, target) in simple.items():
        (mod,) = modifiers(by_id[sid])
        assert (mod["op"], mod["result"], mod["amount"], mod["target"]) == (op, result, amount, target), sid
    assert "maneuver" not in modifiers(by_id["palsy"])[0]["rolls"]
    deluge = {(m["result"], m["amount"]) for m in modifiers(by_id["deluge"])}
    assert deluge == {("maneuver", 3), ("missile", 3)}
    (wave,) = modifiers(by_id["necromantic-wave"])
    assert (wave["op"], wave["from"], wave["to"]) == ("counts-as", "magic", ["melee", "missile"])
    (fiery,) = modifiers(by_id["fiery-weapon"])
    assert fiery["choice"] == ["melee", "missile"] and fiery["amount"] == 2
    for s in load("spells"):
        for m in modifiers(s):
            if m.get("engine") is False:
                assert m.get("condition"), s["id"]
            if m["op"] == "counts-as":
                assert {"from", "to"} <= set(m), s["id"]
            elif m["op"] == "multiply-unit":
                assert {"types", "factor"} <= set(m), s["id"]
            else:
                assert "amount" in m and ("result" in m) != ("choice" in m), s["id"]


def test_cumulative_known() -> None:
    cumulative = {s["id"] for s in load("spells") if s.get("cumulative")}
    assert cumulative == {"wind-walk", "palsy"}


# ---------------------------------------------------------------- terrain types
def test_terrain_types() -> None:
    tt = {t["id"]: t for t in load("terrain_types")}
    assert set(tt) == {"coastland", "flatland", "highland", "swampland", "feyland", "wasteland", "deadland"}
    assert set(tt["coastland"]["elements"]) == {"air", "water"}
    assert set(tt["flatland"]["elements"]) == {"air", "earth"}
    assert set(tt["highland"]["elements"]) == {"fire", "earth"}
    assert set(tt["swampland"]["elements"]) == {"water", "earth"}
    assert set(tt["feyland"]["elements"]) == {"water", "fire"}
    assert set(tt["wasteland"]["elements"]) == {"air", "fire"}
    assert tt["deadland"]["elements"] == ["death"] and tt["deadland"]["major"] is False
    assert any("OCTGN" in n for n in tt["deadland"]["notes"])
    assert all(t["source"] == {"doc": "rulebook", "edition": "v4.01d", "page": 3} for t in tt.values())


# ---------------------------------------------------------------- rulings
def test_rulings_are_the_faq_verbatim() -> None:
    topics = {"AMAZONS": "amazons", "MONSTERS": "monsters", "MONSTER SPECIAL ACTION ICONS": "monster-sais"}
    for ruling, entry in zip(load("rulings"), faq_entries(), strict=True):
        assert ruling["topic"] == topics[entry["topic"]]
        assert ruling["title"] == entry["title"]
        assert ruling["text"] == entry["text"], ruling["id"]
        assert ruling["id"].startswith(ruling["topic"].split("-")[0])
        assert ruling["source"]["doc"] == "seed-faq-1996"


def test_no_faq_line_skipped() -> None:
    """Every non-blank line after the first section marker is a heading or inside some ruling text."""
    lines = faq_lines()
    body = lines[next(i for i, line in enumerate(lines) if line.startswith("*** ")):]
    covered = {r["title"] for r in load("rulings")}
    for r in load("rulings"):
        covered |= set(r["text"].split("\n"))
    missing = [line for line in body if line and not line.startswith("*** ") and line not in covered]
    assert not missing


def test_history_texts_are_quotes() -> None:
    seed = "\n".join(faq_lines())
    for s in load("species"):
        for h in s.get("history", []):
            assert h["text"] in seed, h["id"]
