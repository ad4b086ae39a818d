"""A stage's runs, as the exact odds (calculator.exchange.odds) make them: from a state, with a
script of outcomes for its rolls, taken up at a point between two effects; what a run did
(an Ended, Pause or Checkpoint of calculator.exchange.odds.run), and each run made once
where many ways reach it alike. A stage's first roll from a state is looked up once (to foresee the
stage's work, then to run it).
"""
from __future__ import annotations

import weakref
from typing import Any, NamedTuple

from ...roll.distribution import Budget
from .carried import KeptWay
from .chances import Dealt, Stage
from .costs import REUSE_COST, ROLL_COST, RUN_COST
from .outcomes import Entry
from .run import Checkpoint, Ended, Happened, OddsRun, Pause, Script, dealt
from .state import Resume, RunState


class At(NamedTuple):
    """Where a stage's run starts: the stage, the script of outcomes its rolls take, the point
    between two effects it is taken up at (None: the stage's start), and the effect at which the
    ways it goes part (0: never; calculator.exchange.odds.run.OddsRun.load)."""

    stage: Stage
    script: Script
    resume: Resume | None
    until: int

def span(run: OddsRun, side: str) -> tuple[int, int]:
    """Where a side's units are in a state's units (calculator.exchange.odds.state.RunState)."""
    lo = 0
    for name, s in run.sides.items():
        if name == side:
            return lo, lo + len(s.units)
        lo += len(s.units)
    raise KeyError(side)


def first_roll(run: OddsRun, stage: Stage, state: RunState) -> Pause | None:
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


def kept_first(run: OddsRun, stage: Stage, state: RunState) -> Pause | None:
    hit = run.firsts.get(id(state))
    return hit[2] if hit is not None and hit[0]() is state and hit[1] is stage else None


def ways_of(run: OddsRun, stage: Stage, state: RunState) -> int:
    """The fewest runs the stage takes from ``state``: one per way its first roll goes."""
    pause = first_roll(run, stage, state)
    if pause is None:
        return 1
    if not isinstance(pause.entry, Entry):
        raise RuntimeError("a stage's first roll was taken for units rolling alone")
    return pause.entry.ways(run.budget)


class Explored(NamedTuple):
    """A way a stage ended from a group of states (calculator.exchange.odds.explore): from which of
    them (its index in the group), the state it ended in, the ways it got there (by the damage dealt
    to each side: its chance; or, where ``carried``, the ways of carried.kept_ways, which carry
    their outcomes' totals) and the run that ended there."""

    member: int
    state: RunState
    ways: Dealt | list[KeptWay]
    ended: Ended
    carried: bool


def run_stage(run: OddsRun, state: RunState, at: At) -> Happened:
    run.load(state, at.script, at.resume, at.until)
    try:
        at.stage(run)
    except (Pause, Checkpoint) as stop:
        return stop.with_traceback(None)       # no cycle through this frame for the collector to find
    return Ended(run.state(), dealt(run.damages))


def kept_end(run: OddsRun, state: RunState, at: At, ends: dict[Any, Happened], budget: Budget) -> Happened:
    """The run of a stage that keeps its roll's step from ``state``, taken up past the roll's last
    effect (``at``: the stage, its script, where it resumed, until). There the stage only keeps the step for the
    next (calculator.exchange.KEEPS_ITS_ROLL), whose totals the ways carry: it ends alike from
    every point alike (the state's signature and the step's marks: ``Resume.sig``), whichever
    outcome of the roll its ways took and however many effects it brought. So it runs once per
    point of the stage's run from ``state`` (``ends``), not once per effect index it is reached at."""
    script, resume = at.script, at.resume
    key = (id(script[0][0]), resume.sig) if len(script) == 1 and resume is not None and resume.sig else None
    return run_once(run, state, at, ends, key, budget, only_ended=True)


def run_once(run: OddsRun, state: RunState, at: At, memo: dict[Any, Happened], key: Any, budget: Budget,
             only_ended: bool = False) -> Happened:
    """The stage's run from ``state`` (``at``: the stage, its script, where it resumed, until), made
    the first time ``key`` is met and kept in ``memo`` (None: not kept; ``only_ended``: only a run
    that ended is kept); a run looked up again costs a reuse, not a run."""
    if key is not None:
        hit = memo.get(key)
        if hit is not None:
            budget.spend(REUSE_COST, 0)
            return hit
    budget.spend(RUN_COST + ROLL_COST * len(at.script), 0)
    hit = run_stage(run, state, at)
    if key is not None and (not only_ended or isinstance(hit, Ended)):
        memo[key] = hit
    return hit

