"""The calculator's words for players (issue 22, "Calculator wording"): units named as players name
them (the trace once said "Mugger (1)"), a dragon's faces with the damage they deal (its Tail showed
none), who chose the casualties and that the owner chooses in play, no counter-attack lines after a
missile attack, and the spells whose effects are left to the player named. Each case is worked out
by hand from the rulebook (v4.01d) and the dice's faces (data/dice, data/dragons.yaml)."""
from __future__ import annotations

from calculator.core.names import ordinal, player_names
from calculator.vocabulary import vocabulary

from .test_exchange import melee, u

COUNTER_KEYS = {"counter_total", "counter_save_total", "counter_damage", "counter_save_roll_damage_to_defender"}


def labels(out) -> list[tuple[str, str]]:
    return [(e["label"], e["text"]) for st in out["steps"] for e in st["entries"] if e.get("label")]


def test_ordinals_read_as_players_say_them():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]
    assert player_names(["Mugger", "Warrior", "Mugger"]) == ["1st Mugger", "Warrior", "2nd Mugger"]


def test_two_units_of_one_die_are_the_1st_and_the_2nd(engine):
    # Two Goblin Muggers (faces: 1 ID, 1 melee, 2 maneuver) and an Amazon Warrior: the Muggers are
    # told apart by their place among Muggers; the lone Warrior keeps its plain name; no "(1)".
    out = engine.resolve({"roll": "melee", "army": [{"die": "goblins/mugger", "rolled": 1},
                                                    {"die": "goblins/mugger", "rolled": 2},
                                                    {"die": "amazons/warrior", "rolled": 1}]})
    step1 = [(who, text) for who, text in labels(out) if text.startswith("rolled")]
    assert [who for who, _ in step1] == ["1st Mugger", "2nd Mugger", "Warrior"]
    assert all("(" not in who for who, _ in labels(out))
    # 1 ID (health 1) + 1 melee + the Warrior's face 1 (ID, health 2 in a melee roll: 2 melee) = 4 melee.
    assert out["totals"] == {"melee": 4}


def test_a_name_the_input_gives_is_kept(engine):
    out = engine.resolve({"roll": "melee", "army": [{"die": "goblins/mugger", "rolled": 2, "name": "Grub"},
                                                    {"die": "goblins/mugger", "rolled": 2}]})
    assert [who for who, text in labels(out) if text.startswith("rolled")] == ["Grub", "Mugger"]


def test_an_exchange_names_units_as_their_army_does_in_every_roll(engine):
    # Attack: Mugger 1 melee + Mugger 1 melee = 2 melee; the Warrior rolls 2 save: no damage. Counter: the Warrior's 2 melee against the Muggers' 0 saves (maneuver): 2
    # damage kills both Muggers (health 1 each, p.29: as close to the damage as possible).
    out = engine.exchange(melee([u("goblins/mugger", attack="1 melee", counter_save="1 maneuver"),
                                 u("goblins/mugger", attack="1 melee", counter_save="1 maneuver")],
                                [u("amazons/warrior", save="2 save", counter="2 melee")]))
    names = {r["name"]: [e["label"] for st in r["roll"]["steps"] for e in st["entries"] if e.get("label")]
             for r in out["rolls"]}
    assert set(names["attack"]) == set(names["counter_save"]) == {"1st Mugger", "2nd Mugger"}
    assert set(names["save"]) == {"Warrior"}
    assert sorted(k["label"] for k in out["killed"]["attacker"]) == ["1st Mugger", "2nd Mugger"]
    counter = [d for d in out["damage"] if d["from"] == "counter"][0]
    assert counter["text"] == "2 melee − 0 saves = 2 damage: 1st Mugger (health 1), 2nd Mugger (health 1) die"


def test_the_calculator_says_it_chose_the_casualties_and_the_owner_may_choose(engine):
    # A Warrior's 2 melee against 0 saves (3 maneuver, 1 melee, 1 melee): 2 damage to an army of a
    # Warrior (health 2) and two Soldiers (health 1): the Warrior alone, or both Soldiers (p.29).
    army = [u("amazons/warrior", save="3 maneuver"), u("amazons/soldier", save="1 melee"),
            u("amazons/soldier", save="1 melee")]
    data = melee([u("amazons/warrior", attack="2 melee")], army)
    out = engine.exchange(data)
    hit = out["damage"][0]
    c = hit["casualties"]
    assert c["chosen_by"] == "calculator" and c["event"] == "attack"
    assert [x["unit"] for x in c["could_die"]] == [0, 1, 2]
    assert c["text"].startswith("The calculator chose which units die: ") and "the owner chooses in play" in c["text"]
    # The owner takes the two Soldiers instead: the engine checks that choice (health 2 = damage 2).
    out = engine.exchange(dict(data, casualties={"defender": {"attack": [1, 2]}}))
    c = out["damage"][0]["casualties"]
    assert c["chosen_by"] == "owner" and c["text"] == "The owner chose which units die: 1st Soldier, 2nd Soldier."
    assert sorted(k["label"] for k in out["killed"]["defender"]) == ["1st Soldier", "2nd Soldier"]


def test_a_missile_attack_has_no_counter_attack_lines(engine):
    # p.11: "no counter-attack is possible against a missile action". Spearer 4 missile, Trooper 2 save:
    # 2 damage, and no counter-attack line at all in the summary.
    out = engine.exchange({"attack": "missile", "terrain": "highland", "attacker": {"army": [
        u("amazons/spearer", attack="4 missile")]}, "defender": {"army": [u("coral-elves/trooper", save="2 save")]}})
    assert out["summary"] == {"attack_total": 4, "save_total": 2, "damage": 2, "save_roll_damage_to_attacker": 0}
    assert not COUNTER_KEYS & set(out["summary"])
    # A melee attack keeps them: a counter-attack can follow it.
    out = engine.exchange(melee([u("amazons/warrior", attack="2 melee", counter_save="2 save")],
                                [u("coral-elves/trooper", save="2 save", counter="3 melee")]))
    assert COUNTER_KEYS <= set(out["summary"])


def test_a_dragons_faces_say_the_damage_they_deal(engine, bundle):
    # p.17: Tail 3 damage and the dragon rolls again; Claws 6; Jaws 12; Wing 5; Belly deals none.
    words = vocabulary(bundle["spells"], bundle["dragons"], bundle["icons"])["dragon_faces"]["red-drake"]
    assert words[:4] == ["Jaws (12)", "Tail (3)", "Tail (3)", "Claws (6)"] and "Belly" in words
    out = engine.exchange({"attack": "dragon", "attacker": {"dragons": [
        {"die": "red-drake", "rolled": {"dragon": "tail"}, "rerolled": {"dragon": ["claws"]}}]},
        "defender": {"army": [{"die": "amazons/warrior", "rolled": {"response": 1}}]}})
    # Tail 3 then Claws 6: 9 damage.
    assert out["rolls"][0]["labels"] == ["Tail (3)", "Claws (6)"] and out["rolls"][0]["damage"] == 9


def test_spells_whose_effects_are_the_players_are_named(engine):
    # Enchanter (Coral Elves: air, water; health 3) ID = 3 magic and a War Chief ID = 3 magic at
    # Highland: 6 magic. Resurrect Dead (elemental, 3) brings back a unit: the calculator pays for it
    # but the player moves the unit. Blizzard changes melee rolls: a modifier the calculator applies in
    # a later roll; Hailstorm's damage is a save roll the calculator resolves (the paid cast list names
    # it in cast.rolls, p.44): neither is named.
    out = engine.resolve({"roll": "magic", "terrain": "highland", "army": [
        {"die": "coral-elves/enchanter", "rolled": "id"}, {"die": "amazons/war-chief", "rolled": "id"}],
        "cast": [{"spell": "hailstorm"}]})
    castable = [c["spell"] for c in out["castable"]]
    assert "hailstorm" in castable and "blizzard" in castable
    yours = out["left_to_player"]
    assert "resurrect-dead" in yours["spells"] and "blizzard" not in yours["spells"]
    assert "hailstorm" not in yours["spells"] and [r["spell"] for r in out["cast"]["rolls"]] == ["hailstorm"]
    assert "Resurrect Dead" in yours["text"] and "resolve their effects yourself" in yours["text"]


def test_an_effect_names_the_unit_that_rolled_it_whatever_was_asked_before(engine):
    # Coil (the SAI table: one unit of the defending army takes X damage...) names the Ormyrr whose
    # face brought it. One Ormyrr is "Ormyrr"; with two, they are the 1st and the 2nd. The same die
    # at the same place in the army, asked about under another name, is named as it is now.
    def named(n):
        army = [{"die": "swamp-stalkers/ormyrr", "rolled": "coil"}] * n
        return [e["label"] for e in engine.resolve({"roll": "melee", "terrain": "highland", "army": army})["effects"]]
    assert named(1) == ["Ormyrr"]
    assert named(2) == ["1st Ormyrr", "2nd Ormyrr"]
    assert named(1) == ["Ormyrr"]


def test_each_free_modifier_publishes_its_smallest_amount():
    # The page refuses a smaller amount beside its box from these numbers. Nothing is divided by 0
    # and multiplying by 0 is no doubling or tripling (a divide or multiply starts at 1); an amount
    # added or taken away may be 0 for the engine.
    ops = {o["op"]: o["lowest"] for o in vocabulary()["free_modifiers"]}
    assert ops == {"add": 0, "subtract": 0, "divide": 1, "multiply": 1}
