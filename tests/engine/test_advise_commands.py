"""Each ``advise`` option gives the figures of the command it composes, asked for that action alone:
the maneuver's chance from ``distribution`` of each maneuver roll, melee and missile from
``exchange-odds``, the magic total from ``distribution`` and its spells from ``resolve``'s
``castable`` over every way the dice can fall."""
from __future__ import annotations

import itertools

import pytest

ARMY = [{"die": "amazons/warrior"}, {"die": "coral-elves/fighter"}]
OPP = [{"die": "dwarves/footman"}, {"die": "amazons/runner"}]
HERE = "coastland-city"


def _option(answer, action, target=None):
    found = [o for o in answer["options"] if o["action"] == action and o.get("target", target) == target]
    assert len(found) == 1, (action, target, answer["options"])
    return found[0]


def _dist(engine, data):
    return {int(k): p for k, p in engine.distribution(data)["distribution"].items()}


def test_maneuver_chance_is_the_distribution_commands(engine):
    answer = engine.advise({"terrain": {"die": HERE, "face": 4}, "army": {"army": ARMY},
                            "opposing": [{"army": OPP}, {"army": [{"die": "amazons/soldier"}]}]})
    mine = _dist(engine, {"roll": "maneuver", "terrain": HERE, "army": ARMY})
    theirs = [_dist(engine, {"roll": "maneuver", "terrain": HERE, "counter": True, "army": army})
              for army in (OPP, [{"die": "amazons/soldier"}])]
    # p.11: the maneuver succeeds when it equals or beats each counter-maneuver (rolled on their own)
    want = 0.0
    for t, p in mine.items():
        for dist in theirs:
            p *= sum(q for c, q in dist.items() if c <= t)
        want += p
    assert _option(answer, "maneuver")["chance"] == pytest.approx(want, abs=1e-12)


def _same_as_exchange(option, odds):
    assert option["damage"] == odds["sides"]["defender"]["damage"]
    assert option["killed"] == odds["sides"]["defender"]["killed"]
    assert option["losses"] == {"damage": odds["sides"]["attacker"]["damage"], "killed": odds["sides"]["attacker"]["killed"]}
    assert option["method"] == odds["method"]


def test_melee_is_the_exchange_odds_commands(engine):
    answer = engine.advise({"terrain": {"die": HERE, "face": 6}, "army": {"army": ARMY}, "opposing": [{"army": OPP}]})
    odds = engine.exchange_odds({"attack": "melee", "terrain": HERE, "attacker": {"army": ARMY}, "defender": {"army": OPP}})
    _same_as_exchange(_option(answer, "melee", "opposing[0]"), odds)


def test_missile_is_the_exchange_odds_commands_at_the_targets_terrain(engine):
    answer = engine.advise({"terrain": {"die": HERE, "face": 3}, "army": {"army": ARMY}, "opposing": [{"army": OPP}],
                            "elsewhere": [{"name": "far", "at": "frontier", "terrain": "highland", "army": OPP}]})
    here = engine.exchange_odds({"attack": "missile", "terrain": HERE, "attacker": {"army": ARMY},
                                 "defender": {"army": OPP}})
    far = engine.exchange_odds({"attack": "missile", "terrain": "highland", "attacker": {"army": ARMY},
                                "defender": {"army": OPP}})
    _same_as_exchange(_option(answer, "missile", "opposing[0]"), here)
    _same_as_exchange(_option(answer, "missile", "far"), far)


def test_a_towers_missiles_into_a_reserve_area_are_the_exchange_odds_commands(engine):
    answer = engine.advise({"terrain": {"die": "highland-tower", "face": 8, "controller": "army"}, "army": {"army": ARMY},
                            "elsewhere": [{"name": "back", "at": "reserve", "army": OPP}]})
    odds = engine.exchange_odds({"attack": "missile", "terrain": "highland-tower", "at_reserve": True,
                                 "attacker": {"army": ARMY, "eighth_faces": ["tower"]}, "defender": {"army": OPP}})
    _same_as_exchange(_option(answer, "missile", "back"), odds)


def test_an_exchange_asked_with_at_reserve_needs_a_tower(engine):
    from calculator import InputError
    with pytest.raises(InputError) as err:
        engine.exchange_odds({"attack": "missile", "terrain": "highland", "at_reserve": True,
                              "attacker": {"army": ARMY}, "defender": {"army": OPP}})
    assert err.value.field == "at_reserve"


MAGIC = [{"die": "dwarves/thaumaturgist"}, {"die": "amazons/seer"}, {"die": "amazons/seer"}]   # two alike


def test_magic_is_the_distribution_and_resolve_commands(engine, bundle):
    answer = engine.advise({"terrain": {"die": "highland-tower", "face": 2}, "army": {"army": MAGIC}})
    option = _option(answer, "magic")
    roll = {"roll": "magic", "terrain": "highland-tower", "army": MAGIC}
    whole = engine.distribution(roll)
    assert option["magic"] == {k: whole[k] for k in ("distribution", "mean", "sd", "at_least")}
    faces = [next(d for d in bundle["dice"] if d["id"] == u["die"])["faces"] for u in MAGIC]
    spells: dict[str, float] = {}
    elements: dict[str, float] = {}
    each = 1 / 6 ** len(MAGIC)
    for combo in itertools.product(*faces):       # every way the dice fall, one by one
        army = [dict(u, rolled=f"{f['count']} {f['icon']}") for u, f in zip(MAGIC, combo)]
        out = engine.resolve(dict(roll, army=army))
        for row in out.get("castable", []):
            spells[row["spell"]] = spells.get(row["spell"], 0.0) + each
        for pool in out.get("magic", {}).get("pools", []):
            for e in pool["elements"]:
                elements[e] = elements.get(e, 0.0) + pool["amount"] * each
    assert {s["spell"]: s["chance"] for s in option["spells"]} == pytest.approx(spells, abs=1e-12)
    assert option["elements"] == pytest.approx(elements, abs=1e-12)


def test_past_the_ways_bound_the_spells_are_a_labelled_estimate(engine):
    # Six different magic dice fall in more ways than are worked through one by one: the spells and
    # elements are sampled (and say so); the total's chances stay the distribution command's.
    army = [{"die": d} for d in ("amazons/visionary", "coral-elves/conjurer", "dwarves/thaumaturgist",
                                 "goblins/hedge-wizard", "lava-elves/warlock", "undead/heucuva")]
    option = _option(engine.advise({"terrain": {"die": "highland-tower", "face": 2}, "army": {"army": army}}), "magic")
    assert option["method"] == "sampled" and option["samples"] == 200
    whole = engine.distribution({"roll": "magic", "terrain": "highland-tower", "army": army})
    assert option["magic"]["mean"] == whole["mean"]
    assert 0 < min(s["chance"] for s in option["spells"]) and max(s["chance"] for s in option["spells"]) <= 1
