"""data/sais.yaml: seed texts verbatim, structure consistent, schema valid."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
from tests.source_documents import SEEDS
SEED_SAI = SEEDS / "000_55eb24dd98d0fa5e.txt"
SEED_DRACOLEM = SEEDS / "003_15c904a8419d5c15.txt"

META_IDS = {
    "SFR / TSR Logo (Eldarim & Dragonkin Champion)": "logo-champion",
    "SFR / TSR Logo (Medallion)": "logo-medallion",
    "SFR Logo (Relic)": "logo-relic",
    "Elemental Relic": "elemental-relic",
}
UNKNOWN_IDS = {"ferry", "firebreath", "firecloud"}
DRACOLEM = {"Fabricate", "Gate", "Magic Suppression", "Spell Disruption"}


def table_rows(path: Path, header: str, cols: tuple[int, int, int]) -> list[tuple[str, str, str]]:
    """(name, applies, effect) cells of the markdown table that starts with `header`."""
    rows, inside = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(header):
            inside = True
        elif inside and line.startswith("|--"):
            continue
        elif inside and line.startswith("|"):
            cells = line.split("|")
            rows.append(tuple(cells[c].strip() for c in cols))
        elif inside:
            break
    return rows


def seed_rows() -> list[tuple[str, str, str]]:
    return table_rows(SEED_SAI, "|Name | Applies | Effect |", (1, 2, 3))


def dracolem_rows() -> list[tuple[str, str, str]]:
    return table_rows(SEED_DRACOLEM, "| Name | Icon | Applies | Effect |", (1, 3, 4))


def bullets(text: str) -> list[str]:
    """The effect's bullets without the leading '•' (seed 000 uses <br>, seed 003 a <ul>)."""
    parts = text.split("•")
    assert not parts[0].strip() or parts[0].strip().startswith("<ul"), parts[0]
    return [re.sub(r"\s*<br>$", "", p.strip()).strip() for p in parts[1:]]


@pytest.fixture(scope="module")
def sais() -> list[dict]:
    return yaml.safe_load((DATA / "sais.yaml").read_text(encoding="utf-8"))["sais"]


@pytest.fixture(scope="module")
def by_id(sais: list[dict]) -> dict[str, dict]:
    return {s["id"]: s for s in sais}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def clause_for(sai: dict, roll: str, against: str | None = None) -> dict:
    found = [c for c in sai["clauses"] if roll in c["rolls"]
             and (against is None or against in c.get("against", [against]))]
    assert len(found) == 1, (sai["id"], roll, against, found)
    return found[0]


# --- seed texts -------------------------------------------------------------------------------

def test_seed_table_has_73_rows() -> None:
    assert len(seed_rows()) == 73


def test_every_seed_row_is_present_verbatim(by_id: dict[str, dict]) -> None:
    for name, applies, effect in seed_rows():
        sid = META_IDS.get(name, slug(name))
        sai = by_id[sid]
        assert sai["name"] == name
        assert sai["applies_text"] == applies, sid
        assert sai["text"] == effect, sid
        assert sai["source"]["doc"] == "seed-sai-table"


def test_seed_typos_are_kept(by_id: dict[str, dict]) -> None:
    assert "damage qual to" in by_id["bash"]["text"]
    assert "heath-worth" in by_id["convert"]["text"]
    assert "healthworth of units in the that army" in by_id["choke"]["text"]
    assert "the that army" in by_id["confuse"]["text"]


def test_dracolem_sais_verbatim(by_id: dict[str, dict]) -> None:
    rows = dracolem_rows()
    assert {r[0] for r in rows} == DRACOLEM
    for name, applies, effect in rows:
        sai = by_id[slug(name)]
        assert (sai["name"], sai["applies_text"], sai["text"]) == (name, applies, effect)
        assert sai["source"] == {"doc": "seed-dracolem", "edition": "Dracolem v1.01"}


def test_clause_texts_are_the_bullets(sais: list[dict]) -> None:
    # Quoted clauses are the seed's bullets; clauses from elsewhere are our words with their source.
    for sai in sais:
        if sai.get("status") == "unknown-text":
            continue
        assert {c["text"] for c in sai["clauses"] if "text" in c} == set(bullets(sai["text"])), sai["id"]
        for c in sai["clauses"]:
            assert "text" in c or (c["summary"] and c["source"]["doc"] == "rulebook"), sai["id"]


# --- counts, ids, references ------------------------------------------------------------------

def test_counts(sais: list[dict]) -> None:
    docs = [s["source"]["doc"] for s in sais]
    assert len(sais) == 80
    assert docs.count("seed-sai-table") == 73
    assert docs.count("seed-dracolem") == 4
    assert {s["id"] for s in sais if s.get("status") == "unknown-text"} == UNKNOWN_IDS


def test_ids_unique_and_slugs(sais: list[dict]) -> None:
    ids = [s["id"] for s in sais]
    assert len(ids) == len(set(ids))
    for s in sais:
        if s["name"] not in META_IDS:
            assert s["id"] == slug(s["name"])
    assert {"rise-from-the-ashes", "create-fireminions"} <= set(ids)


def test_related_ids_exist_and_are_symmetric(by_id: dict[str, dict]) -> None:
    for sid, sai in by_id.items():
        for rid in sai["related"]:
            assert rid in by_id, (sid, rid)
            assert rid != sid
            assert sid in by_id[rid]["related"], (sid, rid)


GROUPS = {"any": {"dragon_attack", "magic", "maneuver", "melee", "missile", "save", "individual"},
          "non_maneuver": {"dragon_attack", "magic", "melee", "missile", "save", "individual"},
          "any_non_individual": {"dragon_attack", "magic", "maneuver", "melee", "missile", "save"}}


def test_clause_rolls_match_applies_or_note(sais: list[dict]) -> None:
    for sai in sais:
        rolls = {x for c in sai["clauses"] for r in c["rolls"] for x in GROUPS.get(r, {r})}
        if rolls != set(sai["applies"]):
            assert sai.get("notes"), f"{sai['id']}: clauses {rolls} vs applies {sai['applies']}"


def test_notes_explain_known_mismatches(by_id: dict[str, dict]) -> None:
    # Entangle: the Applies cell (Missile) decides, not the effect text's "melee or missile".
    assert [c["rolls"] for c in by_id["entangle"]["clauses"]] == [["missile"]]
    assert by_id["entangle"]["applies"] == ["missile"]
    assert any("Applies cell does not" in n for n in by_id["entangle"]["notes"])
    for sid in ("stomp", "stone", "cloak", "net"):
        assert any("together" in n for n in by_id[sid]["notes"]), sid


# --- schema and documentation -----------------------------------------------------------------

def test_schema_validates() -> None:
    schema = json.loads((DATA / "schema" / "sais.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = yaml.safe_load((DATA / "sais.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)


def test_effect_kinds_match_the_registry(sais: list[dict]) -> None:
    # The schema's list of effect kinds is the calculator's registry; every kind in use is owned.
    from calculator.kinds import EFFECTS

    schema = json.loads((DATA / "schema" / "sais.schema.json").read_text(encoding="utf-8"))
    enum = schema["$defs"]["effect"]["properties"]["kind"]["enum"]
    assert sorted(enum) == EFFECTS.names()
    used = {e["kind"] for s in sais for c in s["clauses"]
            for e in [c.get("effect")] + c.get("extra_effects", []) if e}
    assert used <= set(enum)


# --- structure of specific SAIs ---------------------------------------------------------------

def test_uses_x_matches_text(sais: list[dict]) -> None:
    for sai in sais:
        if "text" in sai:
            assert sai["uses_x"] == bool(re.search(r"\bX\b", sai["text"])), sai["id"]


def test_dua_follows_the_text(sais: list[dict]) -> None:
    # In the DUA only SAIs that generate saves work (seed 000); a part whose text limits it to army
    # rolls never works there (Fabricate: "any army save roll").
    for sai in sais:
        for c in sai["clauses"]:
            text = c.get("text") or c.get("summary")
            limited = re.search(r"\bany army (save )?roll\b|results to the army containing this unit", text)
            assert c.get("army_roll", False) == bool(limited), sai["id"]
            assert "dua" not in c or c["dua"] is False, sai["id"]


def test_delayed_and_reroll_sets(sais: list[dict]) -> None:
    delayed = {s["id"] for s in sais for c in s["clauses"] if c.get("delayed")}
    assert delayed == {"choke", "confuse", "decapitate", "hypnotic-glare", "impale"}
    reroll = {s["id"] for s in sais for c in s["clauses"] if c.get("reroll")}
    assert reroll == {"bullseye", "double-strike", "flurry", "rend", "stun", "summon-dragon", "tail"}


def test_counter_and_volley(by_id: dict[str, dict]) -> None:
    for sid, kind in (("counter", "melee"), ("volley", "missile")):
        sai = by_id[sid]
        hit = clause_for(sai, "save", kind)
        assert hit["against"] == [kind]
        assert hit["effect"] == {"kind": "damage-attacker", "amount": "X", "save": "spell-only"}
        other = [c for c in sai["clauses"] if c["rolls"] == ["save"] and c["against"] != [kind]]
        assert len(other) == 1 and kind not in other[0]["against"]
        assert set(other[0]["against"]) | {kind} == {"melee", "missile", "magic", "dragon", "other"}
        assert clause_for(sai, "dragon_attack")["generates"] == [
            {"type": "save", "amount": "X"}, {"type": kind, "amount": "X"}]


def test_choice_generators(by_id: dict[str, dict]) -> None:
    fly = by_id["fly"]["clauses"][0]
    assert fly["generates"] == [{"choice": ["maneuver", "save"], "amount": "X"}]
    assert fly["rolls"] == ["any"]       # "during any roll": individual rolls too
    cf = by_id["create-fireminions"]["clauses"][0]
    assert cf["generates"][0]["choice"] == ["magic", "maneuver", "melee", "missile", "save"]
    assert cf["rolls"] == ["any_non_individual"] and cf["army_roll"] is True


def test_individual_clauses(by_id: dict[str, dict]) -> None:
    cloak = clause_for(by_id["cloak"], "individual")
    assert len(cloak["generates"][0]["choice"]) == 5
    assert clause_for(by_id["net"], "individual")["generates"] == [{"type": "save", "amount": "X"}]


def test_engine_effects(by_id: dict[str, dict]) -> None:
    elevate = by_id["elevate"]
    assert clause_for(elevate, "missile")["effect"] == {
        "kind": "multiply-unit", "factor": 2, "types": ["missile"], "target": "one-unit"}
    assert clause_for(elevate, "save", "melee")["effect"]["types"] == ["save"]
    trumpet = by_id["trumpet"]["clauses"][0]
    assert trumpet["effect"] == {"kind": "multiply-unit", "factor": 2, "types": ["melee", "save"],
                                 "target": "species-units", "species": "feral"}
    assert set(trumpet["rolls"]) == {"dragon_attack", "melee", "save"}
    charge = by_id["charge"]["clauses"][0]["effect"]
    assert charge == {"kind": "counts-as", "from": "maneuver", "to": ["melee"]}
    assert by_id["belly"]["clauses"][0]["effect"]["kind"] == "lose-auto-saves"
    logo = [c for c in by_id["logo-champion"]["clauses"]
            if c.get("effect", {}).get("kind") == "id-results"]
    assert len(logo) == 1 and logo[0]["effect"]["amount"] == 2
    assert "elemental" in logo[0]["condition"]


def test_fixed_amounts(by_id: dict[str, dict]) -> None:
    def gen(sid: str, roll: str) -> list[dict]:
        return clause_for(by_id[sid], roll).get("generates", [])

    assert gen("tail", "melee") == [{"type": "melee", "amount": 2}]
    assert gen("double-strike", "dragon_attack") == [{"type": "melee", "amount": 4}]
    assert clause_for(by_id["double-strike"], "melee")["effect"]["amount"] == 4
    assert clause_for(by_id["gore"], "melee")["effect"]["amount"] == 2
    assert gen("gore", "dragon_attack") == [{"type": "melee", "amount": 4}]
    assert clause_for(by_id["flame"], "melee")["effect"]["amount"] == 2
    for sid, kind in (("decapitate", "melee"), ("impale", "missile")):
        assert gen(sid, "dragon_attack") == [
            {"type": kind, "amount": 3, "unless_dragon_rolled": "jaws"}]
    for sid in ("tail", "double-strike", "gore", "flame", "swallow", "decapitate", "impale"):
        assert by_id[sid]["fixed_results"] is True
        assert by_id[sid]["dice_note"]


def test_cantrip_and_summon_dragon(by_id: dict[str, dict]) -> None:
    cantrip = by_id["cantrip"]["clauses"]
    assert cantrip[0]["rolls"] == ["magic"] and "restriction" not in cantrip[0]["generates"][0]
    assert cantrip[1]["generates"][0]["restriction"] == "cantrip-only"
    assert "maneuver" not in cantrip[1]["rolls"]
    sd = by_id["summon-dragon"]["clauses"]
    assert [c["location"] for c in sd] == [["terrain"], ["reserve"]]
    assert sd[0]["effect"]["kind"] == "summon-dragon" and sd[0]["reroll"] is True
    assert sd[1]["generates"] == [{"type": "magic", "amount": "X"}]


def test_unknown_icons_invent_nothing(by_id: dict[str, dict]) -> None:
    for sid in UNKNOWN_IDS:
        sai = by_id[sid]
        assert "text" not in sai and sai["summary"]
        assert sai["source"]["doc"] == "octgn"
        for c in sai["clauses"]:
            assert "generates" not in c
            assert c["effect"]["kind"] == "special"
    assert by_id["firebreath"]["octgn_names"] == ["Fire Breath"]
