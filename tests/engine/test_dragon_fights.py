"""Dragons fighting dragons, worked out by hand from the rulebook (v4.01d p.17: the targeting table,
"Performing the Dragon Attack" steps 3, 7 and 9, "Dragon Breath", "Dragon Icons").

The faces (data/dragons.yaml, p.17): a Drake shows Jaws 12, Claws 6 (four faces), Tail 3 and roll
again (two), Wing 5 (two), Belly (two), Breath (one). Against a dragon Breath deals 5 and the dragon
rolls again; a White Dragon's faces are doubled (Jaws 24, Claws 12, Tail 6, Wing 10, Breath 10).
Every dragon has 5 health and 5 automatic saves (White: 10 health, 5 saves), so damage of 10 kills a
dragon, 5 after it rolled Belly ("its automatic saves do not count during this attack"), and 15 a
White Dragon (10 after Belly). Damage is dealt at the same time (step 7), so two dragons may kill each
other; a killed dragon returns to its owner's Summoning Pool; a survivor that rolled Wing flies back
to it (step 9). The Red Drake (fire) and the Blue Drake (air) attack each other (Elemental against
Elemental of another element)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from calculator import InputError

from .conftest import ROOT

WARRIOR = {"die": "amazons/warrior", "rolled": {"response": "2 save"}}      # Amazon Warrior: 2 health
SOLDIER = {"die": "amazons/soldier", "rolled": {"response": "1 save"}}      # Amazon Soldier: 1 health


def d(die: str, *faces: str, target: int | None = None) -> dict:
    out: dict = {"die": die}
    if faces:
        out["rolled"] = {"dragon": faces[0]}
    if len(faces) > 1:
        out["rerolled"] = {"dragon": list(faces[1:])}
    if target is not None:
        out["target"] = target
    return out


def attack(*dragons: dict, army: list | None = None) -> dict:
    return {"attack": "dragon", "terrain": "highland", "seed": 1, "attacker": {"dragons": list(dragons)},
            "defender": {"army": army if army is not None else [WARRIOR, SOLDIER]}}


def fate(out: dict) -> list[tuple[int, int, str]]:
    """(damage dealt, damage taken, status) of each dragon in the fight."""
    return [(x["damage"], x["taken"], x["status"]) for x in out["fight"]["dragons"]]


# (name, input, (damage dealt, damage taken, status) per dragon of the fight, dragons killed, flying away)
CASES = [
    # Both die: Red Jaws 12 and Blue Jaws 12; each takes 12 >= 5 health + 5 saves = 10 (step 7: at once).
    ("both-die", attack(d("red-drake", "jaws"), d("blue-drake", "jaws")),
     [(12, 12, "killed"), (12, 12, "killed")], 2, 0),
    # One dies: Red Claws 6 against Blue Jaws 12. Red takes 12 >= 10: killed; Blue takes 6 < 10: survives.
    ("one-dies", attack(d("red-drake", "claws"), d("blue-drake", "jaws")),
     [(6, 12, "killed"), (12, 6, "survives")], 1, 0),
    # White doubled: the White Drake's Claws deal 12 (6 doubled); the Red Drake takes 12 >= 10 and dies.
    # The Red Drake's Jaws 12 < 10 health + 5 saves = 15: the White Drake survives.
    ("white-doubled", attack(d("white-drake", "claws"), d("red-drake", "jaws")),
     [(12, 12, "survives"), (12, 12, "killed")], 1, 0),
    # Belly: the Red Drake rolls Belly (0 damage) and loses its 5 automatic saves: the Blue Drake's
    # Claws 6 >= 5 health kill it (without Belly, 6 < 10 would not). Blue takes 0.
    ("belly", attack(d("red-drake", "belly"), d("blue-drake", "claws")),
     [(0, 6, "killed"), (6, 0, "survives")], 1, 0),
    # Breath rolls again against a dragon: Red Breath 5, then Claws 6 = 11 >= 10: the Blue Drake dies
    # (Breath alone, 5, would not kill it). Blue's Claws 6 < 10: Red survives.
    ("breath-again", attack(d("red-drake", "breath", "claws"), d("blue-drake", "claws")),
     [(11, 6, "survives"), (6, 11, "killed")], 1, 0),
    # Wing: the Red Drake's Wing deals 5; it takes Blue's Claws 6 < 10, survives, and having rolled Wing
    # flies back to its owner's Summoning Pool (step 9). Blue takes 5 < 10 and stays.
    ("wing-flies", attack(d("red-drake", "wings"), d("blue-drake", "claws")),
     [(5, 6, "flies away"), (6, 5, "survives")], 0, 1),
    # Wing, but killed: the Red Drake's Wing 5 against Blue's Jaws 12 >= 10: killed, so it does not fly.
    ("wing-killed", attack(d("red-drake", "wings"), d("blue-drake", "jaws")),
     [(5, 12, "killed"), (12, 5, "survives")], 1, 0),
    # Tail rolls again: Red Tail 3, Tail 3, Claws 6 = 12 >= 10 kills the Blue Drake, which rolled Wing
    # (5 < 10 for Red) but is dead, so does not fly away.
    ("tail-chain", attack(d("red-drake", "tail", "tail", "claws"), d("blue-drake", "wings")),
     [(12, 5, "survives"), (5, 12, "killed")], 1, 0),
    # Damage adds up: both Black / Blue dragons attack the Blue / Green Drake (Hybrid against a Hybrid
    # matching one element), which attacks the Black / Blue Drake. Claws 6 + Claws 6 = 12 >= 10: the
    # Blue / Green Drake dies though neither alone kills it; the Black / Blue Drake takes 6 < 10.
    ("damage-adds-up", attack(d("black-blue-drake", "claws"), d("black-blue-wyrm", "claws"),
                              d("blue-green-drake", "claws")),
     [(6, 6, "survives"), (6, 0, "survives"), (6, 12, "killed")], 1, 0),
]


@pytest.mark.parametrize("data,expected,killed,fly", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_dragons_fight_dragons(engine, data, expected, killed, fly):
    out = engine.exchange(data)
    assert fate(out) == expected
    assert out["fight"]["dragons_killed"] == killed and out["fight"]["fly_away"] == fly
    # Every dragon here attacks a dragon: the army neither rolls nor loses anything.
    assert out["summary"]["attacks_army"] == [] and out["summary"]["army_damage"] == 0
    # The dragons' list says the same, so that a game sends killed and flying dragons home.
    statuses = [x["status"] for x in out["dragons"]]
    assert statuses == [s if s != "survives" else "fights a dragon" for _, _, s in expected]


def test_a_dragon_attacking_the_army_may_be_killed_by_a_dragon(engine):
    # The rulebook's one-way pair: the Black / Blue Drake (Hybrid) attacks the Red / Ivory Drake, which
    # attacks the army. Black / Blue Jaws 12 >= 10 kill the Red / Ivory Drake; its Claws 6 still hit the
    # army at the same time (step 7): 6 - (2 + 1) saves = 3 damage, the Warrior (2) and Soldier (1) die.
    out = engine.exchange(attack(d("black-blue-drake", "jaws"), d("red-ivory-drake", "claws")))
    assert fate(out) == [(12, 0, "survives"), (0, 12, "killed")]
    assert out["summary"]["army_damage"] == 3 and out["summary"]["dragons_killed"] == 0
    assert out["dragons"][1]["status"] == "killed" and "12 damage" in out["dragons"][1]["why"]
    # Its Belly rolled against the army counts here too: Belly, so Claws 6 >= 5 kill it.
    out = engine.exchange(attack(d("black-blue-drake", "claws"), d("red-ivory-drake", "belly")))
    assert fate(out) == [(6, 0, "survives"), (0, 6, "killed")]


def test_odds_with_one_face_given(engine):
    # The Red Drake shows Jaws (given): 12 >= 10 kills the Blue Drake whatever it rolls (Belly only lowers
    # what kills it). The Blue Drake rolls: P(its damage reaches t), faces of 12: Jaws 12 (1), Claws 6 (4),
    # Wing 5 (2), Belly 0 (2), Tail 3 + again (2), Breath 5 + again (1):
    #   P(t) = [1*(12>=t) + 4*(6>=t) + 2*(5>=t) + 2*(0>=t) + 2*P(t-3) + P(t-5)] / 12, P(t<=0) = 1
    #   P(1) = P(2) = (1 + 4 + 2 + 2 + 1) / 12 = 10/12
    #   P(4) = P(5) = (1 + 4 + 2 + 2*10/12 + 1) / 12 = 29/36
    #   P(7) = (1 + 2*29/36 + 10/12) / 12 = 31/108
    #   P(10) = (1 + 2*31/108 + 29/36) / 12 = 257/1296: the chance the Red Drake is killed.
    odds = engine.exchange_odds(attack(d("red-drake", "jaws"), d("blue-drake")))
    fight = odds["fight"]
    red, blue = fight["dragons"]
    assert red["killed"] == pytest.approx(257 / 1296, abs=1e-9) and blue["killed"] == pytest.approx(1.0, abs=1e-9)
    dist = fight["dragons_killed"]["distribution"]
    assert dist["2"] == pytest.approx(257 / 1296, abs=1e-9) and dist["1"] == pytest.approx(1 - 257 / 1296, abs=1e-9)
    # Neither flies: the Red Drake rolled Jaws, the Blue Drake always dies.
    assert red["flies_away"] == 0 and blue["flies_away"] == 0


def test_odds_of_belly_and_wing(engine):
    # The Blue Drake shows Claws 6 (given), so the Red Drake dies only after Belly (6 >= 5, but 6 < 10).
    # The Red Drake's chain ends on its first face that does not roll again: Jaws 1, Claws 4, Belly 2,
    # Wing 2 of the 9 such faces (Tail and Breath roll again), so it ends on Belly with chance 2/9 and on
    # Wing with 2/9: killed 2/9; flies away 2/9 (a chain ending on Wing has no Belly, so it survives).
    # The Blue Drake dies when the Red Drake's damage reaches 10: 257/1296 (as above).
    odds = engine.exchange_odds(attack(d("red-drake"), d("blue-drake", "claws")))
    red, blue = odds["fight"]["dragons"]
    assert red["killed"] == pytest.approx(2 / 9, abs=1e-9) and red["flies_away"] == pytest.approx(2 / 9, abs=1e-9)
    assert blue["killed"] == pytest.approx(257 / 1296, abs=1e-9)


def test_the_odds_agree_with_every_fight_given(engine):
    # Both faces given: the chances are the resolved fight's, with certainty.
    for _, data, expected, killed, _ in CASES:
        odds = engine.exchange_odds(data)
        assert odds["fight"]["dragons_killed"]["distribution"] == {str(killed): 1.0}
        assert [x["killed"] for x in odds["fight"]["dragons"]] == [1.0 if s == "killed" else 0.0 for _, _, s in expected]


def test_a_bad_face_of_a_fighting_dragon_names_its_field(engine):
    with pytest.raises(InputError) as err:
        engine.exchange(attack(d("red-drake", "jaws"), d("blue-drake", "scales")))
    assert err.value.field == "attacker.dragons[1].rolled.dragon"


def cli(command: str, data: dict, bundle_file) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", command, "-", "--data", str(bundle_file)],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_dragon_fight(bundle_file):
    # The same hand-worked fights through `python -m calculator exchange -` and `exchange-odds -`.
    for name, data, expected, killed, fly in CASES:
        proc = cli("exchange", data, bundle_file)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert fate(out) == expected, name
    proc = cli("exchange-odds", attack(d("red-drake", "jaws"), d("blue-drake")), bundle_file)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["fight"]["dragons"][0]["killed"] == pytest.approx(257 / 1296, abs=1e-9)
    # A bad face is one line naming its field, exit status 2.
    proc = cli("exchange", attack(d("red-drake", "jaws"), d("blue-drake", "scales")), bundle_file)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: attacker.dragons[1].rolled.dragon: ") and len(proc.stderr.splitlines()) == 1


# ---- p.62: tamed and controlled dragons on the turns after, as the input states them ---------------

def test_a_tamed_dragon_does_not_attack_its_tamers_army(engine):
    # A tamed dragon "will not attack an army containing the unit that tamed it" and "still attacks other
    # dragons as normal" (p.62). The Red Drake cannot attack the Ivory Drake (p.17 table), so it does not
    # attack at all; the Ivory Drake's Claws 6 - (2 + 1) saves = 3 damage (untamed, the Red Drake's Claws
    # would add 6: 12 - 3 = 9).
    data = attack(dict(d("red-drake", "claws"), tamed=True), d("ivory-drake", "claws"))
    out = engine.exchange(data)
    assert out["summary"]["targets"] == ["none", "army"] and out["summary"]["army_damage"] == 3
    assert out["dragons"][0]["status"] == "does not attack"
    # Beside a dragon it may attack, it fights it as usual: Red Jaws 12 kill the Blue Drake (10).
    out = engine.exchange(attack(dict(d("red-drake", "jaws"), tamed=True), d("blue-drake", "claws")))
    assert fate(out) == [(12, 6, "survives"), (6, 12, "killed")]


def test_a_controlled_dragon_helps_its_controllers_army(engine):
    # "If another dragon attacks the controller's army, roll the controlled dragon and add any damage it
    # inflicts to the melee results of the army" (p.62). The Red Drake's Jaws 12 join the army's 0 melee:
    # 12 >= 5 health + 5 saves kill the Ivory Drake, whose Claws 6 - 3 saves still deal 3 damage.
    out = engine.exchange(attack(dict(d("red-drake", "jaws"), controlled=True), d("ivory-drake", "claws")))
    s = out["summary"]
    assert (s["response_melee"], s["dragons_killed"], s["army_damage"]) == (12, 1, 3)
    assert [x["status"] for x in out["dragons"]] == ["helps the army", "killed"]


def test_a_controlled_dragon_attacks_any_dragon_or_none(engine):
    # The controller "may have it attack any other dragon, even a type of dragon that it would not usually
    # attack": the Red Drake attacks the Ivory Drake (no dragon attacks an Ivory one by the table). Jaws
    # 12 >= 10 kill it; its Claws 6 - 3 saves still hit the army (3).
    out = engine.exchange(attack(dict(d("red-drake", "jaws"), controlled=True, target=1), d("ivory-drake", "claws")))
    assert fate(out) == [(12, 0, "survives"), (0, 12, "killed")] and out["summary"]["army_damage"] == 3
    # ... or "may have the controlled dragon not roll".
    out = engine.exchange(attack(dict(d("red-drake"), controlled=True, target="none"), d("ivory-drake", "claws")))
    assert out["summary"]["targets"] == ["none", "army"] and out["dragons"][0]["faces"] == []


def test_odds_with_a_controlled_dragon_helping(engine):
    # The Red Drake rolls with the army (faces left to chance); against an army only Tail rolls again and
    # Breath deals no damage: faces of 12, Jaws 12 (1), Claws 6 (4), Wing 5 (2), Belly or Breath 0 (3),
    # Tail 3 + again (2). Its damage reaches t with
    #   Q(t) = [1*(12>=t) + 4*(6>=t) + 2*(5>=t) + 3*(0>=t) + 2*Q(t-3)] / 12, Q(t<=0) = 1
    #   Q(1) = 9/12; Q(4) = (7 + 2*9/12) / 12 = 17/24; Q(7) = (1 + 2*17/24) / 12 = 29/144;
    #   Q(10) = (1 + 2*29/144) / 12 = 101/864: the chance its damage, as melee, kills the Ivory Drake (10).
    odds = engine.exchange_odds(attack(dict(d("red-drake"), controlled=True), d("ivory-drake", "claws")))
    assert odds["dragons_killed"]["distribution"]["1"] == pytest.approx(101 / 864, abs=1e-9)
    assert odds["sides"]["defender"]["damage"]["distribution"] == {"3": pytest.approx(1.0, abs=1e-9)}


@pytest.mark.parametrize("extra,field,words", [
    ({"tamed": True, "target": "army"}, "attacker.dragons[0].target", "does not attack the army"),
    ({"tamed": "yes"}, "attacker.dragons[0].tamed", "true or false"),
    ({"tamed": True, "controlled": True}, "attacker.dragons[0].controlled", "not both"),
    ({"controlled": True, "target": 0}, "attacker.dragons[0].target", "never attacks itself"),
])
def test_a_bad_tamed_or_controlled_dragon_names_its_field(engine, extra, field, words):
    with pytest.raises(InputError) as err:
        engine.exchange(attack(dict(d("red-drake", "claws"), **extra), d("ivory-drake", "claws")))
    assert err.value.field == field and words in str(err.value)
