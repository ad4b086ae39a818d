"""Effects that read and change only the army they target, worked out once and reused (the exact
odds: calculator.exchange.odds).

An effect whose action reads and changes only the units of the army it targets (a kind with
``reads_only_targets``: a Bullseye's targets roll alone and those without a save die) goes the
same ways from every state in which that army stands alike, whatever the other army, the flags
or the roll that brought it. So its ways (each with its chance: the target army's units after it,
the step's marks and the damage dealt) are worked out once per state of the target army and
reused from the others. The first time, the ways are checked to change nothing but the target
army; if one does, or the effect rolls nothing, the effect is not reused and runs as any other.
"""
from __future__ import annotations

from ...roll.distribution import Budget
from ..marks import StepMarks
from .chances import Stage
from .costs import REUSE_COST, ROLL_COST, RUN_COST
from .extras import use_key
from .kept import TargetWay
from .outcomes import Entry
from .run import Checkpoint, OddsRun, Pause, Script
from .stage_runs import span
from .state import Resume, RunState, Units, signed, with_units


def reused_ways(run: OddsRun, stage: Stage, state: RunState, resume: Resume, script: Script, until: int,
                budget: Budget) -> list[tuple[float, Reached]] | None:
    """The ways the effect the run is taken up at goes (each with its chance and the point where
    the run is set aside after it), or None where it is not reused."""
    entry, rep = script[0]
    if not isinstance(entry, Entry):          # units rolling alone: not an effect's roll
        return None
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
    return [(w.chance, Reached(at + 1, resume.state, lo, hi, w.units, w.marks, w.dealt,
                               None if was is None else with_units(was, lo, hi, w.signed)))
            for w in ways]


class Reached:
    """Where a reused way sets the run aside (as a Checkpoint), its state made only when asked for:
    most ways reach a point set aside already, which keeps the state of the first."""

    __slots__ = ("index", "before", "lo", "hi", "mine", "marks", "dealt", "sig")

    def __init__(self, index: int, before: RunState, lo: int, hi: int, mine: Units, marks: StepMarks,
                 dealt: tuple[int, int], sig: tuple | None) -> None:
        self.index, self.before, self.lo, self.hi, self.mine = index, before, lo, hi, mine
        self.marks, self.dealt, self.sig = marks, dealt, sig

    @property
    def state(self) -> RunState:
        """The state before the effect with the target army's units after it."""
        s, units = self.before, self.before.units
        return RunState(units[:self.lo] + self.mine + units[self.hi:], s.delayed, s.mods, s.once, s.flags, s.ctx,
                        s.done)


def _work_out(run: OddsRun, stage: Stage, state: RunState, resume: Resume, script: Script, until: int,
              lo: int, hi: int, budget: Budget) -> list[TargetWay] | None:
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
    ways: list[TargetWay] = []
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
            ways.append(TargetWay(q, mine, signed(mine), cp.marks, cp.dealt))
    return ways


def _alike(a: RunState, b: RunState, lo: int, hi: int) -> bool:
    """Whether two states differ at most in the units ``lo`` to ``hi``."""
    return (a.units[:lo] == b.units[:lo] and a.units[hi:] == b.units[hi:] and a.delayed == b.delayed
            and a.mods == b.mods and a.once == b.once and a.flags == b.flags and a.ctx == b.ctx
            and a.done == b.done)

