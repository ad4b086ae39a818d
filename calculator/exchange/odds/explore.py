"""Every way one stage of the exchange can go from a group of states (the exact odds' stage loop,
calculator.exchange.odds.exact, merges where they end)."""
from __future__ import annotations

from typing import Any, Iterator

from ...roll.distribution import Budget
from .. import KEEPS_ITS_ROLL
from .between_effects import Later, Way, by_next_effect, set_aside, take_up
from .carried import kept_ways
from .chances import Dealt, Payload, Stage
from .costs import CHANCE_COST, PRUNE, RUN_COST
from .outcomes import Entry, kind_of
from .kept import SharedEffects
from .run import Checkpoint, Ended, Happened, OddsRun, Pause, Script
from .save_runs import Group
from .shared_effects import replay, shared_effects_of
from .stage_runs import At, Explored, kept_end, kept_first
from .state import RunState
from .target_effects import reused_ways


def explore(run: OddsRun, stage: Stage, group: Group, budget: Budget) -> Iterator[Explored]:
    """Every way the stage can end from the states of ``group`` (save_runs.Group; the stage runs
    from its ``rep``): each state it ends in, from which of them, with the ways it gets there and
    the run that ended there (stage_runs.Explored).

    A way is a script of outcomes for the stage's rolls; the stage runs again for each. The outcomes
    of the stage's roll with the same effects go through them together. After an effect in which a
    unit rolled alone, and where the effects of the ways a run carries part, the run is set aside:
    the ways that reach the same point with the same effect next are merged there (whatever effects
    follow) and go on from it once, each keeping its own outcome; after the last effect they part
    again, each with its own outcome (in a stage that only keeps its roll's step after the effects,
    they go on once to its end, carrying their outcomes' totals: calculator.exchange.odds.carried).
    Chances are kept per (outcome of the stage's roll, or its kind while its effects act; damage
    dealt); a way's ``factor`` is the chance of the single units' rolls it took since it was last
    set aside."""
    later: Later = {}
    keeps = stage in KEEPS_ITS_ROLL
    state, damages = group.rep, group.members[group.at].damages
    pooled: dict[tuple[int, int], tuple[int, Ended, Dealt]] = {}
    ends: dict[object, Happened] = {}        # stage_runs.kept_end's runs
    todo, chain, replayed = _start(run, stage, state, ends, budget)
    while todo or later:
        if not todo:
            todo = take_up(later.pop(min(later)), keeps)
        way = todo.pop()
        resume, script, payload, factor = way.resume, way.script, way.payload, way.factor
        if way.mass * factor < PRUNE:
            run.pruned += way.mass * factor
            continue
        first = kept_first(run, stage, state) if resume is None and not script else None
        if first is not None:
            budget.spend(RUN_COST, 0)          # the run to the stage's first roll was made already
            todo += reversed(_first(first, payload))
            continue
        at = At(stage, script, resume, way.until)
        past = keeps and resume is not None and resume.index == len(_entry(script).result(script[0][1]).effects)
        if not past and resume is not None and len(script) == 1 and _reused(run, at, state, later, way, budget):
            continue
        where = None if past else damages.where(at)
        happened = kept_end(run, state, at, ends, budget) if past else damages.happened(at, where, budget)
        if isinstance(happened, Pause):
            if script:
                for key, q in reversed(happened.outcomes):
                    todo.append(way._replace(script=script + [(happened.entry, key)], factor=factor * q))
            else:
                todo += reversed(_first(happened, payload))
            continue
        if isinstance(happened, Checkpoint):
            plan = by_next_effect(_entry(script), payload, happened.index, resume is None)
            set_aside(later, happened, _entry(script), plan, factor)
            budget.spend(CHANCE_COST * len(payload), 0)
            continue
        if past:
            yield _past(run, stage, chain, way, happened)
            continue
        _ends(group, happened, at, where, payload, factor, budget, pooled)
        if not damages.group:         # only a save stage's runs end alike from its other states
            yield from _flush(pooled)
    yield from _flush(pooled)
    yield from replayed


def _entry(script: Script) -> Entry:
    """The stage's own roll, the first of its script (an army's roll, never units rolling alone)."""
    entry = script[0][0]
    if not isinstance(entry, Entry):
        raise RuntimeError("a stage's first roll was taken for units rolling alone")
    return entry


def _start(run: OddsRun, stage: Stage, state: RunState, ends: dict[object, Happened], budget: Budget
           ) -> tuple[list[Way], SharedEffects | None, Iterator[Explored]]:
    """The ways to explore first (the stage from its start), the shared effects to record the ways
    past the effects in, and the ways past them taken from shared effects known already instead of
    following the effects again (calculator.exchange.odds.shared_effects: then only the roll's
    outcomes without effects are explored)."""
    start = [Way(None, [], {(None, 0, 0): 1.0}, 1.0, 1.0, 0)]
    found = shared_effects_of(run, stage, state)
    first = kept_first(run, stage, state)      # shared effects are found only from it
    if found is None or first is None:
        return start, None, iter(())
    chain, followed = found
    if not followed:
        return start, chain, iter(())
    budget.spend(RUN_COST, 0)               # the run to the stage's first roll was made already
    todo = [w for w in reversed(_first(first, start[0].payload)) if not w.until]
    return todo, None, replay(run, chain, stage, state, _pause_entry(first), ends, budget)


def _past(run: OddsRun, stage: Stage, chain: SharedEffects | None, way: Way, happened: Happened) -> Explored:
    """The ways past the last effect of a stage that keeps its roll, gone on to its end together
    (``happened``: stage_runs.kept_end), as ``explore`` yields them; recorded in ``chain`` if any."""
    if not isinstance(happened, Ended) or way.resume is None:
        raise RuntimeError("a stage that keeps its roll went on rolling past its roll's effects")
    if chain is not None:
        chain.record(way.resume, way.payload, way.factor, way.until)
    kept = kept_ways(run, _entry(way.script), way.payload, way.factor, happened.got, KEEPS_ITS_ROLL[stage])
    return Explored(0, happened.state, kept, happened, True)


def _reused(run: OddsRun, at: At, state: RunState, later: Later, way: Way, budget: Budget) -> bool:
    """Set aside the ways the effect the run is taken up at goes, where they are reused
    (target_effects.reused_ways)."""
    resume, script, payload, factor = way.resume, way.script, way.payload, way.factor
    if resume is None:
        return False
    reused = reused_ways(run, at.stage, state, resume, script, way.until, budget)
    if reused is None:
        return False
    plan = by_next_effect(_entry(script), payload, resume.index + 1, False) if reused else []
    for q, cp in reused:
        if way.mass * factor * q < PRUNE:
            run.pruned += way.mass * factor * q
        else:
            set_aside(later, cp, _entry(script), plan, factor * q)
    budget.spend(CHANCE_COST * len(payload) * len(reused), 0)
    return True


def _ends(group: Group, happened: Happened, at: At, where: tuple[int, int] | None, payload: Payload, factor: float,
          budget: Budget, pooled: dict[tuple[int, int], tuple[int, Ended, Dealt]]) -> None:
    """A run from the group's ``rep`` ended (``where``: save_runs.Damages.where): how it ends from
    each state of the group, by the damage it makes there; its ways are pooled by the state they
    start from and the run that ends there (many outcomes of a save roll make the same damage),
    each way's chance by the damage dealt to each side."""
    if not isinstance(happened, Ended):
        raise RuntimeError("a stage's run neither paused nor ended")
    ways = [(d, a, p * factor) for (_, d, a), p in payload.items()]
    for i, ended in enumerate(group.ends(happened, at, where, budget)):
        got_d, got_a = ended.got
        slot = pooled.get((i, id(ended)))          # the pool holds the run: its id is not reused
        if slot is None:
            slot = pooled[(i, id(ended))] = (i, ended, {})
        acc = slot[2]
        for d, a, q in ways:
            k = (d + got_d, a + got_a)
            acc[k] = acc.get(k, 0.0) + q


def _flush(pooled: dict[tuple[int, int], tuple[int, Ended, Dealt]]) -> Iterator[Explored]:
    for i, ended, acc in pooled.values():
        yield Explored(i, ended.state, acc, ended, False)
    pooled.clear()


def _pause_entry(pause: Pause) -> Entry:
    if not isinstance(pause.entry, Entry):
        raise RuntimeError("a stage's first roll was taken for units rolling alone")
    return pause.entry


def _first(pause: Pause, payload: Payload) -> list[Way]:
    """The ways of the stage's roll: the outcomes whose effects are alike go on together until
    those effects are done (the first stands for them all); one with no effects goes on alone."""
    entry = _pause_entry(pause)
    ways: dict[Any, tuple[tuple, Payload, int]] = {}
    for key, q in pause.outcomes:
        ids = entry.effect_ids(kind_of(key))
        way = ways.setdefault(kind_of(key) if ids else (key,), (key, {}, len(ids)))
        for (_, d, a), p in payload.items():
            way[1][(key, d, a)] = p * q
    return [Way(None, [(entry, key)], part, 1.0, sum(part.values()), n) for key, part, n in ways.values()]
