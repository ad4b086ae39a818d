"""Data that used to pass ``generator check`` now stops it with one line naming file, entry and field:
duplicate YAML keys, files that are not UTF-8, die ids not prefixed by their species, example rolls
the calculator refuses, and enum errors in words (issue 15)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.data.load import load_dataset
from generator.data.reading import DuplicateKey, StrictLoader
from generator.errors import DataError
from tests.data.test_errors import REPO_ROOT, assert_one_clear_line, check, data_copy, edit  # noqa: F401


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- duplicate keys ---------------------------------------------------------------------------

def test_duplicate_key_in_an_entry(data_copy):
    path = data_copy / "dice" / "amazons.yaml"
    replace_once(path, "    name: Centaur\n", "    name: Centaur\n    name: Centaurus\n")
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'",
                          "field 'name'", "duplicate key 'name'", "line 6")


def test_duplicate_key_in_a_nested_mapping(data_copy):
    path = data_copy / "dice" / "amazons.yaml"
    replace_once(path, "      - {icon: kick, count: 4}\n", "      - {icon: kick, count: 4, icon: melee}\n")
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'",
                          "field 'faces[3].icon'", "duplicate key 'icon'")


def test_duplicate_key_in_an_example_input(data_copy):
    path = data_copy / "examples.yaml"
    replace_once(path, "    roll: melee\n", "    roll: melee\n    roll: save\n")
    assert_one_clear_line(check(data_copy), "data/examples.yaml", "entry 'drr-step-1-roll'",
                          "field 'input.roll'", "duplicate key 'roll'")


def test_duplicate_top_level_key(data_copy):
    path = data_copy / "spells.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "spells: []\n", encoding="utf-8")
    assert_one_clear_line(check(data_copy), "data/spells.yaml", "field 'spells'", "duplicate key 'spells'")


def test_merge_keys_are_not_duplicates():
    """``<<`` may override keys it brings in; only a key written twice in one mapping is refused."""
    text = "base: &b {a: 1, b: 2}\nuse: {<<: *b, b: 3}\n"
    assert yaml.load(text, Loader=StrictLoader)["use"] == {"a": 1, "b": 3}
    with pytest.raises(DuplicateKey):
        yaml.load("base: &b {a: 1}\nuse: {<<: *b, c: 3, c: 4}\n", Loader=StrictLoader)
    with pytest.raises(DuplicateKey):
        yaml.load("x: {1: a, 0x1: b}\n", Loader=StrictLoader)   # the same key written two ways


# --- encoding ---------------------------------------------------------------------------------

def test_data_file_not_utf8(data_copy):
    path = data_copy / "spells.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("name: Blizzard")].count("\n") + 1
    path.write_bytes(text.replace("name: Blizzard", "name: Blizzard\xe9", 1).encode("latin-1", errors="replace"))
    assert_one_clear_line(check(data_copy), "data/spells.yaml", "entry 'blizzard'", "not UTF-8",
                          f"line {line},")


def test_schema_file_not_utf8(data_copy):
    path = data_copy / "schema" / "sais.schema.json"
    path.write_bytes(path.read_bytes().replace(b"Special Action Icons", b"Special Action Ic\xf4ns", 1))
    assert_one_clear_line(check(data_copy), "data/schema/sais.schema.json", "not UTF-8", "line 4,")


# --- die ids ----------------------------------------------------------------------------------

def test_die_id_prefix_is_its_species(data_copy):
    edit(data_copy / "dice" / "amazons.yaml", "dice", "amazons/war-driver",
         lambda e: e.update(id="goblins/war-driver"))
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'goblins/war-driver'",
                          "field 'id'", "'amazons/...'")


def test_item_id_prefix_is_items(data_copy):
    edit(data_copy / "dice" / "items.yaml", "dice", "items/water-wooden-targe",
         lambda e: e.update(id="item/water-wooden-targe"))
    assert_one_clear_line(check(data_copy), "data/dice/items.yaml", "entry 'item/water-wooden-targe'",
                          "field 'id'", "'items/...'")


# --- example rolls: whatever the calculator refuses, check refuses ------------------------------

@pytest.mark.parametrize("ident, change, field, words", [
    ("drr-step-1-roll", lambda i: i["army"][0].update(rolled="9 melee"), "input.army[0].rolled",
     "'9 melee' is not a face of Protector"),
    ("drr-step-1-roll", lambda i: i["army"][1].update(rolled="3 rend"), "input.army[1].rolled",
     "'3 rend'"),
    ("drr-step-3-reroll", lambda i: i["army"][0].update(rerolled=["7 melee"]), "input.army[0].rerolled[0]",
     "'7 melee'"),
    ("drr-step-2-delayed", lambda i: i["delayed"][0].update(sai="chok"), "input.delayed[0].sai",
     "'chok'"),
    ("drr-step-2-delayed", lambda i: i["delayed"][0].update(sai="rend"), "input.delayed[0].sai",
     "Rend has no effect delayed"),
    ("drr-step-1-roll", lambda i: i["army"].__setitem__(0, {"species": "coral-elves", "die_type": "unit",
                                                          "health": 1, "rolled": "id"}),
     "input.army[0].die", "names a die"),
])
def test_example_the_calculator_refuses(data_copy, ident, change, field, words):
    edit(data_copy / "examples.yaml", "examples", ident, lambda e: change(e["input"]))
    assert_one_clear_line(check(data_copy), "data/examples.yaml", f"entry '{ident}'", f"field '{field}'", words)


def test_example_with_unknown_terrain_or_spell(data_copy):
    edit(data_copy / "examples.yaml", "examples", "drr-step-1-roll", lambda e: e["input"].update(terrain="moon"))
    assert_one_clear_line(check(data_copy), "data/examples.yaml", "entry 'drr-step-1-roll'",
                          "field 'input.terrain'", "'moon'")


def test_example_page_must_exist(data_copy):
    edit(data_copy / "examples.yaml", "examples", "drr-step-1-roll", lambda e: e.update(page="sai/no-such-sai"))
    assert_one_clear_line(check(data_copy), "data/examples.yaml", "entry 'drr-step-1-roll'", "field 'page'",
                          "does not name a page")


def test_generate_stops_on_a_bad_example(data_copy, tmp_path):
    edit(data_copy / "examples.yaml", "examples", "drr-step-1-roll",
         lambda e: e["input"]["army"][0].update(rolled="9 melee"))
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "generator", "generate", "--data", str(data_copy),
                           "--out", str(out)], capture_output=True, text=True, cwd=REPO_ROOT)
    assert_one_clear_line(proc, "data/examples.yaml", "entry 'drr-step-1-roll'", "field 'input.army[0].rolled'")
    assert not out.exists()


def test_page_build_never_publishes_an_example_without_its_trace(dataset):
    """If the engine refuses an example at page time (engine changed after check), the build stops."""
    from generator.pages.render import Site

    site = Site(dataset)
    good = dataset.get("examples", "drr-step-1-roll")
    assert site.trace(good)["steps"]
    bad = {**good, "input": {**good["input"], "army": [{"die": "coral-elves/protector", "rolled": "9 melee"}]}}
    with pytest.raises(DataError) as err:
        site.trace(bad)
    assert str(err.value).startswith("data/examples.yaml: entry 'drr-step-1-roll': field 'input.army[0].rolled': ")


def test_live_reload_reports_bad_data_as_one_line(monkeypatch, tmp_path):
    from generator.site import serve

    def bad_generate():
        raise DataError("data/sais.yaml", "bash", "name", "missing required field")

    monkeypatch.setattr(serve, "is_stale", lambda: True)
    monkeypatch.setattr(serve, "generate", bad_generate)
    with pytest.raises(SystemExit) as err:   # the live-reload server prints it as it is
        serve.rebuild(tmp_path, "http://127.0.0.1:8000/")
    assert str(err.value) == "error: data/sais.yaml: entry 'bash': field 'name': missing required field"


# --- schema errors in words -------------------------------------------------------------------

def sais_schema(data_dir: Path) -> dict:
    return json.loads((data_dir / "schema" / "sais.schema.json").read_text(encoding="utf-8"))


def test_bad_roll_type_in_a_clause_is_worded_for_people(data_copy):
    """The issue's case: a clause with ``against`` whose second roll type is misspelt."""
    edit(data_copy / "sais.yaml", "sais", "bash", lambda e: e["clauses"][0].update(rolls=["save", "sav"]))
    assert "against" in next(e for e in yaml.safe_load((data_copy / "sais.yaml").read_text())["sais"]
                             if e["id"] == "bash")["clauses"][0]
    proc = check(data_copy)
    assert_one_clear_line(proc, "data/sais.yaml", "entry 'bash'", "field 'clauses[0].rolls[1]'")
    roll_types = ", ".join(sais_schema(data_copy)["$defs"]["rollType"]["enum"])
    assert proc.stderr.strip().endswith(f"'sav' is not a roll type ({roll_types})")
    assert "was expected" not in proc.stderr


def test_against_on_a_non_save_clause_is_worded_for_people(data_copy):
    edit(data_copy / "sais.yaml", "sais", "bash", lambda e: e["clauses"][0].update(rolls=["melee"]))
    proc = check(data_copy)
    allowed = ", ".join(sais_schema(data_copy)["$defs"]["clause"]["then"]["properties"]["rolls"]["items"]["enum"])
    assert_one_clear_line(proc, "data/sais.yaml", "entry 'bash'", "field 'clauses[0].rolls[0]'",
                          f"'melee' is not a roll type for a clause with 'against' ({allowed})")
    assert "is not one of" not in proc.stderr


def test_const_errors_say_what_is_expected():
    import jsonschema

    from generator.data.schemas import _value_message

    schema = {"const": ["save"], "description": "a clause with 'against' is for save rolls only"}
    err = next(jsonschema.Draft202012Validator(schema).iter_errors(["melee"]))
    assert _value_message(err) == "must be [save] (a clause with 'against' is for save rolls only)"


@pytest.mark.parametrize("file, kind, ident, change, field, words", [
    ("dice/amazons.yaml", "dice", "amazons/centaur", lambda e: e.update(kind="monstr"), "kind",
     "'monstr' is not a kind of die (unit, monster"),
    ("dice/amazons.yaml", "dice", "amazons/centaur", lambda e: e["source"].update(doc="octgm"), "source.doc",
     "'octgm' is not a source document ("),
    ("examples.yaml", "examples", "drr-step-1-roll", lambda e: e["input"].update(roll="meele"), "input.roll",
     "'meele' is not a roll type (maneuver, melee"),
    ("spells.yaml", "spells", "blizzard", lambda e: e.update(element="ice"), "element",
     "'ice' is not a spell element ("),
])
def test_enum_errors_name_what_the_value_should_be(data_copy, file, kind, ident, change, field, words):
    edit(data_copy / file, kind, ident, change)
    proc = check(data_copy)
    assert_one_clear_line(proc, f"data/{file}", f"entry '{ident}'", f"field '{field}'", words)
    assert "is not one of" not in proc.stderr


def test_every_enum_in_the_schemas_has_a_noun(repo_root):
    """Each enum carries the ``title`` its error message uses (conditions of ``if`` never report)."""
    def missing(node, ptr):
        if isinstance(node, dict):
            if "enum" in node and "title" not in node and "/if/" not in ptr + "/":
                yield ptr
            for k, v in node.items():
                yield from missing(v, f"{ptr}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from missing(v, f"{ptr}/{i}")

    for path in sorted((repo_root / "data" / "schema").glob("*.json")):
        assert not list(missing(json.loads(path.read_text(encoding="utf-8")), "")), path.name


def test_clean_data_loads_in_process():
    assert load_dataset(REPO_ROOT / "data").kinds["examples"]
