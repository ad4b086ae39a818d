"""Rules of a turn worked by hand from the rulebook (v4.01d) and seed 003 (issue 25): whom dragons
attack (p.17), Dragonkin and Resist Fear in dragon attacks (p.54, p.21), the champions' Logo against
dragons (p.62), choice results in combination rolls (p.28), the Dracolem's equipment saves (seed
003), no save roll without attack results (p.11), hand-described units, and the words of traces."""
from __future__ import annotations

import json

import pytest

from calculator import InputError


def army_unit(die: str, response: str | None = None) -> dict:
    return {"die": die, **({"rolled": {"response": response}} if response else {})}


def dragon_attack(dragons: list, army: list, terrain: str = "highland", **extra) -> dict:
    return {"attack": "dragon", "terrain": terrain, "seed": 1, "attacker": {"dragons": dragons},
            "defender": {"army": army}, **extra}


def d(die: str, face: str | None = None, **extra) -> dict:
    return {"die": die, **({"rolled": {"dragon": face}} if face else {}), **extra}


TWO_SAVERS = [army_unit("amazons/warrior", "2 save"), army_unit("amazons/soldier", "1 save")]

# Multi-dragon attacks at one terrain, by the p.17 targeting table: (name, input, targets,
# attacks_army, words that name who attacks whom, numbers of the summary).
TARGET_CASES = [
    # Elemental against Elemental of another element: the Red Drake (fire) and the Blue Drake (air)
    # attack each other, neither attacks the army: the army does not roll, nothing happens to it.
    ("red-and-blue", dragon_attack([d("red-drake", "claws"), d("blue-drake", "jaws")], TWO_SAVERS),
     [1, 0], [], ["The Red Drake attacks the Blue Drake, which attacks it too, not the army",
                  "The Blue Drake attacks the Red Drake, which attacks it too, not the army"],
     {"dragon_damage": 0, "response_save": 0, "army_damage": 0}),
    # Two fire dragons (same element: "will attack unless same element"): both attack the army.
    # Claws 6 + Claws 6 = 12 damage; saves 2 + 1 = 3; 12 - 3 = 9 damage kills both units (3 health).
    ("two-fire", dragon_attack([d("red-drake", "claws"), d("red-wyrm", "claws")], TWO_SAVERS),
     ["army", "army"], [0, 1], ["The Red Drake attacks the army", "The Red Wyrm attacks the army"],
     {"dragon_damage": 12, "response_save": 3, "army_damage": 9}),
    # White against Elemental and back ("will attack" both ways); no dragon attacks an Ivory one and
    # the Ivory Wyrm attacks only the army. Its Claws 6 - 3 saves = 3: Warrior (2) and Soldier (1).
    ("white-red-ivory", dragon_attack([d("white-wyrm", "jaws"), d("red-drake", "claws"), d("ivory-wyrm", "claws")],
                                      TWO_SAVERS),
     [1, 0, "army"], [2], ["The White Wyrm attacks the Red Drake, which attacks it too, not the army",
                           "The Red Drake attacks the White Wyrm, which attacks it too, not the army",
                           "The Ivory Wyrm attacks the army"],
     {"dragon_damage": 6, "response_save": 3, "army_damage": 3}),
    # Hybrid against Ivory Hybrid sharing no element: the Black / Blue Drake (death, air) attacks the
    # Red / Ivory Drake (fire), which attacks only the army (the rulebook's own example of a dragon
    # that does not fight back). Red / Ivory Claws 6 - 3 saves = 3 damage.
    ("hybrid-on-ivory-hybrid", dragon_attack([d("black-blue-drake", "jaws"), d("red-ivory-drake", "claws")],
                                             TWO_SAVERS),
     [1, "army"], [1], ["The Black / Blue Drake attacks the Red / Ivory Drake, not the army",
                        "The Red / Ivory Drake attacks the army"],
     {"dragon_damage": 6, "response_save": 3, "army_damage": 3}),
    # Hybrid against Ivory Hybrid matching one element (air): "will attack unless matching one
    # element", so both attack the army: Claws 6 + Wings 5 = 11 - 3 saves = 8 damage.
    ("hybrid-and-matching-ivory-hybrid", dragon_attack([d("black-blue-drake", "claws"), d("blue-ivory-drake", "wings")],
                                                       TWO_SAVERS),
     ["army", "army"], [0, 1], ["The Black / Blue Drake attacks the army", "The Blue / Ivory Drake attacks the army"],
     {"dragon_damage": 11, "response_save": 3, "army_damage": 8}),
    # Elemental against a Hybrid holding its element: "will attack" (only Elemental against Elemental
    # and Ivory Hybrid look at the element), and the Hybrid attacks it back.
    ("red-and-black-red", dragon_attack([d("red-drake", "claws"), d("black-red-drake", "claws")], TWO_SAVERS),
     [1, 0], [], ["The Red Drake attacks the Black / Red Drake, which attacks it too, not the army",
                  "The Black / Red Drake attacks the Red Drake, which attacks it too, not the army"],
     {"dragon_damage": 0, "army_damage": 0}),
    # Two Hybrids of the same two elements do not attack each other (matching both), but each attacks a
    # Hybrid matching only one (air); that one may attack either: the calculator takes the first, and
    # says its owner may choose. No dragon attacks the army.
    ("three-hybrids", dragon_attack([d("black-blue-drake"), d("black-blue-wyrm"), d("blue-green-drake")], TWO_SAVERS),
     [2, 2, 0], [], ["The Black / Blue Drake attacks the Blue / Green Drake, which attacks it too, not the army",
                     "The Black / Blue Wyrm attacks the Blue / Green Drake, not the army",
                     "The Blue / Green Drake attacks the Black / Blue Drake, which attacks it too, not the army "
                     "(the first dragon here it may attack; its owner may choose another)"],
     {"dragon_damage": 0, "army_damage": 0}),
    # Elemental against an Ivory Hybrid of its own element: neither attacks the other; both attack the
    # army: Claws 6 + Claws 6 = 12 - 3 = 9.
    ("red-and-red-ivory", dragon_attack([d("red-drake", "claws"), d("red-ivory-drake", "claws")], TWO_SAVERS),
     ["army", "army"], [0, 1], ["The Red Drake attacks the army", "The Red / Ivory Drake attacks the army"],
     {"dragon_damage": 12, "response_save": 3, "army_damage": 9}),
]


@pytest.mark.parametrize("data,targets,attacks,words,numbers", [c[1:] for c in TARGET_CASES],
                         ids=[c[0] for c in TARGET_CASES])
def test_dragons_at_one_terrain_follow_the_targeting_table(engine, data, targets, attacks, words, numbers):
    out = engine.exchange(data)
    assert out["summary"]["targets"] == targets
    assert out["summary"]["attacks_army"] == attacks
    assert len(out["dragons"]) == len(words)
    assert all(x["target_text"].startswith(w) for x, w in zip(out["dragons"], words)), out["dragons"]
    assert [x["target"] for x in out["dragons"]] == targets
    for k, v in numbers.items():
        assert out["summary"][k] == v, k
    # Only the dragons that attack the army roll against it; the army rolls only if one does.
    assert [r["dragon"] for r in out["rolls"] if r["name"] == "dragon"] == attacks
    assert any(r["name"] == "response" for r in out["rolls"]) == bool(attacks)
    if len(attacks) < len(targets):
        assert any("attack the army" in w["text"] or "attacks the army" in w["text"] for w in out["warnings"])


def test_a_dragons_owner_may_choose_which_dragon_it_attacks(engine):
    # The Blue / Green Drake may attack either Black / Blue dragon (p.17 step 2: its owner designates).
    data = dragon_attack([d("black-blue-drake"), d("black-blue-wyrm"), d("blue-green-drake", target=1)], TWO_SAVERS)
    out = engine.exchange(data)
    assert out["summary"]["targets"] == [2, 2, 1]
    assert out["dragons"][2]["target_text"] == "The Blue / Green Drake attacks the Black / Blue Wyrm, which " \
                                               "attacks it too, not the army"


@pytest.mark.parametrize("target,words", [("army", "must attack a dragon"), (0, "never attacks itself"),
                                           (2, "does not attack the Ivory Drake"), (7, "from 0 to 2")])
def test_a_target_the_table_forbids_is_refused(engine, target, words):
    data = dragon_attack([d("red-drake", target=target), d("blue-drake"), d("ivory-drake")], TWO_SAVERS)
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == "attacker.dragons[0].target" and words in str(err.value)


def test_odds_count_only_the_dragons_that_attack_the_army(engine):
    # Red and Blue Drakes fight each other: the army loses nothing, whatever the dice.
    odds = engine.exchange_odds(dragon_attack([d("red-drake"), d("blue-drake")], [army_unit("amazons/warrior")]))
    assert odds["sides"]["defender"]["killed"]["distribution"] == {"0": 1.0}
    assert any("Red Drake attacks the Blue Drake" in n for n in odds["notes"])


# ---- p.11: no attack results, no save roll ----------------------------------------------------------

def melee(attacker: list, defender: list, **extra) -> dict:
    return {"attack": "melee", "terrain": "highland", "seed": 1, "attacker": {"army": attacker},
            "defender": {"army": defender}, **extra}


def test_an_attack_of_no_melee_gets_no_save_roll_so_no_counter(engine):
    # The Soldier's maneuver: 0 melee results. p.11: "if there are any melee results, the opposing army
    # makes a save roll": none, so the Harbinger's Counter (4 saves and 4 damage to the attacker in a save
    # roll against melee) never happens. Its counter-attack: 3 melee - the Soldier's 1 save = 2 damage,
    # which kills the Soldier (health 1).
    out = engine.exchange(melee([{"die": "amazons/soldier", "rolled": {"attack": "1 maneuver", "counter_save": "1 save"}}],
                                [{"die": "amazons/harbinger", "rolled": {"save": "counter", "counter": "3 melee"}}]))
    assert [r["name"] for r in out["rolls"]] == ["attack", "counter", "counter_save"]
    assert out["summary"]["save_total"] == 0 and out["summary"]["save_roll_damage_to_attacker"] == 0
    assert out["summary"]["counter_total"] == 3 and out["summary"]["counter_damage"] == 2
    assert any("no melee results" in w["text"] for w in out["warnings"])
    assert any(w.get("field") == "defender.army[0].rolled.save" for w in out["warnings"])   # its face is not used


def test_a_counter_attack_of_no_melee_gets_no_save_roll(engine):
    # 3 melee - 3 saves = 0 damage. The counter-attack shows 3 maneuver: 0 melee, so the attacker makes no
    # save roll and its Counter (4 damage to the defender) never happens: nobody is hurt.
    out = engine.exchange(melee([{"die": "amazons/harbinger", "rolled": {"attack": "3 melee", "counter_save": "counter"}}],
                                [{"die": "amazons/harbinger", "rolled": {"save": "3 save", "counter": "3 maneuver"}}]))
    assert [r["name"] for r in out["rolls"]] == ["attack", "save", "counter"]
    assert out["summary"]["counter_total"] == 0 and out["summary"]["counter_save_roll_damage_to_defender"] == 0
    assert out["killed"] == {"attacker": [], "defender": []}


def test_a_missile_attack_of_no_missile_gets_no_save_roll(engine):
    # The Spearer's maneuver face: 0 missile results, no save roll (p.11), no damage.
    out = engine.exchange({"attack": "missile", "terrain": "highland", "seed": 1,
                           "attacker": {"army": [{"die": "amazons/soldier", "rolled": {"attack": "1 maneuver"}}]},
                           "defender": {"army": [{"die": "amazons/harbinger", "rolled": {"save": "counter"}}]}})
    assert [r["name"] for r in out["rolls"]] == ["attack"] and out["summary"]["damage"] == 0


# ---- hand-described units in exchanges ---------------------------------------------------------------

HAND = {"species": "amazons", "health": 2, "die_type": "unit"}


def test_a_unit_described_by_hand_with_every_face_it_rolls_is_accepted(engine):
    # The hand unit's 2 melee - the Warrior's 2 saves = 0 damage; the Warrior counter-attacks with 3 melee,
    # the hand unit saves 1: 2 damage kill it (health 2).
    out = engine.exchange(melee([dict(HAND, rolled={"attack": "2 melee", "counter_save": "1 save"})],
                                [{"die": "amazons/warrior", "rolled": {"save": "2 save", "counter": "3 melee"}}]))
    assert out["summary"]["damage"] == 0 and out["summary"]["counter_damage"] == 2
    assert [k["unit"] for k in out["killed"]["attacker"]] == [0]


def test_a_hand_unit_is_asked_only_for_the_face_of_a_roll_it_makes(engine):
    # It makes the save roll against the counter-attack without a face given: that roll is named.
    with pytest.raises(InputError) as err:
        engine.exchange(melee([dict(HAND, rolled={"attack": "2 melee"})],
                              [{"die": "amazons/warrior", "rolled": {"save": "2 save", "counter": "3 melee"}}]))
    assert err.value.field == "attacker.army[0].rolled.counter_save" and "counter-attack" in str(err.value)
    # The counter-attack of 1 maneuver has no melee: no save roll, so no face is needed for it.
    out = engine.exchange(melee([dict(HAND, rolled={"attack": "2 melee"})],
                                [{"die": "amazons/warrior", "rolled": {"save": "2 save", "counter": "3 maneuver"}}]))
    assert out["summary"]["counter_total"] == 0


# ---- traces name the effects applied ------------------------------------------------------------------

def test_belly_and_the_eldarim_logo_are_named_among_the_effects(engine):
    # A Dragonmount (Dragonkin, health 2: 2 automatic saves, p.54) shows Belly: it loses them in this save
    # roll. A Death Dragon Hunter's Logo counts as an ID icon worth 2 (p.62): 2 saves. Total 2.
    out = engine.resolve({"roll": "save", "army": [{"die": "dragonkin/death-dragonmount", "rolled": "belly"},
                                                   {"die": "eldarim/death-dragon-hunter", "rolled": "logo-champion"}]})
    assert out["totals"] == {"save": 2}
    kinds = {(e["unit"], e["sai"]): e for e in out["effects"]}
    assert kinds[(0, "belly")]["applied"] and "automatic saves" in kinds[(0, "belly")]["what"]
    assert kinds[(1, "logo-champion")]["applied"] and "ID icon" in kinds[(1, "logo-champion")]["what"]
    # Step 4 tells Belly once, with the Dragonmount's own 2 automatic saves.
    step4 = next(s for s in out["steps"] if s["step"] == 4)["entries"]
    assert [e["text"] for e in step4 if e["unit"] == 0] == ["Belly: loses its 2 automatic saves in this roll"]
    # A unit given by hand, with no automatic saves (not Dragonkin, p.54), has none to lose: said once.
    bare = engine.resolve({"roll": "save", "army": [{"species": "amazons", "health": 1, "faces": ["belly", "1 save"],
                                                     "rolled": "belly"}]})
    step4 = next(s for s in bare["steps"] if s["step"] == 4)["entries"]
    assert [e["text"] for e in step4] == ["Belly: no automatic saves to lose"]


# ---- p.54 Dragonkin against dragons, p.21 Resist Fear -------------------------------------------------

MOUNT = army_unit("dragonkin/death-dragonmount", "2 melee")      # death, health 2, 2 automatic saves
STEED = army_unit("dragonkin/death-dragonsteed", "3 melee")      # death, health 3, 3 automatic saves
WARRIOR = army_unit("amazons/warrior", "2 save")


@pytest.mark.parametrize("die", ["black-drake", "ivory-drake", "green-ivory-drake", "white-drake"])
def test_dragonkin_do_not_roll_against_their_element_or_ivory_or_white(engine, die):
    # p.54: the death Dragonmount may not roll against a death dragon, an Ivory, an Ivory Hybrid or a White
    # one: no 2 melee and no 2 automatic saves. Saves: the Warrior's 2. Claws 6 (12 for the White Drake),
    # so 4 (10) damage: both units (2 + 2) die - the Dragonmount may still be killed.
    out = engine.exchange(dragon_attack([d(die, "claws")], [MOUNT, WARRIOR]))
    claws = 12 if die == "white-drake" else 6
    assert out["summary"]["response_save"] == 2 and out["summary"]["response_melee"] == 0
    assert out["summary"]["army_damage"] == claws - 2
    assert sorted(k["unit"] for k in out["killed"]["defender"]) == [0, 1]
    response = next(r for r in out["rolls"] if r["name"] == "response")
    assert response["units"] == [1]
    assert any("Dragonmount may not roll against these dragons" in w["text"] for w in out["warnings"])
    # Its face was given but not rolled: the reason is the restriction, not the damage that came after.
    mount = next(k for k in out["killed"]["defender"] if k["unit"] == 0)
    assert mount["why"] == "killed by the dragons' damage"
    unused = [w["text"] for w in out["warnings"] if w["text"].startswith("Dragonmount: the face given")]
    assert len(unused) == 1 and "did not make this roll (Dragonkin Restrictions: " in unused[0], unused
    assert "dragons' damage" not in unused[0]


def test_dragonkin_roll_against_a_dragon_of_another_element(engine):
    # A Red Drake (fire): the death Dragonmount rolls as normal: 2 melee, 2 + 2 saves; 6 - 4 = 2 damage.
    out = engine.exchange(dragon_attack([d("red-drake", "claws")], [MOUNT, WARRIOR]))
    assert out["summary"]["response_save"] == 4 and out["summary"]["response_melee"] == 2
    assert out["summary"]["army_damage"] == 2


ESCORT = army_unit("eldarim/morehl-death-escort", "2 save")      # Eldarim, health 2


def test_resist_fear_lets_the_eldarims_health_worth_of_dragonkin_roll(engine):
    # Black Drake Claws 6. Eldarim health 2 in the army: Resist Fear frees 2 health-worth of Dragonkin. In
    # army order the Dragonmount (2) fits and rolls: 2 melee + 2 automatic saves; the Dragonsteed (3) no
    # longer fits and may not roll. Saves 2 (Escort) + 2 = 4, melee 2; 6 - 4 = 2 damage.
    out = engine.exchange(dragon_attack([d("black-drake", "claws")], [MOUNT, STEED, ESCORT]))
    assert out["summary"]["response_save"] == 4 and out["summary"]["response_melee"] == 2
    assert out["summary"]["army_damage"] == 2
    assert next(r for r in out["rolls"] if r["name"] == "response")["units"] == [0, 2]
    assert any("Dragonmount rolls although" in w["text"] and "Resist Fear" in w["text"] for w in out["warnings"])


def test_resist_fear_takes_the_owners_choice_and_refuses_more_than_it_allows(engine):
    # The owner names the Dragonmount (2 <= 2): the same as above. The Dragonsteed (3 > 2) may not be freed.
    data = dragon_attack([d("black-drake", "claws")], [MOUNT, STEED, ESCORT])
    data["defender"]["free_to_roll"] = [0]
    assert engine.exchange(data)["summary"]["response_save"] == 4
    data["defender"]["free_to_roll"] = [1]
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == "defender.free_to_roll"
    data["defender"]["free_to_roll"] = ["x"]
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == "defender.free_to_roll[0]"


# ---- p.62 the champions' Tame / Slay / Control a Dragon ignores that dragon's non-breath damage --------

def test_the_dragonslayers_logo_ignores_one_dragons_damage(engine):
    # Red Drake Claws 6 and Red Wyrm Jaws 12 (two fire dragons: both attack the army). The Dragonslayer
    # (white: ANY dragon, p.62) shows its Logo: the Red Wyrm's 12 is ignored (the calculator takes the most
    # damaging dragon). The Logo gives no results here; the Warrior's 2 saves: 6 - 2 = 4 damage, exactly the
    # Dragonslayer's health. Without the rule: 18 - 2 = 16, both units die.
    out = engine.exchange(dragon_attack([d("red-drake", "claws"), d("red-wyrm", "jaws")],
                                        [army_unit("eldarim/dragonslayer", "logo-champion"), WARRIOR]))
    assert out["summary"]["dragon_damage"] == 6 and out["summary"]["army_damage"] == 4
    assert [k["unit"] for k in out["killed"]["defender"]] == [0]
    assert "ignored" in out["dragons"][1] and "ignored" not in out["dragons"][0]
    assert any("Red Wyrm's 12 non-breath damage is ignored" in x["text"] for x in out["left"])


@pytest.mark.parametrize("dragon,ignored", [("black-drake", True), ("red-drake", False)])
def test_an_elemental_champion_takes_only_a_dragon_of_its_element(engine, dragon, ignored):
    # The Death Dragon Hunter may slay only a dragon containing death (p.62): the Black Drake's Claws 6 are
    # ignored (0 damage), the Red Drake's are not (6 - 2 saves = 4 damage).
    out = engine.exchange(dragon_attack([d(dragon, "claws")],
                                        [army_unit("eldarim/death-dragon-hunter", "logo-champion"), WARRIOR]))
    assert out["summary"]["army_damage"] == (0 if ignored else 4)


# ---- p.28 results of the owner's choice split in a combination roll ----------------------------------

FIRE_ARMY = [army_unit("firewalkers/fireshadow", "create-fireminions"), army_unit("amazons/war-chief", "4 melee"),
             army_unit("amazons/war-chief", "4 melee"), army_unit("amazons/harbinger", "3 save"),
             army_unit("amazons/soldier", "1 save")]


@pytest.mark.parametrize("split", [{"melee": 2, "save": 2}, None])
def test_create_fireminions_split_2_melee_2_saves_kills_the_dragon_unhurt(engine, split):
    # Red Drake Claws: 6 damage, killed by 10 melee (5 health + 5 automatic saves). Create Fireminions (X = 4)
    # split 2 melee / 2 saves (p.28): melee 4 + 4 + 2 = 10 kills the drake; saves 3 + 1 + 2 = 6: 6 - 6 = 0.
    # All 4 as saves: 8 melee, no kill; all 4 as melee: 4 saves, 2 damage. Given as the unit's choose, or
    # found by the calculator (the most dragons killed, then the least health lost).
    army = [dict(u) for u in FIRE_ARMY]
    if split:
        army[0]["choose"] = {"create-fireminions": split}
    out = engine.exchange(dragon_attack([d("red-drake", "claws")], army))
    assert out["summary"]["response_melee"] == 10 and out["summary"]["response_save"] == 6
    assert out["summary"]["dragons_killed"] == 1 and out["summary"]["army_damage"] == 0
    if not split:
        assert any("Fireshadow: 2 melee, 2 save" in w["text"] for w in out["warnings"])


def test_a_split_must_add_up_and_name_types_of_the_sai(engine):
    army = [dict(u) for u in FIRE_ARMY]
    army[0]["choose"] = {"create-fireminions": {"melee": 3, "save": 2}}
    with pytest.raises(InputError) as err:
        engine.exchange(dragon_attack([d("red-drake", "claws")], army))
    assert "create-fireminions" in err.value.field and "generated 4" in str(err.value)
    army[0]["choose"] = {"create-fireminions": {"jaws": 4}}
    with pytest.raises(InputError) as err:
        engine.exchange(dragon_attack([d("red-drake", "claws")], army))
    assert err.value.field.endswith("choose.create-fireminions.jaws")


def test_the_plan_names_the_split_field(engine):
    plan = engine.plan({"roll": "dragon_attack", "army": [{"die": "firewalkers/fireshadow"}]})
    fire = next(c for c in plan["units"][0]["choices"] if c["key"] == "create-fireminions")
    assert fire["split"] == "choose.create-fireminions"
    # Create Fireminions: X magic, maneuver, melee, missile or save results (the SAI table, p.31); the army
    # attacked by a dragon counts melee, missile and save results (p.17): a split shares those three only.
    assert fire["types"] == ["magic", "maneuver", "melee", "missile", "save"]
    assert fire["split_types"] == ["melee", "missile", "save"]
    plan = engine.plan({"roll": "melee", "army": [{"die": "firewalkers/fireshadow"}]})   # one type counted
    assert all("split" not in c for c in plan["units"][0]["choices"])


def test_the_plan_says_how_many_results_a_split_shares(engine):
    # The Fireshadow's Create Fireminions face is worth 4 (the dice data: "Create Fireminions | Fireshadow [4]"):
    # X = 4 results of the owner's choice (p.28). Only a face rolled tells the number; a die not rolled has none.
    rolled = {"die": "firewalkers/fireshadow", "rolled": "create-fireminions"}
    plan = engine.plan({"roll": "dragon_attack", "army": [rolled]})
    fire = next(c for c in plan["units"][0]["choices"] if c["key"] == "create-fireminions")
    assert fire["results"] == 4
    plan = engine.plan({"roll": "dragon_attack", "army": [{"die": "firewalkers/fireshadow"}]})
    assert all("results" not in c for c in plan["units"][0]["choices"])
    # the split the plan sizes is one the engine takes: 1 melee + 3 saves add up to 4
    out = engine.resolve({"roll": "dragon_attack", "seed": 0,
                          "army": [dict(rolled, choose={"create-fireminions": {"melee": 1, "save": 3}})]})
    assert out["totals"]["melee"] == 1 and out["totals"]["save"] == 3


def test_fly_in_a_dua_save_roll_gives_its_saves(engine):
    # Seed 000: in the DUA only SAIs that generate save results work; Fly generates X maneuver or X save, so
    # in a save roll of dice in the DUA the Chimera's Fly (X = 4) gives 4 saves.
    out = engine.resolve({"roll": "save", "dua": True, "army": [{"die": "amazons/chimera", "rolled": "fly"}]})
    assert out["totals"] == {"save": 4}


# ---- seed 003: the Dracolem's equipment as automatic saves --------------------------------------------

@pytest.mark.parametrize("terrain,army,saves", [
    # Highland (fire, earth). Draco-Brawler (health 1): the cap is 1. The Mithril Shield (large fire: Save
    # Value 3) adds min(3, 1) = 1 automatic save to its own 1 save: 2; the Flicker Foil (small fire) nothing left.
    ("highland", ["dracolem/bronze-draco-brawler:1 melee", "items/fire-mithril-shield:1 save",
                  "items/fire-flicker-foil:1 melee"], 2),
    # Draco-Brawler (1) + Draco-Tank (2): cap 3: the Shield's 3 automatic saves, the Foil none. 1 + 3 = 4.
    ("highland", ["dracolem/bronze-draco-brawler:1 melee", "dracolem/bronze-draco-tank:2 melee",
                  "items/fire-mithril-shield:1 save", "items/fire-flicker-foil:1 melee"], 4),
    # Coastland (air, water): fire equipment matches no element: only the Shield's rolled save.
    ("coastland", ["dracolem/bronze-draco-brawler:1 melee", "items/fire-mithril-shield:1 save"], 1),
])
def test_dracolem_equipment_matching_the_terrain_counts_as_automatic_saves(engine, terrain, army, saves):
    units = [{"die": u.split(":")[0], "rolled": u.split(":")[1]} for u in army]
    out = engine.resolve({"roll": "save", "terrain": terrain, "army": units})
    assert out["totals"] == {"save": saves}
    assert not any("not applied" in w["text"] for w in out["warnings"])


def test_the_dragon_odds_say_what_they_leave_out(engine):
    # The chances keep each choice result on one type and do not cancel a dragon's damage for a Logo: said.
    odds = engine.exchange_odds(dragon_attack([d("red-drake", "claws")], [army_unit("firewalkers/fireshadow"),
                                                                            army_unit("eldarim/dragonslayer")]))
    assert any("results of the owner's choice" in n for n in odds["notes"])
    assert any("Tame, Slay or Control" in n for n in odds["notes"])


def test_the_multi_dragon_cases_through_the_cli(bundle_file):
    # Each hand-worked multi-dragon case through `python -m calculator exchange -`: the same targets and
    # words; a target the table forbids is one stderr line naming the field, exit status 2.
    from tests.engine.test_dragons import _cli

    for name, data, targets, attacks, words, _ in TARGET_CASES:
        proc = _cli(bundle_file, "exchange", data)
        assert proc.returncode == 0, (name, proc.stderr)
        out = json.loads(proc.stdout)
        assert out["summary"]["targets"] == targets and out["summary"]["attacks_army"] == attacks, name
        assert all(x["target_text"].startswith(w) for x, w in zip(out["dragons"], words)), name
    bad = dragon_attack([d("red-drake", target="army"), d("blue-drake")], TWO_SAVERS)
    proc = _cli(bundle_file, "exchange", bad)
    assert proc.returncode == 2 and proc.stderr.startswith("error: attacker.dragons[0].target:")
    assert len(proc.stderr.strip().splitlines()) == 1
