"""Exact probability distribution of a roll's final totals (a dynamic programme over dice).

Each unit's outcomes (calculator.roll.outcomes) are convolved unit by unit into army states; steps 5-10
are then run on every distinct state by the very functions a single roll uses (calculator.roll.collect
and calculator.roll.totals), so no rule is restated here. The work is counted and bounded
(calculator.core.limits.BOUNDS): past the bound the answer is "too large to compute exactly", at once.
"""
from __future__ import annotations

from typing import Any, Callable

from ..bundle import Index
from .adders import added as _added, adders as _adders, with_adders as _with_adders
from .collect import Group, Record, ability_warnings, counts_as_adds, reflected, unit_extras, unknown_dua
from ..core.records import Contribution, CountsAs, Multiplier
from ..core.errors import NotExact, TooLarge
from .faceval import contribution
from .inputs import RollInput
from .units import Unit
from ..core.interpret import see
from ..core.limits import BOUNDS
from .outcomes import Layout, Outcome, unit_outcomes
from .results import Trace
from .steps import DelayedUse, cannot_roll, delayed_uses, taken_out
from ..core.targets import pick
from .totals import Add, Sums, applicable, finish
from ..kinds.modifiers import Modifier

State = tuple   # (vec, groups, mults, casas, records, aside)
EVAL_COST = 30  # the work of evaluating one army state (steps 5-10), like ~30 additions
SUM_COST = 6    # ... and of reading one whose steps 5-10 only add its counts up (its totals unpacked)


class Budget:
    """Counts the work of one answer; past the bound it raises TooLarge (same in CPython and Pyodide)."""

    def __init__(self) -> None:
        self.work = 0

    def spend(self, n: int, states: int, ahead: int = 0) -> None:
        self.work += n
        if self.work + ahead > BOUNDS["work"] or states > BOUNDS["states"]:
            raise TooLarge("army", "too large to compute exactly (more than "
                                   f"{BOUNDS['work']:,} outcome combinations); try fewer dice")


def _dedupe(casas: tuple) -> tuple:
    out: list = []
    for c in sorted(casas):
        if all(c[1:] != o[1:] for o in out):   # a second identical counts-as converts nothing
            out.append(c)
    return tuple(out)


def _mults(a: tuple, b: tuple) -> tuple:
    if not b:
        return a
    one = [m for m in a + b if m[5] is None]
    species = sorted(set(m for m in a + b if m[5] is not None))   # a species is doubled once
    return tuple(sorted(one)) + tuple(species)


class Packer:
    """Packs a vector of counts into one integer, each field wide enough for the largest sum it can
    reach in this army (so a sum can never spill into the next field), to add vectors at once."""

    def __init__(self, bounds: list[int]) -> None:
        self.shifts, shift = [], 0
        for b in bounds:
            self.shifts.append(shift)
            shift += max(b, 1).bit_length() + 1
        self.masks = [(1 << (max(b, 1).bit_length() + 1)) - 1 for b in bounds]

    def pack(self, vec: tuple[int, ...]) -> int:
        out = 0
        for v, sh in zip(vec, self.shifts):
            out |= v << sh
        return out

    def unpack(self, n: int) -> tuple[int, ...]:
        return tuple((n >> sh) & m for sh, m in zip(self.shifts, self.masks))


def packer_for(per_unit: list[dict[Outcome, float]], width: int) -> Packer:
    bounds = [0] * width
    for dist in per_unit:
        if dist:      # the largest count of each field among this unit's outcomes
            bounds = [a + b for a, b in zip(bounds, map(max, zip(*[o.vec for o in dist])))]
    return Packer(bounds)


class Army:
    """How outcomes combine for one roll: which unit records to keep, and how to prune them."""

    def __init__(self, lay: Layout, packer: Packer, mods: list[Modifier]) -> None:
        self.lay, self.packer = lay, packer
        self.k = max(lay.one_unit, 1)
        # No modifier, no Bash, no counts-as source, not split: steps 5-10 only add up.
        self.plain = not (mods or lay.split or lay.bash or lay.sources)
        self.sums_only = False      # every state only adds counts (army_states' plain convolution)
        self.fields = list(zip(packer.shifts[:lay.width], packer.masks[:lay.width]))   # the sums' fields

    def only_adds(self, state: State) -> bool:
        """Whether steps 5-10 of this state only add its counts up (evaluate's quick path)."""
        return self.plain and not (state[1] or state[2] or state[3])

    def totals_of_sums(self, full: int) -> tuple:
        """evaluate's answer for a plain army's state with nothing but counts, from its packed sums:
        steps 5-10 add the results, and the step-10 additions follow as they are."""
        k = self.lay.k
        vec = [(full >> sh) & m for sh, m in self.fields]
        return (vec[0] + vec[1],) if k == 1 else tuple([vec[i] + vec[k + i] for i in range(k)]), tuple(vec[2 * k + 1:])

    def totals_of_states(self, states: dict[State, float], tail: tuple) -> dict[tuple, float]:
        """totals_of_sums of every state (each followed by ``tail``) with their probabilities added up,
        state by state: roll_outcomes' loop for a plain army whose states only add counts."""
        read = self.totals_of_sums
        out: dict[tuple, float] = {}
        for s, p in states.items():
            key = read(s[0]) + tail
            out[key] = out.get(key, 0.0) + p
        return out

    def start(self) -> State:
        return (0, (), (), (), ())

    def add(self, s: State, o: Outcome, aside: bool) -> State:
        vec, mults, casas, recs, side = s
        if aside and o.id_roller is not None:
            return (vec, mults, casas, recs, tuple(sorted(side + (o,), key=_aside_key)))
        vec += o.packed
        if o.record is not None and any(o.record[1]):
            recs = self.merge(recs, o.record)
        if o.mults:
            mults = _mults(mults, o.mults)
        if o.casas:
            casas = _dedupe(casas + o.casas)
        return (vec, mults, casas, recs, side)

    def merge(self, recs: tuple, rec: tuple) -> tuple:
        lay = self.lay
        recs = tuple(sorted(recs + (rec,), key=lambda r: (str(r[0]), r[1])))
        if lay.species_mult or len(recs) <= self.k:
            return recs
        keep: set[int] = set()
        for i in range(lay.k):   # a one-unit pick only ever takes one of the K best of a type
            best = sorted(range(len(recs)), key=lambda j: (-recs[j][1][i], -sum(recs[j][1]), recs[j][1]))
            keep.update(best[: self.k])
        best = sorted(range(len(recs)), key=lambda j: (-sum(recs[j][1]), recs[j][1]))
        keep.update(best[: self.k])
        return tuple(r for j, r in enumerate(recs) if j in keep)


def _aside_key(o: Outcome) -> tuple:
    return (o.id_roller, o.vec, o.mults, o.casas, str(o.record))


def _prepare(inp: RollInput, idx: Index, extra: Callable[[Unit, Contribution], tuple[Any, ...]] | None, n_extra: int, keep: tuple[str, ...] = ()
             ) -> tuple[Layout, list[Unit], list[list[Contribution]], list[str]]:
    """The layout of the roll, the units that roll, each one's contributions (face by face, as
    ``Unit.all_faces`` lists them) and the notes on units that do not roll."""
    notes: list[str] = []
    rolling = []
    for u in inp.units:
        rule = cannot_roll(u, inp.roll, idx)
        if rule:
            notes.append(f"{u.name} does not roll in a {inp.roll.label().lower()} ({rule})")
            continue
        if u.rolled is not None:
            notes.append(f"{u.name} is fixed at the face given: {u.rolled.label()}")
        rolling.append(u)
    normal = inp.roll.normal     # a normal icon's part, as contribution keeps it on the roll
    known = [[(normal.get(f) if u.carried else None) or contribution(u, f, inp.roll, idx) for f in u.all_faces]
             for u in rolling]
    parts = [c for cs in known for c in cs]
    return Layout(inp.roll, idx, rolling, parts, list(inp.modifiers), extra, n_extra, keep), rolling, known, notes


def refuse_rerolls(uses: list[Any]) -> None:
    """Refuse (``NotExact``) where a step-2 effect among ``uses`` rolls its targets again (Confuse)."""
    if any(u.effect.rerolls_targets for u in uses):
        raise NotExact("delayed", "the exact chances with Confuse are not worked out (its targets depend on every "
                                  "die); resolve single rolls instead")


def army_states(inp: RollInput, idx: Index, extra: Callable | None = None, n_extra: int = 0,
                budget: Budget | None = None, keep: tuple[str, ...] = ()
                ) -> tuple[dict[State, float], Army, list[DelayedUse], float, list[str]]:
    """Every distinct army state and its probability; also the dropped mass and notes."""
    budget = budget or Budget()
    uses = delayed_uses(inp.delayed, idx)
    refuse_rerolls(uses)
    aside = any(u.effect.selects_id_rollers for u in uses)
    lay, rolling, known, notes = _prepare(inp, idx, extra, n_extra, keep)
    per_unit = []
    dropped = 0.0
    survive = 1.0
    for u, cs in zip(rolling, known):
        dist, lost = unit_outcomes(u, lay, aside, cs)
        survive *= 1.0 - lost
        per_unit.append(dist)
    dropped = 1.0 - survive
    packer = packer_for(per_unit, lay.full)
    army = Army(lay, packer, list(inp.modifiers))
    if not aside and all(_sums_only(o) for o in {id(o): o for dist in per_unit for o in dist}.values()):
        sums = _convolve_sums(per_unit, packer, budget)
        army.sums_only = True
        return {(v, (), (), (), ()): p for v, p in sums.items()}, army, uses, dropped, notes
    states: dict[State, float] = {army.start(): 1.0}
    for dist, rest in zip(per_unit, _outcomes_left(per_unit)):
        # Even if the states stopped growing, the rest would cost this much: refuse at once.
        budget.spend(len(states) * len(dist), len(states), len(states) * rest)
        packed = [(o._replace(packed=packer.pack(o.vec)), q) for o, q in dist.items()]
        nxt: dict[State, float] = {}
        for s, p in states.items():
            for o, q in packed:
                key = army.add(s, o, aside)
                nxt[key] = nxt.get(key, 0.0) + p * q
        states = nxt
    return states, army, uses, dropped, notes


def _outcomes_left(per_unit: list[dict[Outcome, float]]) -> list[int]:
    """For each unit, how many outcomes it and the units after it have (the work still ahead)."""
    out, acc = [], 0
    for dist in reversed(per_unit):
        acc += len(dist)
        out.append(acc)
    return out[::-1]


def _sums_only(o: Outcome) -> bool:
    """Whether adding this outcome to a state only adds its counts (Army.add changes nothing else)."""
    return not (o.mults or o.casas or (o.record is not None and any(o.record[1])))


def _convolve_sums(per_unit: list[dict[Outcome, float]], packer: Packer, budget: Budget) -> dict[int, float]:
    """Army.add's convolution when every outcome only adds counts: the states are the packed sums
    alone (the very same states, probabilities and order as the general loop, as plain numbers)."""
    states: dict[int, float] = {0: 1.0}
    packs: dict[int, int] = {}      # by id: dice showing the same faces share their outcomes
    for dist, rest in zip(per_unit, _outcomes_left(per_unit)):
        budget.spend(len(states) * len(dist), len(states), len(states) * rest)
        packed = []
        for o, q in dist.items():
            v = packs.get(id(o))
            if v is None:
                v = packs[id(o)] = packer.pack(o.vec)
            packed.append((v, q))
        nxt: dict[int, float] = {}
        get = nxt.get
        for s, p in states.items():
            for v, q in packed:
                key = s + v
                nxt[key] = get(key, 0.0) + p * q
        states = nxt
    return states


def evaluate(state: State, army: Army, uses: list[DelayedUse], mods: list[Modifier], trace: Trace,
             with_excluded: bool = False, unpacked: tuple[int, ...] | None = None) -> tuple:
    """Steps 2 (for ID rollers kept aside) and 5-10 of one army state: (totals per counted type, extras).
    ``unpacked``: the state's packed counts unpacked, if they are already."""
    lay = army.lay
    excluded: tuple = ()
    if state[4]:
        state, excluded = _step_2(state, army, uses)
        unpacked = None                    # the units taken out no longer count
    full, mults, casas, recs, _ = state
    k, counts = lay.k, lay.roll.counts
    if army.only_adds(state):
        # Nothing but results and step-10 additions (the common case): steps 5-10 add them up.
        out = army.totals_of_sums(full)
        return out + (excluded,) if with_excluded else out
    vec, groups, species = lay.unfold(army.packer.unpack(full) if unpacked is None else unpacked)
    recs = recs + tuple((sp, res) for sp, res in species.items())
    sai = {t: vec[k + i] for i, t in enumerate(counts)} if lay.split else {t: 0 for t in counts}
    sums = Sums({t: vec[i] for i, t in enumerate(counts)}, sai)
    base = 2 * k if lay.split else k
    records = [Record(i, "unit", tag, rec) for i, (tag, rec) in enumerate(recs)]
    multipliers = [Multiplier(m[0], m[1], -1, m[2], m[3], m[4], m[5]) for m in mults]
    multipliers += [um for m in mods for um in (m.unit_multiplier(lay.roll),) if um]
    sums.extras = unit_extras(records, multipliers, lay.roll)
    grps = [Group(g, False, tuple((s, n) for s, n in zip(lay.sources, rolled) if n)) for g, rolled in groups]
    sums.adds = counts_as_adds(grps, [CountsAs(c[0], c[1], c[2]) for c in casas], mods, lay.roll, lay.idx, trace)
    for i, t in enumerate(counts):
        if vec[base + i]:
            sums.adds.append(Add("added at step 10", t, vec[base + i]))
    reflected(vec[base + k], sums.sai, lay.roll, trace)
    totals = finish(sums, [m for m in mods if m.arithmetic], lay.roll, trace)
    out = (tuple(totals[t] for t in counts), vec[lay.extras_at:])
    return out + (excluded,) if with_excluded else out


class Evaluations:
    """Steps 5-10 of army states, remembered across the rolls of one answer. An exchange's odds roll
    the same army again and again from its many states, each time as a roll of its own; a state's
    totals depend only on what the roll's layout keeps of it (its counts, unpacked, but for the
    caller's extra quantities, which steps 5-10 pass through), the roll's situation (``Roll.key``)
    and its modifiers, so a state met again in another roll is not worked out again. The warnings
    its evaluation gave are given again, in the order they came.

    >>> memo = Evaluations()             # one per answer: roll_outcomes(..., memo=memo) for each roll
    """

    def __init__(self) -> None:
        self.memo: dict[tuple, tuple[tuple, tuple]] = {}
        self.plans: dict[tuple, int] = {}        # each plan numbered: a key holds the number, hashed at once

    def plan(self, army: Army, mods: list[Modifier]) -> int | None:
        """What of a roll, besides the state, evaluate reads, numbered (None: not remembered, for a
        modifier that is not plain data, or not a modifier of calculator.kinds.modifiers)."""
        try:
            mods_key = tuple(m.identity() for m in mods)
        except (TypeError, AttributeError):
            return None
        lay = army.lay
        plan = (lay.roll.key, lay.split, tuple(lay.groups), lay.sources, tuple(lay.species_slots), mods_key)
        return self.plans.setdefault(plan, len(self.plans))

    def evaluate(self, plan: int, state: State, army: Army, uses: list[DelayedUse], mods: list[Modifier], trace: Trace,
                 with_excluded: bool) -> tuple:
        if state[4] or army.only_adds(state):    # step 2, or only sums: as is
            return evaluate(state, army, uses, mods, trace, with_excluded)
        lay = army.lay
        counts = army.packer.unpack(state[0])
        cut = lay.extras_at
        key = (plan, counts[:cut] + counts[lay.width:], state[1], state[2], state[3])
        hit = self.memo.get(key)
        if hit is None:
            own = Trace(quiet=True)
            out = evaluate(state, army, uses, mods, own, unpacked=counts)
            hit = self.memo[key] = (out[0], tuple(own.warnings))
        for w in hit[1]:
            trace.warn(w.text, w.see)
        extras = counts[cut:lay.width]
        return (hit[0], extras, ()) if with_excluded else (hit[0], extras)


def _step_2(state: State, army: Army, uses: list[DelayedUse]) -> tuple[State, tuple]:
    """Units that rolled an ID icon, taken out by delayed effects as a single roll does."""
    side = list(state[4])
    out: dict[int, str] = {}
    for use in uses:
        if not use.effect.selects_id_rollers:
            continue
        cands = [(i, o.id_roller[0], o.id_roller[1], o.id_roller[2]) for i, o in enumerate(side) if i not in out]
        max_h, max_u = use.effect.limits(use.x)
        for i in pick(cands, max_h, max_u):
            out[i] = taken_out(use)
    s = (state[0], state[1], state[2], state[3], ())
    for i, o in enumerate(side):
        if i not in out:
            s = army.add(s, o, False)
    return s, tuple(sorted((side[i].id_roller[2], why) for i, why in out.items()))


def roll_outcomes(inp: RollInput, idx: Index, extra: Callable | None = None, n_extra: int = 0,
                  with_excluded: bool = False, budget: Budget | None = None, keep: tuple[str, ...] = (),
                  in_exchange: bool = False, memo: Evaluations | None = None
                  ) -> tuple[dict[tuple, float], float, list[str]]:
    """Distribution of (totals per counted type, extra quantities[, units taken out at step 2 as
    (die key, why) pairs]); ``extra(unit, contribution)`` gives a face's extra quantities.
    ``keep``: the counted types the caller needs (the others may be left at 0); ``memo``: the
    evaluations of the answer's other rolls."""
    budget = budget or Budget()
    adders = _adders(inp, idx)
    if adders:      # each unit's count for an adding ability rides as one more extra quantity
        extra, n_extra = _with_adders(extra, adders), n_extra + len(adders)
    states, army, uses, dropped, notes = army_states(inp, idx, extra, n_extra, budget, keep)
    trace = Trace(quiet=True)
    mods = applicable(inp.modifiers, inp.roll, trace) + [m for m in inp.modifiers if not m.arithmetic]
    ability_warnings(list(inp.units), inp.roll, idx, trace)
    unknown_dua(adders, inp.roll, idx, trace)
    # A state whose counts steps 5-10 only add up (with no unit kept aside for step 2) costs a fifth
    # of an evaluation; only a plain army has such states.
    if not army.plain:
        heavy = len(states)
    else:
        heavy = 0 if army.sums_only else sum(1 for s in states if s[4] or not army.only_adds(s))
    budget.spend(EVAL_COST * heavy + SUM_COST * (len(states) - heavy), len(states))
    if army.plain and army.sums_only:
        out = army.totals_of_states(states, ((),) if with_excluded else ())
    else:
        out = {}
        plan = memo.plan(army, mods) if memo is not None else None
        for s, p in states.items():         # each state once (the keys of a dict)
            if memo is None or plan is None:
                key = evaluate(s, army, uses, mods, trace, with_excluded)
            else:
                key = memo.evaluate(plan, s, army, uses, mods, trace, with_excluded)
            out[key] = out.get(key, 0.0) + p
    budget.spend(0, len(out))
    if adders:
        out = _added(out, adders, inp)
    # In an exchange, "the exchange applies it" goes without saying.
    told = [w.text for w in trace.warnings if not (in_exchange and w.see == see("exchanges"))]
    return out, dropped, notes + told

