"""Properties of maneuvers and of the faces an army holds (hypothesis), over real dice and terrains."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.terrain.die import EIGHTH, turn

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
DICE = ("amazons/soldier", "amazons/runner", "amazons/warrior", "amazons/war-chief", "coral-elves/trooper",
        "coral-elves/courier", "coral-elves/leviathan", "dwarves/patroller", "goblins/wolf-rider")


@st.composite
def armies(draw, engine):
    army = []
    for _ in range(draw(st.integers(1, 4))):
        die = draw(st.sampled_from(DICE))
        army.append({"die": die, "rolled": draw(st.integers(1, len(engine.index.dice[die].faces)))})
    return {"army": army}


@st.composite
def maneuvers(draw, engine):
    majors = sorted(d for d, t in engine.index.terrain_dice.items() if not t.minor)
    face = draw(st.integers(1, EIGHTH))
    opposing = [draw(armies(engine)) for _ in range(draw(st.integers(0, 3)))]
    terrain = {"die": draw(st.sampled_from(majors)), "face": face}
    if face == EIGHTH:
        terrain["controller"] = draw(st.sampled_from(["maneuvering"] + [f"opposing[{i}]" for i in range(len(opposing))]))
    direction = "up" if face == 1 else "down" if face == EIGHTH else draw(st.sampled_from(["up", "down"]))
    return {"terrain": terrain, "maneuvering": draw(armies(engine)), "opposing": opposing, "direction": direction,
            "seed": draw(st.integers(0, 10 ** 6))}


def test_turning_by_hand():
    # p.11: exactly one step, the way chosen.
    assert turn(4, "up") == 5 and turn(4, "down") == 3 and turn(7, "up") == 8


@SETTINGS
@given(data=st.data())
def test_a_maneuver_keeps_the_die_on_its_faces(engine, data):
    m = data.draw(maneuvers(engine))
    out = engine.maneuver(m)
    assert 1 <= out["face_after"] <= EIGHTH
    assert abs(out["face_after"] - out["face_before"]) == (1 if out["succeeded"] else 0)
    assert (out["face_after"] - out["face_before"]) * (1 if m["direction"] == "up" else -1) >= 0
    assert (out["controller"] is not None) == (out["face_after"] == EIGHTH)
    assert out["captured"] == (out["succeeded"] and out["face_after"] == EIGHTH)
    assert out["action"] in ("melee", "missile", "magic", "any")
    assert (out["action"] == "any") == (out["controller"] == "maneuvering")


@SETTINGS
@given(data=st.data())
def test_equal_or_more_than_every_counter_maneuver_wins(engine, data):
    m = data.draw(maneuvers(engine))
    out = engine.maneuver(m)
    totals = out["totals"]
    if not m["opposing"]:
        assert out["succeeded"] and totals["maneuvering"] is None and out["rolls"] == []
    else:
        assert out["succeeded"] == all(totals["maneuvering"] >= t for t in totals["opposing"])
        assert len(out["rolls"]) == 1 + len(m["opposing"])
    assert out["winner"] == ("maneuvering" if out["succeeded"] else "opposing")


@SETTINGS
@given(data=st.data())
def test_an_eighth_face_adds_the_id_results_once_more(engine, data):
    # p.15: doubling the ID results adds exactly the ID results the army rolled (nothing else changes).
    army = data.draw(armies(engine))["army"]
    roll = data.draw(st.sampled_from(["maneuver", "melee", "missile", "save"]))
    plain = engine.resolve({"roll": roll, "terrain": "coastland", "army": army})
    held = engine.resolve({"roll": roll, "terrain": "coastland", "army": army, "eighth_faces": ["city"]})
    ids = sum(int(e["text"].split()[1]) for s in plain["steps"] if s["step"] == 5 for e in s["entries"]
              if e["text"].startswith("ID: "))
    assert held["totals"][roll] == plain["totals"][roll] + ids
