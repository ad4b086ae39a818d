"""One worked example per step of Die Roll Resolution (seed 001), totals computed by hand."""
from __future__ import annotations


def totals(engine, data):
    return engine.resolve(data)["totals"]


def test_step_1_roll_faces_give_results(engine):
    # 4 melee icons + 3 melee icons + ID of a 1-health unit = 4 + 3 + 1 = 8
    assert totals(engine, {"roll": "melee", "terrain": "coastland", "army": [
        {"die": "coral-elves/protector", "rolled": "4 melee"},
        {"die": "coral-elves/trooper", "rolled": "3 melee"},
        {"die": "coral-elves/fighter", "rolled": "id"}]}) == {"melee": 8}


def test_step_1_monster_id_is_health(engine):
    # A monster's ID gives its health (4) of the roll's type.
    assert totals(engine, {"roll": "missile", "terrain": "highland",
                           "army": [{"die": "coral-elves/gryphon", "rolled": "id"}]}) == {"missile": 4}


def test_step_2_delayed_choke_takes_out_id_rollers(engine):
    # Choke X=4: Warrior (ID, 2 health) + Soldier (ID, 1 health) = 3 health-worth <= 4: both out.
    # Remaining: War Chief 3 save = 3
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "highland",
                          "delayed": [{"sai": "choke", "x": 4}], "army": [
                              {"die": "amazons/warrior", "rolled": "id"},
                              {"die": "amazons/soldier", "rolled": "id"},
                              {"die": "amazons/war-chief", "rolled": "3 save"}]})
    assert out["totals"] == {"save": 3}
    assert out["steps"][1]["entries"][0]["units"] == [0, 1]


def test_step_2_choke_limited_by_x(engine):
    # Choke X=2: Warrior (2) and Soldier (1) cannot both go (3 > 2); the most health-worth is the
    # Warrior alone (2). Remaining: Soldier ID 1 + War Chief 3 = 4
    assert totals(engine, {"roll": "save", "against": "melee", "terrain": "highland",
                           "delayed": [{"sai": "choke", "x": 2}], "army": [
                               {"die": "amazons/warrior", "rolled": "id"},
                               {"die": "amazons/soldier", "rolled": "id"},
                               {"die": "amazons/war-chief", "rolled": "3 save"}]}) == {"save": 4}


def test_step_3_rend_rolls_again(engine):
    # Wolf-folk: Rend X=3 -> 3 melee (step 8); rolls again: 3 melee (step 5); Lynx-folk 2 melee.
    # step 5: 3 + 2 = 5; step 8: 5 + 3 = 8
    out = engine.resolve({"roll": "melee", "terrain": "flatland", "army": [
        {"die": "feral/wolf-folk", "rolled": "3 rend", "rerolled": ["3 melee"]},
        {"die": "feral/lynx-folk", "rolled": "2 melee"}]})
    assert out["totals"] == {"melee": 8}
    assert out["steps"][4]["subtotals"] == {"melee": 5}


def test_step_3_rerolls_chain(engine):
    # Chimera: Rend (4) -> again Rend (4) -> again 4 melee: 4 + 4 SAI + 4 normal = 12
    assert totals(engine, {"roll": "melee", "terrain": "highland", "army": [
        {"die": "amazons/chimera", "rolled": "4 rend", "rerolled": ["4 rend", "4 melee"]}]}) == {"melee": 12}


def test_step_4_charge_counts_maneuver_as_melee(engine):
    # Charge: army counts maneuver as melee at step 10. Warlord 3 melee; Sergeant 2 maneuver.
    # step 5: 3; step 10: 3 + 2 = 5
    out = engine.resolve({"roll": "melee", "terrain": "highland", "army": [
        {"die": "dwarves/behemoth", "rolled": "4 charge"},
        {"die": "dwarves/sergeant", "rolled": "2 maneuver"},
        {"die": "dwarves/warlord", "rolled": "3 melee"}]})
    assert out["totals"] == {"melee": 5}
    assert {e["kind"] for e in out["effects"] if e["sai"] == "charge"} == {"counts-as", "defender-combination-roll"}


def test_step_5_subtotal(engine):
    # Warrior ID = health 2; Soldier 1 save; Javelineer 2 save: 2 + 1 + 2 = 5
    out = engine.resolve({"roll": "save", "against": "missile", "terrain": "flatland", "army": [
        {"die": "amazons/warrior", "rolled": "id"},
        {"die": "amazons/soldier", "rolled": "1 save"},
        {"die": "amazons/javelineer", "rolled": "2 save"}]})
    assert out["steps"][4]["subtotals"] == {"save": 5}
    assert out["totals"] == {"save": 5}


def test_step_6_subtract_never_below_zero_and_before_sai(engine):
    # step 5: 4 melee + Warrior ID 2 = 6; step 6: Dancing Lights -6 -> 0;
    # step 8: Counter X=4 -> 0 + 4 = 4
    out = engine.resolve({"roll": "melee", "terrain": "highland", "modifiers": [{"spell": "dancing-lights"}],
                          "army": [{"die": "amazons/war-chief", "rolled": "4 melee"},
                                   {"die": "amazons/warrior", "rolled": "id"},
                                   {"die": "amazons/harbinger", "rolled": "4 counter"}]})
    assert out["steps"][5]["subtotals"] == {"melee": 0}
    assert out["totals"] == {"melee": 4}


def test_step_6_floor_at_zero(engine):
    # 2 melee - 5 (Higher Ground) = -3 -> 0
    assert totals(engine, {"roll": "melee", "terrain": "highland", "modifiers": [{"spell": "higher-ground"}],
                           "army": [{"die": "amazons/warrior", "rolled": "2 melee"}]}) == {"melee": 0}


def test_step_7_divide_rounds_down(engine):
    # 2 + 2 + 3 = 7 saves; 7 // 2 = 3
    assert totals(engine, {"roll": "save", "against": "melee", "terrain": "coastland",
                           "modifiers": [{"op": "divide", "result": "save", "amount": 2}],
                           "army": [{"die": "coral-elves/trooper", "rolled": "2 save"},
                                    {"die": "coral-elves/knight", "rolled": "2 save"},
                                    {"die": "coral-elves/protector", "rolled": "3 save"}]}) == {"save": 3}


def test_step_7_only_one_divide_per_type(engine):
    # 7 // 2 = 3; a second divide is ignored with a warning
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "coastland",
                          "modifiers": [{"op": "divide", "result": "save", "amount": 2},
                                        {"op": "divide", "result": "save", "amount": 2}],
                          "army": [{"die": "coral-elves/trooper", "rolled": "2 save"},
                                   {"die": "coral-elves/knight", "rolled": "2 save"},
                                   {"die": "coral-elves/protector", "rolled": "3 save"}]})
    assert out["totals"] == {"save": 3}
    assert any("second divide" in w["text"] for w in out["warnings"])


def test_step_8_sai_results_after_divide(engine):
    # step 5: Fighter 2 melee; step 7: // 2 = 1; step 8: Counter X=4 -> 1 + 4 = 5
    assert totals(engine, {"roll": "melee", "terrain": "coastland",
                           "modifiers": [{"op": "divide", "result": "melee", "amount": 2}],
                           "army": [{"die": "coral-elves/herald", "rolled": "4 counter"},
                                    {"die": "coral-elves/fighter", "rolled": "2 melee"}]}) == {"melee": 5}


def test_step_9_elevate_doubles_best_unit(engine):
    # Archer A 3 missile, Archer B 2 missile: 5; Elevate doubles A: +3 -> 8
    assert totals(engine, {"roll": "missile", "terrain": "coastland", "army": [
        {"die": "items/air-flying-carpet", "rolled": "4 elevate"},
        {"die": "coral-elves/archer", "rolled": "3 missile"},
        {"die": "coral-elves/archer", "rolled": "2 missile"}]}) == {"missile": 8}


def test_step_9_multiply_after_sai(engine):
    # step 5: 2 melee; step 8: + Counter 4 = 6; step 9: x2 = 12
    assert totals(engine, {"roll": "melee", "terrain": "coastland",
                           "modifiers": [{"op": "multiply", "result": "melee", "amount": 2}],
                           "army": [{"die": "coral-elves/herald", "rolled": "4 counter"},
                                    {"die": "coral-elves/fighter", "rolled": "2 melee"}]}) == {"melee": 12}


def test_step_9_trumpet_doubles_feral_units(engine):
    # Save roll: Elephant-folk Trumpet; Leopard-folk 2 save, Antelope-folk 1 save: 3; doubled: +2 +1 = 6
    assert totals(engine, {"roll": "save", "against": "melee", "terrain": "flatland", "army": [
        {"die": "feral/elephant-folk", "rolled": "4 trumpet"},
        {"die": "feral/leopard-folk", "rolled": "2 save"},
        {"die": "feral/antelope-folk", "rolled": "1 save"}]}) == {"save": 6}


def test_step_10_stone_skin_and_coastal_dodge(engine):
    # 2 save; Stone Skin +1; Coastal Dodge (coastland has water): Knight 3 maneuver -> +3: 6
    out = engine.resolve({"roll": "save", "against": "melee", "terrain": "coastland",
                          "modifiers": [{"spell": "stone-skin"}],
                          "army": [{"die": "coral-elves/knight", "rolled": "3 maneuver"},
                                   {"die": "coral-elves/trooper", "rolled": "2 save"}]})
    assert out["totals"] == {"save": 6}
    assert any("Coastal Dodge" in e["text"] for e in out["steps"][9]["entries"])


def test_step_10_coastal_dodge_off_by_option_or_terrain(engine):
    army = [{"die": "coral-elves/knight", "rolled": "3 maneuver"}, {"die": "coral-elves/trooper", "rolled": "2 save"}]
    # switched off: 2
    assert totals(engine, {"roll": "save", "terrain": "coastland", "army": army,
                           "options": {"coastal-dodge": False}}) == {"save": 2}
    # highland has no water: 2
    assert totals(engine, {"roll": "save", "terrain": "highland", "army": army}) == {"save": 2}
    # Reserve Area is no terrain: 2
    assert totals(engine, {"roll": "save", "terrain": "reserve", "army": army}) == {"save": 2}


def test_step_10_dragonkin_automatic_saves_and_belly(engine):
    # Dragonmount (health 2) rolled 2 maneuver: 0 saves + 2 automatic saves = 2
    assert totals(engine, {"roll": "save", "terrain": "highland", "army": [
        {"die": "dragonkin/death-dragonmount", "rolled": "2 maneuver"}]}) == {"save": 2}
    # Belly: the unit loses its automatic saves: 0
    assert totals(engine, {"roll": "save", "terrain": "highland", "army": [
        {"die": "dragonkin/death-dragonmount", "rolled": "2 belly"}]}) == {"save": 0}


def test_step_10_counts_as_after_multiply(engine):
    # Counts-as is added at step 10, after multiply: 2 save x2 = 4; Coastal Dodge +3 = 7
    assert totals(engine, {"roll": "save", "terrain": "coastland",
                           "modifiers": [{"op": "multiply", "result": "save", "amount": 2}],
                           "army": [{"die": "coral-elves/knight", "rolled": "3 maneuver"},
                                    {"die": "coral-elves/trooper", "rolled": "2 save"}]}) == {"save": 7}


def test_dragon_attack_is_a_combination_roll(engine):
    # Counter in a dragon attack: 4 save + 4 melee; Archer 3 missile; Trooper ID 2 -> first type, save
    out = engine.resolve({"roll": "dragon_attack", "terrain": "coastland", "army": [
        {"die": "coral-elves/herald", "rolled": "4 counter"},
        {"die": "coral-elves/archer", "rolled": "3 missile"},
        {"die": "coral-elves/trooper", "rolled": "id"}]})
    assert out["totals"] == {"melee": 4, "missile": 3, "save": 6}


def test_dua_only_save_sais(engine):
    # In the DUA: Counter (melee roll) generates no saves -> no effect: 2 melee only
    assert totals(engine, {"roll": "melee", "dua": True, "terrain": "coastland", "army": [
        {"die": "coral-elves/herald", "rolled": "4 counter"},
        {"die": "coral-elves/fighter", "rolled": "2 melee"}]}) == {"melee": 2}
    # Counter in a save roll generates saves and works: 4
    assert totals(engine, {"roll": "save", "dua": True, "terrain": "coastland", "army": [
        {"die": "coral-elves/herald", "rolled": "4 counter"}]}) == {"save": 4}


def test_eldarim_champion_logo_counts_as_id_worth_two(engine):
    # Elemental Dragon Hunter Logo in a save roll: an ID icon worth 2 -> 2 saves
    ids = [d["id"] for d in engine.index.bundle["dice"] if d["id"].startswith("eldarim/") and
           d.get("kind") == "champion" and len(d.get("element") or []) == 1]
    assert ids
    assert totals(engine, {"roll": "save", "terrain": "highland",
                           "army": [{"die": ids[0], "rolled": "logo-champion"}]}) == {"save": 2}


def test_delayed_sais_listed_in_attackers_roll(engine):
    out = engine.resolve({"roll": "melee", "terrain": "swampland", "army": [
        {"die": "treefolk/strangle-vine", "rolled": "4 choke"}]})
    assert [e for e in out["effects"] if e["sai"] == "choke" and e.get("delayed") and e["x"] == 4]


def test_step_titles_and_rules_from_data(engine):
    out = engine.resolve({"roll": "melee", "terrain": "highland",
                          "army": [{"die": "amazons/warrior", "rolled": "2 melee"}]})
    assert [s["step"] for s in out["steps"]] == list(range(1, 11))
    assert all(s["title"] for s in out["steps"])
    assert out["steps"][4]["rule"] == "die-roll-resolution#step-5"


def test_inline_unit(engine):
    # Inline medium unit rolling ID: health 2 -> 2 maneuver; plus a "3 maneuver" inline face: 5
    assert totals(engine, {"roll": "maneuver", "terrain": "highland", "army": [
        {"species": "amazons", "health": 2, "die_type": "unit", "rolled": "id"},
        {"species": "amazons", "health": 1, "rolled": "3 maneuver"}]}) == {"maneuver": 5}
