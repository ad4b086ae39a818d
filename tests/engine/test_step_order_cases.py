"""Rolls where the order of the ten steps decides the answer (rulebook v4.01d, Die Roll Resolution,
p.27): an SAI that takes results away (step 6) before counted-as results are added (step 10), a
halving (step 7) before SAI results (step 8). Each worked by hand from the rulebook; a reading that
took the steps in another order gives the "naive" figure named in the comment, not the one asserted.
"""
from __future__ import annotations


def unit(die: str, **rolled: str) -> dict:
    return {"die": die, "rolled": rolled}


def killed(out: dict, side: str) -> list[str]:
    return sorted(k["label"] for k in out["killed"][side])


def test_screech_then_counter_then_dwarven_might(engine):
    # Highland (fire, earth). Attack: Tiger-folk 4 + Lynx-folk 2 = 6 melee (the Owl-folk's Screech
    # gives none). Saves: step 5, the Warlord's 3 save; step 6, Screech takes 4 away, leaving 0
    # (never below 0); step 8, the Skirmisher's Counter adds 4 saves: 4 (taking 4 from 3 + 4 = 7
    # would give 3). Damage 6 - 4 = 2: the Footman (health 1) is the nearest without exceeding
    # (p.29); Counter's 4 damage to the attacker (p.31) kills the Owl-folk the attacker chose.
    # Counter-attack: Skirmisher 4 melee + the Warlord's 3 saves counted as melee (Dwarven Might:
    # a terrain with fire) = 7; the attacker saves 4 + 1 = 5: 2 damage, the Lynx-folk (health 1).
    out = engine.exchange({
        "attack": "melee", "terrain": "highland", "seed": 1,
        "attacker": {"army": [unit("feral/owl-folk", attack="screech"),
                              unit("feral/tiger-folk", attack="4 melee", counter_save="4 save"),
                              unit("feral/lynx-folk", attack="2 melee", counter_save="1 save")]},
        "defender": {"army": [unit("dwarves/skirmisher", save="counter", counter="4 melee"),
                              unit("dwarves/warlord", save="3 save", counter="3 save"),
                              unit("dwarves/footman", save="1 melee", counter="2 melee")]},
        "casualties": {"attacker": {"save": [0]}}})
    s = out["summary"]
    assert (s["attack_total"], s["save_total"], s["damage"]) == (6, 4, 2)
    assert s["save_roll_damage_to_attacker"] == 4
    assert (s["counter_total"], s["counter_save_total"], s["counter_damage"]) == (7, 5, 2)
    assert killed(out, "defender") == ["Footman"] and killed(out, "attacker") == ["Lynx-folk", "Owl-folk"]


def test_howl_before_counted_saves(engine):
    # Feyland (water, fire), a missile attack of 4 + 4 + 2 = 10. Saves: step 5, the Duelist's 2 and
    # the Fighter's ID (health 1) = 3; step 6, Howl takes 4, leaving 0; step 10 adds what counts as
    # saves: the Lava Elf Spy's 4 maneuver (Volcanic Adaptation, fire) and the Scalder's 4 maneuver
    # (Intangibility, water, against missiles) = 8 (taking 4 from 11 would give 7). Damage 2; a
    # missile attack has no counter-attack (p.11).
    out = engine.exchange({
        "attack": "missile", "terrain": "feyland", "seed": 1,
        "attacker": {"army": [{"die": "frostwings/wolf-pack", "rolled": "howl"},
                              {"die": "frostwings/devastator", "rolled": "4 missile"},
                              {"die": "frostwings/dispatcher", "rolled": "4 missile"},
                              {"die": "frostwings/attacker", "rolled": "2 missile"}]},
        "defender": {"army": [{"die": "lava-elves/duelist", "rolled": "2 save"},
                              {"die": "lava-elves/spy", "rolled": "4 maneuver"},
                              {"die": "scalders/dragonne-rider", "rolled": "4 maneuver"},
                              {"die": "coral-elves/fighter", "rolled": "id"}]}})
    s = out["summary"]
    assert (s["attack_total"], s["save_total"], s["damage"]) == (10, 8, 2)
    assert "counter_total" not in s


def test_a_hybrid_breath_halves_melee_before_rend_and_counter(engine):
    # Highland. The Black / Blue Drake rolls Tail (3 damage) and rolls again: Breath. Its two elements
    # both act (p.17): death kills 5 health-worth (the Sergeant, Pony Rider and Lizard Rider, as chosen),
    # air makes IDs count for nothing and halves melee. The response: step 5, 4 + 3 + 2 = 9 melee
    # (the Wizard's ID ignored); step 7 halves it to 4 (round down); step 8 adds Rend's 4 and
    # Counter's 4 = 12 (halving all 17 would give 8). 12 >= 5 health + 5 automatic saves: the drake
    # dies; the army saves 4 (Counter) against the tail's 3: no damage.
    out = engine.exchange({
        "attack": "dragon", "terrain": "highland", "seed": 1,
        "attacker": {"dragons": [{"die": "black-blue-drake", "rolled": {"dragon": "tail"},
                                  "rerolled": {"dragon": ["breath"]}}]},
        "defender": {"army": [{"die": "dwarves/androsphinx", "rolled": {"response": "rend"},
                               "rerolled": {"response": ["4 melee"]}},
                              unit("dwarves/wizard", response="id"), unit("dwarves/skirmisher", response="counter"),
                              unit("dwarves/warlord", response="3 melee"), unit("dwarves/footman", response="2 melee"),
                              {"die": "dwarves/sergeant"}, {"die": "dwarves/pony-rider"}, {"die": "dwarves/lizard-rider"}]},
        "casualties": {"defender": {"breath": [[5, 6, 7]]}}})
    s = out["summary"]
    assert (s["dragon_damage"], s["breath_killed"]) == (3, 5)
    assert (s["response_melee"], s["response_save"], s["army_damage"], s["dragons_killed"]) == (12, 4, 0, 1)
    assert killed(out, "defender") == ["Lizard Rider", "Pony Rider", "Sergeant"]


def test_flood_halves_a_counter_maneuver_before_swamp_mastery(engine):
    # Highland City on face 3, moved up. Marching Dwarves: 2 + 1 + 2 = 5 maneuver. The Goblins
    # counter-maneuver at their Flood minor terrain: step 7 halves the Wolf Rider's 3 maneuver to 1;
    # step 10 adds the Harpies' 4 melee counted as maneuver (Swamp Mastery, earth) = 5 (halving 3 + 4
    # would give 3). A tie goes to the marching army (p.11, "equal to or greater"): face 4, missile.
    out = engine.maneuver({
        "terrain": {"die": "highland-city", "face": 3}, "direction": "up", "seed": 1,
        "maneuvering": {"army": [{"die": "dwarves/pony-rider", "rolled": "2 maneuver"},
                                 {"die": "dwarves/sentry", "rolled": "1 maneuver"},
                                 {"die": "dwarves/sergeant", "rolled": "2 maneuver"}]},
        "opposing": [{"army": [{"die": "goblins/harpies", "rolled": "4 melee"},
                               {"die": "goblins/wolf-rider", "rolled": "3 maneuver"}],
                      "minor_terrain": {"die": "feyland-bridge", "face": "flood"}}]})
    assert out["totals"] == {"maneuvering": 5, "opposing": [5]}
    assert (out["succeeded"], out["face_after"], out["action"]) == (True, 4, "missile")
