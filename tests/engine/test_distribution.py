"""Engine.distribution: exact chances of each final total, checked by hand, by enumeration and
against a seeded Monte Carlo of Engine.resolve."""
from __future__ import annotations

import itertools
import json
import math
import random
import subprocess
import sys
from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

from calculator import InputError
from calculator.roll.faceval import contribution

from .conftest import ROOT


def unit(faces, health=1, species="coral-elves", **kw):
    return {"species": species, "health": health, "faces": faces, **kw}


def close(dist, expected, tol=1e-12):
    assert set(dist) == {str(k) for k in expected}, dist
    for k, p in expected.items():
        assert abs(dist[str(k)] - float(p)) < tol, (k, dist[str(k)], p)


# ---- hand-computed distributions ----

def test_one_small_unit(engine):
    # Faces: ID (health 1 -> 1 melee), melee, melee, save, maneuver, missile.
    # Melee total 1 on 3 of 6 faces, 0 on the other 3: {0: 1/2, 1: 1/2}.
    out = engine.distribution({"roll": "melee", "army": [unit(["id", "melee", "melee", "save", "maneuver", "missile"])]})
    close(out["distribution"], {0: F(1, 2), 1: F(1, 2)})
    assert out["mean"] == pytest.approx(0.5) and out["sd"] == pytest.approx(0.5)
    assert out["at_least"] == {"0": pytest.approx(1.0), "1": pytest.approx(0.5)}
    assert out["result"] == "melee" and out["dropped"] == 0.0


def test_two_units_convolve(engine):
    # Two of the same unit: 0 + 0 (1/4), one melee (2 * 1/4), both (1/4).
    u = unit(["id", "melee", "melee", "save", "maneuver", "missile"])
    out = engine.distribution({"roll": "melee", "army": [u, u]})
    close(out["distribution"], {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)})


def test_divide_rounds_down_per_face(engine):
    # Faces 2, 3, 4, 1 melee, ID (health 2), save; ÷2 melee (step 7, round down):
    # 2->1, 3->1, 4->2, 1->0, ID 2->1, save->0  =>  {0: 2/6, 1: 3/6, 2: 1/6}.
    u = unit(["2 melee", "3 melee", "4 melee", "melee", "id", "save"], health=2)
    out = engine.distribution({"roll": "melee", "army": [u],
                               "modifiers": [{"op": "divide", "result": "melee", "amount": 2}]})
    close(out["distribution"], {0: F(1, 3), 1: F(1, 2), 2: F(1, 6)})


def test_a_bare_icon_is_worth_what_its_die_makes_it(engine):
    # p.31 (seed SAI table, the value of X): one icon on a monster's face is 4 results, on a small
    # unit's face 1. The engine remembers the faces of dice described by hand by their spelling: the
    # same "melee" read for a small unit, then a monster, a monster, then the small unit again.
    # Small unit, faces melee and save: 1 melee on half the faces, {0: 1/2, 1: 1/2}.
    # Monster, the same faces: 4 melee on half the faces, {0: 1/2, 4: 1/2}.
    small = {"roll": "melee", "army": [unit(["melee", "save"], species="amazons")]}
    monster = {"roll": "melee", "army": [{"species": "amazons", "die_type": "monster", "faces": ["melee", "save"]}]}
    for data, expected in ((small, {0: F(1, 2), 1: F(1, 2)}), (monster, {0: F(1, 2), 4: F(1, 2)}),
                           (monster, {0: F(1, 2), 4: F(1, 2)}), (small, {0: F(1, 2), 1: F(1, 2)})):
        close(engine.distribution(data)["distribution"], expected)


def test_roll_again_chain(engine):
    # Faces: missile, Bullseye (roll again, nothing else in a missile roll), 4 saves.
    # P(1 missile) = sum_k (1/6)^k * 1/6 = (1/6) / (5/6) = 1/5; P(0) = 4/5, less the dropped tail.
    u = unit(["missile", "bullseye", "save", "save", "save", "save"], species="amazons")
    out = engine.distribution({"roll": "missile", "army": [u]})
    close(out["distribution"], {0: F(4, 5), 1: F(1, 5)}, tol=1e-11)
    assert 0 < out["dropped"] < 1e-11
    assert abs(sum(out["distribution"].values()) + out["dropped"] - 1) < 1e-12
    assert any("dropped" in n for n in out["notes"])


def test_fixed_face_is_said(engine):
    # The first unit is fixed at 2 melee; the second is the 1/2-1/2 unit: {2: 1/2, 3: 1/2}.
    out = engine.distribution({"roll": "melee", "army": [
        unit(["2 melee", "save"], rolled="2 melee"), unit(["id", "melee", "melee", "save", "maneuver", "missile"])]})
    close(out["distribution"], {2: F(1, 2), 3: F(1, 2)})
    assert any("fixed" in n for n in out["notes"])


def test_counts_as_species(engine):
    # Coastal Dodge (coral elves, water terrain, save roll): maneuver counts as save at step 10.
    # Faces: 2 maneuver, save, ID (health 1), melee, missile, magic -> saves 2, 1, 1, 0, 0, 0.
    u = unit(["2 maneuver", "save", "id", "melee", "missile", "magic"])
    out = engine.distribution({"roll": "save", "terrain": "coastland", "army": [u]})
    close(out["distribution"], {0: F(1, 2), 1: F(1, 3), 2: F(1, 6)})
    off = engine.distribution({"roll": "save", "terrain": "coastland", "army": [u],
                               "options": {"coastal-dodge": False}})
    close(off["distribution"], {0: F(2, 3), 1: F(1, 3)})


def test_combination_roll_result_choice(engine, bundle):
    army = [{"die": "coral-elves/sharpshooter"}, {"die": "coral-elves/fighter"}]
    first = engine.distribution({"roll": "dragon_attack", "army": army})
    assert first["result"] == "save"
    missile = engine.distribution({"roll": "dragon_attack", "army": army, "result": "missile"})
    assert missile["result"] == "missile" and missile["distribution"] != first["distribution"]
    with pytest.raises(InputError):
        engine.distribution({"roll": "melee", "army": army, "result": "save"})


# ---- exhaustive enumeration of small armies through Engine.resolve ----

def enumerate_exact(engine, inp, result):
    """Every face combination (no roll-again faces), each resolved by the engine."""
    parsed = engine.parse(inp)
    faces = [range(1, len(u.faces) + 1) for u in parsed.units]
    n = math.prod(len(f) for f in faces)
    out: dict[int, float] = {}
    for combo in itertools.product(*faces):
        army = [dict(u, rolled=i) for u, i in zip(inp["army"], combo)]
        t = engine.resolve(dict(inp, army=army))["totals"].get(result, 0)
        out[t] = out.get(t, 0.0) + 1 / n
    return out


def _rerolls(engine, data):
    parsed = engine.parse(data)
    return any(contribution(u, f, parsed.roll, engine.index).rerolls for u in parsed.units for f in u.faces)


POOL = ["coral-elves/fighter", "coral-elves/gryphon", "coral-elves/archer", "amazons/spearer",
        "items/air-flying-carpet", "feral/elephant-folk", "coral-elves/knight"]


@pytest.fixture(scope="module")
def pool(bundle):
    ids = sorted(d["id"] for d in bundle["dice"] if d.get("faces"))
    picked = [i for i in POOL if i in ids]
    picked += [i for i in ids if i.startswith("dragonkin/")][:2] + [i for i in ids if i.startswith("feral/")][:3]
    return picked


ROLLS = ["melee", "missile", "save", "maneuver", "magic", "dragon_attack"]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_two_dice_match_enumeration(engine, pool, data):
    dice = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2))
    roll = data.draw(st.sampled_from(ROLLS))
    inp = {"roll": roll, "terrain": data.draw(st.sampled_from(["coastland", "highland", None])),
           "army": [{"die": d} for d in dice]}
    if inp["terrain"] is None:
        del inp["terrain"]
    if data.draw(st.booleans()):
        inp["modifiers"] = [{"op": "divide", "result": "all", "amount": 2}, {"op": "add", "result": "all", "amount": 1}]
    if _rerolls(engine, inp):
        return
    out = engine.distribution(inp)
    exact = enumerate_exact(engine, inp, out["result"])
    close(out["distribution"], exact, tol=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_probabilities_sum_to_one(engine, pool, data):
    dice = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5))
    roll = data.draw(st.sampled_from(ROLLS))
    out = engine.distribution({"roll": roll, "terrain": "coastland", "army": [{"die": d} for d in dice]})
    assert abs(sum(out["distribution"].values()) - 1) < 1e-9
    keys = [int(k) for k in out["distribution"]]
    # P(>= k) is given at every total that can occur (a sparse table), in order.
    assert keys == sorted(keys) and list(out["at_least"]) == [str(k) for k in keys]
    assert all(out["distribution"][k] > 0 for k in out["distribution"])
    # P(>= k) is the tail sum of the distribution.
    for k, p in out["at_least"].items():
        assert abs(p - sum(q for t, q in out["distribution"].items() if int(t) >= int(k))) < 1e-9
    assert json.dumps(out, sort_keys=True) == json.dumps(engine.distribution(
        {"roll": roll, "terrain": "coastland", "army": [{"die": d} for d in dice]}), sort_keys=True)


# ---- Monte Carlo of Engine.resolve with faces chosen here ----

MC_CASES = [
    # A monster, a re-rolling SAI (Bullseye) in a missile roll, and a dividing modifier.
    ("bullseye-divide", {"roll": "missile", "terrain": "highland",
                         "army": [{"die": "coral-elves/sharpshooter"}, {"die": "amazons/spearer"},
                                  {"die": "coral-elves/gryphon"}, {"die": "coral-elves/archer"}],
                         "modifiers": [{"op": "divide", "result": "missile", "amount": 2}]}),
    # A counts-as ability (Coastal Dodge at a water terrain), a monster and a spell.
    ("counts-as", {"roll": "save", "terrain": "coastland",
                   "army": [{"die": "coral-elves/fighter"}, {"die": "coral-elves/knight"},
                            {"die": "coral-elves/gryphon"}, {"die": "coral-elves/archer"}],
                   "modifiers": [{"spell": "stone-skin"}]}),
    # One-unit multiplier (Elevate on a carpet) in a dragon attack, several units to pick from.
    ("elevate", {"roll": "dragon_attack", "army": [{"die": "items/air-flying-carpet"}, {"die": "amazons/spearer"},
                                                   {"die": "coral-elves/gryphon"}, {"die": "coral-elves/fighter"}],
                 "result": "missile"}),
    # A species multiplier (Trumpet) and a monster in a melee roll.
    ("trumpet", {"roll": "melee", "army": [{"die": "feral/elephant-folk"}, {"die": "feral/vulture-folk"},
                                           {"die": "coral-elves/fighter"}]}),
]
MC_ROLLS = 200_000


def _chain(engine, ctx, u, rng):
    """A first face and the roll-again faces it leads to, drawn here (1-based face numbers)."""
    first = rng.randrange(len(u.faces))
    faces = [first]
    pending = contribution(u, u.faces[first], ctx, engine.index).rerolls
    while pending:
        f = rng.randrange(len(u.faces))
        faces.append(f)
        pending += contribution(u, u.faces[f], ctx, engine.index).rerolls - 1
    return tuple(i + 1 for i in faces)


@pytest.mark.parametrize("name,inp", MC_CASES, ids=[c[0] for c in MC_CASES])
def test_monte_carlo_agrees(engine, name, inp):
    n = MC_ROLLS // len(MC_CASES)
    result = inp.get("result")
    base = {k: v for k, v in inp.items() if k != "result"}
    parsed = engine.parse(base)
    ctx = parsed.roll
    rng = random.Random(20261121)
    cache: dict[tuple, int] = {}
    counts: dict[int, int] = {}
    for _ in range(n):
        key = tuple(_chain(engine, ctx, u, rng) for u in parsed.units)
        t = cache.get(key)
        if t is None:
            army = [dict(u, rolled=c[0], rerolled=list(c[1:])) for u, c in zip(base["army"], key)]
            t = engine.resolve(dict(base, army=army))["totals"].get(result or ctx.counts[0], 0)
            cache[key] = t
        counts[t] = counts.get(t, 0) + 1
    out = engine.distribution(inp)
    dist = {int(k): p for k, p in out["distribution"].items()}
    assert set(counts) <= set(dist), (set(counts) - set(dist))
    for t, p in dist.items():
        seen = counts.get(t, 0) / n
        se = math.sqrt(p * (1 - p) / n)
        assert abs(seen - p) <= 4.5 * se + 2 / n, (name, t, seen, p)
    mean = sum(t * c for t, c in counts.items()) / n
    assert abs(mean - out["mean"]) <= 4.5 * out["sd"] / math.sqrt(n) + 1e-9


def test_delayed_kills_at_step_2(engine):
    # Choke (X=2) from the attacker: units that rolled ID are taken out, up to 2 health-worth.
    # Each unit: faces ID (health 1), save, 4 blanks (melee) -> alone it saves 1 w.p. 2/6.
    # With Choke, an ID unit's save is lost (1 health <= 2): only the save face counts: 1/6 each.
    u = unit(["id", "save", "melee", "melee", "melee", "melee"])
    out = engine.distribution({"roll": "save", "against": "melee", "army": [u],
                               "delayed": [{"sai": "choke", "x": 2}]})
    close(out["distribution"], {0: F(5, 6), 1: F(1, 6)})
    # Three units with X=2: at most two ID rollers are taken out; a third one still counts.
    three = engine.distribution({"roll": "save", "against": "melee", "army": [u, u, u],
                                 "delayed": [{"sai": "choke", "x": 2}]})
    exact = enumerate_exact(engine, {"roll": "save", "against": "melee", "army": [u, u, u],
                                     "delayed": [{"sai": "choke", "x": 2}]}, "save")
    close(three["distribution"], exact)


def test_cli_distribution(bundle_file):
    inp = json.dumps({"roll": "melee", "army": [unit(["id", "melee", "melee", "save", "maneuver", "missile"])]})
    proc = subprocess.run([sys.executable, "-m", "calculator", "distribution", "-", "--data", str(bundle_file)],
                          input=inp, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["distribution"] == {"0": 0.5, "1": 0.5}
    bad = subprocess.run([sys.executable, "-m", "calculator", "distribution", "-", "--data", str(bundle_file)],
                         input='{"roll": "melee", "army": []}', capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("roll", ["melee", "save", "missile", "magic", "maneuver"])
def test_a_die_rolled_once_has_the_outcomes_of_the_general_path(engine, roll):
    """_rolled_once (a die rolled once, no face rolling again) gives exactly what unit_outcomes'
    general path gives the same die: the same outcomes, the same floats, in the same order."""
    from calculator.roll.distribution import _prepare
    from calculator.roll.outcomes import unit_outcomes

    army = [unit(["id", "2 melee", "2 melee", "save", "maneuver", "missile"]),
            unit(["3 melee", "save", "2 save", "magic", "magic", "melee"], health=3),
            unit(["melee", "melee", "melee", "melee", "melee", "save"], health=2, species="dwarves"),
            {"die": "amazons/spearer"}, {"die": "coral-elves/gryphon"}, {"die": "dwarves/footman"}]
    inp = engine.parse({"roll": roll, "army": army})
    lay, rolling, known, _ = _prepare(inp, engine.index, None, 0)
    fast = 0
    for u, cs in zip(rolling, known):
        if lay.shared(False) and not any(c.rerolls for c in cs):
            fast += 1
        once, lost = unit_outcomes(u, lay, False, cs)
        general, lost2 = unit_outcomes(u, lay, False)       # without its contributions: the general path
        assert list(once.items()) == list(general.items()) and lost == lost2, u.name
    assert fast >= 3          # the comparison did take the quick path


def test_a_state_met_in_another_roll_is_evaluated_once(engine, monkeypatch):
    """Evaluations (an exchange's odds, rolling the same army from many states) give each roll exactly
    what it gets alone, warnings included, and work out a state met in an earlier roll only once.
    The armies: Coral Elves on a coastland, whose Coastal Dodge may count maneuvers as saves (so
    steps 5-10 do more than add up), with two dividing modifiers on saves (p.28: the second is
    ignored, with a warning given by every state's evaluation); the second roll has one die less."""
    from calculator.roll import distribution
    from calculator.roll.distribution import Evaluations, roll_outcomes

    dice = ["coral-elves/gryphon", "coral-elves/courier", "coral-elves/trooper", "coral-elves/guard"]
    mods = [{"op": "divide", "result": "save", "amount": 2}, {"op": "divide", "result": "save", "amount": 3}]
    rolls = [engine.parse({"roll": "save", "against": "missile", "terrain": "coastland", "modifiers": mods,
                           "army": [{"die": d} for d in army]}) for army in (dice, dice[:-1])]
    alone = [roll_outcomes(inp, engine.index, with_excluded=True) for inp in rolls]
    assert all(any("second divide modifier" in n for n in notes) for _, _, notes in alone)

    calls = []
    real = distribution.evaluate
    monkeypatch.setattr(distribution, "evaluate", lambda *a, **k: calls.append(a[0]) or real(*a, **k))

    def run(inp, memo):
        before = len(calls)
        return roll_outcomes(inp, engine.index, with_excluded=True, memo=memo), len(calls) - before

    (_, first), own = run(rolls[0], Evaluations()), run(rolls[1], Evaluations())
    assert own[0] == alone[1] and first > 0 and own[1] > 0
    memo = Evaluations()
    assert run(rolls[0], memo) == (alone[0], first)
    second = run(rolls[1], memo)
    assert second[0] == alone[1] and second[1] < own[1]        # some of its states were met before
    again = engine.parse({"roll": "save", "against": "missile", "terrain": "coastland", "modifiers": mods,
                          "army": [{"die": d} for d in dice]})
    assert run(again, memo) == (alone[0], 0)                     # the same army again: none worked out
    # A caller's extra quantity (here each rolling unit's health) passes through steps 5-10: it is
    # no part of what is remembered, and each roll still gets its own.
    health = (lambda unit, c: (unit.health,))
    own_x = [roll_outcomes(inp, engine.index, health, 1, with_excluded=True) for inp in rolls]
    memo = Evaluations()
    got = [roll_outcomes(inp, engine.index, health, 1, with_excluded=True, memo=memo) for inp in rolls]
    assert got == own_x and {k[1][0] for k in own_x[0][0]} != {k[1][0] for k in own_x[1][0]}
