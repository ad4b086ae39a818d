"""Dragon attacks worked out by hand from the rules (rulebook v4.01d p.17 Dragons, p.27-28 Die Roll
Resolution and combination rolls, p.29 damage; seed 000's SAI texts), each face given so that nothing
is left to chance. Dragon faces (data/dragons.yaml): Jaws 12, Claws 6, Tail 3 and roll again, Wing 5,
Belly 0, Breath kills 5 health-worth; a White Dragon's values are doubled. Every dragon has 5 health
and 5 automatic saves (a White Dragon 10 health), so 10 results of one type kill a dragon (5 after
Belly) and 15 a White Dragon.

At Highland (fire, earth) none of these species counts one result type as another, so every total
below is the plain sum of the faces shown, changed only by the effects named."""
from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator import InputError
from calculator.core.errors import TooLarge

from tests.values import strings

from .conftest import ROOT

SUMMARY = ("dragon_damage", "breath_killed", "response_save", "response_melee", "response_missile", "army_damage",
           "dragons_killed")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def u(die: str, response: str | None = None, **rolls: str) -> dict:
    faces = dict(rolls, **({"response": response} if response is not None else {}))
    return {"die": die, **({"rolled": faces} if faces else {})}


def dragon(die: str, *faces: str) -> dict:
    out: dict = {"die": die}
    if faces:
        out["rolled"] = {"dragon": faces[0]}
    if len(faces) > 1:
        out["rerolled"] = {"dragon": list(faces[1:])}
    return out


def attack(dragons: list, army: list, terrain: str = "highland", **extra) -> dict:
    defender = {"army": army, **{k: extra.pop(k) for k in ("id_split", "modifiers") if k in extra}}
    return {"attack": "dragon", "terrain": terrain, "seed": 1, "attacker": {"dragons": dragons},
            "defender": defender, **extra}


def summary(**values: int) -> dict:
    return {k: values.get(k, 0) for k in SUMMARY}


def numbers(out: dict) -> dict:
    """The summary's numbers (whom each dragon attacks is tested in test_turn_rules.py)."""
    return {k: out["summary"][k] for k in SUMMARY}


def killed(out: dict) -> list[str]:
    return sorted(k["label"] for k in out["killed"]["defender"])


def status(out: dict) -> list[str]:
    return [d["status"] for d in out["dragons"]]


def lefts(out: dict) -> str:
    return " | ".join(x["text"] for x in out["left"])


AMAZONS = [u("amazons/war-chief", "4 melee"), u("amazons/warrior", "id"), u("amazons/soldier", "1 save")]


def test_claws_and_the_id_results_kept_as_saves(engine):
    # Claws: 6 damage. The army: 4 melee, the Warrior's ID (2 results), 1 save. Killing the Red Drake
    # needs 5 health + 5 automatic saves = 10 melee: 4 + 2 = 6 cannot, so the ID results count as saves:
    # 1 + 2 = 3 saves. Damage 6 - 3 = 3: the War Chief (3) alone is closest (the Warrior and Soldier,
    # 2 + 1, lose two units).
    out = engine.exchange(attack([dragon("red-drake", "claws")], AMAZONS))
    assert numbers(out) == summary(dragon_damage=6, response_save=3, response_melee=4, army_damage=3)
    assert killed(out) == ["War Chief"] and status(out) == ["attacked"]
    assert out["id_split"]["save"] == 2 and out["id_split"]["chosen_by"] == "calculator"
    assert out["damage"][0]["text"] == "6 damage from the dragons − 3 saves = 3 damage: War Chief (health 3) dies"
    assert [r["name"] for r in out["rolls"]] == ["dragon", "response"]
    assert out["rolls"][1]["roll"]["roll"] == "dragon_attack" and len(out["rolls"][1]["roll"]["steps"]) == 10


def test_belly_takes_the_automatic_saves_and_the_id_kills(engine):
    # Tail (3 damage, roll again) then Belly: 3 damage, and the drake's 5 automatic saves do not count:
    # 5 melee kill it. 4 melee + 1 of the Warrior's 2 ID results = 5 melee; the other ID result is a
    # save: 1 + 1 = 2 saves. Damage 3 - 2 = 1: the Soldier (1).
    out = engine.exchange(attack([dragon("red-drake", "tail", "belly")], AMAZONS))
    assert numbers(out) == summary(dragon_damage=3, response_save=2, response_melee=5, army_damage=1,
                                     dragons_killed=1)
    assert out["id_split"] == {"save": 1, "melee": 1, "missile": 0, "rolled": 2, "chosen_by": "calculator",
                               "text": out["id_split"]["text"]}
    assert killed(out) == ["Soldier"] and status(out) == ["killed"]
    assert [k["label"] for k in out["killed"]["attacker"]] == ["Red Drake"]
    assert "promote" in lefts(out)


def test_the_players_own_split(engine):
    # The same roll with the ID results given as missile: 4 melee and 2 missile kill nothing (5 of one
    # type are needed); 1 save; damage 3 - 1 = 2: the Warrior (2).
    out = engine.exchange(attack([dragon("red-drake", "tail", "belly")], AMAZONS, id_split={"missile": 2}))
    assert numbers(out) == summary(dragon_damage=3, response_save=1, response_melee=4, response_missile=2,
                                     army_damage=2)
    assert killed(out) == ["Warrior"] and out["id_split"]["chosen_by"] == "player"


def test_tail_chain_adds_every_face(engine):
    # Tail 3, Tail 3, Claws 6 = 12 damage. Saves: Protector 3 + Trooper 2 = 5; the Archer's 3 missile
    # and the Guard's melee kill nothing. Damage 12 - 5 = 7: Protector (3), Archer (2), Trooper (2) is the
    # only choice of three units worth 7 (the Guard survives).
    out = engine.exchange(attack([dragon("blue-wyrm", "tail", "tail", "claws")],
                                 [u("coral-elves/protector", "3 save"), u("coral-elves/archer", "3 missile"),
                                  u("coral-elves/trooper", "2 save"), u("coral-elves/guard", "1 melee")]))
    assert numbers(out) == summary(dragon_damage=12, response_save=5, response_melee=1, response_missile=3,
                                     army_damage=7)
    assert out["dragons"][0]["faces"] == ["tail", "tail", "claws"]
    # The die's own face icons too (the page outlines the face the dragon rolled).
    assert out["dragons"][0]["icons"] == ["dragon-tail", "dragon-tail", "claws"]
    assert killed(out) == ["Archer", "Protector", "Trooper"]


def test_jaws_killed_by_decapitate(engine):
    # Jaws: 12 damage. Decapitate (dragon attack): kill one dragon that rolled Jaws - the Red Drake dies,
    # and the sword generates no melee. Saves 2; damage 12 - 2 = 10: both Warriors (2 + 2); the sword is
    # an item, not a unit.
    army = [u("items/air-vorpal-sword", "decapitate"), u("amazons/warrior", "2 save"), u("amazons/warrior", "3 melee")]
    out = engine.exchange(attack([dragon("red-drake", "jaws")], army))
    assert numbers(out) == summary(dragon_damage=12, response_save=2, response_melee=3, army_damage=10,
                                     dragons_killed=1)
    assert "Decapitate" in out["killed"]["attacker"][0]["why"]
    # Against Claws no dragon rolled Jaws: Decapitate is 3 melee, 3 + 3 = 6 kill nothing; 6 - 2 = 4 damage.
    out = engine.exchange(attack([dragon("red-drake", "claws")], army))
    assert numbers(out) == summary(dragon_damage=6, response_save=2, response_melee=6, army_damage=4)
    # The trace tells one of the two, never both: the kill with Jaws, the melee without.
    told = {face: _decapitate_notes(engine.exchange(attack([dragon("red-drake", face)], army))) for face in ("jaws", "claws")}
    assert told["jaws"] == ["Decapitate: kills one attacking dragon that rolled Jaws; not counted here: 3 melee "
                            "(a dragon rolled Jaws)"]
    assert told["claws"] == ["Decapitate: generates 3 melee"]
    # A roll on its own, with no dragon's faces given: the melee, on the stated assumption.
    keeper = {"species": "amazons", "health": 1, "rolled": "1 magic"}     # p.59: a unit able to carry it
    alone = engine.resolve({"roll": "dragon_attack", "terrain": "highland",
                            "army": [{"die": "items/air-vorpal-sword", "rolled": "3 decapitate"}, keeper]})
    assert _decapitate_notes(alone) == ["Decapitate: assumes no dragon rolled Jaws", "Decapitate: generates 3 melee"]


def _decapitate_notes(out: dict) -> list[str]:
    """The trace's lines about Decapitate at step 4, in order."""
    return [text for text in strings(out) if text.startswith("Decapitate:")]


def test_bash_turns_a_dragons_damage_on_it(engine):
    # Bash (dragon attack): the Red Drake inflicted 12 (Jaws); it takes 12 damage, more than its 5 health +
    # 5 automatic saves, and the army gains 12 saves: 12 + 2 = 14 saves against 12 damage: none gets through.
    out = engine.exchange(attack([dragon("red-drake", "jaws")],
                                 [u("dwarves/behemoth", "bash"), u("amazons/warrior", "2 save")]))
    assert numbers(out) == summary(dragon_damage=12, response_save=14, dragons_killed=1)
    assert "Bash" in out["killed"]["attacker"][0]["why"]


def test_counter_gives_saves_and_melee(engine):
    # Counter (dragon attack, X=4): 4 saves and 4 melee. Melee 4 + 3 + 3 = 10 kills the Red Drake.
    # Damage 6 - 4 = 2: the Warrior (2).
    out = engine.exchange(attack([dragon("red-drake", "claws")],
                                 [u("amazons/harbinger", "counter"), u("amazons/warrior", "3 melee"),
                                  u("amazons/war-chief", "3 melee")]))
    assert numbers(out) == summary(dragon_damage=6, response_save=4, response_melee=10, army_damage=2,
                                     dragons_killed=1)
    assert killed(out) == ["Warrior"]


def test_two_dragons_melee_on_one_missile_on_the_other(engine):
    # Red Drake Claws (6, needs 10) and Red Wyrm Belly (0, needs 5: no automatic saves); two fire
    # dragons do not attack each other (p.17), so both attack the army. Melee 4 + 3 + 3 = 10 kill the
    # Red Drake, missile 3 + 2 = 5 the Red Wyrm (never both types on one dragon). No saves: damage
    # 6 - 0 = 6: War Chief (3) and Harbinger (3), the only two units worth 6.
    out = engine.exchange(attack([dragon("red-drake", "claws"), dragon("red-wyrm", "belly")],
                                 [u("amazons/war-chief", "4 melee"), u("amazons/harbinger", "3 melee"),
                                  u("amazons/warrior", "3 melee"), u("coral-elves/archer", "3 missile"),
                                  u("coral-elves/bowman", "2 missile")]))
    assert numbers(out) == summary(dragon_damage=6, response_melee=10, response_missile=5, army_damage=6,
                                     dragons_killed=2)
    assert status(out) == ["killed", "killed"]
    assert killed(out) == ["Harbinger", "War Chief"]
    whys = [k["why"] for k in out["killed"]["attacker"]]
    assert "10 melee" in whys[0] and "5 missile" in whys[1]


def test_two_of_the_same_dragon_are_named_1st_and_2nd(engine):
    # Two Red Drakes (same element: they do not attack each other, p.17), Claws (6) and Wing (5): 11
    # damage. The army as in the first test: 4 melee + the Warrior's 2 ID cannot reach the 10 that
    # kill a drake, so the ID results are saves: 1 + 2 = 3. Damage 11 - 3 = 8, more than the army's
    # 3 + 2 + 1 = 6 health: all three die. Players tell the two drakes apart as units are told apart
    # (calculator.core.names): the 1st and the 2nd Red Drake, in the order given.
    out = engine.exchange(attack([dragon("red-drake", "claws"), dragon("red-drake", "wing")], AMAZONS))
    assert numbers(out) == summary(dragon_damage=11, response_save=3, response_melee=4, army_damage=8)
    assert [d["label"] for d in out["dragons"]] == ["1st Red Drake", "2nd Red Drake"]
    assert [d["text"] for d in out["dragons"]] == ["1st Red Drake rolled Claws (6): 6 damage",
                                                   "2nd Red Drake rolled Wings (5): 5 damage"]
    assert out["dragons"][1]["target_text"].startswith("The 2nd Red Drake attacks the army")
    assert killed(out) == ["Soldier", "War Chief", "Warrior"]
    # A Red Drake beside a Red Wyrm keeps its plain name: no other dragon shares it.
    out = engine.exchange(attack([dragon("red-drake", "claws"), dragon("red-wyrm", "belly")], AMAZONS))
    assert [d["label"] for d in out["dragons"]] == ["Red Drake", "Red Wyrm"]


def test_wing_flies_away_and_treasure_promotes(engine):
    # Wings 5 damage, Treasure none. Saves 2 + 1 = 3; damage 5 - 3 = 2: the Warrior (2). The Ivory Drake
    # survives and flies back to the Summoning Pool; the Ivory Wyrm's Treasure lets the army promote one
    # unit, the White Wyrm's two. (No dragon attacks an Ivory one, and Ivory dragons attack only the
    # army, p.17: all three attack the army.)
    out = engine.exchange(attack([dragon("ivory-drake", "wings"), dragon("ivory-wyrm", "treasure"),
                                  dragon("white-wyrm", "treasure")],
                                 [u("amazons/warrior", "2 save"), u("amazons/soldier", "1 save")]))
    assert numbers(out) == summary(dragon_damage=5, response_save=3, army_damage=2)
    assert status(out) == ["flies away", "attacked", "attacked"]
    assert [d["promotions"] for d in out["dragons"]] == [0, 1, 2]
    assert "promote one unit" in lefts(out) and "promote 2 units" in lefts(out)


def test_white_drake_doubles_its_claws(engine):
    # A White Dragon's Claws inflict 12 (OCTGN lists 6 for the White Drake; the rulebook doubles them).
    # Saves 2 + 1 = 3; damage 12 - 3 = 9: both units die.
    out = engine.exchange(attack([dragon("white-drake", "claws")],
                                 [u("amazons/warrior", "2 save"), u("amazons/soldier", "1 save")]))
    assert numbers(out) == summary(dragon_damage=12, response_save=3, army_damage=9)
    # 4 melee + Smite 4 + 3 melee = 11 melee do not kill a White Wyrm: 10 health + 5 automatic saves = 15.
    out = engine.exchange(attack([dragon("white-wyrm", "claws")],
                                 [u("amazons/war-chief", "4 melee"), u("amazons/war-chief", "smite"),
                                  u("amazons/warrior", "3 melee"), u("amazons/soldier", "1 save")]))
    assert out["summary"]["response_melee"] == 11 and out["summary"]["dragons_killed"] == 0


def test_elevate_doubles_the_unit_whose_id_went_to_saves(engine):
    # Elevate (dragon attack): double one unit's missile or save results. 3 melee or missile cannot kill
    # the Red Drake, so the War Chief's ID (3) counts as saves: 2 + 3 = 5, and Elevate doubles the War
    # Chief's 3 saves (more than the Warrior's 2): 8 saves against 6 damage, none gets through.
    out = engine.exchange(attack([dragon("red-drake", "claws")],
                                 [u("items/air-flying-carpet", "elevate"), u("amazons/warrior", "2 save"),
                                  u("amazons/war-chief", "id")]))
    assert numbers(out) == summary(dragon_damage=6, response_save=8)


BREATH_ARMY = [u("amazons/war-chief", "4 melee"), u("amazons/warrior", "2 save"), u("amazons/soldier", "1 save"),
               u("amazons/warrior", "3 melee")]


def test_fire_breath_kills_then_buries(engine):
    # Breath: 5 health-worth with no save, as close as possible: War Chief (3) + Warrior (2) (the fewest
    # units). Dragon Fire: they roll; the War Chief's save keeps it from burial, the Warrior's melee does
    # not. The survivors roll: Soldier 1 save, Warrior 3 melee. No damage from the breath's face.
    army = [u("amazons/war-chief", "4 melee", breath_save="3 save"),
            u("amazons/warrior", "2 save", breath_save="2 melee")] + BREATH_ARMY[2:]
    out = engine.exchange(attack([dragon("red-drake", "breath")], army))
    assert numbers(out) == summary(breath_killed=5, response_save=1, response_melee=3)
    assert {k["label"]: k["status"] for k in out["killed"]["defender"]} == {"War Chief": "killed",
                                                                           "1st Warrior": "buried"}  # the army holds two Warriors
    assert [r["name"] for r in out["rolls"]] == ["dragon", "breath_save", "breath_save", "response"]


def test_air_breath_halves_melee(engine):
    # Lightning Bolt: the survivors' melee 3 + 2 = 5, halved (rounded down): 2.
    army = BREATH_ARMY[:2] + [u("amazons/soldier", "2 melee"), u("amazons/warrior", "3 melee")]
    out = engine.exchange(attack([dragon("blue-drake", "breath")], army))
    assert numbers(out) == summary(breath_killed=5, response_melee=2)
    assert "Lightning Bolt" in lefts(out)


def test_water_breath_halves_missile(engine):
    # The owner's own choice of the breath's 5 health-worth: War Chief and Warrior (3 + 2). Poisonous
    # Cloud: missile 3 + 2 = 5, halved: 2. Saves 1.
    army = BREATH_ARMY[:2] + [u("coral-elves/archer", "3 missile"), u("coral-elves/bowman", "2 missile"),
                              u("amazons/soldier", "1 save")]
    out = engine.exchange(attack([dragon("green-drake", "breath")], army, casualties={"defender": {"breath": [0, 1]}}))
    assert numbers(out) == summary(breath_killed=5, response_save=1, response_missile=2)
    # A choice that is not as close to 5 as possible is refused, naming the field.
    with pytest.raises(InputError) as err:
        engine.exchange(attack([dragon("green-drake", "breath")], army, casualties={"defender": {"breath": [0]}}))
    assert err.value.field == "casualties.defender.breath[0]"


def test_earth_and_ivory_breath_change_nothing_in_this_roll(engine):
    # Petrify halves maneuvers (this roll counts none); Life Drain adds nothing. Both: 5 killed, then
    # Soldier 1 save and Warrior 3 melee.
    for die, words in (("yellow-drake", "Petrify"), ("ivory-drake", "Life Drain")):
        out = engine.exchange(attack([dragon(die, "breath")], BREATH_ARMY))
        assert numbers(out) == summary(breath_killed=5, response_save=1, response_melee=3)
        assert words in lefts(out)


def test_death_breath_ignores_id_results(engine):
    # Black Drake's breath kills War Chief (3) + Warrior (2). Dragon Plague: the ID results of the Soldier
    # and the other Warrior are ignored; saves 1. The Black Wyrm's Claws (two death dragons do not
    # attack each other, p.17): 6 - 1 = 5 damage; the three survivors are worth 1 + 2 + 1 = 4: all die.
    army = [u("amazons/war-chief", "4 melee"), u("amazons/warrior", "2 save"), u("amazons/soldier", "id"),
            u("amazons/warrior", "id"), u("amazons/soldier", "1 save")]
    out = engine.exchange(attack([dragon("black-drake", "breath"), dragon("black-wyrm", "claws")], army))
    assert numbers(out) == summary(dragon_damage=6, breath_killed=5, response_save=1, army_damage=5)
    assert len(out["killed"]["defender"]) == 5 and "Dragon Plague" in lefts(out)


def test_white_breath_kills_ten_with_both_terrain_elements(engine):
    # Coastland (air, water). Terrain Empathy: 10 health-worth - the owner picks War Chief, Harbinger and
    # both Warriors (3 + 3 + 2 + 2) - then Lightning Bolt and Poisonous Cloud. Missile 4 -> 2, melee 2 -> 1;
    # the Soldier's ID (1) cannot reach the 15 a White Wyrm needs, so it is a save.
    army = [u("amazons/war-chief", "4 melee"), u("amazons/harbinger", "3 melee"), u("amazons/warrior", "2 save"),
            u("amazons/warrior", "3 melee"), u("amazons/spearer", "4 missile"), u("amazons/soldier", "2 melee"),
            u("amazons/soldier", "id")]
    out = engine.exchange(attack([dragon("white-wyrm", "breath")], army, terrain="coastland",
                                 casualties={"defender": {"breath": [[0, 1, 2, 3]]}}))
    assert numbers(out) == summary(breath_killed=10, response_save=1, response_melee=1, response_missile=2)
    assert "Lightning Bolt" in lefts(out) and "Poisonous Cloud" in lefts(out)


@pytest.mark.parametrize("data,field", [
    (attack([dragon("red-dragon", "claws")], AMAZONS), "attacker.dragons[0].die"),
    (attack([dragon("red-drake", "claws"), dragon("red-wyrm", "wings")], AMAZONS), "attacker.dragons[1].rolled.dragon"),
    (attack([dragon("red-wyrm", "tail", "wing")], AMAZONS), "attacker.dragons[0].rerolled.dragon[0]"),
    (attack([{"die": "red-drake", "rolled": {"attack": "claws"}}], AMAZONS), "attacker.dragons[0].rolled.attack"),
    (attack([], AMAZONS), "attacker.dragons"),
    (attack([dragon("red-drake")] * 7, AMAZONS), "attacker.dragons"),
    (attack([dragon("red-drake")], [u("amazons/soldier", counter="1 melee")]), "defender.army[0].rolled.counter"),
    (attack([dragon("red-drake")], [u("amazons/soldier", "9 melee")]), "defender.army[0].rolled.response"),
    (attack([dragon("red-drake")], AMAZONS, id_split={"magic": 1}), "defender.id_split.magic"),
    (attack([dragon("red-drake", "claws")], AMAZONS, id_split={"missile": 3}), "defender.id_split"),
    (attack([dragon("red-drake", "claws")], AMAZONS, casualties={"defender": {"dragon": [2]}}),
     "casualties.defender.dragon"),
    (dict(attack([dragon("red-drake")], AMAZONS), terrain="reserve"), "terrain"),
    (dict(attack([dragon("red-drake")], AMAZONS), attacker={"army": AMAZONS}), "attacker.army"),
])
def test_bad_dragon_input_names_the_field(engine, data, field):
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == field


def test_a_melee_exchange_still_needs_an_army(engine):
    with pytest.raises(InputError) as err:
        engine.exchange({"attack": "melee", "attacker": {"dragons": [dragon("red-drake")]},
                         "defender": {"army": AMAZONS}})
    assert err.value.field == "attacker.dragons"


def _cli(bundle_file, command: str, data: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", command, "-", "--data", str(bundle_file)],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_dragon_attack(bundle_file):
    proc = _cli(bundle_file, "exchange", attack([dragon("red-drake", "claws")], AMAZONS))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["summary"]["army_damage"] == 3
    proc = _cli(bundle_file, "exchange", attack([dragon("red-wyrm", "wings")], AMAZONS))
    assert proc.returncode == 2 and proc.stderr.startswith("error: attacker.dragons[0].rolled.dragon:")
    assert len(proc.stderr.strip().splitlines()) == 1
    proc = _cli(bundle_file, "exchange-odds", attack([dragon("red-drake")], [u("amazons/warrior")]))
    assert proc.returncode == 0, proc.stderr
    assert set(json.loads(proc.stdout)) == {"attack", "sides", "dragons_killed", "dropped", "notes", "see"}


# ---- odds ---------------------------------------------------------------------------------------


def test_odds_of_a_fixed_attack_are_certain(engine):
    # Every face given: the odds are the resolver's one answer.
    data = attack([dragon("red-drake", "tail", "belly")], AMAZONS)
    odds = engine.exchange_odds(data)
    assert odds["dragons_killed"]["distribution"] == {"1": 1.0}
    assert odds["sides"]["defender"]["damage"]["distribution"] == {"1": 1.0}
    assert odds["sides"]["defender"]["killed"]["distribution"] == {"1": 1.0}


def test_odds_by_hand_one_soldier_against_a_drake(engine):
    # A Soldier that rolled "1 save" against a Red Drake not yet rolled (12 faces: Jaws, Claws x4,
    # Tail x2, Belly x2, Wings x2, Breath). The Soldier can never kill it. Its one save stops all damage
    # only against Belly (0); Breath kills it outright. So it survives Belly (2/12) and nothing else:
    # Tail chains always deal at least 3.
    odds = engine.exchange_odds(attack([dragon("red-drake")], [u("amazons/soldier", "1 save")]))
    lost = odds["sides"]["defender"]["killed"]["distribution"]
    assert math.isclose(lost["0"], 2 / 12, abs_tol=1e-12) and math.isclose(lost["1"], 10 / 12, abs_tol=1e-9)
    assert list(odds["dragons_killed"]["distribution"]) == ["0"]
    assert math.isclose(odds["dragons_killed"]["distribution"]["0"], 1.0, abs_tol=1e-9)
    assert odds["see"].endswith("#dragon-attacks")


def _total(dist: dict) -> float:
    s = 0.0
    for p in dist["distribution"].values():
        s += p
    return s


def test_odds_sum_to_one(engine, bundle):      # bundle: random inputs stay out of the parity corpus
    @SETTINGS
    @given(st.lists(st.sampled_from(["red-drake", "blue-wyrm", "white-drake", "ivory-hybrid-none", "black-drake",
                                     "yellow-wyrm", "green-ivory-drake"]), min_size=1, max_size=2),
           st.lists(st.sampled_from(["amazons/soldier", "amazons/warrior", "coral-elves/archer", "dwarves/behemoth",
                                     "items/air-vorpal-sword"]), min_size=1, max_size=3))
    def check(dragons, army):
        dragons = [d if d != "ivory-hybrid-none" else "ivory-wyrm" for d in dragons]
        odds = engine.exchange_odds(attack([dragon(d) for d in dragons], [u(a) for a in army]))
        for dist in (odds["dragons_killed"], odds["sides"]["defender"]["damage"], odds["sides"]["defender"]["killed"]):
            assert abs(_total(dist) + odds["dropped"] - 1.0) < 1e-9
            assert all(p >= 0 for p in dist["distribution"].values())
    check()


@pytest.mark.parametrize("dragons,army", [
    (["blue-drake", "black-wyrm"], ["amazons/war-chief", "amazons/warrior", "amazons/soldier", "coral-elves/archer"]),
    (["red-drake", "white-drake"], ["dwarves/behemoth", "items/air-vorpal-sword", "amazons/warrior"]),
])
def test_odds_agree_with_the_resolver(engine, bundle, dragons, army):
    # 3,000 attacks resolved with random faces (seeds 0..2999) against the exact odds: every
    # probability within 4.5 standard errors. (It takes ``bundle`` so that the parity corpus, which
    # records the tests taking only ``engine``, does not record its 3,000 attacks.) The second army
    # can Bash a dragon and Decapitate one that rolled Jaws.
    data = attack([dragon(d) for d in dragons], [u(a) for a in army])
    odds = engine.exchange_odds(data)
    assert not any("Bash" in note for note in odds["notes"])
    n = 3000
    seen: dict[str, dict[int, int]] = {"killed": {}, "lost": {}}
    for seed in range(n):
        out = engine.exchange(dict(data, seed=seed))
        s = out["summary"]
        lost = sum(k["health"] for k in out["killed"]["defender"])
        seen["killed"][s["dragons_killed"]] = seen["killed"].get(s["dragons_killed"], 0) + 1
        seen["lost"][lost] = seen["lost"].get(lost, 0) + 1
    for name, exact in (("killed", odds["dragons_killed"]), ("lost", odds["sides"]["defender"]["killed"])):
        for k in set(exact["distribution"]) | {str(x) for x in seen[name]}:
            p, q = exact["distribution"].get(k, 0.0), seen[name].get(int(k), 0) / n
            assert abs(p - q) <= 4.5 * math.sqrt(max(p * (1 - p), 1e-4) / n), (name, k, p, q)


# ---- properties -----------------------------------------------------------------------------------


@st.composite
def attacks(draw, engine):
    dragons = sorted(engine.index.dragons)
    units = ["amazons/soldier", "amazons/warrior", "amazons/war-chief", "coral-elves/archer", "dwarves/behemoth",
             "items/air-vorpal-sword", "amazons/harbinger"]
    army = [{"die": draw(st.sampled_from(units))} for _ in range(draw(st.integers(1, 5)))]
    return {"attack": "dragon", "terrain": draw(st.sampled_from(["highland", "coastland", "flatland"])),
            "seed": draw(st.integers(0, 10 ** 6)),
            "attacker": {"dragons": [{"die": draw(st.sampled_from(dragons))} for _ in range(draw(st.integers(1, 3)))]},
            "defender": {"army": army}}


def test_damage_never_negative_and_breath_within_its_health_worth(engine, bundle):   # (not recorded)
    @SETTINGS
    @given(attacks(engine))
    def check(data):
        out = engine.exchange(data)
        assert all(v >= 0 for v in numbers(out).values())
        # p.17: a dragon attacks the army exactly when its target is the army
        assert out["summary"]["attacks_army"] == [i for i, t in enumerate(out["summary"]["targets"]) if t == "army"]
        assert all(d["damage"] >= 0 for d in out["dragons"])
        breaths = [d for d in out["damage"] if d["from"] == "breath"]
        assert all(d["health_killed"] <= d["amount"] for d in breaths)
        assert out["summary"]["breath_killed"] == sum(d["health_killed"] for d in breaths)
        assert out["summary"]["army_damage"] == max(0, out["summary"]["dragon_damage"] - out["summary"]["response_save"])
    check()


def test_odds_too_large_are_refused_with_a_clear_message(engine):
    # Six dragons whose every damage matters (the army can Bash one): refused at once, never a hang.
    # Ivory and Ivory Hybrid dragons attack no dragon (p.17): all six attack the army.
    data = attack([dragon(d) for d in ("ivory-drake", "blue-ivory-wyrm", "green-ivory-drake", "black-ivory-wyrm",
                                       "yellow-ivory-drake", "red-ivory-wyrm")],
                  [u("dwarves/behemoth"), u("amazons/warrior")])
    with pytest.raises(TooLarge) as err:
        engine.exchange_odds(data)
    assert "too large to compute exactly" in str(err.value) and "fewer dragons" in str(err.value)
