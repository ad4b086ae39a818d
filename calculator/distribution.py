"""Exact probability distribution of one roll's final total (a dynamic programme over dice).

Each unit's outcome distribution (first face, then "roll again" chains, cut off below
:data:`CUTOFF`) is reduced to a compact key; the army's keys are convolved unit by unit.
Steps 5-10 are then run by the engine's own :func:`collect` and :func:`finish` on a few
synthetic units rebuilt from each final state, so no rule is restated here. Three things
are not simply additive and are carried in the state (see :class:`Layout`): one-unit and
species multipliers (per-unit records), units taken out at step 2 (who rolled ID), and
army counts-as effects (the effects rolled, and rolled results per species).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .army import RollInput, Unit
from .bundle import Index
from .effects import Context, Contribution, contribution
from .faces import Face
from .errors import InputError
from .steps import (Trace, UnitRoll, _counts_as, _unsupported_abilities, cannot_roll, collect, finish,
                    step_2_delayed)

CUTOFF = 1e-12   # a "roll again" branch less likely than this is dropped (its mass is reported)
W = 24           # bits per field of the packed additive vector
MASK = (1 << W) - 1


@dataclass(frozen=True)
class Part:
    """What one face adds, reduced to what steps 5-10 can see."""

    add: int                          # packed nonsai/sai/rolled fields
    mult: tuple[tuple, ...]           # multiply-unit effects (canonical tuples)
    cas: tuple[tuple, ...]            # army counts-as effects (name, from, to)
    res: tuple[int, ...]              # results per multiplied type
    lose: bool
    rerolls: int


class Layout:
    """Which fields the state keeps for one army and roll."""

    def __init__(self, inp: RollInput, ctx: Context, idx: Index, result: str,
                 faces: dict[int, dict[Face, Contribution]]) -> None:
        self.ctx, self.idx, self.result = ctx, idx, result
        parts = [c for per in faces.values() for c in per.values()]
        mults = [m for c in parts for m in c.multiply]
        self.mult_types = tuple(t for t in ctx.counted if any(t in m["types"] for m in mults))
        self.rel = tuple(t for t in ctx.counted if t == result or t in self.mult_types)
        self.one_unit = any(m["who"] == "one-unit" for m in mults)
        self.species_mult = {m["who"][: -len("-units")] for m in mults if m["who"].endswith("-units")}
        multi_group = any(m["who"] == "one-unit" and not m["choose_one"] and len(m["types"]) > 1 for m in mults)
        # Top-K pruning of per-unit records is exact only for one-unit picks by single type.
        self.prune = self.one_unit and not self.species_mult and not multi_group
        # Rolled results only matter for counts-as: keep the sources an effect in this army could
        # convert, and a species group where the species' own ability converts them (probed below).
        army_srcs = {str(c["from"]) for p in parts for c in p.counts_as}
        army_srcs.update(str(m.from_type) for m in inp.modifiers if m.op == "counts-as")
        self.groups: list[str | None] = [None]
        species_srcs: set[str] = set()
        for sp in sorted({u.species for u in inp.units if u.species}):
            conv = {s: _probe(sp, s, ctx, idx) for s in RESULTS if s not in ctx.counted}
            if any(to == result or (to and s in army_srcs) for s, to in conv.items()):
                self.groups.append(sp)
                species_srcs.update(s for s, to in conv.items() if to == result)
        self.srcs = tuple(t for t in RESULTS if (t in army_srcs or t in species_srcs) and t not in ctx.counted)
        self.fields: list[tuple] = ([("nonsai", t) for t in self.rel] + [("sai", t) for t in self.rel]
                                    + [("auto",)] + [("rolled", g, s) for g in self.groups for s in self.srcs])
        self.pos = {f: i for i, f in enumerate(self.fields)}
        self.k = 0   # how many one-unit multipliers the army can roll at most

    def pack(self, values: dict[tuple, int]) -> int:
        out = 0
        for f, n in values.items():
            if n and f in self.pos:
                out += n << (W * self.pos[f])
        return out

    def unpack(self, add: int) -> dict[tuple, int]:
        return {f: (add >> (W * i)) & MASK for i, f in enumerate(self.fields)}

    def part(self, unit: Unit, c: Contribution) -> Part:
        vals: dict[tuple, int] = {}
        for t, n in c.nonsai.items():
            vals[("nonsai", t)] = n
        for t, n in c.sai.items():
            vals[("sai", t)] = n
        group = unit.species if unit.species in self.groups else None
        for t, n in c.rolled.items():
            vals[("rolled", group, t)] = n
        mult = tuple((m["sai"], m["name"], m["factor"], tuple(m["types"]), m["choose_one"], m["who"])
                     for m in c.multiply)
        cas = tuple((x["name"], x["from"], _as_tuple(x["to"]), x["who"]) for x in c.counts_as)
        res = tuple(c.nonsai.get(t, 0) + c.sai.get(t, 0) for t in self.mult_types)
        return Part(self.pack(vals), mult, cas, res, c.lose_auto_saves, c.rerolls)


RESULTS = ("maneuver", "melee", "missile", "magic", "save")


def _probe(species: str, src: str, ctx: Context, idx: Index) -> str | None:
    """The type one rolled ``src`` result of a ``species`` unit counts as in this roll, if any."""
    ur = UnitRoll(Unit(0, "probe", None, species, "unit", None, (), None, ()), [], [Contribution(rolled={src: 1})])
    adds = _counts_as([ur], [], ctx, idx, Trace())
    return adds[0][1] if adds else None


def _as_tuple(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


# A unit's reduced outcome: (add, mult, cas, record, id_roller)
Outcome = tuple[int, tuple, tuple, tuple, bool]
# The army state: (add, mult, cas, records, id mask)
State = tuple[int, tuple, tuple, tuple, int]


def _dedupe(cas: tuple) -> tuple:
    # A second army counts-as with the same from/to converts nothing (each result counted once).
    out: list = []
    for c in cas:
        if all(c[1:3] != o[1:3] for o in out):
            out.append(c)
    return tuple(out)


def unit_outcomes(unit: Unit, per_face: dict[Face, Contribution], lay: Layout, kill_mode: bool
                  ) -> tuple[dict[Outcome, float], float, int]:
    """Distribution of one unit's reduced outcome, the dropped mass, and its max multiply count."""
    parts = {f: lay.part(unit, c) for f, c in per_face.items()}
    first = [(unit.rolled, 1.0)] if unit.rolled is not None else [(f, 1.0 / len(unit.faces)) for f in unit.faces]
    given = unit.rerolled
    n_faces = len(unit.faces)
    # Markov chain over (partial sum, pending re-rolls, given faces used); absolute probabilities.
    frontier: dict[tuple, float] = {}
    done: dict[tuple, float] = {}
    dropped = 0.0
    for f, p in first:
        pt = parts[f]
        key = ((pt.add, pt.mult, pt.cas, pt.res, pt.lose, kill_mode and f.icon == "id"), pt.rerolls, 0)
        frontier[key] = frontier.get(key, 0.0) + p
    while frontier:
        nxt: dict[tuple, float] = {}
        for (acc, pending, k), p in frontier.items():
            if pending == 0 or (k >= len(given) and n_faces == 0):
                done[acc] = done.get(acc, 0.0) + p
                continue
            if p < CUTOFF:
                dropped += p
                continue
            if k < len(given):
                choices = [(given[k], p)]
                k2 = k + 1
            else:
                choices = [(f, p / n_faces) for f in unit.faces]
                k2 = k
            for f, q in choices:
                pt = parts[f]
                a = (acc[0] + pt.add, acc[1] + pt.mult, acc[2] + pt.cas,
                     tuple(x + y for x, y in zip(acc[3], pt.res)), acc[4] or pt.lose, acc[5])
                key = (a, pending - 1 + pt.rerolls, k2)
                nxt[key] = nxt.get(key, 0.0) + q
        frontier = nxt
    out: dict[Outcome, float] = {}
    auto_pos = lay.pos[("auto",)]
    max_mult = 0
    for (add, mult, cas, res, lose, idr), p in done.items():
        if unit.auto_saves and not lose:
            add += unit.auto_saves << (W * auto_pos)
        max_mult = max(max_mult, sum(1 for m in mult if m[5] == "one-unit"))
        rec: tuple = ()
        if any(res):
            tag = unit.species if unit.species in lay.species_mult else None
            rec = ((unit.index, tag, res),)
        key = (add, mult, _dedupe(cas), rec, idr)
        out[key] = out.get(key, 0.0) + p
    return out, dropped, max_mult


def _merge_records(a: tuple, b: tuple, lay: Layout, k: int) -> tuple:
    """Records (unit index, species tag, results per multiplied type) the multipliers may look at."""
    if not b:
        return a
    if lay.species_mult and not lay.one_unit:
        # Species multipliers only: a species' units can be summed (Trumpet doubles them all).
        d: dict = {}
        for _, tag, res in a + b:
            if tag is None:
                continue
            old = d.get(tag)
            d[tag] = res if old is None else tuple(x + y for x, y in zip(old, res))
        return tuple((0, t, d[t]) for t in sorted(d))
    recs = sorted(a + b)   # unit order: the engine breaks ties between equal gains by it
    if lay.prune:
        # A one-unit pick by type only ever takes one of the K best of that type (ties: the first).
        keep: set[int] = set()
        for i in range(len(lay.mult_types)):
            best = sorted((j for j in range(len(recs)) if recs[j][2][i] > 0), key=lambda j: (-recs[j][2][i], j))
            keep.update(best[:k])
        recs = [r for j, r in enumerate(recs) if j in keep]
    return tuple(recs)


def _synthetic(state: State, lay: Layout) -> list[UnitRoll]:
    """A few units whose summed results, effects and records equal those of the state.

    Record units come first, in unit order. The rest of the army's results ("filler" units,
    carrying all effects) come after them, split so that no filler has more results of a type
    than the K-th best record: a pick by gain never takes one (as it never takes a pruned unit).
    """
    add, mult, cas, recs, _ = state
    vals = lay.unpack(add)
    out: list[UnitRoll] = []

    def unit(species: str | None, auto: int = 0) -> Unit:
        return Unit(len(out), "units", None, species, "unit", None, (), None, (), auto)

    for _, tag, res in recs:
        out.append(UnitRoll(unit(tag), [], [Contribution(sai=dict(zip(lay.mult_types, res)))]))
    rest = {t: vals[("nonsai", t)] + vals[("sai", t)] for t in lay.rel}
    cap: dict[str, int] = {}
    for i, t in enumerate(lay.mult_types):
        rest[t] -= sum(r[2][i] for r in recs)
        tops = sorted((r[2][i] for r in recs), reverse=True)[: max(lay.k, 1)]
        cap[t] = tops[-1] if tops and tops[-1] > 0 else 0
    fillers = max([1] + [-(-rest[t] // cap[t]) for t in lay.mult_types if rest[t] > 0 and cap[t]])
    for j in range(fillers):
        share = {t: (rest[t] if not cap.get(t) else max(0, min(cap[t], rest[t] - cap[t] * j)))
                 for t in lay.rel}
        if j:
            out.append(UnitRoll(unit(None), [], [Contribution(sai=share)]))
            continue
        # The first filler carries the normal results (nonsai + sai = its share) and every effect.
        first = Contribution(
            nonsai={t: vals[("nonsai", t)] for t in lay.rel},
            sai={t: share[t] - vals[("nonsai", t)] for t in lay.rel},
            rolled={s: vals[("rolled", None, s)] for s in lay.srcs},
            multiply=[{"sai": m[0], "name": m[1], "unit": 0, "factor": m[2], "types": m[3],
                       "choose_one": m[4], "who": m[5]} for m in mult],
            counts_as=[{"name": c[0], "from": c[1], "to": c[2], "who": c[3]} for c in cas])
        out.append(UnitRoll(unit(None), [], [first]))
    for g in lay.groups[1:]:
        rolled = {s: vals[("rolled", g, s)] for s in lay.srcs}
        if any(rolled.values()):
            out.append(UnitRoll(unit(g), [], [Contribution(rolled=rolled)]))
    if vals[("auto",)]:
        out.append(UnitRoll(unit(None, vals[("auto",)]), [], [Contribution()]))
    return out


def distribution(inp: RollInput, ctx: Context, idx: Index, result: str) -> dict[str, Any]:
    """The exact distribution of the final total of ``result`` (see module docstring)."""
    notes: list[str] = []
    rolling = []
    for u in inp.units:
        rule = cannot_roll(u, ctx, idx)
        if rule:
            notes.append(f"army[{u.index}] {u.label}: does not roll in a {ctx.roll} roll ({rule})")
            continue
        if u.rolled is not None:
            notes.append(f"army[{u.index}] {u.label}: treated as fixed at its given face {u.rolled.label()}")
        rolling.append(u)
    faces: dict[int, dict[Face, Contribution]] = {}
    for u in rolling:
        fs = set(u.faces) | set(u.rerolled) | ({u.rolled} if u.rolled else set())
        faces[u.index] = {f: contribution(u, f, ctx, idx) for f in sorted(fs)}
    lay = Layout(inp, ctx, idx, result, faces)
    kill_mode = ctx.roll == "save" and bool(inp.delayed)
    per_unit = []
    survive = 1.0
    k = 0
    for u in rolling:
        dist, dropped, mm = unit_outcomes(u, faces[u.index], lay, kill_mode)
        survive *= 1.0 - dropped
        k += mm
        per_unit.append((u, dist))
    lay.k = k
    states: dict[State, float] = {(0, (), (), (), 0): 1.0}
    id_outcome: dict[int, Outcome] = {}
    for u, dist in per_unit:
        nxt: dict[State, float] = {}
        for (add, mult, cas, recs, mask), p in states.items():
            for (a2, m2, c2, r2, idr), q in dist.items():
                if idr:   # an ID roller: kept aside until step 2 decides whether it counts
                    id_outcome[u.index] = (a2, m2, c2, r2, idr)
                    key = (add, mult, cas, recs, mask | (1 << u.index))
                else:
                    key = (add + a2, mult + m2, _dedupe(cas + c2) if c2 else cas,
                           _merge_records(recs, r2, lay, k), mask)
                nxt[key] = nxt.get(key, 0.0) + p * q
        states = nxt
    totals: dict[int, float] = {}
    warnings: list[str] = []
    cache: dict[State, int] = {}
    for state, p in states.items():
        if state[4]:
            state = _with_id_rollers(state, inp, ctx, idx, id_outcome, lay, k)
        t = cache.get(state)
        if t is None:
            trace = Trace()
            rolls = _synthetic(state, lay)
            sums = collect(rolls, inp.modifiers, ctx, idx, trace)
            t = finish(sums, inp.modifiers, ctx, trace).get(result, 0)
            cache[state] = t
            for w in trace.warnings:
                if w["text"] not in warnings:
                    warnings.append(w["text"])
        totals[t] = totals.get(t, 0.0) + p
    real = Trace()
    _unsupported_abilities([UnitRoll(u, [], []) for u in rolling], ctx, idx, real)
    for w in real.warnings:
        if w["text"] not in warnings:
            warnings.append(w["text"])
    return _output(totals, result, 1.0 - survive, notes + warnings)


def _with_id_rollers(state: State, inp: RollInput, ctx: Context, idx: Index, id_outcome: dict[int, Outcome],
                     lay: Layout, k: int) -> State:
    """Run step 2 on who rolled ID; add back the ID rollers it does not take out."""
    mask = state[4]
    id_faces: list[Face | None] = []
    for u in inp.units:
        hit = mask >> u.index & 1
        id_faces.append(next((f for f in (u.rolled,) + u.faces if f and f.icon == "id"), None) if hit else None)
    excluded = step_2_delayed(inp, id_faces, ctx, idx, Trace())
    add, mult, cas, recs, _ = state
    for i, (a2, m2, c2, r2, _x) in sorted(id_outcome.items()):
        if mask >> i & 1 and i not in excluded:
            add, mult, cas, recs = add + a2, mult + m2, _dedupe(cas + c2), _merge_records(recs, r2, lay, k)
    return (add, mult, cas, recs, 0)


def _output(totals: dict[int, float], result: str, dropped: float, notes: list[str]) -> dict[str, Any]:
    keys = sorted(totals)
    # Plain loops, not sum() or pow(): sum() of floats is compensated in some Python versions
    # only, and the answer must be identical in CPython and Pyodide.
    mean = 0.0
    for t in keys:
        mean += t * totals[t]
    var = 0.0
    for t in keys:
        var += totals[t] * ((t - mean) * (t - mean))
    at_least: dict[str, float] = {}
    acc = 0.0
    for t in range(keys[-1] if keys else 0, -1, -1):   # P(total >= k) for every k from 0 to the maximum
        acc += totals.get(t, 0.0)
        at_least[str(t)] = acc
    if dropped > 0:
        notes = notes + [f"re-roll chains less likely than {CUTOFF:g} were dropped: {dropped:.3g} of the "
                         f"probability is not shown"]
    return {"result": result, "distribution": {str(t): totals[t] for t in keys}, "mean": mean,
            "sd": math.sqrt(max(var, 0.0)), "at_least": dict(reversed(list(at_least.items()))),
            "dropped": dropped, "notes": notes}


def choose_result(data: Any, counted: tuple[str, ...]) -> str:
    """The result type to show: ``result`` from the input, else the first counted type."""
    if isinstance(data, dict) and "result" in data:
        r = data["result"]
        if r not in counted:
            raise InputError("result", f"{r!r} is not counted in this roll (one of {', '.join(counted)})")
        return str(r)
    return counted[0]



def engine_distribution(engine: Any, data: Any) -> dict[str, Any]:
    """``Engine.distribution(input)``: the same input as ``resolve``, plus an optional ``result``."""
    from .resolve import context_for

    raw = dict(data) if isinstance(data, dict) else data
    chosen = raw.pop("result", None) if isinstance(raw, dict) else None
    inp = engine.parse(raw)
    ctx = context_for(inp)
    result = choose_result({"result": chosen} if chosen is not None else {}, ctx.counted)
    return distribution(inp, ctx, engine.index, result)
