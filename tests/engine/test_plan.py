"""The engine's plan of an input: what the page shows instead of reading the rules itself."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from calculator import InputError
from calculator.core.limits import LIMITS

from .conftest import ROOT


def faces(plan, unit=0):
    return {f["n"]: f for f in plan["units"][unit]["faces"]}


def test_faces_that_roll_again_depend_on_the_roll(engine):
    # Spearer's face 6 is Bullseye: it rolls again in a missile attack (seed 000), not in a melee one.
    missile = engine.plan({"roll": "missile", "army": [{"die": "amazons/spearer"}]})
    melee = engine.plan({"roll": "melee", "army": [{"die": "amazons/spearer"}]})
    assert faces(missile)[6]["rolls_again"] and faces(missile)[6]["icon"] == "bullseye"
    assert not faces(melee)[6]["rolls_again"]
    assert not any(f["rolls_again"] for f in faces(missile).values() if f["n"] != 6)


def test_flurry_rolls_again_only_if_melee_is_chosen(engine):
    # Blade Golem's Flurry in a dragon attack: X save or X melee; rolls again only with melee.
    keeper = {"species": "amazons", "health": 1, "rolled": "1 magic"}     # p.59: a unit able to carry it
    plan = engine.plan({"roll": "dragon_attack", "army": [{"die": "items/air-blade-golem"}, keeper]})
    flurry = [f for f in faces(plan).values() if f["icon"] == "flurry"]
    assert flurry and all(f.get("rolls_again_if") == "melee" for f in flurry)
    # Save is counted first, so by default it does not roll again; choosing melee makes it.
    assert not flurry[0]["rolls_again"]
    chose = engine.plan({"roll": "dragon_attack",
                         "army": [{"die": "items/air-blade-golem", "choose": {"flurry": "melee"}}, keeper]})
    assert all(f["rolls_again"] for f in faces(chose).values() if f["icon"] == "flurry")


def test_faces_needed_follow_the_chain(engine):
    # Chimera face 4 is Rend (rolls again in a melee attack): Rend, Rend, then a melee face.
    base = {"roll": "melee", "army": [{"die": "amazons/chimera"}]}
    def needed(unit):
        p = engine.plan(dict(base, army=[dict(unit, die="amazons/chimera")]))["units"][0]
        return p["faces_needed"], p["rerolled_unused"]
    assert needed({}) == (1, 0)
    assert needed({"rolled": 2}) == (1, 0)                       # 4 melee: no roll again
    assert needed({"rolled": 4}) == (2, 0)                       # Rend: one more face
    assert needed({"rolled": 4, "rerolled": [4]}) == (3, 0)      # Rend again: one more
    assert needed({"rolled": 4, "rerolled": [4, 2]}) == (3, 0)   # ended on 4 melee
    assert needed({"rolled": 2, "rerolled": [4]}) == (1, 1)      # a face given but not needed


def test_options_and_choices(engine):
    # Coastal Dodge may count maneuvers as saves at a water terrain: offered, on by default.
    plan = engine.plan({"roll": "save", "terrain": "coastland", "army": [{"die": "coral-elves/fighter"}]})
    assert [(o["id"], o["default"]) for o in plan["options"]] == [("coastal-dodge", True)]
    assert engine.plan({"roll": "save", "terrain": "highland", "army": [{"die": "coral-elves/fighter"}]})["options"] == []
    # Javelin Charge needs an earlier decision: offered, off by default, in a missile roll only.
    plan = engine.plan({"roll": "missile", "terrain": "flatland", "army": [{"die": "amazons/spearer"}]})
    assert [(o["id"], o["default"]) for o in plan["options"]] == [("javelin-charge", False)]
    # In a combination roll the owner chooses the ID results' type and Fly's.
    plan = engine.plan({"roll": "dragon_attack", "army": [{"die": "amazons/chimera"}]})
    keys = {c["key"]: c["types"] for c in plan["units"][0]["choices"]}
    assert keys["id"] == ["save", "melee", "missile"] and set(keys["fly"]) == {"maneuver", "save"}


def test_limits_and_errors(engine):
    plan = engine.plan({"roll": "melee", "army": [{"die": "amazons/spearer"}]})
    assert plan["limits"] == LIMITS
    with pytest.raises(InputError) as err:
        engine.plan({"roll": "melee", "army": [{"species": "amazons", "health": LIMITS["health"] + 1, "rolled": "id"}]})
    assert err.value.field == "army[0].health"


def test_cli_plan(bundle_file):
    proc = subprocess.run([sys.executable, "-m", "calculator", "plan", "-", "--data", str(bundle_file)],
                          input=json.dumps({"roll": "missile", "army": [{"die": "amazons/spearer", "rolled": 6}]}),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["units"][0]["faces_needed"] == 2
