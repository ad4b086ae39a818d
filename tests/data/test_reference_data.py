"""The citable reference data: FAQ points, glossary, rules sections, sources, timing tags."""
from __future__ import annotations

import re
from collections import Counter

import pytest

REQUIRED_TERMS = ["Dead Unit Area", "Buried Unit Area", "Reserve Area", "Summoning Pool", "force size", "health",
                  "ID icon", "eighth face", "minor terrain", "counter-attack", "save roll", "combination roll",
                  "march", "promotion", "recruit", "automatic saves", "counts as", "home terrain", "frontier",
                  "horde", "damage", "killed", "bury"]
AREAS = ["marches", "melee-action", "missile-action", "magic-action", "saves-and-damage", "counter-attacks",
         "dragon-attacks", "terrains-and-eighth-faces", "minor-terrains", "reserves", "promotion", "items",
         "dragonkin-rules", "eldarim-champions", "play-areas"]


def paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def rebuilt(ruling: dict) -> list[str]:
    """The FAQ entry's paragraphs put back together from intro, points and closing."""
    out = [ruling["intro"]] if ruling.get("intro") else []
    for p in ruling["points"]:
        items = " ".join(f"{i}) {t}" for i, t in enumerate(p.get("items", []), 1))
        body = f"{p['text']} {items}".strip()
        out.append(f"EXAMPLE: {body}" if p.get("example_of") else f"{p['letter']}) {body}")
    if ruling.get("closing"):
        out.append(ruling["closing"])
    return out


def test_faq_points_put_together_are_the_faq_text(dataset):
    for ruling in dataset.kinds["rulings"]:
        assert rebuilt(ruling) == paragraphs(ruling["text"]), ruling["id"]


def test_every_lettered_point_is_its_own_object(dataset):
    points = [p for r in dataset.kinds["rulings"] for p in r["points"]]
    lettered = [p for p in points if not p.get("example_of")]
    assert len(lettered) == 34
    assert len({p["id"] for p in points}) == len(points)
    for ruling in dataset.kinds["rulings"]:
        for p in ruling["points"]:
            assert p["id"].startswith(ruling["id"] + "-" + p["letter"].lower()), p["id"]
            if p.get("example_of"):
                assert p["example_of"] in {q["id"] for q in ruling["points"]}


def test_the_faqs_slip_stays_visible(dataset):
    charm = next(r for r in dataset.kinds["rulings"] if r["id"] == "monster-sais-charm")
    es = [p for p in charm["points"] if p["letter"] == "E"]
    assert [p["id"] for p in es] == ["monster-sais-charm-e", "monster-sais-charm-e-2"]
    assert "two points E" in es[1]["slip"]


def test_glossary_has_the_terms_players_need(dataset):
    terms = dataset.kinds["glossary"]
    assert len(terms) >= 40
    names = {n.lower() for t in terms for n in [t["name"], *t.get("aliases", [])]}
    missing = [n for n in REQUIRED_TERMS if n.lower() not in names]
    assert not missing
    assert Counter(n for t in terms for n in [t["name"].lower(), *map(str.lower, t.get("aliases", []))]).most_common(1)[0][1] == 1
    for t in terms:
        assert t["source"]["edition"] in ("v4.01d", "OCTGN 1.2.1.4"), t["id"]


def test_rules_cover_every_area_with_anchored_own_words_points(dataset):
    rules = {r["id"]: r for r in dataset.kinds["rules"]}
    for rid in AREAS:
        rule = rules[rid]
        assert rule["summary"] and "text" not in rule, rid
        assert rule["source"]["edition"] == "v4.01d" and rule["source"]["page"], rid
        assert len(rule["points"]) >= 2, rid
        for p in rule["points"]:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", p["id"]) and p.get("title") and p["summary"], p["id"]
    ids = [p["id"] for r in rules.values() for key in ("points", "steps", "types", "sections")
           for p in r.get(key, [])]
    assert len(ids) == len(set(ids))


def test_the_other_games_ability_types_are_not_a_dragon_dice_rule(dataset):
    rule = dataset.get("rules", "ability-types")
    assert rule["applies_to_dragon_dice"] is False and "group" not in rule
    assert {s["id"] for s in rule["sections"]} >= {f"ability-types-{t}" for t in ("static", "triggered", "activated")}


def test_timing_tags(dataset):
    sais = dataset.kinds["sais"]
    assert sum(1 for s in sais if s.get("timing")) >= len(sais) - 3
    assert all(s.get("timing") is None for s in sais if s.get("status") == "unknown-text")
    assert dataset.get("sais", "choke")["timing"] == "triggered"      # delayed to the save roll
    assert dataset.get("sais", "teleport")["timing"] == "activated"   # "may move"
    assert dataset.get("sais", "trample")["timing"] == "static"
    abilities = [a for sp in dataset.kinds["species"] for a in sp["abilities"]]
    assert all(a.get("timing") for a in abilities)


@pytest.mark.parametrize("doc", ["seed-sai-table", "seed-die-roll-resolution", "seed-faq-1996", "seed-dracolem",
                                 "rulebook", "octgn"])
def test_every_source_document_has_a_player_name(dataset, doc):
    source = dataset.get("sources", doc)
    assert source["name"] and not re.search(r"seed|\d{3}", source["name"], re.I)
