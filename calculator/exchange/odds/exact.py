"""The exact odds' stage loop: the exchange runs stage by stage (calculator.exchange.STAGES) over a
set of states, each with its chances (a ``Frontier``).

In a stage, every roll's distinct outcomes are worked out exactly (calculator.roll.distribution)
and the stage's own code runs once per outcome (calculator.exchange.odds.run), so casualties,
effects and the counter-attack of the survivors are the exchange's own. States the rest of the
exchange cannot tell apart are merged, each carrying what the two sides have lost so far; a save
stage runs once for the states alike but for the attack's results, and each of them then takes
the damage its own results make (calculator.exchange.odds.save_runs). Faces given in the input
stay as given. The work is counted and bounded like a single roll's chances.
"""
from __future__ import annotations

import gc
from typing import Any

from ...core.errors import InputError, TooLarge
from ...core.limits import BOUNDS
from ...roll.distribution import Budget
from .. import KEEPS_ITS_ROLL, READS_KEPT, SAVER_OF_LAST_STAGE, SAVES_AGAINST, STAGES, SUMMARY_KEYS
from ..flow import Indexed
from ..request import ExchangeInput
from .answer import answer
from .carried import carry, unkept
from .chances import NONE, SIDE_PLACES, SIDES, Dealt, Frontier, Held, Losses, Payload, Stage, so_far
from .costs import MERGE_COST, REUSE_COST, RUN_COST
from .explore import explore
from .per_side import by_side
from .refusals import refuse_unworked
from .run import Ended, OddsRun
from .save_runs import Group, grouped
from .stage_runs import first_roll, ways_of
from .state import RunState, signature


def exact_odds(engine: Indexed, inp: ExchangeInput) -> dict[str, Any]:
    """The exact odds, with the cyclic garbage collector paused: the work makes no reference cycles
    (tests/engine/test_exchange_odds.py checks it), so its passes over the many states kept would
    find nothing and cost a sixth of the time. A refusal lets its work go before the collector is
    back: its traceback holds every state, and the collector's first pass would go through them all."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        try:
            return work_out(engine, inp)
        except InputError as exc:
            refused = exc.with_traceback(None)
        raise refused
    finally:
        if was_on:
            gc.enable()


def start(engine: Indexed, inp: ExchangeInput, budget: Budget) -> tuple[OddsRun, Frontier]:
    """The run the odds drive, and the exchange's first state, certain (refused at once where an
    army roll's exact chances are not worked out: calculator.exchange.odds.refusals)."""
    refuse_unworked(engine, inp)
    run = OddsRun(engine, inp, budget)
    run.summary = {k: 0 for k in SUMMARY_KEYS}
    # each unit: where its side's losses are in a Losses key, and its health
    run.loss_at = [(SIDE_PLACES * SIDES.index(u.side), u.health) for u in run.flat]
    first = run.state()
    return run, {signature(first): Held(first, {NONE: 1.0}, "")}


def work_out(engine: Indexed, inp: ExchangeInput) -> dict[str, Any]:
    budget = Budget()
    run, frontier = start(engine, inp, budget)
    for stage in STAGES[:-1]:
        frontier = advance(run, stage, groups_of(run, stage, frontier, budget), budget)
        run.next_stage()
    last = STAGES[-1]
    # Each side's losses are answered on their own (the answer gives each side's chances, not both
    # sides' together), so before the last stage the states merge by what each side's losses depend on.
    parted = by_side(run, last, frontier)
    others = (run.other(SAVER_OF_LAST_STAGE),)
    parts = [(parted.both, SIDES), (parted.saver, (SAVER_OF_LAST_STAGE,)), (parted.other, others)]
    groups = [(groups_of(run, last, part, budget), sides) for part, sides in parts]
    foresee(run, last, [g for part, _ in groups for g in part], budget)
    ends = [([held.payload for held in advance(run, last, part, budget, last=True, seen=True).values()], sides)
            for part, sides in groups]
    return answer(run, ends + [([parted.standing], others)])


def advance(run: OddsRun, stage: Stage, groups: list[Group], budget: Budget, last: bool = False,
            seen: bool = False) -> Frontier:
    """Run one stage from every state (in ``groups``: ``groups_of``); after the last stage only the
    losses matter (one bucket). ``seen``: the stage's work was already foreseen."""
    out: Frontier = {}
    keep = KEEPS_ITS_ROLL.get(stage)
    if not seen:
        foresee(run, stage, groups, budget)
    # The work a state takes goes with the ways its first roll goes (``foresee``): the states still
    # to run are projected at half the work the states run so far took per way.
    before, ways_run = budget.work, 0
    reads: dict[int, tuple[RunState, tuple, Losses]] = {}   # each state ended in, by its id, with what is read of it
    ways_all = sum(ways_of(run, stage, g.rep) for g in groups if not g.rep.done)
    for group in groups:
        if group.rep.done:                    # done: nothing more happens in this state
            member = group.members[0]
            merge(out, () if last else member.sig, member.state, member.payload, {(0, 0): 1.0},
                  losses_in(run, member.state), member.aside)
            continue
        ends = 0
        for way in explore(run, stage, group, budget):
            ends += 1
            sig, now = _read(run, way.ended, reads, keep, last)
            member = group.members[way.member]
            if keep is not None and keep in way.state.ctx:
                carry(run, keep, out, sig, way.state, member.payload, way.ways, way.carried, now, member.aside)
            elif isinstance(way.ways, dict):
                merge(out, sig, way.state, member.payload, way.ways, now, member.aside)
            else:
                raise RuntimeError("ways carrying a kept roll's totals ended where no roll is kept")
        budget.spend(MERGE_COST * ends, 0)
        ways_run += ways_of(run, stage, group.rep)
        # Half the projection: the states run first pay for the rolls, chains and runs the later ones
        # reuse (the full projection overshot the work still to come by 1.1-2x, at worst 12x).
        budget.spend(0, 0, (budget.work - before) * (ways_all - ways_run) // (2 * ways_run))
        if len(out) > BOUNDS["states"]:
            raise TooLarge("attack", "too large to compute exactly (the exchange has more than "
                                     f"{BOUNDS['states']:,} different situations); try fewer dice")
    return out


def _read(run: OddsRun, ended: Ended, reads: dict[int, tuple[RunState, tuple, Losses]], keep: str | None,
          last: bool) -> tuple[tuple, Losses]:
    """What the odds read of the state a run ended in: its signature (but for the totals of a roll
    kept: the ways carry them) and its losses, worked out once however many ways reach it."""
    if ended.read is not None:
        return ended.read                # the same run's end, reached from another state or point
    end = ended.state
    if id(end) in reads:                 # another run's end in the same state (save_runs.Damages._made)
        _, sig, now = reads[id(end)]
    else:
        now, sig = losses_in(run, end), () if last else signature(end)
        if keep is not None and keep in end.ctx:
            sig = unkept(sig, keep)
        reads[id(end)] = (end, sig, now)        # the state held: its id is not reused
    ended.read = (sig, now)
    return sig, now


def groups_of(run: OddsRun, stage: Stage, frontier: Frontier, budget: Budget) -> list[Group]:
    """The frontier's states in the groups a stage runs from alike (save_runs.grouped)."""
    return grouped(run, frontier, SAVES_AGAINST.get(stage), READS_KEPT.get(stage), budget)


def foresee(run: OddsRun, stage: Stage, groups: list[Group], budget: Budget) -> None:
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


def merge(out: Frontier, sig: tuple, state: RunState, payload: Payload, ways: Dealt, now: Losses,
          aside: str) -> None:
    """Add a state's chances to ``out``, reached in each of ``ways`` (by the damage dealt to each
    side: its chance); ``now``: the killed and single-unit damage read from it (a side set aside
    keeps what it had: chances.so_far)."""
    have = out.get(sig)
    if have is None:
        have = out[sig] = Held(state, {}, aside)
    acc = have.payload
    olds = so_far(payload, now, aside)
    for (to_d, to_a), p in ways.items():
        for o, q in olds:
            k = (o[0] + to_d, o[1], o[2], o[3] + to_a, o[4], o[5])
            acc[k] = acc.get(k, 0.0) + q * p


def losses_in(run: OddsRun, state: RunState) -> Losses:
    """Per side: 0 (damage to the army is added as it is dealt), health-worth killed (or buried),
    damage its units took alone (Gore, Bash, ...)."""
    out = [0] * len(NONE)
    for (i, health), (status, _, damage) in zip(run.loss_at, state.units):
        if status in ("killed", "buried"):
            out[i + 1] += health
        if damage:
            out[i + 2] += damage
    return Losses(*out)
