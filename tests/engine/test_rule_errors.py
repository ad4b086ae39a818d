"""The twelve rule errors of the engine-registry issue, each a roll worked out by hand from the
seeds (000: SAI table and rules, 001: Die Roll Resolution) and the rulebook facts; each failed
with the engine before the registry and passes now."""
from __future__ import annotations

import pytest


def totals(engine, data):
    out = engine.resolve(data)
    return out["totals"]


# 1. Items are not units -------------------------------------------------------------------------

def test_elevate_never_doubles_an_item(engine):
    # Missile roll. Trueflyer (small equipment) 2 missile; Coral Elf Fighter 1 missile;
    # Flying Carpet (artifact) rolls Elevate: "double one unit's missile results" (seed 000).
    # Step 5: 2 + 1 = 3. Step 9: the item cannot be picked, the Fighter's 1 is doubled: +1 = 4.
    out = engine.resolve({"roll": "missile", "terrain": "coastland", "army": [
        {"die": "items/air-trueflyer", "rolled": "2 missile"},
        {"die": "coral-elves/fighter", "rolled": "1 missile"},
        {"die": "items/air-flying-carpet", "rolled": "4 elevate"}]})
    assert out["totals"] == {"missile": 4}
    assert any("Fighter" in e["text"] for e in out["steps"][8]["entries"])


def test_decapitate_never_picks_an_item(engine):
    # Save roll against melee; Decapitate (one unit that rolled an ID icon) is delayed from the
    # attacker. The Trebuchet (an artifact, not a unit) rolled its ID: 4 saves; the Soldier rolled
    # ID: 1 save. Only the Soldier can be the target: 4 saves remain.
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "highland",
                          "delayed": [{"sai": "decapitate", "x": 3}], "army": [
                              {"die": "items/air-trebuchet", "rolled": "id"},
                              {"die": "amazons/soldier", "rolled": "id"}]})
    assert out["totals"] == {"save": 4}
    assert out["steps"][1]["entries"][0]["units"] == [1]


# 2. A species ability's terrain condition -----------------------------------------------------

@pytest.mark.parametrize("terrain,melee", [
    ("flatland", 4),      # air and earth: Stampede counts the 2 maneuver as melee: 2 + 2
    ("highland", 2),      # fire and earth, no air: Stampede does not work
    ("coastland", 2),     # air and water, no earth
    ("reserve", 2),       # the Reserve Area is not a terrain
    (None, 2),            # no terrain given
])
def test_stampede_needs_earth_and_air(engine, terrain, melee):
    # Feral counter-attack: Wolf-folk 2 melee, Hound-folk 1 maneuver + Lynx-folk 1 maneuver.
    # Stampede (counter-attack, terrain with earth AND air): maneuver counts as melee at step 10.
    data = {"roll": "melee", "counter": True, "army": [
        {"die": "feral/wolf-folk", "rolled": "2 melee"}, {"die": "feral/hound-folk", "rolled": "1 maneuver"},
        {"die": "feral/lynx-folk", "rolled": "1 maneuver"}]}
    if terrain:
        data["terrain"] = terrain
    assert totals(engine, data) == {"melee": melee}


# 3. X for a single icon on a die described by hand -------------------------------------------

@pytest.mark.parametrize("unit,roll,expected", [
    # A monster's single Counter icon: X = 4 (seed 000) -> 4 melee in a melee attack.
    ({"species": "amazons", "die_type": "monster", "rolled": "counter"}, "melee", {"melee": 4}),
    # A normal icon on a monster is 4 results (rulebook p.29).
    ({"species": "amazons", "die_type": "monster", "rolled": "melee"}, "melee", {"melee": 4}),
    # A champion's single Smite icon in a dragon attack: X = 4 melee.
    ({"species": "eldarim", "die_type": "champion", "rolled": "smite"}, "dragon_attack",
     {"melee": 4, "missile": 0, "save": 0}),
    # Large equipment: X = 3 (Mithril Shield's Bash in a save roll against missiles: X saves).
    ({"die_type": "equipment", "size": "large", "rolled": "bash"}, "save", {"save": 3}),
    # A large Dragonkin (health 3): X = 3 (Dragonkin roll no magic: a dragon attack, Smite = X melee;
    # its 3 automatic saves count because it was rolled).
    ({"species": "dragonkin", "health": 3, "rolled": "smite"}, "dragon_attack", {"melee": 3, "missile": 0, "save": 3}),
    # A small unit's face without a count shows one icon.
    ({"species": "amazons", "health": 1, "rolled": "melee"}, "melee", {"melee": 1}),
])
def test_single_icon_x(engine, unit, roll, expected):
    data = {"roll": roll, "terrain": "highland", "army": [unit]}
    if unit.get("die_type") == "equipment":     # p.59: rolled only with a unit able to carry it (adds nothing)
        data["army"].append({"species": "amazons", "health": 1, "rolled": "1 magic"})
    if roll == "save":
        data["against"] = "missile"
    assert totals(engine, data) == expected


# 4. Combination rolls: every modifier applied where it can -----------------------------------

def test_minus_one_of_any_type_goes_where_there_are_results(engine):
    # Dragon attack response (save, melee, missile). Warlord 3 melee; Palsy: -1 result on
    # non-maneuver rolls. Saves are 0, so the -1 must come off the melee: 3 - 1 = 2 (p.28).
    assert totals(engine, {"roll": "dragon_attack", "terrain": "highland",
                           "modifiers": [{"spell": "palsy"}],
                           "army": [{"die": "dwarves/warlord", "rolled": "3 melee"}]}) == \
        {"melee": 2, "missile": 0, "save": 0}


# 5. A choice SAI offers its types to the counts-as effects in play ----------------------------

def test_fly_maneuvers_count_as_melee_under_charge(engine):
    # Melee attack: Behemoth rolls Charge (the army counts maneuver results as melee); Chimera rolls
    # Fly (X=4 maneuver or save). Neither type is counted in a melee roll, but Charge can count
    # maneuvers: Fly's 4 maneuver count as melee at step 10. Warlord 3 melee. Total 3 + 4 = 7.
    out = engine.resolve({"roll": "melee", "terrain": "highland", "army": [
        {"die": "dwarves/behemoth", "rolled": "4 charge"}, {"die": "amazons/chimera", "rolled": "4 fly"},
        {"die": "dwarves/warlord", "rolled": "3 melee"}]})
    assert out["totals"] == {"melee": 7}
    # Without Charge, Fly gives nothing to a melee roll.
    assert totals(engine, {"roll": "melee", "terrain": "highland", "army": [
        {"die": "amazons/chimera", "rolled": "4 fly"}, {"die": "dwarves/warlord", "rolled": "3 melee"}]}) == {"melee": 3}


# 6. Spells the engine can compute ------------------------------------------------------------

def test_berserker_rage_in_a_counter_attack(engine):
    # Berserker Rage: Feral units may count save results as melee in every counter-attack.
    # Wolf-folk 3 save, Lynx-folk 2 melee, Amazon Soldier 1 save (not Feral).
    # Counter-attack: 2 + 3 (Wolf-folk's saves) = 5. An attack (not a counter): 2.
    army = [{"die": "feral/wolf-folk", "rolled": "3 save"}, {"die": "feral/lynx-folk", "rolled": "2 melee"},
            {"die": "amazons/soldier", "rolled": "1 save"}]
    base = {"roll": "melee", "terrain": "highland", "modifiers": [{"spell": "berserker-rage"}], "army": army}
    assert totals(engine, dict(base, counter=True)) == {"melee": 5}
    out = engine.resolve(base)
    assert out["totals"] == {"melee": 2}
    assert not any("Berserker" in w["text"] and "not applied" in w["text"] for w in out["warnings"])


def test_wilding_doubles_the_best_unit(engine):
    # Wilding: after the roll the owner doubles one unit's melee and save results. Melee roll:
    # Wolf-folk 3 melee, Lynx-folk 2 melee: doubling the Wolf-folk gains most: 5 + 3 = 8.
    assert totals(engine, {"roll": "melee", "terrain": "highland", "modifiers": [{"spell": "wilding"}], "army": [
        {"die": "feral/wolf-folk", "rolled": "3 melee"}, {"die": "feral/lynx-folk", "rolled": "2 melee"}]}) == {"melee": 8}


# 7. An elemental Eldarim champion's Logo counts as an ID icon ----------------------------------

def test_logo_is_an_id_for_choke(engine):
    # Save roll against melee with a delayed Choke (X=4): units that rolled an ID icon, up to 4
    # health-worth, are killed and their results lost. The Air Dragon Hunter's Logo is an ID icon
    # worth 2 (p.62); the champion (health 4) is taken out. The Soldier's 1 save remains: 1.
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "highland",
                          "delayed": [{"sai": "choke", "x": 4}], "army": [
                              {"die": "eldarim/air-dragon-hunter", "rolled": "logo-champion"},
                              {"die": "amazons/soldier", "rolled": "1 save"}]})
    assert out["totals"] == {"save": 1}
    # Without Choke the Logo gives its 2 results: 2 + 1 = 3.
    assert totals(engine, {"roll": "save", "against": "melee", "terrain": "highland", "army": [
        {"die": "eldarim/air-dragon-hunter", "rolled": "logo-champion"},
        {"die": "amazons/soldier", "rolled": "1 save"}]}) == {"save": 3}


# 8. Fabricate works during army save rolls: not in the DUA --------------------------------------

def test_fabricate_not_in_the_dua(engine):
    data = {"roll": "save", "terrain": "highland", "army": [{"die": "dracolem/bronze-armored-dracolem",
                                                              "rolled": "4 fabricate"}]}
    assert totals(engine, data) == {"save": 4}                  # an army save roll: X = 4 saves
    assert totals(engine, dict(data, dua=True)) == {"save": 0}  # a roll in the DUA is no army roll
    # A save-generating SAI without that limit still works in the DUA (seed 000): Counter, X = 4.
    assert totals(engine, {"roll": "save", "dua": True, "army": [
        {"die": "lava-elves/lurker-in-the-deep", "rolled": "4 counter"}]}) == {"save": 4}


# 9. Bash's saves are part of the save total ---------------------------------------------------

def test_bash_saves_count(engine):
    # Save roll against melee; the attacking units rolled 4, 3 and 1 melee results. The Behemoth's
    # Bash targets one attacking unit - the best is the one with 4 melee - and generates 4 saves.
    # Soldier 1 save: 1 + 4 = 5.
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "highland", "attacker_melee": [3, 4, 1],
                          "army": [{"die": "dwarves/behemoth", "rolled": "4 bash"},
                                   {"die": "amazons/soldier", "rolled": "1 save"}]})
    assert out["totals"] == {"save": 5}
    # Not knowing the attackers, the calculator says so instead of silently counting 0.
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "highland", "army": [
        {"die": "dwarves/behemoth", "rolled": "4 bash"}]})
    assert any("Bash" in w["text"] for w in out["warnings"])


def test_bash_against_a_dragon(engine):
    # Dragon attack: dragons inflicted 12 and 6 damage. Bash picks the dragon that did 12: 12 saves.
    assert totals(engine, {"roll": "dragon_attack", "terrain": "highland", "dragon_damage": [6, 12], "army": [
        {"die": "dwarves/behemoth", "rolled": "4 bash"}]}) == {"melee": 0, "missile": 0, "save": 12}


# 10. Non-Maneuver includes Individual rolls ---------------------------------------------------

def test_regenerate_in_an_individual_save_roll(engine):
    # A Troll targeted alone (say by Bullseye) rolls Regenerate: "During any non-maneuver roll ...
    # Regenerate generates X save results" - an individual save roll is a non-maneuver roll: 4.
    assert totals(engine, {"roll": "individual", "army": [{"die": "goblins/troll", "rolled": "4 regenerate"}]}) == \
        {"save": 4}
    # An individual maneuver roll (Entangle's targets) does include maneuvers: Regenerate does nothing.
    assert totals(engine, {"roll": "individual", "counts": ["maneuver"], "army": [
        {"die": "goblins/troll", "rolled": "4 regenerate"}]}) == {"maneuver": 0}


# 11. Entangle follows its Applies cell -----------------------------------------------------

def test_entangle_only_in_missile_attacks(engine):
    melee = engine.resolve({"roll": "melee", "army": [{"species": "amazons", "die_type": "monster",
                                                       "rolled": "entangle"}]})
    assert melee["effects"] == []
    missile = engine.resolve({"roll": "missile", "army": [{"species": "amazons", "die_type": "monster",
                                                           "rolled": "entangle"}]})
    assert [e["kind"] for e in missile["effects"]] == ["target-kill"]


# 12. Cloak adds saves to the army; they are not the Cloak die's own results -------------------

def test_cloak_saves_are_not_doubled_by_elevate(engine):
    # Save roll against melee. Lurker in the Deep rolls Cloak (X=4): 4 saves added to the army at
    # step 10 (a modifier that adds). Flying Carpet rolls Elevate: double one unit's save results.
    # Soldier 1 save. Step 5: 1; step 9: Elevate doubles the Soldier (+1) = 2 (the Lurker has no
    # saves of its own); step 10: +4 = 6.
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "highland", "army": [
        {"die": "lava-elves/lurker-in-the-deep", "rolled": "4 cloak"},
        {"die": "items/air-flying-carpet", "rolled": "4 elevate"},
        {"die": "amazons/soldier", "rolled": "1 save"}]})
    assert out["totals"] == {"save": 6}
    assert out["steps"][7]["subtotals"] == {"save": 1} and out["steps"][8]["subtotals"] == {"save": 2}


# Individual rolls ---------------------------------------------------------------------------

def test_individual_roll_of_a_champion(engine):
    # A Dragon Hunter targeted alone saves: its Logo gives 4 saves against an individual-targeting
    # effect (rulebook p.62) - not the 2 results it is worth as an ID icon in army rolls.
    assert totals(engine, {"roll": "individual", "army": [{"die": "eldarim/air-dragon-hunter",
                                                           "rolled": "logo-champion"}]}) == {"save": 4}


def test_individual_roll_gets_no_army_modifiers(engine):
    # Stone Skin (+1 save to an army) does not reach a unit rolling alone (rulebook p.29).
    out = engine.resolve({"roll": "individual", "modifiers": [{"spell": "stone-skin"}],
                          "army": [{"die": "amazons/soldier", "rolled": "1 save"}]})
    assert out["totals"] == {"save": 1}
    assert any("individual" in w["text"] for w in out["warnings"])


def test_items_never_roll_alone(engine):
    from calculator import InputError

    with pytest.raises(InputError) as err:
        engine.resolve({"roll": "individual", "army": [{"die": "items/air-trueflyer", "rolled": 1}]})
    assert err.value.field == "army[0]"
