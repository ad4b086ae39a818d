"""Exact probability distribution of a roll's final totals (a dynamic programme over dice).

Each unit's outcomes (calculator.outcomes) are convolved unit by unit into army states; steps 5-10
are then run on every distinct state by the very functions a single roll uses (calculator.collect
and calculator.totals), so no rule is restated here. The work is counted and bounded
(calculator.limits.BOUNDS): past the bound the answer is "too large to compute exactly", at once.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from .bundle import Index
from .collect import Group, Record, ability_warnings, counts_as_adds, reflected, unit_extras
from .contribution import CountsAs, Multiplier
from .errors import InputError, TooLarge
from .faceval import contribution
from .inputs import RollInput, Unit
from .interpret import see
from .limits import BOUNDS
from .outcomes import Layout, Outcome, sources_for, unit_outcomes
from .results import Trace
from .steps import DelayedUse, cannot_roll, delayed_uses
from .targets import pick
from .totals import Add, Sums, applicable, finish

State = tuple   # (vec, groups, mults, casas, records, aside)


class Budget:
    """Counts the work of one answer; past the bound it raises TooLarge (same in CPython and Pyodide)."""

    def __init__(self) -> None:
        self.work = 0

    def spend(self, n: int, states: int) -> None:
        self.work += n
        if self.work > BOUNDS["work"] or states > BOUNDS["states"]:
            raise TooLarge("army", "too large to compute exactly (more than "
                                   f"{BOUNDS['work']:,} outcome combinations); try fewer dice")


def _merge_groups(a: tuple, o: Outcome) -> tuple:
    if not o.rolled:
        return a
    d = dict(a)
    cur = dict(d.get(o.group, ()))
    for s, n in o.rolled:
        cur[s] = cur.get(s, 0) + n
    d[o.group] = tuple(sorted(cur.items()))
    return tuple(sorted(d.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])))


def _dedupe(casas: tuple) -> tuple:
    out: list = []
    for c in sorted(casas):
        if all(c[1:] != o[1:] for o in out):   # a second identical counts-as converts nothing
            out.append(c)
    return tuple(out)


class Army:
    """How outcomes combine for one roll: which records to keep, how to prune them."""

    def __init__(self, lay: Layout, k: int, keep_records: bool, species_mult: bool) -> None:
        self.lay, self.k, self.keep_records, self.species_mult = lay, k, keep_records, species_mult

    def start(self) -> State:
        return (tuple([0] * self.lay.width), (), (), (), (), ())

    def add(self, s: State, o: Outcome, aside: bool) -> State:
        vec, groups, mults, casas, recs, side = s
        if aside and o.id_roller is not None:
            return (vec, groups, mults, casas, recs, tuple(sorted(side + (o,), key=_aside_key)))
        vec = tuple(x + y for x, y in zip(vec, o.vec))
        if o.record is not None and self.keep_records and any(o.record):
            tag = o.group[0] if self.species_mult else None
            recs = self.prune(recs + ((tag, o.record),))
        return (vec, _merge_groups(groups, o), tuple(sorted(mults + o.mults)),
                _dedupe(casas + o.casas) if o.casas else casas, recs, side)

    def prune(self, recs: tuple) -> tuple:
        recs = tuple(sorted(recs, key=lambda r: (str(r[0]), r[1])))
        if self.species_mult or len(recs) <= self.k:
            return recs
        keep: set[int] = set()
        for i in range(self.lay.k):   # a one-unit pick only ever takes one of the K best of a type
            best = sorted(range(len(recs)), key=lambda j: (-recs[j][1][i], -sum(recs[j][1]), recs[j][1]))
            keep.update(best[: self.k])
        best = sorted(range(len(recs)), key=lambda j: (-sum(recs[j][1]), recs[j][1]))
        keep.update(best[: self.k])
        return tuple(r for j, r in enumerate(recs) if j in keep)


def _aside_key(o: Outcome) -> tuple:
    return (o.id_roller, o.vec, o.rolled, o.mults, o.casas, o.group)


def _prepare(inp: RollInput, idx: Index, extra: Any, n_extra: int) -> tuple[Layout, list[Unit], list[str]]:
    notes = []
    rolling = []
    for u in inp.units:
        rule = cannot_roll(u, inp.roll, idx)
        if rule:
            notes.append(f"{u.label} (die {u.index + 1}) does not roll in a {inp.roll.label().lower()} ({rule})")
            continue
        if u.rolled is not None:
            notes.append(f"{u.label} (die {u.index + 1}) is fixed at the face given: {u.rolled.label()}")
        rolling.append(u)
    parts = [contribution(u, f, inp.roll, idx) for u in rolling for f in set(u.faces) | set(u.rerolled)
             | ({u.rolled} if u.rolled else set())]
    lay = Layout(inp.roll, idx, rolling, extra, n_extra, sources_for(inp.roll, idx, rolling, parts, inp.modifiers))
    return lay, rolling, notes


def army_states(inp: RollInput, idx: Index, extra: Callable | None = None, n_extra: int = 0,
                budget: Budget | None = None) -> tuple[dict[State, float], Army, list[DelayedUse], float, list[str]]:
    """Every distinct army state and its probability; also the dropped mass and notes."""
    budget = budget or Budget()
    uses = delayed_uses(inp.delayed, idx)
    if any(u.effect.rerolls_targets for u in uses):
        raise InputError("delayed", "the chances with Confuse are not worked out (its targets depend on every "
                                    "die); resolve single rolls instead")
    aside = any(u.effect.selects_id_rollers for u in uses)
    lay, rolling, notes = _prepare(inp, idx, extra, n_extra)
    per_unit = []
    dropped = 0.0
    survive = 1.0
    for u in rolling:
        dist, lost = unit_outcomes(u, lay, aside)
        survive *= 1.0 - lost
        per_unit.append(dist)
    dropped = 1.0 - survive
    army = _army(lay, per_unit, inp)
    states: dict[State, float] = {army.start(): 1.0}
    for dist in per_unit:
        budget.spend(len(states) * len(dist), len(states))
        nxt: dict[State, float] = {}
        for s, p in states.items():
            for o, q in dist.items():
                key = army.add(s, o, aside)
                nxt[key] = nxt.get(key, 0.0) + p * q
        states = nxt
    return states, army, uses, dropped, notes


def _army(lay: Layout, per_unit: list[dict[Outcome, float]], inp: RollInput) -> Army:
    one_unit = sum(max((sum(1 for m in o.mults if m[5] is None) for o in d), default=0) for d in per_unit)
    one_unit += sum(1 for m in inp.modifiers if m.kind == "multiply-unit")
    species = any(m[5] is not None for d in per_unit for o in d for m in o.mults)
    return Army(lay, max(one_unit, 1), bool(one_unit or species), species)


def evaluate(state: State, army: Army, uses: list[DelayedUse], mods: list[Any], trace: Trace,
             with_excluded: bool = False) -> tuple:
    """Steps 2 (for ID rollers kept aside) and 5-10 of one army state: (totals per counted type, extras)."""
    lay = army.lay
    excluded: tuple = ()
    if state[5]:
        state, excluded = _step_2(state, army, uses)
    vec, groups, mults, casas, recs, _ = state
    k = lay.k
    sums = Sums({t: vec[i] for i, t in enumerate(lay.roll.counts)}, {t: vec[k + i] for i, t in enumerate(lay.roll.counts)})
    records = [Record(i, "unit", tag, rec) for i, (tag, rec) in enumerate(recs)]
    multipliers = [Multiplier(m[0], m[1], -1, m[2], m[3], m[4], m[5]) for m in mults]
    multipliers += [Multiplier("", m.source, -1, m.factor, tuple(t for t in m.p["types"] if t in lay.roll.counts),
                               False, None) for m in mods if m.kind == "multiply-unit" and m.fits(lay.roll)]
    sums.extras = unit_extras(records, multipliers, lay.roll)
    grps = [Group(g[0], g[1], rolled) for g, rolled in groups]
    sums.adds = counts_as_adds(grps, [CountsAs(c[0], c[1], c[2]) for c in casas], mods, lay.roll, lay.idx, trace)
    for i, t in enumerate(lay.roll.counts):
        if vec[2 * k + i]:
            sums.adds.append(Add("added to the army", t, vec[2 * k + i]))
    if vec[3 * k]:
        sums.adds.append(Add("automatic saves", "save", vec[3 * k]))
    reflected(vec[3 * k + 1], sums.sai, lay.roll, trace)
    totals = finish(sums, [m for m in mods if m.kind not in ("multiply-unit", "counts-as")], lay.roll, trace)
    out = (tuple(totals[t] for t in lay.roll.counts), vec[3 * k + 2:])
    return out + (excluded,) if with_excluded else out


def _step_2(state: State, army: Army, uses: list[DelayedUse]) -> tuple[State, tuple]:
    """Units that rolled an ID icon, taken out by delayed effects as a single roll does."""
    side = list(state[5])
    out: set[int] = set()
    for use in uses:
        if not use.effect.selects_id_rollers:
            continue
        cands = [(i, o.id_roller[0], o.id_roller[1], o.id_roller[2]) for i, o in enumerate(side) if i not in out]
        max_h, max_u = use.effect.limits(use.x)
        out.update(pick(cands, max_h, max_u))
    s = (state[0], state[1], state[2], state[3], state[4], ())
    for i, o in enumerate(side):
        if i not in out:
            s = army.add(s, o, False)
    return s, tuple(sorted(side[i].id_roller[2] for i in out))


def roll_outcomes(inp: RollInput, idx: Index, extra: Callable | None = None, n_extra: int = 0,
                  with_excluded: bool = False, budget: Budget | None = None) -> tuple[dict[tuple, float], float, list[str]]:
    """Distribution of (totals per counted type, extra quantities[, units taken out at step 2])."""
    budget = budget or Budget()
    states, army, uses, dropped, notes = army_states(inp, idx, extra, n_extra, budget)
    trace = Trace(quiet=True)
    mods = applicable(inp.modifiers, inp.roll, trace) + [m for m in inp.modifiers
                                                         if m.kind in ("counts-as", "multiply-unit")]
    ability_warnings(list(inp.units), inp.roll, idx, trace)
    out: dict[tuple, float] = {}
    cache: dict[State, tuple] = {}
    for s, p in states.items():
        key = cache.get(s)
        if key is None:
            key = cache[s] = evaluate(s, army, uses, mods, trace, with_excluded)
        out[key] = out.get(key, 0.0) + p
    budget.spend(len(states), len(out))
    return out, dropped, notes + [w.text for w in trace.warnings]


def summarize(dist: dict[int, float], dropped: float, notes: list[str], result: str) -> dict[str, Any]:
    keys = sorted(dist)
    # Plain loops, not sum(): sum() of floats is compensated in some Python versions only, and the
    # answer must be identical in CPython and Pyodide.
    mean = 0.0
    for t in keys:
        mean += t * dist[t]
    var = 0.0
    for t in keys:
        var += dist[t] * ((t - mean) * (t - mean))
    at_least: dict[str, float] = {}
    acc = 0.0
    for t in reversed(keys):       # P(total >= t) at every total that can occur (a sparse table)
        acc += dist[t]
        at_least[str(t)] = acc
    if dropped > 0:
        notes = notes + [f"very long roll-again chains were dropped: {dropped:.3g} of the probability is "
                         f"not shown"]
    return {"result": result, "distribution": {str(t): dist[t] for t in keys}, "mean": mean,
            "sd": math.sqrt(max(var, 0.0)), "at_least": dict(reversed(list(at_least.items()))),
            "dropped": dropped, "notes": notes, "see": see("chances")}


def distribution_of(engine: Any, data: Any) -> dict[str, Any]:
    """``Engine.distribution(input)``: the same input as ``resolve``, plus an optional ``result``."""
    raw = dict(data) if isinstance(data, dict) else data
    chosen = raw.pop("result", None) if isinstance(raw, dict) else None
    inp = engine.parse(raw)
    counts = inp.roll.counts
    if chosen is not None and chosen not in counts:
        raise InputError("result", f"{chosen!r} is not counted in this roll (one of {', '.join(counts)})")
    result = chosen or counts[0]
    i = counts.index(result)
    joint, dropped, notes = roll_outcomes(inp, engine.index)
    dist: dict[int, float] = {}
    for key, p in joint.items():
        dist[key[0][i]] = dist.get(key[0][i], 0.0) + p
    return summarize(dist, dropped, notes, result)
