"""The registry owns every kind: data naming an unknown kind or parameter cannot be loaded, the
schemas and the data README list exactly what the registry owns, and every interpretation the
trace links to has its section on "How the calculator reads the rules"."""
from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import calculator
from calculator.core.interpret import ANCHORS
from calculator.kinds import ABILITIES, EFFECTS, MODIFIERS, SPELL_EFFECTS, TERRAIN
from calculator.core.rolls import CATEGORIES

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"


def schema(name: str) -> dict:
    return json.loads((DATA / "schema" / name).read_text(encoding="utf-8"))


def test_schema_enums_are_the_registry():
    assert sorted(schema("sais.schema.json")["$defs"]["effect"]["properties"]["kind"]["enum"]) == EFFECTS.names()
    assert sorted(schema("species.schema.json")["$defs"]["engine"]["properties"]["kind"]["enum"]) == ABILITIES.names()
    assert sorted(schema("spells.schema.json")["$defs"]["modifier"]["properties"]["op"]["enum"]) == MODIFIERS.names()
    assert sorted(schema("spells.schema.json")["$defs"]["effect"]["properties"]["kind"]["enum"]) == SPELL_EFFECTS.names()
    effects = schema("icons.schema.json")["$defs"]["icon"]["properties"]["terrain_effects"]
    assert sorted(effects["items"]["properties"]["kind"]["enum"]) == TERRAIN.names()
    assert schema("sais.schema.json")["$defs"]["rollType"]["enum"] == list(CATEGORIES)


def test_readme_lists_the_registry():
    from generator.data.kinds_doc import END, START, section

    text = (DATA / "README.md").read_text(encoding="utf-8")
    assert text[text.index(START):text.index(END) + len(END)] == section()


def test_interpretations_page_has_every_anchor():
    page = (ROOT / "docs" / "rules" / "how-the-calculator-reads-the-rules.md").read_text(encoding="utf-8")
    anchors = re.findall(r"^## .*\{#([a-z0-9-]+)\}$", page, re.M)
    assert sorted(anchors) == sorted(ANCHORS)


def test_doctests():
    failures = 0
    for mod in pkgutil.walk_packages(calculator.__path__, "calculator."):
        if mod.name.endswith("__main__"):
            continue
        failures += doctest.testmod(importlib.import_module(mod.name), optionflags=doctest.ELLIPSIS).failed
    assert failures == 0


# ---- bad data: one line naming the file, the entry and the field --------------------------------

@pytest.fixture()
def data_copy(tmp_path):
    dst = tmp_path / "data"
    shutil.copytree(DATA, dst)
    return dst


def check(data_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data_dir)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("old,new,words", [
    # an effect kind nothing owns (the schema lists the registry's kinds, so it stops there too)
    ("effect: {kind: lose-auto-saves}", "effect: {kind: lose-all-saves}", ["sais.yaml", "belly", "kind"]),
    # a parameter the kind does not declare
    ("effect: {kind: lose-auto-saves}", "effect: {kind: lose-auto-saves, who: this-unit}",
     ["sais.yaml", "belly", "clauses[0].effect.who", "unknown parameter"]),
    # a bad value for a declared parameter
    ("types: [melee, save], target: species-units, species: feral}",
     "types: [melee, save], target: some-units, species: feral}",
     ["sais.yaml", "trumpet", "clauses[0].effect.target", "some-units"]),
])
def test_unowned_sai_effects_fail(data_copy, old, new, words):
    edit(data_copy / "sais.yaml", old, new)
    proc = check(data_copy)
    assert proc.returncode == 1
    line = proc.stderr.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    for w in words:
        assert w in line, (w, line)


def test_misspelt_ability_condition_fails(data_copy):
    # Rule error 2: a terrain condition written under one key and read under another made Stampede
    # work at every terrain. Now any key no ability kind owns stops the data from loading.
    edit(data_copy / "species.yaml", "terrain_element_all: [earth, air]", "terrain_elements_all: [earth, air]")
    proc = check(data_copy)
    assert proc.returncode == 1
    assert "species.yaml" in proc.stderr and "stampede" not in proc.stderr.lower() or "feral" in proc.stderr
    assert "terrain_elements_all" in proc.stderr and "unknown parameter" in proc.stderr


def test_unknown_modifier_op_fails(data_copy):
    edit(data_copy / "spells.yaml", "op: multiply-unit", "op: multiply-one")
    proc = check(data_copy)
    assert proc.returncode == 1 and "spells.yaml" in proc.stderr and "wilding" in proc.stderr


def test_every_kind_that_leaves_part_of_its_action_names_its_face():
    # An effect kind whose action in an exchange may leave a part to the player (Step.leave, which
    # names the face that brought it) declares it; the exact odds take the same effect from two
    # faces as one only where a kind never names its face (calculator.exchange.odds.extras.use_key).
    import inspect
    leaving = {name for name, cls in EFFECTS.kinds.items()
               if getattr(cls, "exchange", None) and ".leave(" in inspect.getsource(cls.exchange)}
    assert leaving == {"damage-target-unit", "reflect-damage"}
    for name, cls in EFFECTS.kinds.items():
        if getattr(cls, "exchange", None):
            assert cls.names_its_face == (name in leaving), name
