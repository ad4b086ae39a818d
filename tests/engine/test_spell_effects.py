"""Spells whose effect is not a roll modifier: a single roll's ``spell`` (the roll the spell calls for),
resolved, with the exact odds of what follows. Every number is worked by hand from the v4.01d spell
lists (p.44), the damage rules (p.29) and the dice's faces in data/dice/:

- Amazon Warrior (medium, health 2): ID, 2 save, 2 melee, 2 melee, 3 maneuver, 3 melee.
- Amazon Runner (small, health 1): 1 ID, 1 maneuver, 1 melee, 1 missile, 1 save, 2 maneuver.
- Coral Elf Trooper (medium, health 2): ID, 2 save, 3 melee, 3 melee, 2 maneuver, 2 missile.

An ID icon gives results equal to the unit's health, of the roll's type (p.3).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calculator.core.errors import InputError

WARRIOR, RUNNER, TROOPER = "amazons/warrior", "amazons/runner", "coral-elves/trooper"


def exact(p: float) -> Fraction:
    return Fraction(p).limit_denominator(1000)


def dist(odds: dict) -> dict[int, Fraction]:
    return {int(k): exact(p) for k, p in odds["distribution"].items()}


def army(*dice: str, rolled: tuple[str, ...] = ()) -> list[dict]:
    return [{"die": d, **({"rolled": rolled[i]} if i < len(rolled) else {})} for i, d in enumerate(dice)]


def spell_roll(engine, roll: str, spell, units: list[dict], **more) -> dict:
    data = {"roll": roll, "spell": spell, "army": units, **more}
    if roll in ("save", "individual"):
        data["against"] = "magic"
    return engine.resolve(data)["spell"]


# ---------------------------------------------------------------- damage to an army, which saves


def test_hailstorm_one_damage_the_army_saves(engine):
    # p.44 Hailstorm: 1 damage to one opposing army, which rolls to save (p.29: the whole army saves).
    # Warrior saves on ID (2) and 2 save: 2 of 6; Runner on 1 ID and 1 save: 2 of 6. No save at all:
    # 4/6 × 4/6 = 4/9, and the 1 damage kills the 1-health Runner (as close as possible, p.29).
    out = spell_roll(engine, "save", "hailstorm", army(WARRIOR, RUNNER, rolled=("2 melee", "1 melee")))
    assert out["outcome"] == {"damage": 1, "killed": 1}
    assert dist(out["odds"]["killed"]) == {0: Fraction(5, 9), 1: Fraction(4, 9)}
    assert out["text"].startswith("1 damage, 0 cancelled by save results: 1 damage, 1 health-worth")
    saved = spell_roll(engine, "save", "hailstorm", army(WARRIOR, RUNNER, rolled=("2 save", "1 melee")))
    assert saved["outcome"] == {"damage": 0, "killed": 0}


def test_firestorm_two_damage_to_each_army_at_the_terrain(engine):
    # p.44 Firestorm: 2 damage to each army at the terrain. Warrior and Trooper each save 2 on ID or
    # 2 save (2 of 6), else none: 0 saves with (4/6)² = 4/9, and the 2 damage kills 2 health-worth
    # (one of them); with 2 or 4 saves nothing dies.
    out = spell_roll(engine, "save", "firestorm", army(WARRIOR, TROOPER))
    assert dist(out["odds"]["damage"]) == {0: Fraction(5, 9), 2: Fraction(4, 9)}
    assert dist(out["odds"]["killed"]) == {0: Fraction(5, 9), 2: Fraction(4, 9)}
    assert out["effect"]["armies"] == "each-at-terrain"


def test_wall_of_thorns_melee_cancels_its_six_damage(engine):
    # p.44 Wall of Thorns: 6 damage; the army rolls for melee instead of saves, each melee result
    # cancelling 1. Warrior melee: 0 (save, maneuver: 2/6), 2 (ID, two 2 melee: 3/6), 3 (1/6);
    # Runner: 1 (ID, 1 melee: 2/6) else 0. At most 3 + 1 = 4 melee (1/6 × 2/6 = 1/18) leaves 2 damage,
    # killing the Warrior (2 of their 3 health); any other roll leaves 3 or more: both die.
    out = spell_roll(engine, "melee", "wall-of-thorns", army(WARRIOR, RUNNER, rolled=("3 melee", "1 melee")))
    assert out["outcome"] == {"damage": 2, "killed": 2}
    assert dist(out["odds"]["killed"]) == {2: Fraction(1, 18), 3: Fraction(17, 18)}
    # damage 6 - melee: melee 0 (2/6 × 4/6 = 8/36), 1 (2/6 × 2/6 = 4/36), 2 (3/6 × 4/6 = 12/36),
    # 3 (3/6 × 2/6 + 1/6 × 4/6 = 10/36), 4 (2/36)
    assert dist(out["odds"]["damage"]) == {6: Fraction(2, 9), 5: Fraction(1, 9), 4: Fraction(1, 3),
                                           3: Fraction(5, 18), 2: Fraction(1, 18)}


# ---------------------------------------------------------------- one unit, rolling alone


def test_firebolt_one_damage_the_unit_saves_alone(engine):
    # p.44 Firebolt: 1 damage to one unit, which may roll to save; p.29: a targeted unit rolls alone
    # and gets nothing its army is given, so Watery Double's +1 save does not help it. The Runner
    # saves on 1 ID and 1 save (2 of 6): it dies with 4/6 = 2/3.
    out = spell_roll(engine, "individual", "firebolt", army(RUNNER, rolled=("2 maneuver",)),
                     modifiers=[{"spell": "watery-double"}])
    assert out["outcome"] == {"damage": 1, "dies": True}
    assert exact(out["odds"]["dies"]["chance"]) == Fraction(2, 3)
    # The Warrior (health 2) lives through 1 damage whatever it rolls.
    warrior = spell_roll(engine, "individual", "firebolt", army(WARRIOR))
    assert out["calls_for"] == "the unit's save roll, alone"
    assert warrior["odds"]["dies"]["chance"] == 0


def test_finger_of_death_no_save(engine):
    # p.44 Finger of Death: 1 damage, no save possible. The Runner (health 1) dies even on its save
    # face; the Warrior (health 2) never does.
    runner = spell_roll(engine, "individual", "finger-of-death", army(RUNNER, rolled=("1 save",)))
    assert runner["outcome"] == {"damage": 1, "dies": True} and runner["odds"]["dies"]["chance"] == 1
    warrior = spell_roll(engine, "individual", "finger-of-death", army(WARRIOR))
    assert warrior["odds"]["dies"]["chance"] == 0


def test_lightning_strike_save_or_die(engine):
    # p.44 Lightning Strike: the unit rolls to save and is killed without a save result (p.29: killed
    # unless the effect gives a roll to avoid it), whatever its health. Warrior: saves on ID and
    # 2 save, so it dies with 4/6 = 2/3.
    out = spell_roll(engine, "individual", "lightning-strike", army(WARRIOR, rolled=("id",)))
    assert out["outcome"] == {"dies": False}
    assert exact(out["odds"]["dies"]["chance"]) == Fraction(2, 3)


def test_mirage_and_exhume_save_or_leave(engine):
    # p.44 Mirage: each unit chosen rolls to save; without a save it goes back to its Reserve Area.
    # Exhume: units in the opponent's DUA roll to save there; without a save they are buried. The
    # Runner saves on 1 ID and 1 save: 2 of 6, so it leaves with 4/6 = 2/3 either way.
    mirage = spell_roll(engine, "individual", "mirage", army(RUNNER, rolled=("1 melee",)))
    assert mirage["outcome"] == {"to_reserve": True}
    assert exact(mirage["odds"]["to_reserve"]["chance"]) == Fraction(2, 3)
    exhume = spell_roll(engine, "individual", "exhume", army(RUNNER, rolled=("1 save",)), dua=True)
    assert exhume["outcome"] == {"buried": False}
    assert exact(exhume["odds"]["buried"]["chance"]) == Fraction(2, 3)
    with pytest.raises(InputError) as err:          # Exhume's units roll in the DUA
        spell_roll(engine, "individual", "exhume", army(RUNNER))
    assert err.value.field == "spell" and "DUA" in err.value.message


def test_fearful_flames_saves_twice_or_flees(engine):
    # p.44 Fearful Flames: 1 damage, the unit saves; if it saved it rolls again and flees to its
    # Reserve Area without a save. Runner: a save on its first roll 1/3 (else the 1 damage kills it:
    # 2/3); then no save on the second 2/3: flees 1/3 × 2/3 = 2/9; stays 1/3 × 1/3 = 1/9.
    out = spell_roll(engine, "individual", "fearful-flames", army(RUNNER, rolled=("1 save",)))
    assert out["outcome"] == {"damage": 0, "dies": False, "saved": True}      # its second roll is to come
    assert "rolls to save again" in out["text"]
    assert exact(out["odds"]["dies"]["chance"]) == Fraction(2, 3)
    assert exact(out["odds"]["flees"]["chance"]) == Fraction(2, 9)
    assert exact(out["odds"]["saved"]["chance"]) == Fraction(1, 3)


def test_swamp_fever_an_id_kills_a_second_buries(engine):
    # p.44 Swamp Fever: each unit rolls; its ID icon kills it, and a unit so killed rolls again and
    # is buried on a second ID. The Warrior has one ID face of 6: killed 1/6, buried 1/6 × 1/6 = 1/36.
    # Its ID counts as 2 saves in the roll itself; only the icon matters to the spell.
    out = spell_roll(engine, "individual", "swamp-fever", army(WARRIOR, rolled=("id",)))
    assert out["totals"] == {"id": 1}
    assert out["outcome"] == {"dies": True}                 # its second roll is to come
    assert exact(out["odds"]["dies"]["chance"]) == Fraction(1, 6)
    assert exact(out["odds"]["buried"]["chance"]) == Fraction(1, 36)
    assert spell_roll(engine, "individual", "swamp-fever", army(WARRIOR, rolled=("2 save",)))["outcome"] == \
        {"dies": False, "buried": False}


def test_plasma_arc_passes_from_target_to_target_until_a_later_one_saves(engine):
    # Plasma Arc (seed 003, Dracolem v1.01; an Alloy spell of cost 7 beside the p.44 lists): the target
    # rolls to save alone and is killed without a save result (p.29: killed unless the roll avoids it);
    # whether it saves or not, its owner targets another unit of that army, which does the same, until
    # a target after the first saves. Warrior: saves on ID and 2 save, 2 of 6.
    # The first target: killed with 4/6 = 2/3, and the arc always goes on (chance 1).
    first = spell_roll(engine, "individual", "plasma-arc", army(WARRIOR, rolled=("2 save",)))
    assert first["outcome"] == {"dies": False, "goes_on": True}
    assert exact(first["odds"]["dies"]["chance"]) == Fraction(2, 3)
    assert first["odds"]["goes_on"]["chance"] == 1
    assert first["next"] == {"id": "plasma-arc", "after_first": True}
    # A later target: killed with 2/3, and only then does the arc go on (2/3); a save ends it.
    later = spell_roll(engine, "individual", {"id": "plasma-arc", "after_first": True},
                       army(RUNNER, rolled=("1 save",)))
    assert later["outcome"] == {"dies": False, "goes_on": False} and "next" not in later
    assert "the arc ends" in later["text"]
    assert exact(later["odds"]["dies"]["chance"]) == Fraction(2, 3)
    assert exact(later["odds"]["goes_on"]["chance"]) == Fraction(2, 3)
    # The Runner without a save (its 1 melee face) is killed and the arc goes on to the next unit.
    killed = spell_roll(engine, "individual", {"id": "plasma-arc", "after_first": True},
                        army(RUNNER, rolled=("1 melee",)))
    assert killed["outcome"] == {"dies": True, "goes_on": True} and killed["next"]["after_first"] is True


# ---------------------------------------------------------------- the terrain turns unless ...


def test_flash_flood_six_maneuvers_hold_the_terrain(engine):
    # p.44 Flash Flood: the terrain turns down one face unless an army there rolls 6 maneuver results.
    # A Warrior's maneuver: 2 on ID, 3 on 3 maneuver (1/6 each), else 0. Two Warriors reach 6 only
    # with 3 + 3: 1/36; the terrain turns with 35/36.
    out = spell_roll(engine, "maneuver", "flash-flood", army(WARRIOR, WARRIOR, rolled=("3 maneuver", "3 maneuver")))
    assert out["outcome"] == {"turns": False}
    assert exact(out["odds"]["turns"]["chance"]) == Fraction(35, 36)


def test_tidal_wave_counts_normal_saves_and_maneuvers_only(engine):
    # p.44 Tidal Wave: 4 damage; one roll counting saves and maneuvers, normal icons only (not ID, not
    # SAIs: p.31 calls these "normal"); the terrain turns unless an army reaches 4 maneuver.
    # Warrior: 2 normal saves (1/6), 3 normal maneuver (1/6); Runner: 1 save (1/6), 1 or 2 maneuver
    # (1/6 each). Saves 0 (25/36) leave 4 damage: both die (3 health-worth); 1 save (5/36): 3 damage,
    # both; 2 saves (5/36): the Warrior (2); 3 saves (1/36): the Runner (1).
    # 4 maneuvers: the Warrior's 3 with the Runner's 1 or 2: 1/6 × 2/6 = 1/18; the terrain turns 17/18.
    out = spell_roll(engine, "save_and_maneuver", "tidal-wave", army(WARRIOR, RUNNER, rolled=("id", "1 id")))
    # ID results count in the roll itself (2 + 1 saves), not against the wave: 0 normal saves.
    assert out["totals"] == {"save": 0, "maneuver": 0}
    assert out["outcome"] == {"damage": 4, "killed": 3, "turns": True}
    assert dist(out["odds"]["killed"]) == {1: Fraction(1, 36), 2: Fraction(5, 36), 3: Fraction(5, 6)}
    assert exact(out["odds"]["turns"]["chance"]) == Fraction(17, 18)


# ---------------------------------------------------------------- what the input must say


@pytest.mark.parametrize("data, field, words", [
    ({"roll": "save", "spell": "hailstorm", "army": army(WARRIOR)}, "spell", "against magic"),
    ({"roll": "save", "against": "magic", "spell": "firebolt", "army": army(WARRIOR)}, "spell", "individual"),
    ({"roll": "save", "against": "magic", "spell": "palsy", "army": army(WARRIOR)}, "spell.id", "no roll"),
    ({"roll": "save", "against": "magic", "spell": "fireball", "army": army(WARRIOR)}, "spell.id", "unknown"),
    ({"roll": "save", "against": "magic", "spell": {"id": "hailstorm", "times": 0}, "army": army(WARRIOR)},
     "spell.times", ""),
    ({"roll": "save", "against": "magic", "spell": {"id": "hailstorm", "x": 1}, "army": army(WARRIOR)},
     "spell.x", ""),
    ({"roll": "individual", "against": "magic", "spell": {"id": "firebolt", "after_first": True},
      "army": army(WARRIOR)}, "spell.after_first", "next"),
    ({"roll": "individual", "against": "magic", "spell": {"id": "plasma-arc", "after_first": "yes"},
      "army": army(WARRIOR)}, "spell.after_first", "true or false"),
])
def test_a_roll_that_is_not_the_spells_is_refused(engine, data, field, words):
    with pytest.raises(InputError) as err:
        engine.resolve(data)
    assert err.value.field == field and words in err.value.message


def test_a_roll_too_large_for_exact_chances_is_still_read(engine, monkeypatch):
    # Past the bound of exact chances the roll made still decides the outcome (Hailstorm, 1 damage,
    # no save: the Runner dies); the chances are left out with the reason, never a wrong number.
    from calculator.core.errors import TooLarge
    from calculator.magic import effects

    def too_large(*args, **kw):
        raise TooLarge("army", "too large to compute exactly")
    monkeypatch.setattr(effects, "roll_outcomes", too_large)
    out = spell_roll(engine, "save", "hailstorm", army(RUNNER, rolled=("1 melee",)))
    assert out["outcome"] == {"damage": 1, "killed": 1} and out["odds"] == {}
    assert "too large to compute exactly" in out["warnings"][0]


def test_castings_combined_of_a_spell_not_known_to_be_cumulative_act_as_one(engine):
    # p.44: a spell without a highlighted number gains nothing from castings combined on one target.
    out = spell_roll(engine, "save", {"id": "hailstorm", "times": 2}, army(RUNNER, rolled=("1 melee",)))
    assert out["outcome"] == {"damage": 1, "killed": 1} and out["warnings"]
