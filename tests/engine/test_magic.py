"""Magic rolls worked by hand from the rulebook (v4.01d p.11 magic action, p.44 spells, p.59 items;
seed 000 Cantrip and Attune; seed 003 Dracolem). Every expected value is computed in the comment
above it from the rules and the dice/spell data, never copied from the engine's output.

Spell facts used (spells.yaml, OCTGN flags): Ash Storm fire 2 C; Firestorm fire 3 Scalders;
Fiery Weapon fire 4 R; Firebolt fire 3 Dwarves; Flashfire fire 3 R C Firewalkers; Watery Double
water 2 R C; Flash Flood water 4; Accelerated Growth water 3 R C Treefolk; Hailstorm air 2 C;
Blizzard air 3 Coral Elves; Wind Walk air 4 R cumulative; Stone Skin earth 2 R C; Palsy death 2 C
cumulative; Resurrect Dead elemental 3 R; Summon Dragonkin elemental 3; Esfah's Gift elemental 3 R C
Amazons; Summon Dragon elemental 7; Summon White Dragon elemental 14 (any mix); Scrap for Parts
any alloy 2 R; Reconfigure any alloy 3 R; Explode Item silver 5.
"""
from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from calculator.core.errors import InputError


def magic(engine, army, terrain="highland", cast=None, roll="magic", **more):
    data = {"roll": roll, "army": army, **more}
    if terrain:
        data["terrain"] = terrain
    if cast is not None:
        data["cast"] = cast
    return engine.resolve(data)


def castable(out):
    return [(c["spell"], c["cost"], c["max_times"]) for c in out["castable"]]


def paid(out, i=0):
    return sorted((p["unit"], p["element"], p["amount"]) for p in out["cast"]["payments"][i]["paid_by"])


SMOLDERER_4 = {"die": "scalders/smolderer", "rolled": "4 magic"}       # Scalders: water and fire


def test_two_element_unit_pool(engine):
    # p.11: a fire/water Scalder's 4 magic may be all fire, all water or any mix: one pool of 4.
    out = magic(engine, [SMOLDERER_4], terrain="coastland")
    assert out["magic"] == {"total": 4, "pools": [{"units": [0], "elements": ["water", "fire"],
                                                    "species": "scalders", "amount": 4, "cantrip_only": False}]}


def test_two_element_unit_castable_list(engine):
    # 4 fire-or-water results of a Scalder, at a terrain. Fire: Ash Storm 2 (4//2 = 2 times), Fiery
    # Weapon 4 (1), Firestorm 3 Scalders (1); Firebolt, Fearful Flames, Flashfire are other species'.
    # Water: Flash Flood 4 (1), Watery Double 2 (2); Tidal Wave 5 and Wall of Fog 6 cost too much.
    # Elemental (one element): Resurrect Dead 3 (1), Summon Dragonkin 3 (1). Air, death, earth: none.
    out = magic(engine, [SMOLDERER_4], terrain="coastland")
    assert castable(out) == [("ash-storm", 2, 2), ("fiery-weapon", 4, 1), ("firestorm", 3, 1),
                             ("flash-flood", 4, 1), ("watery-double", 2, 2),
                             ("resurrect-dead", 3, 1), ("summon-dragonkin", 3, 1)]


def test_two_element_unit_splits_between_spells(engine):
    # Ash Storm (2 fire) and Watery Double (2 water) from one 4-magic fire/water unit: 2 + 2 = 4, left 0.
    out = magic(engine, [SMOLDERER_4], cast=[{"spell": "ash-storm"}, {"spell": "watery-double"}])
    assert out["cast"]["ok"] is True and out["cast"]["left"] == 0
    assert paid(out, 0) == [(0, "fire", 2)] and paid(out, 1) == [(0, "water", 2)]


def test_species_spell_of_own_species(engine):
    # Firestorm (3 fire, Scalders only) from the Scalder's 4: paid 3 fire, 1 left (lost at the end).
    out = magic(engine, [SMOLDERER_4], cast=[{"spell": "firestorm"}])
    assert out["cast"]["ok"] and out["cast"]["left"] == 1 and paid(out) == [(0, "fire", 3)]


def test_elemental_spell_needs_one_element(engine):
    # Summon Dragon costs 7 of ONE element (p.44). Dwarf Wizard 4 (fire/earth) + Coral Elf Enchanter 4
    # (air/water): 8 results but at most 4 of any one element -> not affordable.
    army = [{"die": "dwarves/wizard", "rolled": "4 magic"}, {"die": "coral-elves/enchanter", "rolled": "4 magic"}]
    out = magic(engine, army, cast=[{"spell": "summon-dragon"}])
    assert out["magic"]["total"] == 8
    assert out["cast"]["ok"] is False and "Summon Dragon" in out["cast"]["why"]
    assert "summon-dragon" not in [c[0] for c in castable(out)]


def test_elemental_spell_from_two_units_of_one_element(engine):
    # Dwarf Wizard 4 (fire/earth) + Firewalker Ashbringer 3 (air/fire): 4 + 3 = 7 fire pays Summon Dragon.
    army = [{"die": "dwarves/wizard", "rolled": "4 magic"}, {"die": "firewalkers/ashbringer", "rolled": "3 magic"}]
    out = magic(engine, army, cast=[{"spell": "summon-dragon"}])
    assert out["cast"]["ok"] and paid(out) == [(0, "fire", 4), (1, "fire", 3)] and out["cast"]["left"] == 0


def test_summon_white_dragon_takes_any_mix(engine):
    # Summon White Dragon (14) may be paid with any mix of elements: Enchanter 4 (air/water), Conjurer 3
    # (air/water), Dwarf Wizard 4 (fire/earth), Ashbringer 3 (air/fire) = 14 -> affordable, 0 left.
    army = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"},
            {"die": "dwarves/wizard", "rolled": "4 magic"}, {"die": "firewalkers/ashbringer", "rolled": "3 magic"}]
    out = magic(engine, army, cast=[{"spell": "summon-white-dragon"}])
    assert out["cast"]["ok"] and out["cast"]["left"] == 0


def test_ivory_pays_elemental_spells_only(engine):
    # Amazons in the Reserve Area make Ivory magic (Terrain Harmony, p.21); Ivory pays only Elemental
    # spells (p.44), and from the Reserve Area only R spells: Resurrect Dead (3, R) and Esfah's Gift
    # (3, R, Amazons) once each from 4; Rally (5) costs too much; Stone Skin (earth) is not Elemental.
    out = magic(engine, [{"die": "amazons/visionary", "rolled": "4 magic"}], terrain=None, reserve=True,
                cast=[{"spell": "stone-skin"}])
    assert out["magic"]["pools"][0]["elements"] == ["ivory"]
    assert castable(out) == [("esfahs-gift", 3, 1), ("resurrect-dead", 3, 1)]
    assert out["cast"]["ok"] is False and "Stone Skin" in out["cast"]["why"]


def test_amazons_at_a_terrain_take_its_elements(engine):
    # At a coastland (air and water) Amazon magic is air or water (Terrain Harmony): Wind Walk (4 air)
    # is paid by the Visionary's 4; Ash Storm (fire) is not.
    army = [{"die": "amazons/visionary", "rolled": "4 magic"}]
    ok = magic(engine, army, terrain="coastland", cast=[{"spell": "wind-walk"}])
    assert ok["cast"]["ok"] and paid(ok) == [(0, "air", 4)]
    no = magic(engine, army, terrain="coastland", cast=[{"spell": "ash-storm"}])
    assert no["cast"]["ok"] is False and "fire" in no["cast"]["why"]


def test_any_alloy_spell_one_alloy_per_casting(engine):
    # Silver Draco-Adeptus 3 + Gold Draco-Adeptus 3 (seed 003: alloy magic). Scrap for Parts (any one
    # alloy, 2): 3 silver pay one casting (1 left over), 3 gold one more: 2 castings, not 6 // 2 = 3.
    # Explode Item (5 silver) cannot be paid from 3 silver.
    army = [{"die": "dracolem/silver-draco-adeptus", "rolled": "3 magic"},
            {"die": "dracolem/gold-draco-adeptus", "rolled": "3 magic"}]
    out = magic(engine, army, cast=[{"spell": "reconfigure", "times": 2}])
    assert ("scrap-for-parts", 2, 2) in castable(out)
    assert "explode-item" not in [c[0] for c in castable(out)]
    # Reconfigure (3, any alloy) twice, separately: one casting silver, one gold.
    assert out["cast"]["ok"] and paid(out) == [(0, "silver", 3), (1, "gold", 3)]


def test_species_spell_is_an_exact_assignment(engine):
    # Coral Enchanter 4 (air/water) + Firewalker Sunflare 3 (air/fire). Blizzard (3 air, Coral Elves only)
    # and Wind Walk (4 air): Blizzard must take 3 of the Coral Elf's 4; Wind Walk takes its last 1 and the
    # Sunflare's 3. 7 of 7: affordable, although paying Wind Walk from the Coral Elf first would not be.
    army = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "firewalkers/sunflare", "rolled": "3 magic"}]
    out = magic(engine, army, terrain="coastland", cast=[{"spell": "wind-walk"}, {"spell": "blizzard"}])
    assert out["cast"]["ok"] and out["cast"]["left"] == 0
    assert paid(out, 1) == [(0, "air", 3)] and paid(out, 0) == [(0, "air", 1), (1, "air", 3)]


def test_species_spell_of_another_species(engine):
    # Blizzard (Coral Elves) from a Firewalker's 3 air: not their species -> ok false, reason given.
    out = magic(engine, [{"die": "firewalkers/sunflare", "rolled": "3 magic"}], cast=[{"spell": "blizzard"}])
    assert out["cast"]["ok"] is False and "Coral Elves" in out["cast"]["why"]


def test_item_magic_pays_species_spell_with_that_species_present(engine):
    # p.59: item magic may pay a species spell if a unit of that species is in the army. Treefolk
    # Hamadryad 1 + Water Sight Stone 2 = 3 water for Accelerated Growth (3, Treefolk).
    army = [{"die": "treefolk/hamadryad", "rolled": "1 magic"}, {"die": "items/water-sight-stone", "rolled": "2 magic"}]
    out = magic(engine, army, terrain="coastland", cast=[{"spell": "accelerated-growth"}])
    assert out["cast"]["ok"] and paid(out) == [(0, "water", 1), (1, "water", 2)]
    # With a Scalder instead of the Treefolk, nobody makes Treefolk magic: not affordable.
    army[0] = {"die": "scalders/sparker", "rolled": "1 magic"}
    out = magic(engine, army, terrain="coastland", cast=[{"spell": "accelerated-growth"}])
    assert out["cast"]["ok"] is False


def test_reserve_area_spells(engine):
    # Coral Enchanter 4 (air/water) in the Reserve Area: only R spells. Air: Wind Walk 4 (1); water:
    # Watery Double 2 (2); Elemental: Resurrect Dead 3 (1). Hailstorm (not R) is refused with its reason.
    out = magic(engine, [{"die": "coral-elves/enchanter", "rolled": "4 magic"}], terrain=None, reserve=True,
                cast=[{"spell": "hailstorm"}])
    assert castable(out) == [("wind-walk", 4, 1), ("watery-double", 2, 2), ("resurrect-dead", 3, 1)]
    assert out["cast"]["ok"] is False and "Reserve Area" in out["cast"]["why"]


def test_cantrip_in_a_melee_roll(engine):
    # Dwarf Wizard rolls its Cantrip face (X = 4) in a melee roll: 4 magic that pay only Cantrip spells
    # (seed 000), fire or earth, Dwarves or any species: Stone Skin (earth 2) twice, Ash Storm (fire 2)
    # twice; Firebolt (Dwarves, not Cantrip) cannot be paid.
    out = magic(engine, [{"die": "dwarves/wizard", "rolled": "4 cantrip"}], roll="melee",
                cast=[{"spell": "firebolt"}])
    assert out["totals"] == {"melee": 0}
    assert out["magic"]["pools"] == [{"units": [0], "elements": ["fire", "earth"], "species": "dwarves",
                                      "amount": 4, "cantrip_only": True}]
    assert castable(out) == [("stone-skin", 2, 2), ("ash-storm", 2, 2)]
    assert out["cast"]["ok"] is False and "Cantrip" in out["cast"]["why"]


def test_cantrip_in_a_save_roll_keeps_species_limits(engine):
    # Treefolk Eldar Dryad's Cantrip (4) in a save roll: Accelerated Growth (water 3, R, C, Treefolk) is paid.
    out = magic(engine, [{"die": "treefolk/eldar-dryad", "rolled": "4 cantrip"}], roll="save",
                cast=[{"spell": "accelerated-growth"}])
    assert out["cast"]["ok"] and paid(out) == [(0, "water", 3)] and out["cast"]["left"] == 1


def test_no_magic_section_without_magic(engine):
    out = magic(engine, [{"die": "dwarves/wizard", "rolled": "2 melee"}], roll="melee")
    assert "magic" not in out and "castable" not in out


def test_attune_recolours_one_unit(engine):
    # An Air Magi Crown (carried by the air/water Conjurer: only a unit of the equipment's element may, p.59)
    # rolls Attune (X = 3): 3 magic of one element; it may also turn one unit's normal magic to that element
    # (seed 000). Coral Conjurer's 3 (air/water) turned to fire + 3 = 6 fire: Fiery Weapon (4 fire) is paid;
    # Ash Storm (2 fire) up to 6 // 2 = 3 times.
    army = [{"die": "coral-elves/conjurer", "rolled": "3 magic"}, {"die": "items/air-magi-crown", "rolled": "3 attune"}]
    out = magic(engine, army, terrain="coastland", cast=[{"spell": "fiery-weapon"}])
    assert out["magic"]["total"] == 6
    assert out["cast"]["ok"] and sum(p[2] for p in paid(out)) == 4
    assert ("ash-storm", 2, 3) in castable(out)


def test_bronze_medallion_logo_in_a_magic_action(engine):
    # p.59: the Bronze Medallion's Logo gives X = 4 magic of any element in a magic action. With a Dwarf
    # Theurgist's 2 (fire/earth): Wind Walk (4 air) paid by the medallion alone (unit 1).
    army = [{"die": "dwarves/theurgist", "rolled": "2 magic"}, {"die": "items/bronze-medallion", "rolled": "4 logo-medallion"}]
    out = magic(engine, army, cast=[{"spell": "wind-walk"}])
    assert out["totals"] == {"magic": 6}
    assert out["cast"]["ok"] and paid(out) == [(1, "air", 4)]
    # Summon Dragon (7 of one element): 4 + 2 fire = 6 at most -> no.
    assert "summon-dragon" not in [c[0] for c in castable(out)]


def test_bronze_medallion_logo_outside_a_magic_action(engine):
    # In any other non-maneuver roll the Logo acts like Cantrip but ignores element and species (p.59):
    # Flashfire (Firewalkers, fire 3, C) is paid with no Firewalker in the army; Wind Walk (not C) is not.
    army = [{"die": "dwarves/theurgist", "rolled": "1 save"}, {"die": "items/bronze-medallion", "rolled": "4 logo-medallion"}]
    ok = magic(engine, army, roll="save", cast=[{"spell": "flashfire"}])
    assert ok["cast"]["ok"] and ok["cast"]["left"] == 1
    no = magic(engine, army, roll="save", cast=[{"spell": "wind-walk"}])
    assert no["cast"]["ok"] is False


def test_bronze_dracolem_borrow_elements_and_species(engine):
    # Seed 003: Bronze Dracolem magic may count as the element of another unit in the army and pay the
    # species spells of species present. Bronze Draco-Adeptus 3 + Firewalker Sunburst 1 (air/fire):
    # Flashfire (3 fire, Firewalkers) paid by the Dracolem's 3 counted as fire.
    army = [{"die": "dracolem/bronze-draco-adeptus", "rolled": "3 magic"}, {"die": "firewalkers/sunburst", "rolled": "1 magic"}]
    out = magic(engine, army, cast=[{"spell": "flashfire"}])
    assert out["cast"]["ok"] and paid(out) == [(0, "fire", 3)]


def test_cumulative_combined_and_separate(engine):
    # Coral Enchanter 4 + Coral Conjurer 3 + Feral Weasel-folk 2 (air/earth) = 9 air. Wind Walk x2 costs
    # 8 either way (p.44); combined on one target it adds 2 x 4 = 8 maneuver: carried as two copies of
    # Wind Walk's +4; separate castings go to two armies, each carrying one.
    army = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"},
            {"die": "feral/weasel-folk", "rolled": "2 magic"}]
    combined = magic(engine, army, terrain="coastland", cast=[{"spell": "wind-walk", "times": 2, "combined": True}])
    assert combined["cast"]["ok"] and combined["cast"]["left"] == 1
    assert combined["cast"]["payments"][0]["combined"] is True
    assert combined["cast"]["carry"][0]["modifiers"] == [{"spell": "wind-walk"}] * 2
    separate = magic(engine, army, terrain="coastland", cast=[{"spell": "wind-walk", "times": 2}])
    assert separate["cast"]["ok"] and separate["cast"]["carry"][0]["modifiers"] == [{"spell": "wind-walk"}]


def test_unaffordable_wish_list(engine):
    # "Wind Walk twice and Hailstorm": Enchanter 4 + Conjurer 3 + Evoker 2 = 9 air; 2 x 4 + 2 = 10 > 9.
    # Each alone is affordable, so the reason names the list together.
    army = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"},
            {"die": "coral-elves/evoker", "rolled": "2 magic"}]
    out = magic(engine, army, terrain="coastland", cast=[{"spell": "wind-walk", "times": 2}, {"spell": "hailstorm"}])
    assert out["cast"]["ok"] is False and out["cast"]["left"] == 9
    assert "Hailstorm" in out["cast"]["why"] and "10" in out["cast"]["why"]


def test_subtracting_modifier_takes_normal_results(engine):
    # Magic Drain (-2 magic) acts at step 6, before SAI results join at step 8 (seed 001). Goblin Hedge
    # Wizard 3 normal magic (death/earth) + Undead Lich Cantrip 4 (death, full magic in a magic action):
    # step 5: 3; step 6: 1; step 8: 5. Stone Skin (2 earth) can only come from the Goblin, who has 1 left.
    army = [{"die": "goblins/hedge-wizard", "rolled": "3 magic"}, {"die": "undead/lich", "rolled": "4 cantrip"}]
    out = magic(engine, army, modifiers=[{"spell": "magic-drain"}], cast=[{"spell": "stone-skin"}])
    assert out["magic"]["total"] == 5 and out["magic"]["lost"]["amount"] == 2
    assert out["cast"]["ok"] is False
    # Palsy (2 death) twice: 4 of the Lich's death magic -> affordable.
    out = magic(engine, army, modifiers=[{"spell": "magic-drain"}], cast=[{"spell": "palsy", "times": 2}])
    assert out["cast"]["ok"] and out["cast"]["left"] == 1


@pytest.mark.parametrize("cast, field", [
    ([{"spell": "no-such-spell"}], "cast[0].spell"),
    ([{"spell": "hailstorm", "times": 0}], "cast[0].times"),
    ([{"spell": "hailstorm", "times": 21}], "cast[0].times"),
    ([{"spell": "hailstorm", "times": 2, "combined": "yes"}], "cast[0].combined"),
    ([{"spell": "hailstorm", "colour": "blue"}], "cast[0].colour"),
    ("hailstorm", "cast"),
])
def test_bad_cast_names_the_field(engine, cast, field):
    with pytest.raises(InputError) as exc:
        magic(engine, [SMOLDERER_4], cast=cast)
    assert exc.value.field == field and "\n" not in str(exc.value)


def test_reserve_and_a_terrain_conflict(engine):
    with pytest.raises(InputError) as exc:
        magic(engine, [SMOLDERER_4], terrain="highland", reserve=True)
    assert exc.value.field == "reserve"


def test_carry_command(engine):
    # Palsy is cumulative (subtract 1): three combined castings are carried as three copies.
    # The rolls it changes: Palsy takes 1 result from every non-maneuver roll (p.44), so every army
    # roll that counts no maneuver results (melee, missile, magic, save, the response to a dragon
    # attack, the save-and-melee roll against a Charge), never an individual roll (p.29).
    out = engine.carry({"cast": [{"spell": "palsy", "times": 3, "combined": True}, {"spell": "hailstorm"}]})
    assert out == [{"spell": "palsy", "target": "opposing-army", "rolls_of": "the opposing army it was cast on",
                    "rolls": ["melee", "missile", "magic", "save", "dragon_attack", "save_and_melee"],
                    "modifiers": [{"spell": "palsy"}] * 3, "copies": 3}]


@pytest.mark.parametrize("spell, rolls", [
    # p.44: Watery Double, +1 save: every roll that counts saves; Wind Walk, +4 maneuver: every roll that
    # counts maneuvers; Berserker Rage: saves count as melee in a melee counter-attack only.
    ("watery-double", ["save", "dragon_attack", "save_and_melee", "save_and_maneuver"]),
    ("wind-walk", ["maneuver", "save_and_maneuver"]),
    ("berserker-rage", ["melee", "save_and_melee"]),
])
def test_carry_names_the_rolls_a_spell_changes(engine, spell, rolls):
    assert engine.carry({"cast": [{"spell": spell}]})[0]["rolls"] == rolls


def test_cli_gives_the_same_json_for_every_case(engine, cli):
    # Every input the tests above give the engine, through `python -m calculator resolve -`: the same
    # JSON, or the same one-line error (exit 2).
    from tests.parity.recorded import record

    cases = [data for cmd, data in record("tests.engine.test_magic", engine) if cmd == "resolve"]
    assert len(cases) >= 30
    # One command line per case, as many at a time as the machine has cores (each is its own process).
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        runs = list(pool.map(lambda case: cli(json.dumps(case)), cases))
    for case, done in zip(cases, runs):
        try:
            want = json.loads(json.dumps(engine.resolve(case)))
        except InputError as exc:
            assert done.returncode == 2 and done.stderr.strip() == f"error: {exc}", case
            continue
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == want, case


def test_plan_offers_the_spells_of_a_magic_roll(engine):
    # A Reserve army's magic action: 55 spells listed; offered only the 20 marked R (spells.yaml flags).
    out = engine.plan({"roll": "magic", "reserve": True, "army": [{"die": "coral-elves/enchanter"}]})
    spells = out["magic"]["spells"]
    assert len(spells) == 55 and sum(s["offered"] for s in spells) == 20
    assert out["magic"]["action"] and out["magic"]["reserve"]


def test_plan_of_a_melee_roll_with_cantrip_offers_cantrip_spells(engine):
    # The Dwarf Wizard has a Cantrip face: in a melee roll only the 9 Cantrip spells are offered.
    out = engine.plan({"roll": "melee", "terrain": "highland", "army": [{"die": "dwarves/wizard"}]})
    assert sum(s["offered"] for s in out["magic"]["spells"]) == 9 and out["magic"]["cantrip_only"]
    assert "magic" not in engine.plan({"roll": "melee", "army": [{"die": "dwarves/theurgist"}]})
