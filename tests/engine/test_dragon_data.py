"""Dragons' facts are data (rulebook v4.01d p.17): each dragon face's kinds (icons.yaml
``dragon_face``), the dragon types' targeting table and the breath effects by element (rules.yaml
``dragon-attacks``). A mistake in them stops the data with one line naming the file, the entry and
the field; a new dragon type is a change of data alone."""
from __future__ import annotations

import copy

import pytest

from calculator import Engine
from calculator.kinds import BREATH, DRAGON_FACE

from .test_registry import check, data_copy, edit, schema  # noqa: F401  (data_copy is a fixture)


def test_schema_enums_are_the_dragon_registries():
    face = schema("icons.schema.json")["$defs"]["icon"]["properties"]["dragon_face"]
    assert sorted(face["properties"]["effects"]["items"]["properties"]["kind"]["enum"]) == DRAGON_FACE.names()
    breath = schema("rules.schema.json")["$defs"]["rule"]["properties"]["breath_effects"]
    assert sorted(breath["items"]["properties"]["effect"]["properties"]["kind"]["enum"]) == BREATH.names()


@pytest.mark.parametrize("path,old,new,words", [
    # a dragon face kind given a target that is neither an army nor a dragon
    ("icons.yaml", "- {kind: promote, against: [army]}", "- {kind: promote, against: [armies]}",
     ["icons.yaml", "treasure", "dragon_face.effects[0].against[0]", "armies"]),
    # a parameter no dragon face kind declares
    ("icons.yaml", "- {kind: no-automatic-saves}", "- {kind: no-automatic-saves, amount: 5}",
     ["icons.yaml", "dragon-belly", "dragon_face.effects[0].amount", "unknown parameter"]),
    # a targeting row naming a dragon type that is not in the table
    ("rules.yaml", "- {type: ivory-hybrid, unless: shared-element}", "- {type: ivory-hybird, unless: shared-element}",
     ["rules.yaml", "dragon-attacks", "dragon_types[1].attacks[2].type", "ivory-hybird"]),
    # a breath effect halving a result type that does not exist
    ("rules.yaml", "effect: {kind: halve-results, result: melee}", "effect: {kind: halve-results, result: mele}",
     ["rules.yaml", "dragon-attacks", "breath_effects[0].effect.result", "mele"]),
])
def test_a_mistake_in_the_dragons_facts_names_file_entry_and_field(data_copy, path, old, new, words):  # noqa: F811
    edit(data_copy / path, old, new)
    proc = check(data_copy)
    assert proc.returncode == 1
    line = proc.stderr.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line, line
    for w in words:
        assert w in line, (w, line)


def attack(dragons: list) -> dict:
    return {"attack": "dragon", "terrain": "highland", "seed": 1, "attacker": {"dragons": dragons},
            "defender": {"army": [{"die": "amazons/warrior", "rolled": {"response": "2 save"}}]}}


def test_a_new_dragon_type_is_a_change_of_data(bundle):
    # Today no dragon attacks an Ivory dragon (p.17 table), so a Red Drake beside an Ivory Drake
    # attacks the army. A made-up row "elemental attacks ivory" in the data alone changes that.
    data = attack([{"die": "red-drake", "rolled": {"dragon": "claws"}}, {"die": "ivory-drake", "rolled": {"dragon": "claws"}}])
    assert Engine(bundle).exchange(data)["summary"]["targets"] == ["army", "army"]
    changed = copy.deepcopy(bundle)
    rule = next(r for r in changed["rules"] if r["id"] == "dragon-attacks")
    next(t for t in rule["dragon_types"] if t["id"] == "elemental")["attacks"].append({"type": "ivory"})
    assert Engine(changed).exchange(data)["summary"]["targets"] == [1, "army"]
    # And a breath table without Air's Lightning Bolt leaves a Blue Drake's breath with no halving.
    blue = attack([{"die": "blue-drake", "rolled": {"dragon": "breath"}}])
    blue["terrain"] = "coastland"
    assert any("Lightning Bolt" in x["text"] for x in Engine(bundle).exchange(blue)["left"])
    rule["breath_effects"] = [b for b in rule["breath_effects"] if b["element"] != "air"]
    assert not any("Lightning Bolt" in x["text"] for x in Engine(changed).exchange(blue)["left"])
