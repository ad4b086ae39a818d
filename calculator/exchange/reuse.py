"""What the exact odds (calculator.exchange.odds) work out once and reuse.

A stage's first roll from a state is looked up once (to foresee the stage's work, then to run it).

An effect whose action reads and changes only the units of the army it targets (a kind with
``reads_only_targets``: a Bullseye's targets roll alone and those without a save die) goes the
same ways from every state in which that army stands alike, whatever the other army, the flags
or the roll that brought it. So its ways (each with its chance: the target army's units after it,
the step's marks and the damage dealt) are worked out once per state of the target army and
reused from the others. The first time, the ways are checked to change nothing but the target
army; if one does, or the effect rolls nothing, the effect is not reused and runs as any other.

A save stage reads the attack's results and its save roll's saves only through the damage they
make (calculator.exchange.SAVES_AGAINST; p.11): a run of it is the same from every state and outcome
that differ only there and make the same damage, so it runs once for them all (:class:`Damages`).
Damage as large as the health-worth of the damaged army's standing units kills them all (p.29), so
a run making more is taken from one making any such damage, the difference added to the damage dealt.
"""
from __future__ import annotations

import weakref
from bisect import bisect_left
from functools import cached_property
from typing import Any, NamedTuple

from ..roll.distribution import Budget
from .branch import PRUNE, ROLL_COST, RUN_COST, Checkpoint, Entry, OddsRun, Pause, dealt, kind_of, totals_of
from .channels import use_key
from .kept import shown, shown_count
from .state import Resume, RunState, signature, signed, with_totals, with_units

REUSE_COST = 10        # a way reused: the state with the target army's units put in, set aside
MEMBER_COST = 20       # a state in a group: shown with its kept roll's totals, its key and its damage's
Way = tuple            # (chance, the target army's units after and as signed, the step's marks, damage dealt)


def reused_ways(run: OddsRun, stage: Any, state: RunState, resume: Resume, script: list, until: int,
                budget: Budget) -> list[tuple[float, Reached]] | None:
    """The ways the effect the run is taken up at goes (each with its chance and the point where
    the run is set aside after it), or None where it is not reused."""
    entry, rep = script[0]
    effects = entry.result(rep).effects
    at = resume.index
    if at >= len(effects) or not getattr(effects[at].effect, "reads_only_targets", False):
        return None
    lo, hi = span(run, run.other(entry.units[0].side))
    units = resume.state.units
    key = (use_key(effects[at]), lo, units[lo:hi], resume.marks)
    if key in run.reused:
        ways = run.reused[key]
    else:
        ways = run.reused[key] = _work_out(run, stage, state, resume, script, until, lo, hi, budget)
    if ways is None:
        return None
    budget.spend(REUSE_COST * len(ways), 0)
    # The state after differs from the one before only in the target army's units: so does its signature.
    was = resume.sig[0] if resume.sig else None
    return [(q, Reached(at + 1, resume.state, lo, hi, mine, marks, dealt,
                        None if was is None else with_units(was, lo, hi, read)))
            for q, mine, read, marks, dealt in ways]


class Reached:
    """Where a reused way sets the run aside (as a Checkpoint), its state made only when asked for:
    most ways reach a point set aside already, which keeps the state of the first."""

    __slots__ = ("index", "before", "lo", "hi", "mine", "marks", "dealt", "sig")

    def __init__(self, index: int, before: RunState, lo: int, hi: int, mine: tuple, marks: Any,
                 dealt: tuple[int, int], sig: tuple | None) -> None:
        self.index, self.before, self.lo, self.hi, self.mine = index, before, lo, hi, mine
        self.marks, self.dealt, self.sig = marks, dealt, sig

    @property
    def state(self) -> RunState:
        """The state before the effect with the target army's units after it."""
        s, units = self.before, self.before.units
        return RunState(units[:self.lo] + self.mine + units[self.hi:], s.delayed, s.mods, s.once, s.flags, s.ctx,
                        s.done)


def _work_out(run: OddsRun, stage: Any, state: RunState, resume: Resume, script: list, until: int,
              lo: int, hi: int, budget: Budget) -> list[Way] | None:
    """Run the effect once for its roll, then once per way its roll goes, to the point after it."""
    budget.spend(RUN_COST + ROLL_COST, 0)
    run.load(state, script, resume, until)
    try:
        stage(run)
        return None
    except Checkpoint:
        return None
    except Pause as pause:
        entry, outcomes = pause.entry, pause.outcomes
    ways: list[Way] = []
    for key, q in outcomes:
        budget.spend(RUN_COST + 2 * ROLL_COST, 0)
        run.load(state, script + [(entry, key)], resume, until)
        try:
            stage(run)
            return None
        except Pause:
            return None
        except Checkpoint as cp:
            if cp.index != resume.index + 1 or not _alike(cp.state, resume.state, lo, hi):
                return None
            mine = cp.state.units[lo:hi]
            ways.append((q, mine, signed(mine), cp.marks, cp.dealt))
    return ways


def _alike(a: RunState, b: RunState, lo: int, hi: int) -> bool:
    """Whether two states differ at most in the units ``lo`` to ``hi``."""
    return (a.units[:lo] == b.units[:lo] and a.units[hi:] == b.units[hi:] and a.delayed == b.delayed
            and a.mods == b.mods and a.once == b.once and a.flags == b.flags and a.ctx == b.ctx
            and a.done == b.done)


def span(run: OddsRun, side: str) -> tuple[int, int]:
    """Where a side's units are in a state's units (calculator.exchange.state.RunState)."""
    lo = 0
    for name, s in run.sides.items():
        if name == side:
            return lo, lo + len(s.units)
        lo += len(s.units)
    raise KeyError(side)


def first_roll(run: OddsRun, stage: Any, state: RunState) -> Pause | None:
    """The stage's first roll from ``state``, with its outcomes (None: the stage rolls nothing); kept
    for the stage's run from the state (``run.firsts``: by the state's identity, held weakly, for a
    state's steps hold the run)."""
    first = kept_first(run, stage, state)
    if first is not None:
        return first
    run.load(state, [])
    try:
        stage(run)
    except Pause as pause:
        first = pause.with_traceback(None)       # no cycle through this frame for the collector to find
    except Checkpoint:        # only after a roll: a run with no script pauses at its first roll
        pass
    if first is not None:
        run.firsts[id(state)] = (weakref.ref(state), stage, first)
    return first


def kept_first(run: OddsRun, stage: Any, state: RunState) -> Pause | None:
    hit = run.firsts.get(id(state))
    return hit[2] if hit is not None and hit[0]() is state and hit[1] is stage else None


def ways_of(run: OddsRun, stage: Any, state: RunState) -> int:
    """The fewest runs the stage takes from ``state``: one per way its first roll goes."""
    pause = first_roll(run, stage, state)
    return pause.entry.ways(run.budget) if pause is not None else 1


class Ended:
    """A run that ended its stage: the state it ended in, the damage it dealt to each side, and
    what the odds read of that state (worked out once however many ways reach it)."""

    __slots__ = ("state", "got", "read")

    def __init__(self, state: RunState, got: tuple[int, int]) -> None:
        self.state, self.got, self.read = state, got, None


Happened = Any         # what a run of a stage did: Pause, Checkpoint or Ended


def run_stage(run: OddsRun, stage: Any, state: RunState, script: list, resume: Resume | None,
              until: int) -> Happened:
    run.load(state, script, resume, until)
    try:
        stage(run)
    except (Pause, Checkpoint) as stop:
        return stop.with_traceback(None)       # no cycle through this frame for the collector to find
    return Ended(run.state(), dealt(run.damages))


def kept_end(run: OddsRun, state: RunState, at: tuple[Any, list, Resume, int], ends: dict[tuple, Ended],
             budget: Budget) -> Happened:
    """The run of a stage that keeps its roll's step from ``state``, taken up past the roll's last
    effect (``at``: the stage, its script, where it resumed, until). There the stage only keeps the step for the
    next (calculator.exchange.KEEPS_ITS_ROLL), whose totals the ways carry: it ends alike from
    every point alike (the state's signature and the step's marks: ``Resume.sig``), whichever
    outcome of the roll its ways took and however many effects it brought. So it runs once per
    point of the stage's run from ``state`` (``ends``), not once per effect index it is reached at."""
    script, resume = at[1], at[2]
    key = (id(script[0][0]), resume.sig) if len(script) == 1 and resume.sig else None
    return run_once(run, state, at, ends, key, budget, only_ended=True)


def run_once(run: OddsRun, state: RunState, at: tuple[Any, list, Resume | None, int], memo: dict, key: Any,
             budget: Budget, only_ended: bool = False) -> Happened:
    """The stage's run from ``state`` (``at``: the stage, its script, where it resumed, until), made
    the first time ``key`` is met and kept in ``memo`` (None: not kept; ``only_ended``: only a run
    that ended is kept); a run looked up again costs a reuse, not a run."""
    if key is not None:
        hit = memo.get(key)
        if hit is not None:
            budget.spend(REUSE_COST, 0)
            return hit
    budget.spend(RUN_COST + ROLL_COST * len(at[1]), 0)
    hit = run_stage(run, at[0], state, *at[1:])
    if key is not None and (not only_ended or isinstance(hit, Ended)):
        memo[key] = hit
    return hit


class Damages:
    """The runs of a save stage from one state, each known by the damage it makes (p.11: the
    attack's results less the saves, never below 0) instead of by the attack's results and the
    saves: its ``key`` is the same for the runs from any state and outcome alike but for those two
    numbers that make the same damage; ``run.damages_made`` keeps what each such run did."""

    def __init__(self, run: OddsRun, state: RunState, name: str | None, sig: tuple | None = None) -> None:
        self.run, self.state, self.group, self.cursed = run, state, (), 0
        hit = state.ctx.get(name) if name else None
        if name is None or hit is None:    # not a save stage, or no attack kept (its army rolled nothing)
            return
        kind = run.inp.attack
        self.results = hit.result.totals.get(kind, 0)
        counts, totals = hit.result.roll.counts, hit.result.sig[0]
        i = counts.index(kind) if kind in counts else len(counts)
        sig = signature(state) if sig is None else sig
        self.group = with_totals(sig, {name}, totals[:i] + totals[i + 1:]) + (self.results > 0,)
        self.to = run.other(hit.actor)
        # Results only spell saves cancel (Cursed Bullets; in the group's key through the step): the
        # damage is still one number for each number of results less saves, but at least those results
        # less the spell saves, so a run past the health standing is no base for a larger damage.
        self.cursed = hit.spell_only

    @cached_property
    def cap(self) -> int | None:
        """The health-worth the damaged side has standing (``_all_health``), worked out when first
        asked: most states of a group never run a stage of their own."""
        return _all_health(self.run, self.state, self.to)

    def _made(self, key: tuple[int, int], budget: Budget) -> Ended | None:
        """A run that ended alike made already: this very damage's, or, past the health-worth the
        damaged army still has standing (``cap``), the run of any damage past it. p.29: damage that
        can kill every standing unit kills them all, however much it is, so such runs end in the
        same state and differ only in the damage dealt, which is added to the one found."""
        made = self.run.damages_made
        hit = made.get(key)
        if hit is not None or not PAST_ALL or self.cursed or self.cap is None or key[1] < self.cap:
            return hit
        past = made.get((key[0], PAST))
        if past is None:
            return None
        base, damage = past
        more = key[1] - damage
        hit = made[key] = Ended(base.state, (base.got[0] + more, base.got[1]) if self.to == "defender"
                                else (base.got[0], base.got[1] + more))
        budget.spend(REUSE_COST, 0)
        return hit

    def where(self, stage: Any, script: list, resume: Resume | None, until: int) -> tuple[int, int] | None:
        """A run's key but for the damage, and the saves it rolled (None: not kept). The key is the
        same for the run from every state of the group: it is numbered (``run.damage_keys``) and
        hashed once, not once per state."""
        if not self.group or not script or not isinstance(script[0][0], Entry) or (resume and not resume.sig):
            return None
        entry, (totals, *rest) = script[0]
        counts = entry.roll.counts
        i = counts.index("save") if "save" in counts else len(counts)
        saves = totals[i] if i < len(totals) else 0
        later = tuple([(id(e), k) for e, k in script[1:]])
        at = (resume.index, resume.sig) if resume is not None else None
        key = (stage, self.group, id(entry), totals[:i] + totals[i + 1:], tuple(rest), later, at, until)
        n = self.run.damage_keys.get(key)
        if n is None:
            n = self.run.damage_keys[key] = len(self.run.damage_keys)
        return n, saves

    def happened(self, at: tuple[Any, list, Resume | None, int], where: tuple[int, int] | None,
                 budget: Budget) -> Happened:
        """What the run did (``at``: the stage, its script, where it resumed, until; ``where``: what
        ``where`` gave), worked out the first time its key is met."""
        if where is None:
            return run_once(self.run, self.state, at, self.run.damages_made, None, budget)
        key = made_key(where, self.results)
        hit = self._made(key, budget)
        if hit is not None:
            return hit
        hit = run_once(self.run, self.state, at, self.run.damages_made, key, budget)
        if self.cap is not None and not self.cursed and key[1] >= self.cap and isinstance(hit, Ended):
            self.run.damages_made.setdefault((key[0], PAST), (hit, key[1]))
        return hit

    def ended(self, at: tuple[Any, list, Resume | None, int], where: tuple[int, int] | None,
              budget: Budget) -> Ended:
        """How the run ends from this state where it ended from another of its group (the attack's
        results are read only at the end: nothing before can go otherwise)."""
        hit = self.happened(at, where, budget)
        if not isinstance(hit, Ended):
            raise RuntimeError("a save stage read the attack's results before the damage")
        return hit


PAST = "past"           # damages_made: the run of a damage past the health standing (Damages._made)
PAST_ALL = True         # such runs taken from one another; tests turn it off


def _all_health(run: OddsRun, state: RunState, side: str) -> int | None:
    """The health-worth of ``side``'s units standing in ``state`` (any damage this large kills them
    all), or None where the owner chose that side's casualties (checked against each damage)."""
    if run.inp.casualties.get(side):
        return None
    lo, hi = span(run, side)
    return sum([u.health for u, (status, _, _) in zip(run.flat[lo:hi], state.units[lo:hi]) if status in ("", "out")])


def made_key(where: tuple[int, int], results: int) -> tuple[int, int]:
    """A save stage's run by the damage it makes (``where``: its key but for the damage, and the
    saves rolled): p.11, the attack's results less the saves, never below 0."""
    damage = results - where[1]
    return where[0], damage if damage > 0 else 0


class Member(NamedTuple):
    sig: tuple              # the state's key in the frontier
    state: RunState
    payload: dict
    aside: str
    damages: Damages


class Group:
    """States a save stage goes alike from but for the attack's results (``Damages.group``): the
    stage runs from the one with the most (``rep``; its save roll's outcomes are told apart up to
    there, enough for all), and each run that ends is ended from each state, by the damage it makes.
    Any other stage: one state alone."""

    def __init__(self, members: list[Member]) -> None:
        self.members = members
        self.results = [m.damages.results if m.damages.group else 0 for m in members]
        self.at = max(range(len(members)), key=self.results.__getitem__)
        self.rep = members[self.at].state

    def ends(self, happened: Ended, at: tuple[Any, list, Resume | None, int], where: tuple[int, int] | None,
             budget: Budget) -> list[Ended]:
        """How a run from ``rep`` that ended (``happened``) ends from each state of the group
        (``Damages.ended``); the runs made already are looked up here, their work counted at once."""
        if where is None or len(self.members) == 1:
            return [happened if i == self.at else m.damages.ended(at, where, budget) for i, m in enumerate(self.members)]
        made, hits, out = self.members[self.at].damages.run.damages_made, 0, []
        for i, results in enumerate(self.results):
            if i == self.at:
                out.append(happened)
                continue
            hit = made.get(made_key(where, results))
            if isinstance(hit, Ended):
                hits += 1
            else:
                hit = self.members[i].damages.ended(at, where, budget)
            out.append(hit)
        budget.spend(REUSE_COST * hits, 0)
        return out

    def fewest_ends(self, first: Pause | None) -> int:
        """The fewest ends a save stage's runs from the group yield (``first``: the rep's save roll):
        each state ends once per damage it is dealt (p.11: its attack's results less the saves,
        never below 0), one end for each, whatever else tells its runs apart. Counted on the save
        roll's outcomes that bring no effect, whose runs go straight to the stage's end, and that
        are not left out for being unlikely (``PRUNE``)."""
        if first is None or not isinstance(first.entry, Entry) or not self.members[0].damages.group:
            return 0
        entry = first.entry
        counts = entry.roll.counts
        if "save" not in counts:
            return 0
        i = counts.index("save")
        saves = sorted({totals_of(key)[i] for key, p in first.outcomes
                        if p >= PRUNE and not entry.effect_ids(kind_of(key))})
        if not saves:
            return 0
        # A state with R results: a damage for each save total below R, and 0 for all the rest.
        return sum(bisect_left(saves, r) + (saves[-1] >= r) for r in self.results)


def grouped(run: OddsRun, stage: Any, frontier: dict, name: str | None, kept: str | None, budget: Budget
            ) -> list[Group]:
    """The frontier's states in groups, in the frontier's order (``name``: the attack step a save
    stage reads, None: each alone; ``kept``: the step whose totals the ways carry, if any: ``shown``).
    Each state a group gets is counted against ``budget`` (``MEMBER_COST``) before any is made."""
    budget.spend(MEMBER_COST * sum([shown_count(state, payload) for state, payload, _ in frontier.values()]), 0)
    groups: dict[Any, list[Member]] = {}
    for sig, (state, payload, aside) in frontier.items():
        for sig, state, payload in shown(run, kept, sig, state, payload):
            member = Member(sig, state, payload, aside, Damages(run, state, None if state.done else name, sig))
            groups.setdefault(member.damages.group or len(groups), []).append(member)
    return [Group(members) for members in groups.values()]
