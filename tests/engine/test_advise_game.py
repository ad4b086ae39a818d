"""``advise`` from a game: the state after the moves (the ``game`` command's own replay) is turned
into the typed form, so the advice equals the advice typed by hand for that state."""
from __future__ import annotations

import pytest

from .game_cases import CASES, setup

THUG, SOLDIER, RUNNER = {"die": "goblins/thug"}, {"die": "amazons/soldier"}, {"die": "amazons/runner"}


def _typed(face: int) -> dict:
    # game_cases.setup(): alice's Coastland City is the frontier at 6 (p.8); alice.campaign holds a
    # Soldier and a Runner, bob.campaign two Thugs; bob.home (Flatland Tower) and bob.horde (at alice's
    # Highland Tower) one Thug each, both at Home Terrains (p.3).
    return {"terrain": {"die": "coastland-city", "face": face, "home": False},
            "army": {"name": "alice.campaign", "army": [SOLDIER, RUNNER]},
            "opposing": [{"name": "bob.campaign", "army": [THUG, THUG]}],
            "elsewhere": [{"name": "bob.home", "at": "home", "terrain": "flatland-tower", "army": [THUG]},
                          {"name": "bob.horde", "at": "home", "terrain": "highland-tower", "army": [THUG]}],
            "size": 24}


def test_a_game_at_its_start_is_the_typed_advice(engine):
    got = engine.advise({"game": {"setup": setup(), "moves": []}, "army": "alice.campaign"})
    assert got == engine.advise(_typed(6))
    assert [o["action"] for o in got["options"]] == ["maneuver", "melee"]


def test_past_its_maneuver_step_the_marching_army_is_not_offered_the_maneuver(engine):
    # CASES[0]'s first move: alice.campaign's maneuver succeeds, the frontier turns 6 -> 7 (melee, p.11);
    # the march is at its action step, so only the melee is left.
    moves = CASES[0]["moves"][:1]
    got = engine.advise({"game": {"setup": setup(), "moves": moves}, "army": "alice.campaign"})
    typed = engine.advise(_typed(7))
    assert got["face"] == 7 and [o["action"] for o in got["options"]] == ["melee"]
    assert got["options"] == typed["options"][1:]
    # bob's army there is not marching: its maneuver is still offered
    theirs = engine.advise({"game": {"setup": setup(), "moves": moves}, "army": "bob.campaign"})
    assert theirs["options"][0]["action"] == "maneuver"


@pytest.mark.parametrize("data,field", [
    ({"game": {"setup": setup(), "moves": []}, "army": "carol.home"}, "army"),
    ({"game": {"setup": setup(), "moves": [{"move": "fly"}]}, "army": "alice.home"}, "game.moves[0].move"),
    ({"game": {"setup": setup(), "moves": []}, "army": "alice.home", "terrain": {}}, "terrain"),
])
def test_a_bad_game_input_names_its_field(engine, data, field):
    from calculator import InputError
    with pytest.raises(InputError) as err:
        engine.advise(data)
    assert err.value.field == field
