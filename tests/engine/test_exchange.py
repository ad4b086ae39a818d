"""Exchanges worked out by hand from the rules (rulebook p.11 melee and missile actions, p.27 Die Roll
Resolution, p.29 damage, seed 000's SAI texts), each face given so that nothing is left to chance.

At Highland (fire, earth) none of these species counts one result type as another, so every total
below is the plain sum of the faces shown, changed only by the effects named."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from calculator import InputError

from .conftest import ROOT

SUMMARY = ("attack_total", "save_total", "damage", "counter_total", "counter_save_total", "counter_damage",
           "save_roll_damage_to_attacker", "counter_save_roll_damage_to_defender")


def u(die: str, **rolled: str) -> dict:
    return {"die": die, "rolled": rolled}


def melee(attacker, defender, terrain="highland", **extra) -> dict:
    return {"attack": "melee", "terrain": terrain, "seed": 1, "attacker": {"army": attacker},
            "defender": {"army": defender}, **extra}


def summary(**values: int) -> dict:
    return {k: values.get(k, 0) for k in SUMMARY}


def missile_summary(**values: int) -> dict:
    """p.11: no counter-attack after a missile attack, so no counter-attack lines."""
    return {k: v for k, v in summary(**values).items() if not k.startswith("counter")
            and k != "counter_save_roll_damage_to_defender"}


def killed(out, side):
    return sorted(k["label"] for k in out["killed"][side])


def test_plain_melee_with_counter_attack(engine):
    # Attack: 4 + 3 + 1 = 8 melee. Saves: Protector 3, Trooper 2, Fighter's ID 1 = 6. Damage 2: the only
    # units of 2 health-worth at most and closest to 2 are the Trooper (2). Counter-attack by the
    # survivors: Protector 4 + Fighter 2 = 6 melee (the dead Trooper does not roll: its face is
    # ignored with a warning). Attacker saves: War Chief 3. Damage 3: the War Chief (3) alone, or the
    # Warrior and Soldier (2 + 1): the default loses fewest units, the War Chief.
    out = engine.exchange(melee(
        [u("amazons/war-chief", attack="4 melee", counter_save="3 save"),
         u("amazons/warrior", attack="3 melee", counter_save="2 melee"),
         u("amazons/soldier", attack="1 melee", counter_save="1 melee")],
        [u("coral-elves/protector", save="3 save", counter="4 melee"), u("coral-elves/trooper", save="2 save",
                                                                           counter="3 melee"),
         u("coral-elves/fighter", save="id", counter="2 melee")]))
    assert out["summary"] == summary(attack_total=8, save_total=6, damage=2, counter_total=6, counter_save_total=3,
                                     counter_damage=3)
    assert killed(out, "defender") == ["Trooper"] and killed(out, "attacker") == ["War Chief"]
    assert [r["name"] for r in out["rolls"]] == ["attack", "save", "counter", "counter_save"]
    # The Trooper died in the attack: its counter-attack face is named as unused, in player words,
    # with the input field apart (the page shows only the words).
    unused = [w for w in out["warnings"] if "did not make this roll" in w["text"]]
    assert [w["field"] for w in unused] == ["defender.army[1].rolled.counter"]
    assert unused[0]["text"].startswith("Trooper: the face given for the counter-attack is not used")
    assert out["damage"][0]["text"] == "8 melee − 6 saves = 2 damage: Trooper (health 2) dies"


def test_owner_chooses_casualties(engine):
    base = melee(
        [u("amazons/war-chief", attack="4 melee", counter_save="3 save"),
         u("amazons/warrior", attack="3 melee", counter_save="2 melee"),
         u("amazons/soldier", attack="1 melee", counter_save="1 melee")],
        [u("coral-elves/protector", save="3 save", counter="4 melee"), u("coral-elves/trooper", save="2 save"),
         u("coral-elves/fighter", save="id", counter="2 melee")])
    # The same 3 damage, the attacker's own choice: Warrior (2) and Soldier (1).
    out = engine.exchange(dict(base, casualties={"attacker": {"counter": [1, 2]}}))
    assert killed(out, "attacker") == ["Soldier", "Warrior"]
    # A choice that is not as close to the damage as possible is refused, naming the field.
    with pytest.raises(InputError) as err:
        engine.exchange(dict(base, casualties={"attacker": {"counter": [1]}}))
    assert err.value.field == "casualties.attacker.counter" and "3" in err.value.message


def test_choke_takes_out_id_rollers_at_step_2(engine):
    # Strangle Vine rolls Choke (X=4), delayed to the defender's save roll. The War Chief: 4 melee.
    # Saves: Trooper ID and Guard ID are killed at step 2 (3 health-worth <= 4): their results are
    # lost; Protector 3 saves. Damage 4 - 3 = 1: nothing of 1 health remains (Protector has 3).
    # Only the Protector counter-attacks: 4 melee. Attacker saves: Strangle Vine ID 4 + War Chief 3.
    out = engine.exchange(melee(
        [u("treefolk/strangle-vine", attack="choke", counter_save="id"),
         u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
        [u("coral-elves/trooper", save="id"), u("coral-elves/guard", save="id", counter="1 melee"),
         u("coral-elves/protector", save="3 save", counter="4 melee")]))
    assert out["summary"] == summary(attack_total=4, save_total=3, damage=1, counter_total=4, counter_save_total=7)
    assert killed(out, "defender") == ["Guard", "Trooper"]
    assert out["rolls"][1]["roll"]["steps"][1]["entries"][0]["units"] == [0, 1]


def test_howl_subtracts_saves_in_this_attack_only(engine):
    # Wolf Pack's Howl (X=4): the defending army subtracts 4 save results (step 6) in this attack.
    # Attack 4 melee. Saves 3 + 2 = 5 - 4 = 1. Damage 3: Protector (3) dies. The counter-attack is not
    # changed by Howl: Trooper 3 melee. Attacker saves 4 + 3 = 7.
    out = engine.exchange(melee(
        [u("frostwings/wolf-pack", attack="howl", counter_save="4 save"),
         u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
        [u("coral-elves/protector", save="3 save"), u("coral-elves/trooper", save="2 save", counter="3 melee")]))
    assert out["summary"] == summary(attack_total=4, save_total=1, damage=3, counter_total=3, counter_save_total=7)
    assert killed(out, "defender") == ["Protector"]


def test_frost_breath_halves_the_save_and_the_counter_attack(engine):
    # Frost Breath: the defending army halves all results it rolls until the attacker's next turn:
    # saves 3 + 2 = 5 -> 2 (rounded down); damage 4 - 2 = 2: Trooper. Counter-attack 4 -> 2.
    out = engine.exchange(melee(
        [u("frostwings/cryohydra", attack="frost-breath", counter_save="4 save"),
         u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
        [u("coral-elves/protector", save="3 save", counter="4 melee"), u("coral-elves/trooper", save="2 save")]))
    assert out["summary"] == summary(attack_total=4, save_total=2, damage=2, counter_total=2, counter_save_total=7)


def test_smite_damage_has_no_save(engine):
    # Chimera's Smite: 4 damage with no save. Attack 3 melee; saves 3 + 2 = 5; damage 0 + 4 = 4:
    # 4 health-worth at most from 3, 2, 1 -> Protector and Fighter (3 + 1). The Trooper counters: 3.
    out = engine.exchange(melee(
        [u("amazons/chimera", attack="smite", counter_save="4 save"),
         u("amazons/war-chief", attack="3 melee", counter_save="3 save")],
        [u("coral-elves/protector", save="3 save"), u("coral-elves/trooper", save="2 save", counter="3 melee"),
         u("coral-elves/fighter", save="1 melee")]))
    assert out["summary"] == summary(attack_total=3, save_total=5, damage=4, counter_total=3, counter_save_total=7)
    assert killed(out, "defender") == ["Fighter", "Protector"]
    attack = next(r["roll"] for r in out["rolls"] if r["name"] == "attack")
    assert [fx.get("in_exchange") for fx in attack["effects"] if fx["sai"] == "smite"] == [True]


def test_counter_damages_the_attacker_and_only_spell_saves_reduce_it(engine):
    # Attack 4 + 3 + 2 = 9 melee (Stone Skin, +1 save, changes no melee roll). The Harbinger's Counter
    # (X=4): 4 saves, and 4 damage to the attacking army that only spell saves reduce: Stone Skin's 1
    # -> 3: the War Chief (3) dies. Saves 4 + 2 = 6; damage 9 - 6 = 3: the Harbinger (3).
    # Counter-attack: Trooper 3. Attacker saves: Warrior 2 + Soldier 1 + Stone Skin 1 = 4.
    data = melee(
        [u("amazons/war-chief", attack="4 melee"), u("amazons/warrior", attack="3 melee", counter_save="2 save"),
         u("amazons/soldier", attack="2 melee", counter_save="1 save")],
        [u("amazons/harbinger", save="counter"), u("coral-elves/trooper", save="2 save", counter="3 melee")])
    data["attacker"]["modifiers"] = [{"spell": "stone-skin"}]
    out = engine.exchange(data)
    assert out["summary"] == summary(attack_total=9, save_total=6, damage=3, save_roll_damage_to_attacker=3,
                                     counter_total=3, counter_save_total=4)
    assert killed(out, "attacker") == ["War Chief"] and killed(out, "defender") == ["Harbinger"]
    # The save roll's Counter is marked as already counted by the exchange (not "for you to resolve").
    save = next(r["roll"] for r in out["rolls"] if r["name"] == "save")
    assert [fx.get("in_exchange") for fx in save["effects"] if fx["sai"] == "counter"] == [True]
    assert not any(x["text"].startswith("Counter") for x in out["left"])


CHARGE = melee(
    [u("dwarves/behemoth", attack="charge"), u("dwarves/sergeant", attack="2 maneuver"), u("dwarves/warlord", attack="3 melee")],
    [u("coral-elves/protector", save_and_melee="3 save"), u("coral-elves/trooper", save_and_melee="3 melee"),
     u("coral-elves/fighter", save_and_melee="2 melee")])


def test_charge(engine):
    # Charge: the attacker counts maneuvers as melee: Warlord 3 + Sergeant's 2 maneuver = 5. The
    # defender makes one save-and-melee roll instead of a save roll and a counter-attack: 3 saves,
    # 3 + 2 = 5 melee. Damage to the defender 5 - 3 = 2: Trooper. The attacker takes the 5 melee,
    # which only spell saves reduce (none): Sergeant + Warlord (2 + 3). No counter-attack.
    out = engine.exchange(CHARGE)
    assert out["summary"] == summary(attack_total=5, save_total=3, damage=2, counter_total=5, counter_damage=5)
    assert [r["name"] for r in out["rolls"]] == ["attack", "save_and_melee"]
    assert killed(out, "attacker") == ["Sergeant", "Warlord"] and killed(out, "defender") == ["Trooper"]
    # A declined counter-attack changes nothing here (the Charge SAI: the attacker takes the melee of
    # the combination roll made instead of the save roll), and the exchange says so.
    declined = engine.exchange(dict(CHARGE, counter_attack=False))
    assert declined["summary"] == out["summary"] and killed(declined, "attacker") == ["Sergeant", "Warlord"]
    assert any(w["text"].startswith("Charge: the defending army's save and melee roll takes the place")
               for w in declined["warnings"])


def test_charge_rolled_in_a_counter_attack_does_nothing_and_says_where(engine):
    # Charge "has no effect during a counter-attack" (p.31): the Behemoth's Charge in the defender's
    # counter-attack adds nothing (its 4 maneuver are not melee there), and the trace names the
    # counter-attack, not just "a melee roll". War Chief 4 melee against 4 + 1 + 2 = 7 saves: no
    # damage; counter-attack: the Warrior's 3 melee alone against the War Chief's 3 saves: none.
    out = engine.exchange(melee(
        [u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
        [u("dwarves/behemoth", save="4 save", counter="charge"), u("amazons/runner", save="1 save", counter="2 maneuver"),
         u("amazons/warrior", save="2 save", counter="3 melee")]))
    assert out["summary"]["counter_total"] == 3 and out["summary"]["counter_damage"] == 0
    counter = next(r["roll"] for r in out["rolls"] if r["name"] == "counter")
    step4 = [e["text"] for s in counter["steps"] if s["step"] == 4 for e in s["entries"]]
    assert step4 == ["Charge: no effect in a counter-attack"]


def test_surprise_prevents_the_counter_attack(engine):
    # Yeti's Surprise: no counter-attack (the defender still saves). Attack 4, saves 3: 1 damage, no kill.
    out = engine.exchange(melee(
        [u("frostwings/yeti", attack="surprise"), u("amazons/war-chief", attack="4 melee")],
        [u("coral-elves/protector", save="3 save", counter="4 melee")]))
    assert out["summary"] == summary(attack_total=4, save_total=3, damage=1)
    assert [r["name"] for r in out["rolls"]] == ["attack", "save"]


def test_the_defender_may_decline_the_counter_attack(engine):
    # p.11: after a melee attack the defending army *may* counter-attack. The plain melee above with
    # the counter-attack declined: attack 8, saves 6, damage 2 (the Trooper dies) and nothing more;
    # the War Chief, killed by the counter-attack there, lives. The choice is offered only for a melee attack.
    attacker = [u("amazons/war-chief", attack="4 melee", counter_save="3 save"),
                u("amazons/warrior", attack="3 melee"), u("amazons/soldier", attack="1 melee")]
    defender = [u("coral-elves/protector", save="3 save", counter="4 melee"), u("coral-elves/trooper", save="2 save"),
                u("coral-elves/fighter", save="id", counter="2 melee")]
    out = engine.exchange(melee(attacker, defender, counter_attack=False))
    assert out["summary"] == summary(attack_total=8, save_total=6, damage=2)
    assert [r["name"] for r in out["rolls"]] == ["attack", "save"]
    assert killed(out, "defender") == ["Trooper"] and killed(out, "attacker") == []
    assert any("chose not to counter-attack" in w["text"] for w in out["warnings"])
    assert [o["field"] for o in out["options"]["defender"]] == ["counter_attack"]
    assert engine.exchange(melee(attacker, defender))["summary"]["counter_total"] == 6       # said yes (the default)
    # The odds alike: without the counter-attack the attacker never loses a unit.
    odds = engine.exchange_odds({k: v for k, v in melee(attacker, defender, counter_attack=False).items() if k != "seed"})
    assert odds["sides"]["attacker"]["killed"]["mean"] == 0
    with_counter = engine.exchange_odds({k: v for k, v in melee(attacker, defender).items() if k != "seed"})
    assert with_counter["sides"]["attacker"]["killed"]["mean"] > 0
    missile = {"attack": "missile", "attacker": {"army": attacker}, "defender": {"army": defender}}
    assert engine.exchange(missile)["options"] == {}
    # Attack 4 + 3 + 1 = 8 against the Trooper's 2 saves: 6 damage kills it (health 2), and no defending
    # unit is left to counter-attack, so the exchange does not say it declined.
    alone = engine.exchange(melee(attacker, [u("coral-elves/trooper", save="2 save")], counter_attack=False))
    assert killed(alone, "defender") == ["Trooper"] and alone["summary"]["damage"] == 6
    assert not any("chose not" in w["text"] for w in alone["warnings"]), alone["warnings"]


def test_bash(engine):
    # Attack: War Chief 4 + Warrior 3 = 7. The Behemoth's Bash targets the attacking unit with most
    # melee results (the War Chief, 4): 4 saves for the defender; Trooper 2: 6 saves; damage 1: nothing
    # of 1 health (Behemoth 4, Trooper 2). The War Chief takes 4 damage and saves alone: 3 saves, 1
    # damage, it lives (health 3). Counter-attack 4 + 3 = 7; attacker saves 3 + 2 = 5; damage 2: Warrior.
    out = engine.exchange(melee(
        [u("amazons/war-chief", attack="4 melee", bash_target_save="3 save", counter_save="3 save"),
         u("amazons/warrior", attack="3 melee", counter_save="2 save")],
        [u("dwarves/behemoth", save="bash", counter="4 melee"), u("coral-elves/trooper", save="2 save",
                                                                  counter="3 melee")]))
    assert out["summary"] == summary(attack_total=7, save_total=6, damage=1, save_roll_damage_to_attacker=1,
                                     counter_total=7, counter_save_total=5, counter_damage=2)
    assert [r["name"] for r in out["rolls"]] == ["attack", "save", "bash_target_save", "counter", "counter_save"]
    assert killed(out, "attacker") == ["Warrior"]


def test_missile_attack_has_no_counter_attack(engine):
    # Spearer 4 missile; saves Trooper 2; damage 2: Trooper. A missile attack has no counter-attack.
    out = engine.exchange({"attack": "missile", "terrain": "highland", "attacker": {"army": [
        u("amazons/spearer", attack="4 missile")]}, "defender": {"army": [
            u("coral-elves/trooper", save="2 save"), u("coral-elves/guard", save="1 melee")]}})
    assert out["summary"] == missile_summary(attack_total=4, save_total=2, damage=2)
    assert killed(out, "defender") == ["Trooper"] and len(out["rolls"]) == 2


def test_defensive_volley(engine):
    # At Coastland (air and water) Coral Elves answer a missile attack with missiles (Defensive Volley).
    # Their saves: Archer's 2 maneuver count as saves (Coastal Dodge, water) + Knight 2 = 4 >= 4 missile.
    # Volley: Archer 3 missile (the Knight's 3 melee do not count): the Spearer saves 3: no damage.
    out = engine.exchange({"attack": "missile", "terrain": "coastland", "attacker": {"army": [
        u("amazons/spearer", attack="4 missile", counter_save="3 save")]}, "defender": {"army": [
            u("coral-elves/archer", save="2 maneuver", counter="3 missile"),
            u("coral-elves/knight", save="2 save", counter="3 melee")]}})
    assert out["summary"] == summary(attack_total=4, save_total=4, counter_total=3, counter_save_total=3)


def test_bullseye_targets_save_alone(engine):
    # Bullseye (X=4): 4 health-worth of defending units make a save roll alone; those without a save
    # are killed; the Spearer rolls again: 4 missile. Targets: Trooper (2), Fighter (1), Guard (1) = 4.
    # Trooper 2 save: lives; Fighter 1 melee: killed; Guard ID in a save roll = 1 save: lives.
    # The army saves without the Fighter: Trooper 2, Guard 1 melee -> 2. Damage 4 - 2 = 2: Trooper.
    out = engine.exchange({"attack": "missile", "terrain": "highland", "attacker": {"army": [
        {"die": "amazons/spearer", "rolled": {"attack": "bullseye"}, "rerolled": {"attack": ["4 missile"]}}]},
        "defender": {"army": [
            u("coral-elves/trooper", bullseye_target_save="2 save", save="2 save"),
            u("coral-elves/fighter", bullseye_target_save="1 melee", save="1 melee"),
            u("coral-elves/guard", bullseye_target_save="id", save="1 melee")]}})
    assert out["summary"] == missile_summary(attack_total=4, save_total=2, damage=2)
    assert killed(out, "defender") == ["Fighter", "Trooper"]
    assert [r["name"] for r in out["rolls"]][:4] == ["attack"] + ["bullseye_target_save"] * 3


def test_foul_stench_keeps_units_out_of_the_counter_attack(engine):
    # Goblins attack with 1 Goblin unit in their DUA: the defender keeps 1 unit out of the
    # counter-attack (the weakest: the Guard). Attack 2 melee; saves 2; the Trooper alone counters: 3.
    data = melee([u("goblins/thug", attack="2 melee", counter_save="1 save")],
                 [u("coral-elves/trooper", save="2 save", counter="3 melee"), u("coral-elves/guard", save="1 melee",
                                                                                  counter="2 missile")])
    data["attacker"]["in_dua"] = {"goblins": 1}
    out = engine.exchange(data)
    assert out["summary"] == summary(attack_total=2, save_total=2, counter_total=3, counter_save_total=1,
                                     counter_damage=2)


@pytest.mark.parametrize("data,field", [
    ({"attack": "melee", "attacker": {"army": [u("amazons/soldier", counter="1 melee", attack="meele")]},
      "defender": {"army": [u("amazons/soldier")]}}, "attacker.army[0].rolled.attack"),
    ({"attack": "melee", "attacker": {"army": [u("amazons/soldier", attack="2 melee")]},
      "defender": {"army": [u("amazons/soldier"), u("amazons/soldier", counter="9 melee")]}},
     "defender.army[1].rolled.counter"),
    ({"attack": "melee", "attacker": {"army": [u("amazons/soldier", charge="2 melee")]},
      "defender": {"army": [u("amazons/soldier")]}}, "attacker.army[0].rolled.charge"),
    ({"attack": "sling", "attacker": {"army": []}, "defender": {"army": []}}, "attack"),
    ({"attack": "melee", "terrain": "reserve", "attacker": {"army": [u("amazons/soldier")]},
      "defender": {"army": [u("amazons/soldier")]}}, "terrain"),
    ({"attack": "melee", "counter_attack": "no", "attacker": {"army": [u("amazons/soldier")]},
      "defender": {"army": [u("amazons/soldier")]}}, "counter_attack"),
    ({"attack": "missile", "counter_attack": False, "attacker": {"army": [u("amazons/soldier")]},
      "defender": {"army": [u("amazons/soldier")]}}, "counter_attack"),
])
def test_bad_exchange_input_names_the_field(engine, data, field):
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == field


def test_cli_exchange(bundle_file):
    data = melee([u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
                 [u("coral-elves/protector", save="3 save", counter="4 melee")])
    proc = subprocess.run([sys.executable, "-m", "calculator", "exchange", "-", "--data", str(bundle_file)],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["summary"]["damage"] == 1
    bad = dict(data, defender={"army": [{"die": "coral-elves/protector", "rolled": {"counter": "9 melee"}}]})
    proc = subprocess.run([sys.executable, "-m", "calculator", "exchange", "-", "--data", str(bundle_file)],
                          input=json.dumps(bad), capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("error: defender.army[0].rolled.counter:")
    assert len(proc.stderr.strip().splitlines()) == 1
