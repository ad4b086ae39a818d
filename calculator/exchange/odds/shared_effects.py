"""Effects followed once for many states (the exact odds: calculator.exchange.odds).

In a stage that keeps its roll (calculator.exchange.KEEPS_ITS_ROLL), the roll's effects may all
read and change only the army they target (a kind with ``reads_only_targets``: Bullseye). Then the
ways its outcomes go through those effects, and the points past them where each way ends, are
the same from every state in which all but the acting army's units are alike (the roll's effects
the same): the Defensive Volley of Coral Elf armies that lost different units to the attack goes
through the same Bullseyes on the same Dwarves. Where the units that roll those effects are the
same too, each kind of outcome (how many Bullseyes) is as likely in each state, and so is every
way through the effects; the states differ only in the rest of their roll (its totals) and in
their own units.

So the ways past the effects are followed once, from the first such state (kept.SharedEffects: each
point reached with the chances of each kind of outcome there), and every other state alike whose
roll makes each kind as likely takes them instead of following them again. Each state then runs
to the end of the stage from each point itself (stage_runs.kept_end), with its own roll's totals.
Outcomes without effects go on as ever.

The ways reach the points in another order than following them again would, so chances may
differ in the last digits (the answers were compared within 1e-12 when this was made; the corpus of
tests/engine/corpus/odds.jsonl keeps them since).
"""
from __future__ import annotations

from typing import Iterator

from ...roll.distribution import Budget
from .. import KEEPS_ITS_ROLL
from .carried import KeptWay, kept_ways
from .chances import Payload, Stage
from .costs import CHANCE_COST, PRUNE, REUSE_COST
from .extras import use_key
from .kept import Recorded, SharedEffects, kind_mass
from .outcomes import Entry
from .run import Ended, Happened, OddsRun
from .stage_runs import At, Explored, first_roll, kept_end, span
from .state import Resume, RunState, Units, signature, signed, standing, with_units

LOST = 1e-9          # a kind's chance left out past which its ways are followed again from each state
SAME = 1e-12         # how far apart two rolls may make a kind's chance (relative) and still be as likely


def shared_effects_of(run: OddsRun, stage: Stage, state: RunState) -> tuple[SharedEffects, bool] | None:
    """The chain the stage's effects from ``state`` go (and whether it was followed already, from
    another state), or None where they are followed from this state alone: the stage does not keep
    its roll, or its roll brings an effect that reads more than its targets (or a save result of a
    species, or a unit's own roll), or a kind of outcome that the chain followed too little or not
    at all, or that this state's roll makes more or less likely."""
    if stage not in KEEPS_ITS_ROLL:
        return None
    first = first_roll(run, stage, state)
    if first is None or not isinstance(first.entry, Entry):
        return None
    entry, ch = first.entry, first.entry.extras
    if not ch.uses or ch.species or ch.single or not all(getattr(u.effect, "reads_only_targets", False)
                                                         for u in ch.uses):
        return None
    lo, hi = span(run, entry.units[0].side)
    key = (stage, standing(signature(state), lo, hi), tuple([use_key(u) for u in ch.uses]))
    chain = run.chains.get(key)
    if chain is None:
        chain = run.chains[key] = SharedEffects(entry, lo, hi)
        return chain, False
    lost = chain.lost()
    for c, m in kind_mass(entry).items():
        if c not in lost or lost[c] > LOST or abs(m - chain.mass[c]) > SAME * chain.mass[c]:
            return None
    return chain, True


def replay(run: OddsRun, chain: SharedEffects, stage: Stage, state: RunState, entry: Entry,
           ends: dict[object, Happened], budget: Budget) -> Iterator[Explored]:
    """The ways past the effects from ``state`` (whose roll is ``entry``), taken from ``chain``: as
    the odds' exploration yields them, each point's ways together, run to the stage's end from this
    state's own point (once per point: the ways reach it alike, stage_runs.kept_end)."""
    mine, lost = kind_mass(entry), chain.lost()
    run.pruned += sum(lost[c] for c in mine)
    lo, hi, keep = chain.lo, chain.hi, KEEPS_ITS_ROLL[stage]
    units = state.units[lo:hi]
    read = signed(units)
    for ways in chain.ends.values():
        happened: Ended | None = None
        kept: list[KeptWay] = []
        for way in ways:
            part = {k: p for k, p in way.payload.items() if k[0] in mine}
            total = sum(part.values())
            if total * way.factor < PRUNE:
                run.pruned += total * way.factor
                continue
            if happened is None:
                happened = _end(run, stage, state, entry, way, (lo, hi, units, read), part, ends, budget)
            budget.spend(REUSE_COST + CHANCE_COST * len(part), 0)
            kept += kept_ways(run, entry, part, way.factor, happened.got, keep)
        if happened is not None:
            yield Explored(0, happened.state, kept, happened, True)


def _end(run: OddsRun, stage: Stage, state: RunState, entry: Entry, way: Recorded,
         acting: tuple[int, int, Units, tuple[tuple[str, int], ...]], part: Payload, ends: dict[object, Happened],
         budget: Budget) -> Ended:
    """The run to the stage's end from the point the ``way`` recorded with this state's acting
    army (``acting``: where its units are, the units, and as signed) in place of the first state's."""
    lo, hi, units, read = acting
    resume = way.resume
    before = resume.state
    now = RunState(before.units[:lo] + units + before.units[hi:], before.delayed, before.mods, before.once,
                   before.flags, before.ctx, before.done)
    here = Resume(resume.index, now, resume.marks, (with_units(resume.sig[0], lo, hi, read), resume.sig[1]))
    rep = entry.members(next(iter(part))[0])[0][0]
    happened = kept_end(run, state, At(stage, [(entry, rep)], here, way.until), ends, budget)
    if not isinstance(happened, Ended):
        raise RuntimeError("a stage that keeps its roll went on rolling past its roll's effects")
    return happened
