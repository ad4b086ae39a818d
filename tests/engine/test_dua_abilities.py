"""Species abilities that read the Dead Unit Area, worked out where the roll's input says what they read
(``in_dua``: the rolling player's units in their DUA by species; ``size``: the force's points). Every
number is worked by hand from the v4.01d rulebook (p.21 species abilities and the ⚰️ limit, p.27 the
steps of a roll, p.3 ID results) and the dice's faces in data/dice/undead.yaml:

- Heucuva (health 2): ID, 3 magic, 3 melee, 2 melee, 2 magic, 2 save.
- Apparition (health 1): ID, 2 magic, 1 melee, 1 melee, 1 magic, 1 save.
- Ghoul (health 1): ID, 1 save, 2 melee, 1 melee, 1 save, 1 magic.

An ID icon gives results equal to the unit's health, of the roll's type (p.3).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calculator.core.errors import InputError

HEUCUVA, APPARITION, GHOUL = "undead/heucuva", "undead/apparition", "undead/ghoul"


def magic(engine, army: list[dict], **more) -> dict:
    return engine.resolve({"roll": "magic", "terrain": "highland", "army": army, **more})


def dist(out: dict) -> dict[int, Fraction]:
    return {int(k): Fraction(p).limit_denominator(1000) for k, p in out["distribution"].items()}


SHOWN = [{"die": HEUCUVA, "rolled": "3 magic"}, {"die": APPARITION, "rolled": "2 magic"}, {"die": GHOUL, "rolled": "id"}]


@pytest.mark.parametrize("in_dua, total", [(0, 6), (1, 7), (2, 8), (5, 8)])
def test_bone_magic_adds_one_magic_per_undead_unit_showing_magic_up_to_the_dua(engine, in_dua, total):
    # p.21 Bone Magic: in a magic action each Undead unit showing a non-ID magic result may add one
    # magic result, no more than the Undead units in the owner's DUA. Rolled: 3 + 2 normal magic and
    # the Ghoul's ID, 1 magic (health 1): 6. Two units show non-ID magic (the Ghoul's ID does not
    # count): + min(2, DUA) at step 10 (a modifier that adds, p.27): 6, 7, 8, and 8 with 5 in the DUA.
    out = magic(engine, SHOWN, in_dua={"undead": in_dua})
    assert out["totals"] == {"magic": total}
    # The added results are the Undead's own: death magic (Undead: death), paying Undead spells too.
    assert out["magic"]["total"] == total
    assert [(p["elements"], p["species"], p["amount"]) for p in out["magic"]["pools"]] == [(["death"], "undead", total)]
    assert "warnings" not in out["magic"]


def test_bone_magic_without_the_dua_adds_nothing_and_says_what_it_needs(engine):
    out = magic(engine, SHOWN)
    assert out["totals"] == {"magic": 6}
    assert any("in_dua.undead" in w["text"] for w in out["warnings"])


@pytest.mark.parametrize("size, total", [(24, 9), (25, 10), (48, 10)])
def test_bone_magic_at_most_four_per_24_points(engine, size, total):
    # p.21: "max 4 ⚰️", per 24 points of force or part. Five Apparitions roll 1 magic each: 5; five
    # Undead in the DUA. At 24 points at most 4 are added: 9; from 25 points the limit is 8, so all 5: 10.
    army = [{"die": APPARITION, "rolled": "1 magic"}] * 5
    assert magic(engine, army, in_dua={"undead": 5}, size=size)["totals"] == {"magic": total}


def test_bone_magic_only_in_a_magic_roll(engine):
    # p.21: Bone Magic works in a magic action; in a melee roll the Heucuva's 3 melee stay 3.
    out = engine.resolve({"roll": "melee", "army": [{"die": HEUCUVA, "rolled": "3 melee"}], "in_dua": {"undead": 3}})
    assert out["totals"] == {"melee": 3}


def test_bone_magic_exact_chances(engine):
    # One Apparition, one Undead in the DUA: melee, melee, save give 0 (3/6); ID 1 (1/6); 1 magic + 1 = 2
    # (1/6); 2 magic + 1 = 3 (1/6). Without any in the DUA: 0 (1/2), 1 (ID or 1 magic: 2/6), 2 (1/6).
    one = [{"die": APPARITION}]
    with_dua = engine.distribution({"roll": "magic", "army": one, "in_dua": {"undead": 1}})
    assert dist(with_dua) == {0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}
    none = engine.distribution({"roll": "magic", "army": one, "in_dua": {"undead": 0}})
    assert dist(none) == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    # Two Apparitions, one in the DUA: the cap binds when both show magic. 5 only with 2 magic twice
    # (4 + 1 added: 1/36); 4 with 2 magic and 1 magic (3 + 1) or 2 magic and ID (2 + 1 + 1), in either
    # order: 4/36; 0 with no magic face and no ID on either: (3/6)^2 = 1/4.
    two = engine.distribution({"roll": "magic", "army": one * 2, "in_dua": {"undead": 1}})
    d = dist(two)
    assert d[5] == Fraction(1, 36) and d[4] == Fraction(1, 9) and d[0] == Fraction(1, 4)
    assert sum(d.values()) == 1


def test_bone_magic_chances_without_the_dua_say_what_they_need(engine):
    # Without in_dua the chances add no magic (as a single roll adds none: 0 1/2, 1 1/3, 2 1/6, the
    # Apparition's own faces) and say so, rather than leave the ability out in silence.
    out = engine.distribution({"roll": "magic", "army": [{"die": APPARITION}]})
    assert dist(out) == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    assert any("in_dua.undead" in n for n in out["notes"])


@pytest.mark.parametrize("data, field", [
    ({"in_dua": {"undead": -1}}, "in_dua.undead"),
    ({"in_dua": {"ghosts": 1}}, "in_dua.ghosts"),
    ({"in_dua": [1]}, "in_dua"),
    ({"size": 0}, "size"),
    ({"size": "24"}, "size"),
])
def test_a_dua_the_reader_refuses(engine, data, field):
    with pytest.raises(InputError) as err:
        magic(engine, SHOWN, **data)
    assert err.value.field == field


# ---------------------------------------------------------------- Magic Negation (Frostwings)
# Coral Elf Enchanter rolled 4 magic and Conjurer 3 magic: 7 magic at Coastland (air, water).
# Frostwing Magus (health 2): ID, 3 magic, 3 missile, 3 Fly, 1 magic, 2 magic; Apprentice (health 1):
# ID, 2 magic, 1 missile, 1 Fly, 1 melee, 1 magic; Magi (health 3): ID, 4 Cantrip, 2 missile, 4 Fly,
# 2 magic, 4 magic.
CASTER = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"}]
NEGATORS = [{"die": "frostwings/magus", "rolled": "3 magic"}, {"die": "frostwings/apprentice", "rolled": "2 magic"}]


def negated(engine, negation: dict, army: list[dict] = CASTER, **more) -> dict:
    return engine.resolve({"roll": "magic", "terrain": "coastland", "army": army, "negation": negation, **more})


@pytest.mark.parametrize("in_dua, size, total", [(0, 24, 7), (2, 24, 5), (9, 24, 2), (9, 48, 2)])
def test_magic_negation_takes_the_frostwings_magic_up_to_their_dua(engine, in_dua, size, total):
    # p.21 Magic Negation: the Frostwings at the terrain roll before the opponent's magic is totalled;
    # their magic results are taken from the opponent's, no more than the Frostwing units in their DUA
    # (max 5 per 24 points, ⚰️). The Frostwings rolled 3 + 2 = 5 magic. DUA 0: nothing, 7; DUA 2: 2
    # taken, 5; DUA 9: all 5 (the limit 5 at 24 points, 10 at 48), 2.
    out = negated(engine, {"army": NEGATORS, "in_dua": {"frostwings": in_dua}, "size": size})
    assert out["totals"] == {"magic": total}
    if total < 7:
        # Taken as a modifier that subtracts (step 6, p.27): the caster chooses whose normal results go (p.28).
        assert out["magic"]["lost"]["amount"] == 7 - total


def test_magic_negation_at_most_five_per_24_points(engine):
    # Three Magi roll 4 magic each: 12; 9 Frostwings in the DUA. At 24 points at most 5 are taken
    # (7 - 5 = 2); at 48 points the limit is 10 but the caster has only 7: 0 (never below 0, p.27).
    magi = [{"die": "frostwings/magi", "rolled": "4 magic"}] * 3
    assert negated(engine, {"army": magi, "in_dua": {"frostwings": 9}})["totals"] == {"magic": 2}
    assert negated(engine, {"army": magi, "in_dua": {"frostwings": 9}, "size": 48})["totals"] == {"magic": 0}


def test_magic_negation_exact_chances_of_the_casting_roll(engine):
    # The Conjurer alone (ID = 2, 2 melee, 3 magic, 3 magic, 2 maneuver, 2 magic): 0 (2/6), 2 (2/6),
    # 3 (2/6). Two taken (the Frostwings above, 2 in the DUA): 0 (4/6), 1 (2/6).
    out = engine.distribution({"roll": "magic", "terrain": "coastland", "army": [{"die": "coral-elves/conjurer"}],
                               "negation": {"army": NEGATORS, "in_dua": {"frostwings": 2}}})
    assert dist(out) == {0: Fraction(2, 3), 1: Fraction(1, 3)}


@pytest.mark.parametrize("negation, field", [
    ({"army": NEGATORS}, "negation.in_dua"),
    ({"army": [{"die": "amazons/oracle", "rolled": "4 magic"}], "in_dua": {"frostwings": 1}}, "negation.army[0]"),
    ({"army": NEGATORS, "in_dua": {"frostwings": 1}, "x": 1}, "negation.x"),
    ({"army": NEGATORS, "in_dua": {"frostwings": "2"}}, "negation.in_dua.frostwings"),
    ({"army": [], "in_dua": {"frostwings": 1}}, "negation.army"),
    ([1], "negation"),
])
def test_a_negation_the_reader_refuses(engine, negation, field):
    with pytest.raises(InputError) as err:
        negated(engine, negation)
    assert err.value.field == field


def test_only_a_magic_roll_is_negated(engine):
    with pytest.raises(InputError) as err:
        engine.resolve({"roll": "melee", "army": CASTER, "negation": {"army": NEGATORS, "in_dua": {"frostwings": 1}}})
    assert err.value.field == "negation"


def test_negation_comes_off_before_bone_magic_adds(engine):
    # p.27: a modifier that subtracts acts at step 6, one that adds at step 10. The Undead above roll 6
    # (3 + 2 normal, the Ghoul's ID 1); a Frostwing Magus shows 3 magic with 2 Frostwings in their DUA:
    # 2 taken, 4; then Bone Magic with 1 Undead in the DUA adds 1 (two units show normal magic): 5.
    out = engine.resolve({"roll": "magic", "terrain": "coastland", "army": SHOWN, "in_dua": {"undead": 1},
                          "negation": {"army": [{"die": "frostwings/magus", "rolled": "3 magic"}],
                                       "in_dua": {"frostwings": 2}}})
    assert out["totals"] == {"magic": 5} and out["magic"]["total"] == 5


def test_the_game_gives_bone_magic_the_casters_dua(engine):
    # In a game the state says who is in the DUA (calculator/game): alice's home army is a Heucuva, an
    # Apparition and a Ghoul; the Ghoul is moved to her DUA, then the army takes a magic action showing
    # 3 and 2 magic. p.21: two Undead show normal magic, one Undead is in the DUA: 3 + 2 + 1 = 6.
    from tests.engine.game_cases import setup

    game = {"setup": setup(alice={"armies": {"home": [HEUCUVA, APPARITION, GHOUL]}}),
            "moves": [{"move": "edit", "dice": ["alice.home.3"], "to": "alice.dua"}]}
    magic_move = {"move": "magic", "army": "alice.home", "cast": [],
                  "faces": {"alice.home.1": "3 magic", "alice.home.2": "2 magic"}}
    played = engine.game({**game, "moves": game["moves"] + [magic_move]})
    assert played["log"][-1]["answer"]["totals"] == {"magic": 6}
    # The calculator's question for the same move carries the DUA and the force size.
    asked = engine.game({**game, "calculator": magic_move})["calculator"]["input"]
    assert asked["in_dua"] == {"undead": 1} and asked["size"] == 24
