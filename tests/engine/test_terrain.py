"""Maneuvers, eighth faces and minor terrains (rulebook v4.01d p.11, p.15), worked by hand: the
cases of tests/engine/terrain_cases.py through the engine; bad input named by its field."""
from __future__ import annotations

import pytest

from calculator import InputError

from .terrain_cases import CASES, MANEUVERS, ROLLS, dig, side, u

METHOD = {"maneuver": "maneuver", "resolve": "resolve", "exchange": "exchange"}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hand_worked_case(engine, case):
    answer = getattr(engine, METHOD[case["command"]])(case["input"])
    for path, value in case["expect"].items():
        assert dig(answer, path) == value, (case["id"], path, case["working"])


def test_enough_hand_worked_cases():
    assert len(MANEUVERS) >= 12 and len(CASES) >= 20


def test_the_maneuver_answer_has_the_contract_keys(engine):
    answer = engine.maneuver(MANEUVERS[0]["input"])
    assert set(answer) >= {"winner", "succeeded", "face_before", "face_after", "direction", "action", "captured",
                           "controller", "totals", "rolls", "why", "warnings", "see"}
    assert [r["side"] for r in answer["rolls"]] == ["maneuvering", "opposing[0]"]
    assert [r["name"] for r in answer["rolls"]] == ["maneuver", "counter_maneuver"]
    assert answer["rolls"][0]["roll"]["roll"] == "maneuver"
    assert len(answer["rolls"][0]["roll"]["steps"]) == 10
    # The die from the data: Coastland Tower is magic 1, missile 2-5, melee 6-7 and the Tower at 8.
    assert answer["terrain"]["faces"] == ["magic"] + ["missile"] * 4 + ["melee"] * 2 + ["tower"]


def test_the_counter_maneuver_is_a_counter_roll(engine):
    # Wave's clause does nothing in a counter-maneuver (not_during): the counter roll knows it is one.
    data = {"terrain": {"die": "coastland-temple", "face": 3},
            "maneuvering": side(u("amazons/envoy", "3 maneuver")),
            "opposing": [side(u("coral-elves/leviathan", "wave"))], "direction": "up"}
    answer = engine.maneuver(data)
    # 3 against 0; Wave rolled in a counter-maneuver subtracts nothing from the marching army.
    assert answer["totals"] == {"maneuvering": 3, "opposing": [0]}
    assert answer["succeeded"] is True


def test_wave_is_marked_as_carried_out(engine):
    answer = engine.maneuver(next(c for c in MANEUVERS if c["id"].startswith("wave"))["input"])
    wave = [e for e in answer["rolls"][0]["roll"]["effects"] if e["sai"] == "wave"]
    assert wave and wave[0]["in_maneuver"] is True
    steps6 = [e["text"] for e in answer["rolls"][1]["roll"]["steps"][5]["entries"]]
    assert any("Wave" in t for t in steps6)


def test_captured_eighth_face_words_and_link(engine):
    answer = engine.maneuver(next(c for c in MANEUVERS if c["id"] == "capture-the-eighth-face")["input"])
    assert "captures" in answer["why"] and answer["see"].endswith("#maneuvers")
    assert "buried" not in answer["why"]


def test_capturing_buries_the_minor_terrain(engine):
    # p.15: an army controlling a minor terrain that captures the eighth face buries the minor terrain.
    data = {"terrain": {"die": "coastland-city", "face": 7},
            "maneuvering": side(u("amazons/soldier", "1 maneuver"), minor_terrain="magic"), "opposing": [],
            "direction": "up"}
    answer = engine.maneuver(data)
    assert answer["captured"] and "minor terrain is buried" in answer["why"]


def test_an_eighth_face_in_the_exact_chances(engine):
    # The chances of a roll see the doubling too: one Warrior (ID 2 of 6 faces) rolling saves at a
    # held Tower: ID 4 saves with chance 1/6; the save face 2 with 1/6; nothing else (melee 2, 2,
    # 3 and maneuver 3 are not saves).
    out = engine.distribution({"roll": "save", "terrain": "coastland-tower", "eighth_faces": ["tower"],
                               "army": [{"die": "amazons/warrior"}]})
    dist = {int(k): v for k, v in out["distribution"].items() if v}
    assert dist.keys() == {0, 2, 4}
    assert abs(dist[4] - 1 / 6) < 1e-12 and abs(dist[2] - 1 / 6) < 1e-12


def test_the_eighth_face_effects_are_reported_in_the_roll(engine):
    answer = engine.resolve(ROLLS[0]["input"])
    status = {e["kind"]: e["status"] for e in answer["terrain_effects"]}
    assert status == {"double-id": "applied", "missile-at-any-army": "for the player",
                      "reserve-target-no-id": "not in this roll"}
    at_reserve = engine.resolve(next(c for c in ROLLS if c["id"] == "tower-at-a-reserve-army")["input"])
    status = {e["kind"]: e["status"] for e in at_reserve["terrain_effects"]}
    assert status["reserve-target-no-id"] == "applied" and status["double-id"] == "not in this roll"


def test_temple_warns_that_the_spell_is_not_applied(engine):
    answer = engine.resolve(next(c for c in ROLLS if c["id"].startswith("temple"))["input"])
    assert any("Temple" in w["text"] for w in answer["warnings"])
    # Without the Temple the same roll loses 2 saves (Evil Eye: -2 saves): 3 - 2 = 1.
    plain = dict(next(c for c in ROLLS if c["id"].startswith("temple"))["input"])
    plain.pop("eighth_faces")
    assert engine.resolve(plain)["totals"]["save"] == 1


def test_minor_terrain_elements_only_with_the_die(engine):
    # Without the minor terrain die, Highland has no water: Coastal Dodge does not apply (0 saves).
    data = {"roll": "save", "terrain": "highland", "minor_terrain": "melee", "army": [u("coral-elves/knight", "3 maneuver")]}
    assert engine.resolve(data)["totals"]["save"] == 0


BASE = {"terrain": {"die": "coastland-tower", "face": 4}, "maneuvering": side(u("amazons/soldier", "id")),
        "opposing": [], "direction": "up"}


@pytest.mark.parametrize("change,field", [
    ({"terrain": {"die": "coastland-tower", "face": 9}}, "terrain.face"),
    ({"terrain": {"die": "coastland-tower"}}, "terrain.face"),
    ({"terrain": {"die": "nowhere", "face": 3}}, "terrain.die"),
    ({"terrain": {"die": "coastland-bridge", "face": 3}}, "terrain.die"),
    ({"terrain": {"type": "atlantis", "face": 3}}, "terrain.type"),
    ({"terrain": {"die": "coastland-tower", "type": "coastland", "face": 3}}, "terrain"),
    ({"terrain": {"die": "coastland-tower", "face": 4, "controller": "maneuvering"}}, "terrain.controller"),
    ({"terrain": {"die": "coastland-tower", "face": 8}, "direction": "down"}, "terrain.controller"),
    ({"terrain": {"die": "coastland-tower", "face": 8, "controller": "opposing[2]"}, "direction": "down"},
     "terrain.controller"),
    ({"terrain": {"die": "coastland-tower", "face": 8, "controller": "maneuvering"}}, "direction"),
    ({"terrain": {"die": "coastland-tower", "face": 8, "controller": "opposing"}, "direction": "down",
      "opposing": [side(u("amazons/soldier", "id")), side(u("amazons/soldier", "id"))]}, "terrain.controller"),
    ({"terrain": {"die": "coastland-tower", "face": 1}, "direction": "down"}, "direction"),
    ({"direction": "sideways"}, "direction"),
    ({"opposing": {"army": []}}, "opposing"),
    ({"opposing": [side()]}, "opposing[0].army"),
    ({"opposing": [side(u("amazons/soldier", "3 melee"))]}, "opposing[0].army[0].rolled"),
    ({"maneuvering": side(u("amazons/soldier", "id"), eighth_faces=["tower"])}, "maneuvering.eighth_faces"),
    ({"maneuvering": side(u("amazons/soldier", "id"), minor_terrain="tower")}, "maneuvering.minor_terrain"),
    ({"maneuvering": {"army": [{"die": "amazons/soldier", "rolled": {"attack": "id"}}]}},
     "maneuvering.army[0].rolled"),
    ({"seed": "x"}, "seed"),
    ({"weather": "fine"}, "weather"),
])
def test_bad_maneuver_input_names_the_field(engine, change, field):
    with pytest.raises(InputError) as err:
        engine.maneuver({**BASE, **change})
    assert err.value.field == field, str(err.value)


@pytest.mark.parametrize("change,field", [
    ({"eighth_faces": ["bridge"]}, "eighth_faces[0]"),
    ({"eighth_faces": "tower"}, "eighth_faces"),
    ({"eighth_faces": ["tower", "tower"]}, "eighth_faces[1]"),
    ({"eighth_faces": [{"face": "tower", "unit": 0}]}, "eighth_faces[0].unit"),
    ({"eighth_faces": [{"face": "vortex", "unit": 5}]}, "eighth_faces[0].unit"),
    ({"eighth_faces": [{"face": "vortex", "colour": 1}]}, "eighth_faces[0].colour"),
    ({"eighth_faces": [{"face": "vortex", "unit": 1}], "army": [u("amazons/soldier", "id"),
                                                              {"die": "items/air-flying-carpet"}]},
     "eighth_faces[0].unit"),
    ({"minor_terrain": "city"}, "minor_terrain"),
    ({"minor_terrain": {"die": "coastland-tower", "face": "flood"}}, "minor_terrain.die"),
    ({"minor_terrain": {"die": "coastland-bridge", "face": "revolt"}}, "minor_terrain.face"),
    ({"minor_terrain": {"die": "coastland-bridge", "face": 9}}, "minor_terrain.face"),
    ({"minor_terrain": "flood", "eighth_faces": ["city"]}, "minor_terrain"),
    ({"minor_terrain": "flood", "terrain": "reserve"}, "minor_terrain"),
    ({"at_reserve": True}, "at_reserve"),
    ({"dua": True, "eighth_faces": ["city"]}, "eighth_faces"),
    ({"dua": True, "minor_terrain": "double-saves"}, "minor_terrain"),
    ({"at_reserve": True, "eighth_faces": ["city"], "roll": "missile"}, "at_reserve"),
    ({"at_reserve": True, "eighth_faces": ["tower"]}, "at_reserve"),
    ({"at_reserve": "yes", "eighth_faces": ["tower"], "roll": "missile"}, "at_reserve"),
])
def test_bad_terrain_face_input_names_the_field(engine, change, field):
    data = {"roll": "save", "terrain": "coastland", "army": [u("amazons/soldier", "id")], **change}
    with pytest.raises(InputError) as err:
        engine.resolve(data)
    assert err.value.field == field, str(err.value)


def test_an_exchange_side_names_its_field(engine):
    data = {"attack": "melee", "terrain": "coastland", "attacker": side(u("amazons/soldier", "id")),
            "defender": side(u("amazons/soldier", "id"), eighth_faces=["nowhere"])}
    with pytest.raises(InputError) as err:
        engine.exchange(data)
    assert err.value.field == "defender.eighth_faces[0]"


def test_vortex_without_a_unit_is_left_to_the_player(engine):
    # p.15 Vortex: the controller MAY re-roll one unit; without naming it, the roll says it is theirs to do.
    def status(roll: str) -> str:
        out = engine.resolve({"roll": roll, "terrain": "flatland-vortex", "eighth_faces": ["vortex"],
                              "army": [u("amazons/soldier", "1 melee")]})
        return {e["kind"]: e["status"] for e in out["terrain_effects"]}["reroll-one-unit"]
    assert status("melee") == "for the player"
    assert status("maneuver") == "not in this roll"


def test_the_browsers_slim_data_gives_the_same_answers(engine, bundle):
    # The worker loads only the fields calculator.slim keeps: every case answers the same with them.
    from calculator import Engine
    from calculator.slim import engine_data

    slim = Engine(engine_data(bundle))
    for case in CASES:
        method = METHOD[case["command"]]
        assert getattr(slim, method)(case["input"]) == getattr(engine, method)(case["input"]), case["id"]
