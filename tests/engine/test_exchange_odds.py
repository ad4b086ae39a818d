"""Exact chances of an exchange (``exchange-odds``): one worked by hand from the rules, then checks
against the exchange's own resolver (a 40,000-exchange Monte Carlo), bounds and bad input.

Rules used by hand (rulebook v4.01d): an ID icon counts as results equal to the unit's health in
any roll (p.10); damage = attack results − saves, never below 0, and the owner kills units as
close to the damage as possible without exceeding it (p.29); killed defenders do not counter-attack
(p.11). At Highland (fire, earth) neither Amazons nor Coral Elves count one result as another.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator import InputError
from calculator.core.errors import NotExact, TooLarge
from calculator.core.limits import BOUNDS
from calculator.exchange import KEEPS_ITS_ROLL, SAVES_AGAINST, STAGES, Known, resolve_exchange, save_stage
from calculator.exchange.odds import exact_odds
from calculator.exchange.odds.chances import CARRIED
from calculator.exchange.odds.exact import advance, foresee, groups_of, start
from calculator.exchange.odds.explore import explore
from calculator.exchange.odds.refusals import refuse_unworked
from calculator.exchange.odds.stage_runs import first_roll
from calculator.exchange.request import parse_exchange
from calculator.roll.distribution import Budget

from .conftest import ROOT

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def dist(out: dict, side: str, what: str) -> dict[int, float]:
    return {int(k): v for k, v in out["sides"][side][what]["distribution"].items()}


def same_odds(a: dict, b: dict, tol: float = 1e-12) -> None:
    """Each side's chances of each loss in ``a`` and ``b``: the same amounts, each chance within ``tol``."""
    for side in ("attacker", "defender"):
        for what in ("damage", "killed"):
            assert dist(a, side, what) == pytest.approx(dist(b, side, what), abs=tol)
            assert dist(a, side, what).keys() == dist(b, side, what).keys()


def stage_by_stage(engine, data: dict, budget: Budget | None = None):
    """The exact odds' stage loop (calculator.exchange.odds.exact), one stage at a time: yields the
    run, each stage and the states before it (its frontier), then runs the stage from them."""
    budget = budget or Budget()
    run, frontier = start(engine, parse_exchange(data, engine.index), budget)
    for stage in STAGES:
        yield run, stage, frontier
        if stage is not STAGES[-1]:
            frontier = advance(run, stage, groups_of(run, stage, frontier, budget), budget)
            run.next_stage()


def agrees_with_the_resolver(engine, data: dict, n: int = 4000) -> dict:
    """The exact odds of ``data``, checked against ``n`` exchanges of the exchange's own resolver
    (roll by roll, none of the odds' shortcuts): every chance within 5 standard errors."""
    odds = engine.exchange_odds(data)
    assert odds["method"] == "exact"
    assert _agree(odds, _monte_carlo(engine, data, n), n) == []
    return odds


def army(*dice: str) -> dict:
    return {"army": [{"die": d} for d in dice]}


def exchange(attacker, defender, attack="melee", **extra) -> dict:
    return {"attack": attack, "terrain": "highland", "attacker": attacker, "defender": defender, **extra}


def test_one_soldier_attacks_one_fighter_by_hand(engine):
    out = engine.exchange_odds(exchange(army("amazons/soldier"), army("coral-elves/fighter")))
    # Soldier's melee (faces ID, 1 save, 1 melee, 1 melee, 1 maneuver, 2 melee; health 1):
    #   0 melee 2/6, 1 melee 3/6 (ID counts 1), 2 melee 1/6.
    # Fighter's saves (ID, 1 melee, 1 missile, 1 maneuver, 1 melee, 2 melee; health 1): 1 save 1/6 (its ID).
    # Damage: 0 = 2/6 + 3/6·1/6 = 15/36; 1 = 3/6·5/6 + 1/6·1/6 = 16/36; 2 = 1/6·5/6 = 5/36.
    assert dist(out, "defender", "damage") == pytest.approx({0: 15 / 36, 1: 16 / 36, 2: 5 / 36}, abs=1e-12)
    # The Fighter (health 1) dies whenever 1 or more damage gets through.
    assert dist(out, "defender", "killed") == pytest.approx({0: 15 / 36, 1: 21 / 36}, abs=1e-12)
    # Only a living Fighter counter-attacks (15/36): melee 0 = 2/6, 1 = 3/6, 2 = 1/6; the Soldier saves
    # 1 with ID or its save face (2/6). Counter damage: 0 = 2/6 + 3/6·2/6 = 18/36, 1 = 3/6·4/6 + 1/6·2/6
    # = 14/36, 2 = 1/6·4/6 = 4/36. Soldier's damage: 0 = 21/36 + 15/36·18/36, 1 = 15/36·14/36, 2 = 15/36·4/36.
    assert dist(out, "attacker", "damage") == pytest.approx(
        {0: (21 * 36 + 15 * 18) / 1296, 1: 15 * 14 / 1296, 2: 15 * 4 / 1296}, abs=1e-12)
    assert dist(out, "attacker", "killed") == pytest.approx({0: (21 * 36 + 15 * 18) / 1296, 1: 15 * 18 / 1296},
                                                            abs=1e-12)
    assert out["sides"]["defender"]["killed"]["mean"] == pytest.approx(21 / 36)
    assert out["sides"]["defender"]["killed"]["at_least"]["1"] == pytest.approx(21 / 36)


def test_faces_given_stay_fixed(engine):
    # The Soldier's attack is given (2 melee); the Fighter saves 1 on its ID only (1/6): damage 1 or 2.
    data = exchange({"army": [{"die": "amazons/soldier", "rolled": {"attack": "2 melee"}}]}, army("coral-elves/fighter"))
    out = engine.exchange_odds(data)
    assert dist(out, "defender", "damage") == pytest.approx({1: 1 / 6, 2: 5 / 6}, abs=1e-12)
    assert dist(out, "defender", "killed") == pytest.approx({1: 1.0}, abs=1e-12)
    # The Fighter always dies, so it never counter-attacks.
    assert dist(out, "attacker", "damage") == pytest.approx({0: 1.0}, abs=1e-12)


def _monte_carlo(engine, data: dict, n: int, seeds: range | None = None) -> dict[str, dict[str, Counter]]:
    """What the exchange's own resolver does over ``n`` seeded exchanges (seeds 1 to n, or ``seeds``),
    sharing what the runs of one input work out alike, as the sampled estimate does (each run is still
    the exchange resolved afresh: test_exchange_sampled). Seeds 1 to n of an input are resolved once
    for the module: the tests that check the same input against the resolver count the same runs
    (each seed's exchange is the same whichever test asks; the split between processes shows it)."""
    if seeds is None:
        losses = _resolved(engine, data, n)[:n]
    else:
        inp, known = parse_exchange(data, engine.index), Known()
        losses = [_losses(engine, inp, known, seed) for seed in seeds]
    seen = {s: {"damage": Counter(), "killed": Counter()} for s in ("attacker", "defender")}
    for one in losses:
        for name, damage, killed in one:
            seen[name]["damage"][damage] += 1
            seen[name]["killed"][killed] += 1
    return seen


_RESOLVED: dict[tuple, tuple] = {}      # (engine, the input) -> its parsed input, Known, losses of seeds 1, 2, ...


def _resolved(engine, data: dict, n: int) -> list[tuple]:
    """Each side's losses in the exchanges of seeds 1 to at least n, in order, made once per input."""
    key = (engine, json.dumps(data, sort_keys=True))
    if key not in _RESOLVED:
        _RESOLVED[key] = (parse_exchange(data, engine.index), Known(), [])
    inp, known, losses = _RESOLVED[key]
    for seed in range(len(losses) + 1, n + 1):
        losses.append(_losses(engine, inp, known, seed))
    return losses


def _losses(engine, inp, known: Known, seed: int) -> tuple:
    """(side, damage, health killed) of each side in the exchange resolved with ``seed``."""
    for side in inp.sides.values():
        for u in side.units:
            u.status, u.why, u.damage = "", "", 0
    inp.seed = seed
    run = resolve_exchange(engine, inp, known)
    dealt = {"attacker": 0, "defender": 0}
    for d in run.damages:
        dealt[d.to] += d.amount
    return tuple((name, dealt[name] + sum(u.damage for u in side.units),
                  sum(u.health for u in side.units if u.status in ("killed", "buried")))
                 for name, side in run.sides.items())


def _monte_carlo_part(job: tuple[dict, dict, range]) -> dict[str, dict[str, Counter]]:
    """One process's share of :func:`_parallel_monte_carlo`: its own engine over the same bundle."""
    from calculator import Engine

    bundle, data, seeds = job
    return _monte_carlo(Engine(bundle), data, len(seeds), seeds)


def _parallel_monte_carlo(engine, bundle: dict, data: dict, n: int) -> dict[str, dict[str, Counter]]:
    """:func:`_monte_carlo` over the same ``n`` seeds, split between the machine's cores (the exchanges
    are independent; the counts added up are the same)."""
    parts = min(4, os.cpu_count() or 1)
    if parts == 1:
        return _monte_carlo(engine, data, n)
    cuts = [1 + n * i // parts for i in range(parts + 1)]
    jobs = [(bundle, data, range(cuts[i], cuts[i + 1])) for i in range(parts)]
    seen = {s: {"damage": Counter(), "killed": Counter()} for s in ("attacker", "defender")}
    with ProcessPoolExecutor(max_workers=parts, mp_context=multiprocessing.get_context("spawn")) as pool:
        for part in pool.map(_monte_carlo_part, jobs):
            for side, whats in part.items():
                for what, counts in whats.items():
                    seen[side][what].update(counts)
    return seen


def _agree(odds: dict, seen: dict, n: int) -> list[tuple]:
    """Values where the exact chance and the sampled share differ by more than 5 standard errors
    (for a chance too small to show up, more than 6 sightings)."""
    bad = []
    for side, whats in seen.items():
        for what, counts in whats.items():
            exact = dist(odds, side, what)
            for k in set(exact) | set(counts):
                p, got = exact.get(k, 0.0), counts.get(k, 0)
                sd = math.sqrt(max(p * (1 - p), 1e-300) / n)
                if abs(p - got / n) > 5 * sd and not (n * p < 1 and got <= 6):
                    bad.append((side, what, k, p, got / n))
    return bad


SAMPLED = exchange(army("amazons/chimera", "amazons/war-chief"),
                   army("coral-elves/protector", "coral-elves/trooper", "coral-elves/fighter"))


def test_odds_agree_with_40000_exchanges_of_the_resolver(engine, bundle):
    # Smite (damage with no save) and SAIs that target units, a counter-attack of the survivors,
    # and an attacker's save roll: every part of the exchange is sampled. At 5 standard errors, 40,000
    # exchanges see a chance of 25% off by 1.1 points (100,000 took 40 s of a core on the 2-core machine).
    odds = engine.exchange_odds(SAMPLED)
    n = 40_000
    assert _agree(odds, _parallel_monte_carlo(engine, bundle, SAMPLED, n), n) == []


def test_the_monte_carlo_split_between_processes_counts_the_same(engine, bundle):
    n = 300
    assert _parallel_monte_carlo(engine, bundle, SAMPLED, n) == _monte_carlo(engine, SAMPLED, n)


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("treefolk/strangle-vine", "amazons/war-chief"), army("coral-elves/trooper", "coral-elves/guard"), "melee", {}),
    (army("frostwings/wolf-pack", "amazons/war-chief"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("amazons/spearer"), army("coral-elves/trooper", "coral-elves/fighter", "coral-elves/guard"), "missile", {}),
    (dict(army("goblins/thug", "goblins/mugger"), in_dua={"goblins": 1}), army("coral-elves/trooper", "coral-elves/guard"),
     "melee", {}),
    (army("frostwings/yeti", "amazons/war-chief"), army("coral-elves/protector"), "melee", {}),
    (army("amazons/spearer"), army("coral-elves/archer", "coral-elves/knight"), "missile", {"terrain": "coastland"}),
    (army("dwarves/skirmisher", "dwarves/footman"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
])
def test_odds_agree_with_the_resolver_on_effects(engine, attacker, defender, attack, extra):
    # Choke, Double Strike and Smother; Howl; Bullseye chains; Foul Stench; Surprise; Defensive Volley;
    # a Counter in the attacker's last save roll (each side's losses then worked out on their own).
    data = dict(exchange(attacker, defender, attack), **extra)
    # (Setting the other side's losses aside before the last save roll changed nothing when it was
    # made: test_each_sides_losses_answered_on_their_own_change_nothing and the corpus keep it.)
    odds = engine.exchange_odds(data)
    assert _agree(odds, _monte_carlo(engine, data, 6000), 6000) == []


DICE = ("amazons/soldier", "amazons/warrior", "amazons/war-chief", "coral-elves/fighter", "coral-elves/trooper",
        "coral-elves/protector", "dwarves/footman", "dwarves/sergeant", "goblins/thug", "frostwings/wolf-pack",
        "amazons/chimera", "goblins/mugger")


def test_odds_sum_to_one(engine):
    @SETTINGS
    @given(st.lists(st.sampled_from(DICE), min_size=1, max_size=3),
           st.lists(st.sampled_from(DICE), min_size=1, max_size=3),
           st.sampled_from(["melee", "missile"]), st.sampled_from(["highland", "coastland", "flatland"]))
    def check(att, dfn, attack, terrain):
        data = dict(exchange(army(*att), army(*dfn), attack), terrain=terrain)
        try:
            out = engine.exchange_odds(data)
        except (InputError, TooLarge):
            assume(False)
        for side in ("attacker", "defender"):
            for what in ("damage", "killed"):
                d = out["sides"][side][what]
                assert abs(sum(d["distribution"].values()) - 1.0) < 1e-9
                assert all(int(k) >= 0 and p >= 0 for k, p in d["distribution"].items())
    check()


@pytest.mark.parametrize("attacker, defender, named", [
    (army("amazons/war-chief"), army("dwarves/behemoth"), "Bash"),      # the defenders' save roll can Bash
    # The attack can Confuse the save roll (the Umber Hulk alone could not: with Confuse it rolls no
    # melee, and the other army makes no save roll, p.11).
    (army("dwarves/umber-hulk", "dwarves/footman"), army("coral-elves/trooper", "coral-elves/fighter"), "Confuse"),
])
def test_bash_and_confuse_are_estimated_with_a_reason(engine, attacker, defender, named):
    # Their exact chances are not worked out (Bash reads an attacking unit's own results, Confuse
    # rolls units again): the answer is the exchange sampled, resolved roll by roll, saying why.
    data = exchange(attacker, defender)
    with pytest.raises(InputError) as err:         # the exact method alone still refuses them
        exact_odds(engine, parse_exchange(data, engine.index))
    assert named in str(err.value)
    out = engine.exchange_odds(data)
    assert out["method"] == "sampled" and named in out["why"] and "not worked out" in out["why"]
    assert "resolve" not in out["why"]              # the estimate is the answer: no advice to resolve it
    assert out == engine.exchange_odds(dict(data, odds="sampled")) | {"why": out["why"]}


def test_confuse_with_no_results_beside_it_is_worked_out(engine):
    # p.11: an attack with no results brings no save roll. An Umber Hulk alone rolls no melee when it
    # rolls Confuse, so Confuse never acts in a save roll: the exact chances are worked out.
    data = exchange(army("dwarves/umber-hulk"), army("coral-elves/trooper", "coral-elves/fighter"))
    assert engine.exchange_odds(data)["method"] == "exact"


@pytest.mark.parametrize("attacker, defender", [
    # A unit entered by hand whose counter-attack shows no melee: no save roll against it, and no
    # face was given for one (building that roll up front would be an input error).
    ({"army": [{"species": "amazons", "health": 2, "die_type": "unit", "rolled": {"attack": "2 melee"}}]},
     {"army": [{"die": "amazons/warrior", "rolled": {"save": "2 save", "counter": "3 maneuver"}}]}),
    # The Umber Hulk given a melee face: its Confuse is not rolled.
    ({"army": [{"die": "dwarves/umber-hulk", "rolled": {"attack": "melee"}}, {"die": "dwarves/footman"}]},
     army("coral-elves/trooper")),
    # Foul Stench (three Goblins in the Dead Unit Area) keeps both defenders out of the
    # counter-attack, so the Umber Hulk's Confuse never rolls.
    ({"army": [{"die": "goblins/thug"}], "in_dua": {"goblins": 3}}, army("dwarves/umber-hulk", "dwarves/footman")),
])
def test_bash_or_confuse_that_cannot_act_leaves_the_odds_exact(engine, attacker, defender):
    # Faces given, a Dead Unit Area: the rolls built up front (calculator.exchange.worked) are not
    # the ones the exchange makes, so the exact odds decide, as they did before.
    assert engine.exchange_odds(exchange(attacker, defender))["method"] == "exact"


def test_bash_in_a_counter_attack_declined_is_worked_out(engine):
    # The attacking Behemoth could Bash only in its save roll against the counter-attack; p.11: the
    # defenders may choose not to counter-attack, and then that roll is never made.
    data = exchange(army("dwarves/behemoth", "dwarves/footman"), army("coral-elves/trooper"))
    assert engine.exchange_odds(data)["method"] == "sampled"
    assert engine.exchange_odds(dict(data, counter_attack=False))["method"] == "exact"


@pytest.mark.parametrize("attacker, defender, attack", [
    (army("dwarves/umber-hulk", *["dwarves/footman"] * 11), army(*["coral-elves/trooper"] * 12), "melee"),
    (army(*["amazons/soldier"] * 12), army("dwarves/behemoth", *["dwarves/footman"] * 11), "melee"),
    # Bash in the attacker's save roll against the counter-attack
    (army("dwarves/behemoth", *["dwarves/footman"] * 11), army(*["coral-elves/trooper"] * 12), "melee"),
])
def test_bash_and_confuse_are_refused_before_any_work(engine, attacker, defender, attack):
    # Refused as the roll that brings them would refuse, but before any roll's chances are worked
    # out (calculator.exchange.odds.refusals): the refusal is made from the input alone, with no
    # budget to count work against, and the exact odds start with it.
    inp = parse_exchange(exchange(attacker, defender, attack), engine.index)
    with pytest.raises(NotExact):
        refuse_unworked(engine, inp)
    budget = Budget()
    with pytest.raises(NotExact):
        start(engine, inp, budget)
    assert budget.work == 0


def plain_monsters(bundle: dict) -> list[str]:
    """12 monsters with neither Bash nor Confuse (an exchange that can roll them is refused for that
    first, however large: test_bash_and_confuse_are_estimated_with_a_reason)."""
    return [d["id"] for d in bundle["dice"] if d["kind"] == "monster"
            and not {f["icon"] for f in d["faces"]} & {"bash", "confuse"}][:12]


def test_too_large_is_said_and_estimated(engine, bundle):
    # Past the exact bound the answer is a sampled estimate that says why (never a hang, never none).
    monsters = plain_monsters(bundle)
    out = engine.exchange_odds(exchange(army(*monsters), army(*reversed(monsters))))
    assert out["method"] == "sampled" and "too large to compute exactly" in out["why"]


def test_command_line(bundle_file):
    data = exchange(army("amazons/soldier"), army("coral-elves/fighter"))
    run = subprocess.run([sys.executable, "-m", "calculator", "exchange-odds", "-", "--data", str(bundle_file)],
                         input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["sides"]["defender"]["killed"]["distribution"]["1"] == pytest.approx(21 / 36)
    bad = dict(data, defender={"army": [{"die": "coral-elves/fighter", "rolled": {"counter": "9 melee"}}]})
    run = subprocess.run([sys.executable, "-m", "calculator", "exchange-odds", "-", "--data", str(bundle_file)],
                         input=json.dumps(bad), capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2
    assert run.stderr.strip().startswith("error: defender.army[0].rolled.counter:")
    assert len(run.stderr.strip().splitlines()) == 1


def test_random_is_not_used(engine):
    # The seed rolls faces in a resolved exchange; the chances do not depend on it.
    data = exchange(army("amazons/soldier"), army("coral-elves/fighter"))
    assert engine.exchange_odds(dict(data, seed=1)) == engine.exchange_odds(dict(data, seed=random.randrange(10**6)))


def test_a_stage_on_course_past_the_bound_is_refused_before_its_work(engine):
    # 36-point Coral Elves shoot at 36-point Dwarves at a Coastland: their Bullseyes make Dwarves
    # roll alone, and the attack's many outcomes leave many states for the Dwarves' save roll. That
    # stage's work, foreseen from its states' first rolls before it runs, is past the bound: it is
    # refused then, well before the bound's work is spent.
    data = dict(exchange(army(*CORAL_36), army(*DWARVES_36), "missile"), terrain="coastland")
    out = engine.exchange_odds(data)
    assert out["method"] == "sampled" and "too large to compute exactly" in out["why"]
    budget = Budget()
    with pytest.raises(TooLarge):
        for run, stage, frontier in stage_by_stage(engine, data, budget):
            foresee(run, stage, groups_of(run, stage, frontier, budget), budget)
    assert 0 < budget.work < BOUNDS["work"] // 2


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("dwarves/skirmisher", "dwarves/footman"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("coral-elves/archer", "coral-elves/trooper", "coral-elves/knight"), army("dwarves/footman", "dwarves/sergeant"),
     "missile", {"terrain": "coastland"}),
    (army("frostwings/wolf-pack", "amazons/war-chief"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("amazons/spearer", "amazons/soldier", "amazons/warrior"), army("dwarves/footman", "dwarves/sergeant"),
     "missile", {}),
])
def test_a_save_stage_ends_each_state_once_per_damage_at_least(engine, attacker, defender, attack, extra):
    # p.11: damage = the attack's results - the saves, never below 0. A save stage's runs from a
    # group of states (alike but for the attack's results) end each state once per damage it is
    # dealt, at least: the foresight counts that many ends (save_runs.Group.fewest_ends) from the save
    # roll's outcomes with no effect. Each group's ends, counted as the stage runs, are no fewer.
    data = dict(exchange(attacker, defender, attack), **extra)
    seen = []
    budget = Budget()
    for run, stage, frontier in stage_by_stage(engine, data, budget):
        if stage not in SAVES_AGAINST:
            continue
        for group in groups_of(run, stage, frontier, budget):
            if not group.rep.done:
                least = group.fewest_ends(first_roll(run, stage, group.rep))
                seen.append((least, sum(1 for _ in explore(run, stage, group, budget))))
    assert engine.exchange_odds(data)["method"] == "exact"
    assert any(least > 1 for least, _ in seen)
    assert all(least <= ends for least, ends in seen), seen


def test_the_36_point_missile_is_refused_before_its_save_stage_runs(engine):
    # The save stage's foresight counts, besides a run per way its save roll goes, an end per
    # damage each state can be dealt: past the bound before a single run of the stage is made.
    data = dict(exchange(army(*CORAL_36), army(*DWARVES_36), "missile"), terrain="coastland")
    out = engine.exchange_odds(data)
    assert out["method"] == "sampled" and "too large to compute exactly" in out["why"]
    budget = Budget()
    for run, stage, frontier in stage_by_stage(engine, data, budget):
        if stage is save_stage:          # the attack stage ran: its states are the frontier
            assert frontier
            with pytest.raises(TooLarge):
                foresee(run, stage, groups_of(run, stage, frontier, budget), budget)
            break
    else:
        pytest.fail("the save stage was never reached")


DWARVES_24 = ["dwarves/warlord", "dwarves/mammoth-rider", "dwarves/skirmisher", "dwarves/sergeant",
              "dwarves/patroller", "dwarves/lizard-rider", "dwarves/sergeant", "dwarves/footman",
              "dwarves/footman", "dwarves/footman", "dwarves/sentry", "dwarves/pony-rider", "dwarves/footman"]
CORAL_24 = ["coral-elves/gryphon", "coral-elves/coral-giant", "coral-elves/protector", "coral-elves/sharpshooter",
            "coral-elves/trooper", "coral-elves/knight", "coral-elves/archer", "coral-elves/fighter",
            "coral-elves/guard", "coral-elves/bowman", "coral-elves/horseman"]
DWARVES_36 = DWARVES_24 + ["dwarves/crack-shot", "dwarves/wizard", "dwarves/marksman", "dwarves/thaumaturgist",
                          "dwarves/crossbowman", "dwarves/theurgist", "dwarves/footman"]
CORAL_36 = CORAL_24 + ["coral-elves/gryphon", "coral-elves/sharpshooter", "coral-elves/trooper", "coral-elves/archer",
                       "coral-elves/fighter"]


def test_a_stage_whose_first_state_is_its_largest_is_not_refused_on_it(engine):
    # The Coral Elves shoot at the Dwarves the other way round: the Dwarves' save stage runs from
    # every state the attack (its Bullseyes) left, the first (no Dwarf killed) with the most ways to
    # save. Projected by the ways each state's save roll goes, the stage stays within the bound, as
    # its whole work does: the odds are exact, and inside the interval of a sampled estimate.
    data = dict(exchange(army(*CORAL_24), army(*DWARVES_24), "missile"), terrain="coastland")
    out = engine.exchange_odds(data)
    assert out["method"] == "exact"
    lo, hi = engine.exchange_odds(dict(data, odds="sampled"))["sides"]["defender"]["killed"]["mean_interval"]
    assert lo <= out["sides"]["defender"]["killed"]["mean"] <= hi


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("dwarves/skirmisher", "dwarves/footman"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("amazons/spearer"), army("coral-elves/archer", "coral-elves/knight"), "missile", {"terrain": "coastland"}),
    (army("frostwings/wolf-pack", "amazons/war-chief"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
])
def test_the_exact_odds_leave_nothing_for_the_cycle_collector(engine, attacker, defender, attack, extra):
    # The exact odds pause the cyclic garbage collector while they work (calculator.exchange.odds):
    # that is only sound while they make no reference cycles, which would pile up unfreed meanwhile.
    # Counter, Smite and Bullseye chains, Howl; each stage's first roll looked up ahead.
    import gc
    data = dict(exchange(attacker, defender, attack), **extra)
    engine.exchange_odds(data)            # caches filled once (they may hold cycles: they stay)
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    try:
        assert engine.exchange_odds(data)["method"] == "exact"
        assert gc.collect() == 0
    finally:
        if was_on:
            gc.enable()


def test_a_refusal_lets_the_exact_odds_work_go_before_the_collector_is_back(engine, bundle):
    # The collector is paused while the exact odds work; a refusal's traceback would hold every
    # frame of that work (and so every state), and the collector's first pass once it is back would
    # go through them all (about a second on a large exchange). The refusal leaves without them.
    import gc
    monsters = plain_monsters(bundle)
    data = exchange(army(*monsters), army(*reversed(monsters)))
    with pytest.raises(TooLarge) as err:
        exact_odds(engine, parse_exchange(data, engine.index))
    frames, tb = [], err.value.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    assert frames[-1] == "exact_odds" and "work_out" not in frames, frames
    assert gc.isenabled()


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("dwarves/skirmisher", "dwarves/footman"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("amazons/spearer", "amazons/soldier"), army("coral-elves/archer", "coral-elves/knight"), "missile",
     {"terrain": "coastland"}),
    (army("coral-elves/archer", "coral-elves/trooper", "coral-elves/knight"), army("dwarves/footman", "dwarves/sergeant"),
     "missile", {"terrain": "coastland"}),
    (army("frostwings/wolf-pack", "amazons/war-chief"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
])
def test_a_save_stage_run_once_per_damage_made_changes_nothing(engine, attacker, defender, attack, extra):
    # p.11: damage = the attack's results - the saves, never below 0. The exact odds run a save stage
    # once for all the states and save roll outcomes making the same damage (calculator.exchange:
    # SAVES_AGAINST), the states alike but for the attack's results together. The exchange's own
    # resolver, roll by roll, agrees. (When this was made, the odds without it gave the same answer
    # to 1e-12; tests/engine/corpus/odds.jsonl keeps each of these answers since.)
    # (Counter in a save roll; Defensive Volley's missile counter-attack and the saves against it;
    # Bullseye chains before the save roll; Howl.)
    out = agrees_with_the_resolver(engine, dict(exchange(attacker, defender, attack), **extra))
    assert out["dropped"] < 1e-9


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("amazons/spearer", "amazons/soldier", "amazons/warrior"), army("dwarves/footman"), "missile", {}),
    (army("dwarves/skirmisher", "dwarves/footman", "dwarves/sergeant"), army("coral-elves/trooper", "coral-elves/fighter"),
     "melee", {}),
    (army("coral-elves/archer", "coral-elves/trooper", "coral-elves/knight"), army("dwarves/footman", "dwarves/sergeant"),
     "missile", {"terrain": "coastland"}),
    (army(*CORAL_24), army(*DWARVES_24), "missile", {"terrain": "coastland"}),
])
def test_damage_past_the_health_standing_ends_alike_changes_nothing(engine, attacker, defender, attack, extra):
    # p.29: the damaged army's owner removes units whose health adds up to the damage, as close as
    # possible without going over: damage as large as the health of every unit standing kills them
    # all, whatever its amount. The exact odds run a save stage once for all such damages and add
    # the difference to the damage dealt (save_runs.Damages._made); the losses past the health
    # standing are still told apart by their amount. The resolver, roll by roll, agrees (and the
    # corpus keeps the answers checked without it when this was made).
    data = dict(exchange(attacker, defender, attack), **extra)
    n = 1000 if len(data["attacker"]["army"]) > 5 else 4000          # the 24-point armies: fewer
    agrees_with_the_resolver(engine, data, n)


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    # The defender's Counter hits the attacker in the first save roll, and the attacker's last save
    # roll brings nothing back: the attacker's earlier losses go on into the last stage.
    (army("amazons/warrior"), army("dwarves/skirmisher", "dwarves/footman"), "melee", {"terrain": "highland"}),
    (army("dwarves/skirmisher", "dwarves/footman"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("dwarves/footman", "dwarves/sergeant"), army("coral-elves/archer", "coral-elves/trooper"), "missile",
     {"terrain": "coastland"}),
    (army("frostwings/wolf-pack", "amazons/war-chief"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
])
def test_each_sides_losses_answered_on_their_own_change_nothing(engine, attacker, defender, attack, extra):
    # Before the last save roll the exact odds answer each side's losses on their own (calculator.
    # exchange.odds.per_side): a side the roll cannot reach is answered as it stands, and the states
    # go on with the saving side's losses only. The resolver, roll by roll, agrees (worked out with
    # both sides' losses together when this was made: the same; the corpus keeps the answers).
    agrees_with_the_resolver(engine, dict(exchange(attacker, defender, attack), **extra))


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("dwarves/skirmisher", "dwarves/footman"), army("coral-elves/protector", "coral-elves/trooper"), "melee", {}),
    (army("amazons/spearer", "amazons/soldier"), army("coral-elves/archer", "coral-elves/knight"), "missile",
     {"terrain": "coastland"}),
    (army("coral-elves/archer", "coral-elves/trooper", "coral-elves/knight"), army("dwarves/footman", "dwarves/sergeant"),
     "missile", {"terrain": "coastland"}),
])
def test_a_kept_rolls_totals_carried_with_the_chances_change_nothing(engine, attacker, defender, attack, extra):
    # An attack stage keeps its roll's step for the save stage, which reads its totals (p.11: damage =
    # the attack's results - the saves). The exact odds keep the ends that differ only there as one
    # state whose chances carry the totals (calculator.exchange.odds.carried): after the attack
    # stage some state's chances carry them (a key one longer than the losses). The resolver, roll
    # by roll, agrees (with a state per outcome instead, when this was made: the same answer to
    # rounding; the corpus keeps the answers).
    data = dict(exchange(attacker, defender, attack), **extra)
    carried = [len(k) == CARRIED + 1 for run, stage, frontier in stage_by_stage(engine, data)
               if stage is save_stage for held in frontier.values() for k in held.payload]
    assert any(carried)
    agrees_with_the_resolver(engine, data)


def test_the_last_stage_pools_states_by_signatures_read_from_their_own(engine):
    # calculator.exchange.odds.per_side reads a state's signature with one side set aside, and with
    # its step reduced to whether it has results, from the state's own signature (the frontier's
    # key): the same as working them out from the state itself. The frontier's key is the state's
    # signature but for the totals of the roll kept, which its ways carry (calculator.exchange.odds.
    # carried).
    from calculator.exchange import READS_KEPT, SAVER_OF_LAST_STAGE
    from calculator.exchange.odds.per_side import _blank, by_side
    from calculator.exchange.odds.stage_runs import span
    from calculator.exchange.odds.state import answered, signature, standing, with_totals
    seen = []
    data = exchange(army("dwarves/skirmisher", "dwarves/footman", "dwarves/sergeant"),
                    army("coral-elves/protector", "coral-elves/trooper"))
    *_, (run, last, frontier) = stage_by_stage(engine, data)
    other = run.other(SAVER_OF_LAST_STAGE)
    lo, hi = span(run, other)
    kept = READS_KEPT[last]
    for sig, (state, payload, _) in frontier.items():
        carried = kept in state.ctx and not state.done
        assert all(len(k) == (CARRIED + 1 if carried else CARRIED) for k in payload)
        assert sig == (with_totals(signature(state), {kept}, ()) if carried else signature(state))
        blank = signature(_blank(run, state, other))
        assert standing(sig, lo, hi) == (with_totals(blank, {kept}, ()) if carried else blank)
        if not carried:
            assert answered(sig) == signature(state, answered_only=True)
        seen.append(carried)
    assert len(seen) > 3 and any(seen) and not all(seen)
    # The Coral Elves' losses are answered as they stand: the Dwarves' last save roll cannot reach them.
    assert sum(by_side(run, last, frontier).standing.values()) > 0.1
    assert engine.exchange_odds(data)["method"] == "exact"


def test_each_kept_roll_is_read_by_the_save_stage_after_it():
    # calculator.exchange: a stage that keeps its roll's step is followed by the save stage reading
    # that step (p.11: the saves are taken from that roll's results); the exact odds carry the roll's
    # totals from one to the other (calculator.exchange.kept), so no such stage can be the last.
    from calculator.exchange import KEEPS_ITS_ROLL, READS_KEPT, SAVES_AGAINST, STAGES
    assert KEEPS_ITS_ROLL and STAGES[-1] not in KEEPS_ITS_ROLL
    for before, after in zip(STAGES, STAGES[1:]):
        if before in KEEPS_ITS_ROLL:
            assert READS_KEPT[after] == SAVES_AGAINST[after] == KEEPS_ITS_ROLL[before]
    assert len(READS_KEPT) == len(KEEPS_ITS_ROLL)


@pytest.mark.parametrize("attacker, defender, attack, extra", [
    (army("coral-elves/sharpshooter", "coral-elves/archer", "coral-elves/trooper"),
     army("dwarves/footman", "dwarves/sergeant"), "missile", {"terrain": "coastland"}),
    (army("dwarves/footman", "dwarves/sergeant"), army("coral-elves/archer", "coral-elves/sharpshooter"), "missile",
     {"terrain": "coastland"}),
    (army("amazons/spearer", "amazons/soldier"), army("coral-elves/archer", "coral-elves/knight"), "missile",
     {"terrain": "coastland"}),
])
def test_a_kept_rolls_end_run_once_per_point_changes_nothing(engine, attacker, defender, attack, extra):
    # A stage that keeps its roll's step only keeps it after the roll's effects (calculator.exchange.
    # KEEPS_ITS_ROLL): the exact odds run it to its end once per point reached past the last effect
    # (stage_runs.kept_end), whichever outcome (and so however many Bullseyes) brought the ways
    # there. The resolver, roll by roll, agrees (run once per outcome's kind and effect index
    # instead, when this was made: the very same answer; the corpus keeps it).
    agrees_with_the_resolver(engine, dict(exchange(attacker, defender, attack), **extra))


@pytest.mark.parametrize("attacker, defender, attack", [
    # Two Sharpshooters and an Archer (whose faces carry Bullseye too) against Dwarves; Dwarves
    # against them, answered by Defensive Volley (coastland has air).
    (army("coral-elves/sharpshooter", "coral-elves/sharpshooter", "coral-elves/archer"),
     army("dwarves/footman", "dwarves/sergeant", "dwarves/skirmisher"), "missile"),
    (army("dwarves/footman", "dwarves/sergeant"),
     army("coral-elves/sharpshooter", "coral-elves/sharpshooter", "coral-elves/trooper"), "missile"),
])
def test_the_same_effect_from_two_faces_is_one_changes_nothing(engine, attacker, defender, attack, monkeypatch):
    # A Bullseye does the same whichever face brought it (the SAI table: its X, its targets and their
    # save rolls; the face is never named). The exact odds take the Bullseyes of different faces as
    # one effect rolled so many times (calculator.exchange.odds.extras.use_key). Told apart by face, as
    # a kind that names its face is: the same answer, to rounding, from more kinds of outcome.
    from calculator.kinds.exchange import TargetKill
    data = exchange(attacker, defender, attack, terrain="coastland")

    def effects_rolled() -> int:
        """How many distinct effects the exchange's rolls bring, as the exact odds tell them apart."""
        *_, (run, _, _) = stage_by_stage(engine, data)
        return sum(len(entry.extras.uses) for entry in run.entries.values())

    one, uses_one = engine.exchange_odds(data), effects_rolled()
    monkeypatch.setattr(TargetKill, "names_its_face", True)
    apart, uses_apart = engine.exchange_odds(data), effects_rolled()
    assert one["method"] == apart["method"] == "exact" and one["notes"] == apart["notes"]
    # Ways less likely than 1e-12 are left out (and reported); fewer kinds split the chances less
    # finely, so less is left out, and the answers differ by at most what the other left out more.
    assert one["dropped"] <= apart["dropped"] + 1e-15
    tol = apart["dropped"] - one["dropped"] + 1e-12
    same_odds(one, apart, tol)
    assert uses_one < uses_apart


def test_a_kind_that_names_its_face_says_so(engine, monkeypatch):
    # Coil leaves the target's melee results back at the Coiling unit to the player, naming the face
    # (rulebook v4.01d, the SAI table). A kind declared never to name its face, yet leaving a part,
    # is an error, not an answer whose faces the exact odds merged.
    from calculator.kinds.exchange import DamageTargetUnit
    data = {"attack": "melee", "terrain": "highland", "seed": 1,
            "attacker": {"army": [{"die": "swamp-stalkers/ormyrr", "rolled": {"attack": "coil"}}]},
            "defender": army("amazons/soldier")}
    assert "Coil (Ormyrr" in engine.exchange(data)["left"][0]["text"]
    monkeypatch.setattr(DamageTargetUnit, "names_its_face", False)
    with pytest.raises(RuntimeError, match="damage-target-unit.*names_its_face"):
        engine.exchange(data)


# A melee at Feyland: the Undead and Treefolk defenders' save roll has about 120,000 kinds of outcome
# (their SAIs, Stepped Damage and the dice's many faces), more than the bound lets the odds read.
MANY_KINDS = {"attack": "melee", "terrain": "feyland",
              "attacker": army("coral-elves/coral-giant", "frostwings/wolf-pack", "coral-elves/sprite-swarm",
                               "frostwings/magi", "frostwings/remorhaz", "coral-elves/horseman",
                               "coral-elves/sprite-swarm", "coral-elves/bowman", "coral-elves/bowman",
                               "frostwings/hound-master", "coral-elves/leviathan", "coral-elves/protector",
                               "coral-elves/conjurer", "frostwings/bear-master", "frostwings/apprentice",
                               "frostwings/dispatcher"),
              "defender": army("undead/skeleton", "treefolk/naiad", "treefolk/naiad", "undead/skeletal-steed",
                               "undead/skeletal-steed", "treefolk/strangle-vine", "undead/zombie", "undead/ghoul",
                               "treefolk/unicorn", "undead/death-knight", "treefolk/nymph", "undead/ghost",
                               "undead/ghast")}


def test_a_roll_with_more_outcomes_than_the_bound_reads_is_refused_before_they_are_read(engine):
    # Reading a roll's outcomes (each made into a result the stage reads) is work counted against
    # the bound before any is read (costs.READ_COST): the save roll's table is refused at once,
    # instead of some seconds later, after reading every outcome, at the stage's foresight.
    out = engine.exchange_odds(MANY_KINDS)
    assert out["method"] == "sampled" and "too large to compute exactly" in out["why"]
    held = []
    with pytest.raises(TooLarge):
        for run, _, _ in stage_by_stage(engine, MANY_KINDS):
            held.append(run)
    made = sum(len(entry.chosen) for entry in held[0].entries.values())     # each outcome's result made
    assert 0 < made < 10_000, made


def test_states_a_roll_evaluates_at_step_2_are_counted_before_they_are_evaluated(engine, monkeypatch):
    # The same save roll: its units' ID results are kept aside for step 2 (the attack's delayed
    # effects take some out), so each of its army states is evaluated in full, though its army has no
    # modifier (such an army's states usually only add their counts up, at next to no cost). Each
    # such state counts as an evaluation before any is made, so the table is refused at once.
    from calculator.roll import distribution
    stepped = []
    real = distribution._step_2
    monkeypatch.setattr(distribution, "_step_2", lambda state, *a: stepped.append(1) or real(state, *a))
    out = engine.exchange_odds(MANY_KINDS)
    assert out["method"] == "sampled" and "too large to compute exactly" in out["why"]
    assert len(stepped) < 10_000, len(stepped)       # 119,191 before


# A missile at Coastland: the attack stage ends in 5,575 states whose ways carry the missile roll's
# totals, which the save stage shows as about 110,000 states of its own, one per totals. (The attack
# stage alone takes about 10,000,000 of work: the test raises the bound past it.)
MANY_SHOWN = {"attack": "missile", "terrain": "coastland",
              "attacker": army("scalders/smolderer", "scalders/blazer", "undead/death-knight", "scalders/ettercap",
                               "scalders/igniter", "scalders/ettercap", "undead/heucuva", "scalders/searer",
                               "scalders/blazer", "undead/skeletal-steed", "undead/lich", "scalders/blazer",
                               "scalders/quickling", "scalders/dragonne-rider", "scalders/glower",
                               "scalders/singeman", "scalders/blazer", "undead/skeletal-steed"),
              "defender": army("treefolk/redwood", "coral-elves/horseman", "coral-elves/gryphon", "coral-elves/courier",
                               "coral-elves/eagle-knight", "coral-elves/evoker", "coral-elves/fighter",
                               "treefolk/hamadryad", "coral-elves/sharpshooter", "treefolk/redwood",
                               "coral-elves/archer", "coral-elves/fighter", "coral-elves/protector",
                               "treefolk/lady-nereid", "coral-elves/enchanter")}


def test_the_states_a_save_stage_shows_are_foreseen_before_any_is_made(engine, monkeypatch):
    # Each state a stage's groups get is work counted against the bound (costs.MEMBER_COST), all of
    # them foreseen before the first is made: past the bound, none of the save stage's is.
    monkeypatch.setitem(BOUNDS, "work", 11_000_000)
    out = engine.exchange_odds(MANY_SHOWN)
    assert out["method"] == "sampled" and "too large to compute exactly" in out["why"]
    budget = Budget()
    for run, stage, frontier in stage_by_stage(engine, MANY_SHOWN, budget):
        if stage is save_stage:               # past the attack stage: refused at the save stage's groups
            assert len(frontier) > 1000
            with pytest.raises(TooLarge):
                groups_of(run, stage, frontier, budget)
            break
    else:
        pytest.fail("the save stage was never reached")
