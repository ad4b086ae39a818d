"""Exact chances of an exchange not rolled yet: of every amount of damage and every health-worth
killed on each side (``python -m calculator exchange-odds``, the worker's "exchange-odds").

The exchange runs stage by stage (calculator.exchange.STAGES) over a set of states, each with its
chance. In a stage, every roll's distinct outcomes are worked out exactly (calculator.roll.distribution)
and the stage's own code runs once per outcome (calculator.exchange.branch), so casualties,
effects and the counter-attack of the survivors are the exchange's own. States the rest of the
exchange cannot tell apart are merged, each carrying what the two sides have lost so far; a save
stage runs once for the states alike but for the attack's results, and each of them then takes
the damage its own results make (calculator.exchange.reuse). Faces
given in the input stay as given. The work is counted and bounded like a single roll's chances.

>>> from calculator import Engine                                    # doctest: +SKIP
>>> Engine(bundle).exchange_odds(exchange)["sides"]["defender"]["killed"]["mean"]   # doctest: +SKIP
"""
from __future__ import annotations

import gc
from collections.abc import Mapping
from typing import Any, Iterator

from ..roll.distribution import Budget
from ..core.errors import InputError, NotExact, TooLarge
from ..core.fields import short
from ..core.limits import BOUNDS
from . import KEEPS_ITS_ROLL, READS_KEPT, SAVER_OF_LAST_STAGE, SAVES_AGAINST, STAGES, SUMMARY_KEYS
from .aside import set_aside
from .chains import Chain, chain_of, replay
from .answer import SIDES, answer
from .branch import CHANCE_COST, MERGE_COST, PRUNE, RUN_COST, Checkpoint, OddsRun, Pause, kind_of
from .kept import Losses, Payload, carry, kept_ways, unkept
from .state import Resume, RunState, signature, with_totals
from .request import parse_exchange
from .points import by_next_effect, set_aside_at, take_up
from .reuse import REUSE_COST, Group, first_roll, grouped, kept_end, kept_first, reused_ways, ways_of
from .worked import refuse_unworked
from .sample import sampled_odds

NONE: Losses = (0, 0, 0, 0, 0, 0)
METHODS = ("exact", "sampled")
CHAINS = True          # effects followed once for the states alike (calculator.exchange.chains); tests turn it off


def exchange_odds(engine: Any, data: Any, project: bool = True) -> dict[str, Any]:
    """Exact odds; past the work bound, where they are not worked out (Bash, Confuse: ``NotExact``)
    or asked with ``"odds": "sampled"``, a sampled estimate."""
    data, method = _method(data)
    if method == "sampled":
        return sampled_odds(engine, data, "a sampled estimate was asked for")
    inp = parse_exchange(data, engine.index)          # an input error is the input's, never sampled
    # A Vortex re-roll of a unit whose face is not given is one more random face (the same chances); of
    # a face given it changes them, and those chances are sampled.
    if any(isinstance(h, Mapping) and h.get("unit") is not None and s.units[h["unit"]].faces
           for s in inp.sides.values() for h in s.held.get("eighth_faces") or []):
        return sampled_odds(engine, data, "the exact chances of a unit the Vortex rolls again are not worked out")
    try:
        return _exact(engine, inp, project)
    except TooLarge as exc:
        # "...; try fewer dice" no longer applies: the estimate is the answer
        why = f"the exchange is {exc.message.split(';')[0]}"
    except NotExact as exc:
        # Bash, Confuse: resolved roll by roll, so sampled like any exchange ("...; resolve ..." goes)
        why = exc.message.split(';')[0]
    # Sampled once the refusal is let go (outside the except clause): nothing of the exact odds'
    # work is held while the sampling runs.
    return sampled_odds(engine, data, why)


def _method(data: Any) -> tuple[Any, str]:
    if not isinstance(data, Mapping) or "odds" not in data:
        return data, "exact"
    method = data["odds"]
    if method not in METHODS:
        raise InputError("odds", f"expected {' or '.join(repr(m) for m in METHODS)}, got {short(method)}")
    return {k: v for k, v in data.items() if k != "odds"}, method


def _exact(engine: Any, inp: Any, project: bool) -> dict[str, Any]:
    """The exact odds, with the cyclic garbage collector paused: the work makes no reference cycles
    (tests/engine/test_exchange_odds.py checks it), so its passes over the many states kept would
    find nothing and cost a sixth of the time. A refusal lets its work go before the collector is
    back: its traceback holds every state, and the collector's first pass would go through them all."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        try:
            return _exact_odds(engine, inp, project)
        except InputError as exc:
            refused = exc.with_traceback(None)
        raise refused
    finally:
        if was_on:
            gc.enable()


def _exact_odds(engine: Any, inp: Any, project: bool) -> dict[str, Any]:
    refuse_unworked(engine, inp)
    budget = Budget()
    run = OddsRun(engine, inp, budget)
    run.summary = {k: 0 for k in SUMMARY_KEYS}
    run.loss_at = [(3 * SIDES.index(u.side), u.health) for u in run.flat]     # each unit: its side's Losses, health
    start = run.state()
    frontier: dict[tuple, tuple[RunState, Payload, str]] = {signature(start): (start, {NONE: 1.0}, "")}
    for stage in STAGES[:-1]:
        frontier = _advance(run, stage, frontier, budget)
        run.firsts.clear()
        run.chains.clear()
        run.damages_made.clear()
        run.damage_keys.clear()
    last = STAGES[-1]
    if not project:
        return answer(run, [(_advance(run, last, frontier, budget, last=True), SIDES)])
    # Each side's losses are answered on their own (the answer gives each side's chances, not both
    # sides' together), so before the last stage the states merge by what each side's losses depend on.
    both, saver, other, standing_losses = set_aside(run, last, frontier)
    others = (run.other(SAVER_OF_LAST_STAGE),)
    parts = [(both, SIDES), (saver, (SAVER_OF_LAST_STAGE,)), (other, others)]
    groups = [(_groups(run, last, part, budget), sides) for part, sides in parts]
    _foresee(run, last, [g for part, _ in groups for g in part], budget)
    return answer(run, [(_advance(run, last, part, budget, last=True, seen=True), sides) for part, sides in groups]
                  + [(standing_losses, others)])


def _advance(run: OddsRun, stage: Any, frontier: dict | list[Group], budget: Budget, last: bool = False,
             seen: bool = False) -> dict:
    """Run one stage from every state (a frontier, or its states in groups: ``_groups``); after the
    last stage only the losses matter (one bucket). ``seen``: the stage's work was already foreseen."""
    out: dict[tuple, tuple[RunState, Payload, str]] = {}
    groups = _groups(run, stage, frontier, budget) if isinstance(frontier, dict) else frontier
    keep = KEEPS_ITS_ROLL.get(stage)
    if not seen:
        _foresee(run, stage, groups, budget)
    # The work a state takes goes with the ways its first roll goes (``_foresee``): the states still
    # to run are projected at half the work the states run so far took per way.
    before, ways_run = budget.work, 0
    reads: dict[int, tuple] = {}         # each state ended in, by its id, with what is read of it
    ways_all = sum(ways_of(run, stage, g.rep) for g in groups if not g.rep.done)
    for group in groups:
        if group.rep.done:                    # done: nothing more happens in this state
            sig, state, payload, aside, _ = group.members[0]
            _merge(out, () if last else sig, state, payload, {(0, 0): 1.0}, _losses(run, state), aside)
            continue
        ends = 0
        for i, end, ways, ended, carried in _explore(run, stage, group, budget):
            ends += 1
            if ended.read is not None:
                sig, now = ended.read            # the same run's end, reached from another state or point
            elif id(end) in reads:              # another run's end in the same state (reuse.Damages._made)
                sig, now = ended.read = reads[id(end)][1:]
            else:
                now, sig = _losses(run, end), () if last else signature(end)
                if keep is not None and keep in end.ctx:
                    sig = unkept(sig, keep)
                ended.read = (sig, now)
                reads[id(end)] = (end, sig, now)        # the state held: its id is not reused
            member = group.members[i]
            if keep is not None and keep in end.ctx:
                carry(run, keep, out, sig, end, member.payload, ways, carried, now, member.aside)
            else:
                _merge(out, sig, end, member.payload, ways, now, member.aside)
        budget.spend(MERGE_COST * ends, 0)
        ways_run += ways_of(run, stage, group.rep)
        # Half the projection: the states run first pay for the rolls, chains and runs the later ones
        # reuse (the full projection overshot the work still to come by 1.1-2x, at worst 12x).
        budget.spend(0, 0, (budget.work - before) * (ways_all - ways_run) // (2 * ways_run))
        if len(out) > BOUNDS["states"]:
            raise TooLarge("attack", "too large to compute exactly (the exchange has more than "
                                     f"{BOUNDS['states']:,} different situations); try fewer dice")
    return out


def _groups(run: OddsRun, stage: Any, frontier: dict, budget: Budget) -> list[Group]:
    return grouped(run, stage, frontier, SAVES_AGAINST.get(stage), READS_KEPT.get(stage), budget)


def _foresee(run: OddsRun, stage: Any, groups: list[Group], budget: Budget) -> None:
    """Refuse at once a stage that would take past the bound: every group of states runs the stage
    at least once per way its roll goes (``Entry.ways``; a state's roll is looked up once for all
    states alike), its other states end each way again, and a save stage's runs end each state once
    per damage it can be dealt, each end merged (``Group.fewest_ends``)."""
    ahead = 0
    for group in groups:
        if not group.rep.done:
            ahead += ways_of(run, stage, group.rep) * (RUN_COST + REUSE_COST * (len(group.members) - 1))
            ahead += MERGE_COST * group.fewest_ends(first_roll(run, stage, group.rep))
        budget.spend(0, len(group.members), ahead)


def _merge(out: dict, sig: tuple, state: RunState, payload: Payload, ways: dict[tuple[int, int], float],
           now: Losses, aside: str) -> None:
    """Add a state's chances to ``out``, reached in each of ``ways`` (by the damage dealt to each
    side: its chance); ``now``: the killed and single-unit damage read from it (a side set aside keeps what
    it had)."""
    have = out.get(sig)
    if have is None:
        have = out[sig] = (state, dict[Any, float](), aside)
    acc = have[1]
    keep_d, keep_a = aside == SIDES[0], aside == SIDES[1]
    for (to_d, to_a), p in ways.items():
        for old, q in payload.items():
            k = (old[0] + to_d, old[1] if keep_d else now[1], old[2] if keep_d else now[2],
                 old[3] + to_a, old[4] if keep_a else now[4], old[5] if keep_a else now[5])
            acc[k] = acc.get(k, 0.0) + q * p


def _explore(run: OddsRun, stage: Any, group: Group, budget: Budget) -> Iterator[tuple[int, RunState, Any, Any, bool]]:
    """Every way the stage can end from the states of ``group`` (reuse.Group; the stage runs from its
    ``rep``): each state it ends in, from which of them (its index in the group), with the ways it
    gets there (by the damage dealt to each side: its chance), the run that ended there
    (reuse.Ended) and whether the ways carry their outcomes' totals (at the end of a stage that keeps
    its roll: the ways of ``kept_ways``; that run is made once for all the points alike: reuse.kept_end).

    A way is a script of outcomes for the stage's rolls; the stage runs again for each. The outcomes
    of the stage's roll with the same effects go through them together. After an effect in which a
    unit rolled alone, and where the effects of the ways a run carries part, the run is set aside:
    the ways that reach the same point with the same effect next are merged there (whatever effects
    follow) and go on from it once, each keeping its own outcome; after the last effect they part
    again, each with its own outcome (in a stage that only keeps its roll's step after the effects,
    they go on once to its end, carrying their outcomes' totals: calculator.exchange.kept). Chances
    are kept per (outcome of the stage's roll, or its kind while its effects act; damage dealt); a
    way's ``factor`` is the chance of the single units' rolls it took since it was last set aside."""
    later: dict[int, dict[tuple, dict[Any, list]]] = {}      # by effect index, signature, next effect
    keeps = stage in KEEPS_ITS_ROLL
    state, damages = group.rep, group.members[group.at].damages
    pooled, ends = dict[tuple, tuple](), dict[tuple, Any]()      # ends: reuse.kept_end's runs
    todo, chain, replayed = _start(run, stage, state, ends, budget)
    while todo or later:
        if not todo:
            todo = take_up(later, later.pop(min(later)), keeps)
        resume, script, payload, factor, mass, until = todo.pop()
        if mass * factor < PRUNE:
            run.pruned += mass * factor
            continue
        first = kept_first(run, stage, state) if resume is None and not script else None
        if first is not None:
            budget.spend(RUN_COST, 0)          # the run to the stage's first roll was made already
            todo += reversed(_first(first, payload))
            continue
        at = (stage, script, resume, until)
        past = keeps and resume is not None and resume.index == len(script[0][0].result(script[0][1]).effects)
        if not past and resume is not None and len(script) == 1 and _reused(run, stage, state, later, resume, script,
                                                                             payload, factor, mass, until, budget):
            continue
        where = None if past else damages.where(*at)
        happened = kept_end(run, state, at, ends, budget) if past else damages.happened(at, where, budget)
        if isinstance(happened, Pause):
            if script:
                for key, q in reversed(happened.outcomes):
                    todo.append((resume, script + [(happened.entry, key)], payload, factor * q, mass, until))
            else:
                todo += reversed(_first(happened, payload))
            continue
        if isinstance(happened, Checkpoint):
            plan = by_next_effect(script[0][0], payload, happened.index, resume is None)
            set_aside_at(later, happened, script[0][0], plan, factor)
            budget.spend(CHANCE_COST * len(payload), 0)
            continue
        if past:
            yield _past(run, stage, chain, resume, script, payload, factor, until, happened)
            continue
        _ends(group, happened, at, where, payload, factor, budget, pooled)
        if not damages.group:         # only a save stage's runs end alike from its other states
            yield from _flush(pooled)
    yield from _flush(pooled)
    yield from replayed


def _start(run: OddsRun, stage: Any, state: RunState, ends: dict, budget: Budget) -> tuple[list, Chain | None, Any]:
    """The ways to explore first (the stage from its start), the chain to record the ways past the
    effects in, and the ways past them taken from a chain known already instead of following the
    effects again (calculator.exchange.chains: then only the roll's outcomes without effects are
    explored)."""
    start: list[tuple] = [(None, [], {(None, 0, 0): 1.0}, 1.0, 1.0, 0)]
    found = chain_of(run, stage, state) if CHAINS else None
    first = kept_first(run, stage, state)      # a chain is found only from it (calculator.exchange.chains)
    if found is None or first is None:
        return start, None, ()
    chain, followed = found
    if not followed:
        return start, chain, ()
    budget.spend(RUN_COST, 0)               # the run to the stage's first roll was made already
    todo = [t for t in reversed(_first(first, start[0][2])) if not t[5]]
    return todo, None, replay(run, chain, stage, state, first.entry, ends, budget)


def _past(run: OddsRun, stage: Any, chain: Chain | None, resume: Resume, script: list, payload: Payload,
          factor: float, until: int, happened: Any) -> tuple:
    """The ways past the last effect of a stage that keeps its roll, gone on to its end together
    (``happened``: reuse.kept_end), as ``_explore`` yields them; recorded in ``chain`` if any."""
    if chain is not None:
        chain.record(resume, payload, factor, until)
    kept = kept_ways(run, script[0][0], payload, factor, happened.got, KEEPS_ITS_ROLL[stage])
    return 0, happened.state, kept, happened, True


def _reused(run: OddsRun, stage: Any, state: RunState, later: dict, resume: Resume, script: list, payload: Payload,
            factor: float, mass: float, until: int, budget: Budget) -> bool:
    """Set aside the ways the effect the run is taken up at goes, where they are reused (reuse.reused_ways)."""
    reused = reused_ways(run, stage, state, resume, script, until, budget)
    if reused is None:
        return False
    plan = by_next_effect(script[0][0], payload, resume.index + 1, False) if reused else []
    for q, cp in reused:
        if mass * factor * q < PRUNE:
            run.pruned += mass * factor * q
        else:
            set_aside_at(later, cp, script[0][0], plan, factor * q)
    budget.spend(CHANCE_COST * len(payload) * len(reused), 0)
    return True


def _ends(group: Group, happened: Any, at: tuple[Any, list, Resume | None, int], where: tuple[int, int] | None,
          payload: Payload, factor: float, budget: Budget, pooled: dict[tuple, tuple]) -> None:
    """A run from the group's ``rep`` ended (``at``: the stage, its script, where it resumed, until;
    ``where``: reuse.Damages.where):
    how it ends from each state of the group, by the damage it makes there; its ways are pooled by
    the state they start from and the run that ends there (many outcomes of a save roll make the
    same damage), each way's chance by the damage dealt to each side."""
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


def _flush(pooled: dict[tuple, tuple]) -> Iterator[tuple]:
    for i, ended, acc in pooled.values():
        yield i, ended.state, acc, ended, False
    pooled.clear()


def _first(pause: Pause, payload: Payload) -> list[tuple]:
    """The ways of the stage's roll: the outcomes whose effects are alike go on together until
    those effects are done (the first stands for them all); one with no effects goes on alone."""
    entry = pause.entry
    ways: dict[Any, tuple[tuple, Payload, int]] = {}
    for key, q in pause.outcomes:
        ids = entry.effect_ids(kind_of(key))
        way = ways.setdefault(kind_of(key) if ids else (key,), (key, {}, len(ids)))
        for (_, d, a), p in payload.items():
            way[1][(key, d, a)] = p * q
    return [(None, [(entry, key)], part, 1.0, sum(part.values()), n) for key, part, n in ways.values()]


def _losses(run: OddsRun, state: RunState) -> Losses:
    """Per side: 0 (damage to the army is added as it is dealt), health-worth killed (or buried),
    damage its units took alone (Gore, Bash, ...)."""
    out = [0] * 6
    for (i, health), (status, _, damage) in zip(run.loss_at, state.units):
        if status in ("killed", "buried"):
            out[i + 1] += health
        if damage:
            out[i + 2] += damage
    return tuple(out)
