"""One hand-computed roll per SAI that generates results, on a real die that carries it.

X is the face count printed in the dice data (d6 face: icons; monster/artifact face: 4; large
equipment: 3); fixed-result SAIs (Tail, Gore, Double Strike, Decapitate, Impale, ...) give their
own number. SAI results are added at step 8.
"""
from __future__ import annotations

import pytest

CASES = [
    # (die, roll, against, rolled, rerolled, expected totals)      arithmetic
    ("items/air-magi-crown", "magic", None, "3 attune", [], {"magic": 3}),               # X=3 magic
    ("dwarves/behemoth", "save", "missile", "4 bash", [], {"save": 4}),                  # other saves: X=4
    ("amazons/spearer", "dragon_attack", None, "4 bullseye", [],
     {"melee": 0, "missile": 4, "save": 0}),                                             # X=4 missile
    ("amazons/oracle", "magic", None, "3 cantrip", [], {"magic": 3}),                    # X=3 magic
    ("lava-elves/lurker-in-the-deep", "save", "other", "4 cloak", [], {"save": 4}),      # X=4 save
    ("swamp-stalkers/ormyrr", "dragon_attack", None, "4 coil", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # X=4 melee
    ("amazons/harbinger", "save", "melee", "4 counter", [], {"save": 4}),                # X=4 save
    ("amazons/harbinger", "melee", None, "4 counter", [], {"melee": 4}),                 # X=4 melee
    ("firewalkers/fireshadow", "save", "other", "4 create-fireminions", [], {"save": 4}),  # choice -> save
    ("items/air-trebuchet", "dragon_attack", None, "4 crush", [],
     {"melee": 0, "missile": 4, "save": 0}),                                             # X=4 missile
    ("items/air-vorpal-sword", "dragon_attack", None, "3 decapitate", [],
     {"melee": 3, "missile": 0, "save": 0}),                                             # fixed 3 melee
    ("amazons/hydra", "dragon_attack", None, "4 double-strike", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # fixed 4 melee
    ("items/air-flying-carpet", "maneuver", None, "4 elevate", [], {"maneuver": 4}),     # X=4 maneuver
    ("amazons/nightmare", "maneuver", None, "4 firewalking", [], {"maneuver": 4}),       # X=4 maneuver
    ("scalders/blazer", "dragon_attack", None, "4 flaming-arrow", [],
     {"melee": 0, "missile": 4, "save": 0}),                                             # X=4 missile
    ("items/air-blade-golem", "melee", None, "4 flurry", ["4 melee"], {"melee": 8}),     # 4 SAI + 4 re-roll
    ("amazons/chimera", "save", "other", "4 fly", [], {"save": 4}),                      # choice -> save
    ("amazons/chimera", "maneuver", None, "4 fly", [], {"maneuver": 4}),                 # choice -> maneuver
    ("feral/rhino-folk", "dragon_attack", None, "4 gore", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # fixed 4 melee
    ("treefolk/satyr", "maneuver", None, "4 hoof", [], {"maneuver": 4}),                 # X=4 maneuver
    ("feral/bear-folk", "dragon_attack", None, "4 hug", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # X=4 melee
    ("dracolem/bronze-draco-gunner", "dragon_attack", None, "4 impale", [],
     {"melee": 0, "missile": 3, "save": 0}),                                             # fixed 3 missile
    ("amazons/centaur", "save", "other", "4 kick", [], {"save": 4}),                     # X=4 save
    ("goblins/troll", "save", "other", "4 regenerate", [], {"save": 4}),                 # X=4 save
    ("amazons/chimera", "melee", None, "4 rend", ["4 melee"], {"melee": 8}),             # 4 SAI + 4 re-roll
    ("firewalkers/phoenix", "save", "other", "4 rise-from-the-ashes", [], {"save": 4}),  # X=4 save
    ("amazons/chimera", "dragon_attack", None, "4 smite", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # X=4 melee
    ("eldarim/air-dragon-hunter", "melee", None, "4 sneak-attack", [], {"melee": 4}),    # X=4 melee
    ("items/air-mantlet", "melee", None, "4 sortie", [], {"melee": 4}),                  # X=4 melee
    ("dwarves/behemoth", "dragon_attack", None, "4 stomp", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # X=4 melee
    ("amazons/medusa", "dragon_attack", None, "4 stone", [],
     {"melee": 0, "missile": 4, "save": 0}),                                             # X=4 missile
    ("coral-elves/leviathan", "melee", None, "4 tail", ["4 id"], {"melee": 6}),          # fixed 2 + ID 4
    ("treefolk/unicorn", "maneuver", None, "4 teleport", [], {"maneuver": 4}),           # X=4 maneuver
    ("amazons/centaur", "melee", None, "4 trample", [], {"melee": 4}),                   # X melee (maneuver not counted)
    ("amazons/centaur", "dragon_attack", None, "4 trample", [],
     {"melee": 4, "missile": 0, "save": 0}),                                             # X=4 melee
    ("undead/ghost", "save", "other", "3 vanish", [], {"save": 3}),                      # X=3 save
    ("frostwings/assailer", "save", "missile", "4 volley", [], {"save": 4}),             # X=4 save
    ("items/air-seven-league-boots", "maneuver", None, "3 wayfare", [], {"maneuver": 3}),  # X=3 maneuver
    ("treefolk/noble-willow", "save", "other", "4 wild-growth", [], {"save": 4}),        # X=4 save
    ("dracolem/bronze-armored-dracolem", "save", "other", "4 fabricate", [], {"save": 4}),  # X=4 save
    ("dracolem/bronze-draco-baal", "magic", None, "4 magic-suppression", [], {"magic": 4}),  # fixed 4 magic
    ("dracolem/bronze-draco-baal", "magic", None, "4 spell-disruption", [], {"magic": 4}),  # fixed 4 magic
    ("items/bronze-medallion", "magic", None, "4 logo-medallion", [], {"magic": 4}),  # p.59: X=4 magic
    ("items/silver-medallion", "magic", None, "4 logo-medallion", [], {"magic": 0}),  # p.59: no magic
]


def carrier(roll: str) -> dict:
    """p.59: an item is rolled only with a unit able to carry it: an Amazon (any element) whose face adds
    nothing to the roll (magic, or melee in a magic action)."""
    return {"species": "amazons", "health": 1, "rolled": "1 melee" if roll == "magic" else "1 magic"}


@pytest.mark.parametrize("die,roll,against,rolled,rerolled,expected", CASES,
                         ids=[f"{c[3].split(' ', 1)[1]}-{c[1]}" for c in CASES])
def test_sai_generates(engine, die, roll, against, rolled, rerolled, expected):
    data = {"roll": roll, "terrain": "highland", "army": [{"die": die, "rolled": rolled, "rerolled": rerolled}]}
    if die.startswith("items/"):
        data["army"].append(carrier(roll))
    if against:
        data["against"] = against
    out = engine.resolve(data)
    assert out["totals"] == expected
    # SAI results are added at step 8 (not at step 5)
    assert sum(out["steps"][7]["subtotals"].values()) >= sum(out["steps"][4]["subtotals"].values())


def test_summon_dragon_in_reserve_generates_magic(engine):
    # In the Reserve Area Summon Dragon gives X=4 magic; at a terrain it summons and rolls again.
    assert engine.resolve({"roll": "magic", "terrain": "reserve", "army": [
        {"die": "items/air-dragonstaff", "rolled": "4 summon-dragon"}, carrier("magic")]})["totals"] == {"magic": 4}
    out = engine.resolve({"roll": "magic", "terrain": "highland", "army": [
        {"die": "items/air-dragonstaff", "rolled": "4 summon-dragon", "rerolled": ["id"]}, carrier("magic")]})
    assert out["totals"] == {"magic": 4}        # the re-rolled artifact ID: 4
    assert any(e["kind"] == "summon-dragon" for e in out["effects"])


def test_every_generating_sai_is_covered(bundle):
    generating = {s["id"] for s in bundle["sais"]
                  if any(c.get("generates") and set(c["rolls"]) - {"individual", "special"}
                         for c in s["clauses"])}
    covered = {c[3].split(" ", 1)[1] for c in CASES} | {"summon-dragon"}
    assert generating <= covered, generating - covered


def test_fixed_results_ignore_face_count(engine):
    # Tail gives 2 melee whatever the count; roll again shows 4 maneuver (not counted): 2
    assert engine.resolve({"roll": "melee", "terrain": "highland", "army": [
        {"die": "coral-elves/leviathan", "rolled": "4 tail", "rerolled": ["4 maneuver"]}]}
    )["totals"] == {"melee": 2}


def test_effects_list_x(engine):
    out = engine.resolve({"roll": "melee", "terrain": "highland", "army": [
        {"die": "amazons/chimera", "rolled": "4 smite"}]})
    assert out["totals"] == {"melee": 0}
    assert [(e["sai"], e["x"], e["kind"]) for e in out["effects"]] == [("smite", 4, "damage-no-save")]
