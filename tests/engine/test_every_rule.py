"""Rules the engine once got silently wrong (issue 50), each worked by hand from the v4.01d rulebook
or the seeds, then checked against the engine."""
from __future__ import annotations

import pytest

from calculator import InputError


# 1. An item works only with a unit able to carry it (p.59) --------------------------------------------

GUARD = {"die": "coral-elves/guard", "rolled": "id"}             # air, water: its ID is 1 save (p.27)
SHIELD = {"die": "items/fire-mithril-shield", "rolled": "3 save"}  # a fire item: 3 saves


def test_an_item_no_unit_can_carry_adds_nothing(engine):
    # p.59: an item is rolled only if a unit able to carry it is rolled, and only a unit containing the
    # item's element may carry equipment. The Coral Elf Guard (air, water) cannot carry the fire Shield,
    # so the save total is the Guard's ID alone: 1 (health 1, p.3), not 1 + 3 = 4; a warning says why.
    out = engine.resolve({"roll": "save", "terrain": "coastland", "army": [GUARD, SHIELD]})
    assert out["totals"] == {"save": 1}
    assert any("Fire Mithril Shield" in w["text"] and "carry" in w["text"] for w in out["warnings"])
    # The exact chances agree: the Guard's faces are ID, melee, maneuver, maneuver, melee, 2 missile; its ID
    # gives 1 save and, at Coastland (water), Coastal Dodge counts each 1 maneuver as 1 save (p.21): 1 save
    # on 3 faces of 6, else 0, whatever the Shield shows.
    dist = engine.distribution({"roll": "save", "terrain": "coastland", "army": [{"die": GUARD["die"]},
                                                                                 {"die": SHIELD["die"]}]})
    assert dist["distribution"] == pytest.approx({"0": 1 / 2, "1": 1 / 2})


@pytest.mark.parametrize("carrier,saves", [
    # A Dwarf Footman (fire, earth) may carry fire equipment: the Guard's ID (1 save) + the Footman's ID
    # (1) + the Shield's 3 = 5.
    ({"die": "dwarves/footman", "rolled": "id"}, 5),
    # Amazons carry equipment of any element (p.59): 1 + the Soldier's ID 1 + 3 = 5.
    ({"die": "amazons/soldier", "rolled": "id"}, 5),
])
def test_an_item_with_a_carrier_counts(engine, carrier, saves):
    out = engine.resolve({"roll": "save", "terrain": "coastland", "army": [GUARD, carrier, SHIELD]})
    assert out["totals"] == {"save": saves}


def test_an_item_whose_carriers_fell_adds_nothing_in_the_counter_attack(engine):
    # Melee at Coastland. Two Dwarf Footmen attack: 2 melee. The defenders: a Dwarf Footman (fire, earth)
    # who may carry the fire Flicker Foil, and a Coral Elf Guard (air, water) who may not. Saves: the
    # Footman's melee face 0, the Guard's ID 1, the Foil's melee 0: 2 - 1 = 1 damage; the owner picks the
    # Footman to die. In the counter-attack the Foil has no unit left able to carry it (p.59), so the
    # Guard's 1 melee alone counts: 1, not 1 + 2 = 3.
    attacker = {"die": "dwarves/footman", "rolled": {"attack": "melee", "save": "save"}}
    data = {"attack": "melee", "terrain": "coastland", "casualties": {"defender": {"attack": [0]}},
            "attacker": {"army": [attacker, attacker]},
            "defender": {"army": [{"die": "dwarves/footman", "rolled": {"save": "melee"}},
                                  {"die": "coral-elves/guard", "rolled": {"save": "id", "counter": "melee"}},
                                  {"die": "items/fire-flicker-foil", "rolled": {"save": "1 melee",
                                                                               "counter": "2 melee"}}]}}
    out = engine.exchange(data)
    assert out["summary"]["damage"] == 1 and [u["unit"] for u in out["killed"]["defender"]] == [0]
    assert out["summary"]["counter_total"] == 1


# 2. A minor terrain enters play only where an element matches (p.15) ------------------------------------

KNIGHT = {"die": "coral-elves/knight", "rolled": "3 maneuver"}


def test_a_minor_terrain_sharing_no_element_is_refused(engine):
    # p.15: a minor terrain's elements must match at least one of the terrain's. Coastland (air, water)
    # and Highland (fire, earth) share none, so a Coastland Bridge is never in play at Highland; were it
    # accepted, its water would let Coastal Dodge turn the Knight's 3 maneuver into 3 saves.
    data = {"roll": "save", "terrain": "highland", "minor_terrain": {"die": "coastland-bridge", "face": "melee"},
            "army": [KNIGHT]}
    with pytest.raises(InputError) as err:
        engine.resolve(data)
    assert err.value.field == "minor_terrain.die"
    ex = {"attack": "melee", "terrain": "highland",
          "attacker": {"army": [{"die": "dwarves/footman", "rolled": {"attack": "melee"}}]},
          "defender": {"army": [dict(KNIGHT, rolled={"save": "3 maneuver"})],
                       "minor_terrain": {"die": "coastland-bridge", "face": "melee"}}}
    with pytest.raises(InputError) as err:
        engine.exchange(ex)
    assert err.value.field == "defender.minor_terrain.die"


@pytest.mark.parametrize("terrain,minor,saves", [
    # Swampland (water, earth) shares earth with Highland: in play; its water counts for Coastal Dodge: 3.
    ("highland", "swampland-bridge", 3),
    # Deadlands enter play anywhere (p.15); death adds no water, so the 3 maneuver stay maneuver: 0 saves.
    ("highland", "deadland-bridge", 0),
])
def test_a_minor_terrain_that_may_enter(engine, terrain, minor, saves):
    out = engine.resolve({"roll": "save", "terrain": terrain, "minor_terrain": {"die": minor, "face": "melee"},
                          "army": [KNIGHT]})
    assert out["totals"].get("save", 0) == saves


# 3. Cursed Bullets (p.21) -----------------------------------------------------------------------------

def _cursed(defender_faces, dua=None, modifiers=None):
    shooter = {"die": "lava-elves/fusilier", "rolled": {"attack": "1 missile"}}
    attacker = {"army": [shooter, shooter, shooter]}
    if dua is not None:
        attacker["in_dua"] = {"lava-elves": dua}
    defender = {"army": [{"die": "dwarves/footman", "rolled": {"save": f}} for f in defender_faces]}
    if modifiers:
        defender["modifiers"] = modifiers
    return {"attack": "missile", "terrain": "highland", "attacker": attacker, "defender": defender}


def test_cursed_bullets_only_spell_saves_cancel_some_missile_results(engine):
    # p.21: up to as many Lava Elf missile results as Lava Elf units in their DUA (at most 3) are cancelled
    # only by saves from spells. Three Fusiliers roll 1 missile each: 3; 2 Lava Elves in the DUA: 2 of the
    # 3 are cursed. Two Footmen roll save: 2 saves, none from a spell. The 2 cursed results stand; the
    # other 1 is cancelled by a save: damage 2 (not 3 - 2 = 1).
    out = engine.exchange(_cursed(["save", "save"], dua=2))
    assert out["summary"]["damage"] == 2
    assert "(2 of the missile results cancelled only by saves from spells" in out["damage"][0]["text"]


def test_cursed_bullets_and_a_spell_save(engine):
    # Stone Skin gives the defenders 1 save (p.44): 3 Footmen's saves + 1 = 4, 1 of them from a spell. The
    # spell's save cancels 1 of the 2 cursed results; the other 3 saves cancel the 1 plain result: damage
    # 1 (not 0, as 4 saves against 3 missile would give without the curse).
    out = engine.exchange(_cursed(["save", "save", "save"], dua=2, modifiers=[{"spell": "stone-skin"}]))
    assert out["summary"]["damage"] == 1


def test_cursed_bullets_needs_the_dua(engine):
    # No Lava Elves in the DUA: nothing is cursed, 3 - 2 = 1 damage. Not given at all: the same, and a
    # warning asks for it.
    assert engine.exchange(_cursed(["save", "save"], dua=0))["summary"]["damage"] == 1
    out = engine.exchange(_cursed(["save", "save"]))
    assert out["summary"]["damage"] == 1
    assert any("in_dua.lava-elves" in w["text"] for w in out["warnings"])


@pytest.mark.parametrize("dua,modifiers", [(1, None), (2, None), (2, [{"spell": "stone-skin"}])])
def test_cursed_bullets_exact_odds_match_every_roll(engine, bundle, dua, modifiers):
    # The exact chances of the damage against the exchange resolved for every face of every die (two
    # Fusiliers against a Footman: 6 x 6 x 6 ways, each 1/216), each way worked out as above.
    import itertools

    faces = {d["id"]: [f"{f['count']} {f['icon']}" if f["icon"] != "id" else "id" for f in d["faces"]]
             for d in bundle["dice"] if d["id"] in ("lava-elves/fusilier", "dwarves/footman")}
    data = _cursed(["save"], dua=dua, modifiers=modifiers)
    data["attacker"]["army"] = data["attacker"]["army"][:2]
    want: dict[str, float] = {}
    for a, b, s in itertools.product(faces["lava-elves/fusilier"], faces["lava-elves/fusilier"],
                                     faces["dwarves/footman"]):
        one = _cursed([s], dua=dua, modifiers=modifiers)
        one["attacker"]["army"] = [{"die": "lava-elves/fusilier", "rolled": {"attack": f}} for f in (a, b)]
        dmg = str(engine.exchange(one)["summary"]["damage"])
        want[dmg] = want.get(dmg, 0) + 1 / 216
    for side in ("attacker", "defender"):
        for u in data[side]["army"]:
            u.pop("rolled", None)
    got = engine.exchange_odds(data)["sides"]["defender"]["damage"]["distribution"]
    assert got == pytest.approx(want)


# 5. The City recruits and promotes from the DUA (p.15, p.30) -------------------------------------------

def test_the_city_names_the_dua(engine):
    # p.15: the City lets its controller recruit a small unit or promote one; p.30: a promotion swaps a unit
    # with one of the DUA (the Summoning Pool only for Dragonkin), and a recruited unit comes from the DUA.
    from calculator.coverage import coverage

    row = next(r for r in coverage(engine.index) if r["id"] == "city")
    words = " ".join(row["for_the_player"])
    assert "DUA" in words and "Summoning Pool for Dragonkin" in words


# 6. Vortex in an exchange (p.15) -------------------------------------------------------------------------

def _vortex(unit=0):
    return {"attack": "melee", "terrain": "flatland-vortex",
            "attacker": {"eighth_faces": [{"face": "vortex", "unit": unit}], "army": [
                {"die": "amazons/soldier", "rolled": {"attack": "1 save"}, "rerolled": {"attack": ["2 melee"]}},
                {"die": "amazons/warrior", "rolled": {"attack": "id"}}]},
            "defender": {"army": [{"die": "coral-elves/guard", "rolled": {"save": "melee"}}]}}


def test_vortex_rerolls_a_unit_in_an_exchange(engine):
    # p.15 Vortex: in a roll without maneuvers the controller may roll one unit again before SAIs, ignoring
    # its first face. The Soldier's save is ignored and its re-roll gives 2 melee; the Warrior's ID is 2,
    # doubled by the eighth face (p.15): 4. Attack: 2 + 4 = 6 melee, as in the single roll of the same dice.
    out = engine.exchange(_vortex())
    assert out["summary"]["attack_total"] == 6
    # Without the Vortex's unit, the Soldier's save counts nothing in a melee attack: 0 + 4 = 4.
    data = _vortex()
    data["attacker"]["eighth_faces"] = ["vortex"]
    del data["attacker"]["army"][0]["rerolled"]
    assert engine.exchange(data)["summary"]["attack_total"] == 4


def test_vortex_exchange_odds_are_sampled_when_the_face_is_given(engine):
    out = engine.exchange_odds(_vortex())
    assert out["method"] == "sampled"
    assert out["sides"]["defender"]["damage"]["mean"] == pytest.approx(6)


# 7. The Tower's missile attack at a Reserve Area (p.15) ---------------------------------------------------

def _tower(at_reserve=True):
    return {"attack": "missile", "terrain": "coastland-tower", "at_reserve": at_reserve,
            "attacker": {"eighth_faces": ["tower"], "army": [{"die": "amazons/warrior", "rolled": {"attack": "id"}},
                                                             {"die": "amazons/darter", "rolled": {"attack": "2 missile"}}]},
            "defender": {"army": [{"die": "coral-elves/guard", "rolled": {"save": "1 maneuver"}},
                                  {"die": "coral-elves/guard", "rolled": {"save": "id"}}]}}


def test_tower_missile_at_a_reserve_army(engine):
    # p.15 Tower: its controller may attack an army in a Reserve Area with a missile action, and only non-ID
    # missile results count: the Warrior's ID does not, the Darter's 2 missile do: 2. The Guards save in the
    # Reserve Area, which has no element (p.11), so Coastal Dodge (water, p.21) does not turn the 1 maneuver
    # into a save; the other's ID is 1 save. Damage 2 - 1 = 1.
    out = engine.exchange(_tower())
    assert out["summary"]["attack_total"] == 2 and out["summary"]["save_total"] == 1
    assert out["summary"]["damage"] == 1
    # At the terrain itself the ID counts, doubled by the eighth face (p.15): 4 + 2 = 6; Coastland has water,
    # so both Guards save 1: 6 - 2 = 4.
    here = engine.exchange(_tower(False))
    assert here["summary"]["attack_total"] == 6 and here["summary"]["damage"] == 4
    odds = engine.exchange_odds(_tower())
    assert odds["sides"]["defender"]["damage"]["distribution"] == {"1": 1.0}


def test_only_a_tower_reaches_a_reserve_army(engine):
    data = _tower()
    data["attacker"]["eighth_faces"] = []
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == "at_reserve"


@pytest.mark.parametrize("size,damage", [(24, 3), (25, 5), (48, 5)])
def test_cursed_bullets_limit_counts_per_24_points(engine, size, damage):
    # p.21: the limit is 3 per 24 points of force, or part of it (ceil(size / 24) x 3). Five Fusiliers
    # roll 1 missile each: 5; five Lava Elves in the DUA. Six Footmen roll save: 6 saves, none from a
    # spell. At 24 points 3 results are cursed: they stand, the other 2 are cancelled: damage 3. At 25
    # or 48 points the limit is 6, so all 5 (the Lava Elves in the DUA) are cursed: damage 5.
    shooter = {"die": "lava-elves/fusilier", "rolled": {"attack": "1 missile"}}
    data = {"attack": "missile", "terrain": "highland",
            "attacker": {"army": [shooter] * 5, "in_dua": {"lava-elves": 5}, "size": size},
            "defender": {"army": [{"die": "dwarves/footman", "rolled": {"save": "save"}}] * 6}}
    assert engine.exchange(data)["summary"]["damage"] == damage
