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

So the ways past the effects are followed once, from the first such state (:class:`Chain`: each
point reached with the chances of each kind of outcome there), and every other state alike whose
roll makes each kind as likely takes them instead of following them again. Each state then runs
to the end of the stage from each point itself (reuse.kept_end), with its own roll's totals.
Outcomes without effects go on as ever.

The ways reach the points in another order than following them again would, so chances may
differ in the last digits (tests compare both within 1e-12).
"""
from __future__ import annotations

from typing import Any, Iterator

from ..roll.distribution import Budget
from . import KEEPS_ITS_ROLL
from .branch import CHANCE_COST, PRUNE, Entry, OddsRun, kind_of
from .channels import use_key
from .kept import Payload, kept_ways
from .reuse import REUSE_COST, Ended, first_roll, kept_end, span
from .state import Resume, RunState, signature, signed, standing, with_units

LOST = 1e-9          # a kind's chance left out past which its ways are followed again from each state
SAME = 1e-12         # how far apart two rolls may make a kind's chance (relative) and still be as likely
Way = tuple          # (where the run is taken up, its chances by kind and damage dealt, factor, until)


class Chain:
    """The ways a stage's roll went through its effects from the first state alike, recorded by the
    odds as they reach a point past the last effect (``ends``: the ways by the point), with how
    likely each kind of outcome with effects was there (``mass``)."""

    __slots__ = ("lo", "hi", "mass", "ends", "_lost")

    def __init__(self, entry: Entry, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi            # where the acting army's units are in a state's units
        self.mass = kind_mass(entry)
        self.ends: dict[tuple, list[Way]] = {}
        self._lost: dict[tuple, float] | None = None

    def record(self, resume: Resume, payload: Payload, factor: float, until: int) -> None:
        self.ends.setdefault(resume.sig, []).append((resume, payload, factor, until))

    def lost(self) -> dict[tuple, float]:
        """Each kind's chance that reached no point past the effects (left out as too unlikely);
        worked out once, when another state first asks (a stage run from one state never asks),
        by which time the first state has recorded all its ways."""
        if self._lost is None:
            reached: dict[tuple, float] = {}
            for ways in self.ends.values():
                for _, payload, factor, _ in ways:
                    for (c, _, _), p in payload.items():
                        reached[c] = reached.get(c, 0.0) + p * factor
            self._lost = {c: max(0.0, m - reached.get(c, 0.0)) for c, m in self.mass.items()}
        return self._lost


def kind_mass(entry: Entry) -> dict[tuple, float]:
    """How likely each kind of outcome with effects is (calculator.exchange.branch.kind_of)."""
    out: dict[tuple, float] = {}
    for key, p in entry.outcomes:
        c = kind_of(key)
        if entry.effect_ids(c):
            out[c] = out.get(c, 0.0) + p
    return out


def chain_of(run: OddsRun, stage: Any, state: RunState) -> tuple[Chain, bool] | None:
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
    entry, ch = first.entry, first.entry.channels
    if not ch.uses or ch.species or ch.single or not all(getattr(u.effect, "reads_only_targets", False)
                                                         for u in ch.uses):
        return None
    lo, hi = span(run, entry.units[0].side)
    key = (stage, standing(signature(state), lo, hi), tuple([use_key(u) for u in ch.uses]))
    chain = run.chains.get(key)
    if chain is None:
        chain = run.chains[key] = Chain(entry, lo, hi)
        return chain, False
    lost = chain.lost()
    for c, m in kind_mass(entry).items():
        if c not in lost or lost[c] > LOST or abs(m - chain.mass[c]) > SAME * chain.mass[c]:
            return None
    return chain, True


def replay(run: OddsRun, chain: Chain, stage: Any, state: RunState, entry: Entry, ends: dict,
           budget: Budget) -> Iterator[tuple]:
    """The ways past the effects from ``state`` (whose roll is ``entry``), taken from ``chain``: as
    the odds' exploration yields them, each point's ways together, run to the stage's end from this
    state's own point (once per point: the ways reach it alike, reuse.kept_end)."""
    mine, lost = kind_mass(entry), chain.lost()
    run.pruned += sum(lost[c] for c in mine)
    lo, hi, keep = chain.lo, chain.hi, KEEPS_ITS_ROLL[stage]
    units = state.units[lo:hi]
    read = signed(units)
    for ways in chain.ends.values():
        happened, kept = None, []
        for resume, payload, factor, until in ways:
            part = {k: p for k, p in payload.items() if k[0] in mine}
            total = sum(part.values())
            if total * factor < PRUNE:
                run.pruned += total * factor
                continue
            if happened is None:
                happened = _end(run, stage, state, entry, resume, lo, hi, units, read, part, until, ends, budget)
            budget.spend(REUSE_COST + CHANCE_COST * len(part), 0)
            kept += kept_ways(run, entry, part, factor, happened.got, keep)
        if happened is not None:
            yield 0, happened.state, kept, happened, True


def _end(run: OddsRun, stage: Any, state: RunState, entry: Entry, resume: Resume, lo: int, hi: int, units: tuple,
         read: tuple, part: Payload, until: int, ends: dict, budget: Budget) -> Ended:
    """The run to the stage's end from the point ``resume`` of the chain with this state's acting
    army (``units``, as signed: ``read``) in place of the first state's."""
    before = resume.state
    now = RunState(before.units[:lo] + units + before.units[hi:], before.delayed, before.mods, before.once,
                   before.flags, before.ctx, before.done)
    here = Resume(resume.index, now, resume.marks, (with_units(resume.sig[0], lo, hi, read), resume.sig[1]))
    rep = entry.members(next(iter(part))[0])[0][0]
    happened = kept_end(run, state, (stage, [(entry, rep)], here, until), ends, budget)
    if not isinstance(happened, Ended):
        raise RuntimeError("a stage that keeps its roll went on rolling past its roll's effects")
    return happened
