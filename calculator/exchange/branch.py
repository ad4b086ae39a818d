"""Rolls of an exchange as chances rather than dice: the run that the exact odds drive.

:class:`OddsRun` is the exchange's own :class:`~calculator.exchange.flow.Run` with one change:
a roll does not roll. The first time a roll is reached, the run stops (:class:`Pause`) with the
roll's input; the odds (calculator.exchange.odds) work out every distinct outcome of that roll
(calculator.roll.distribution) and run the stage again once per outcome, which the roll then returns.
Everything else (effects, damage, casualties) is the exchange's own code.

An outcome keeps what the rest of the exchange can read: the totals, the effects the faces bring
(each with its X), the units taken out at step 2, the save results of species whose ability turns
them into damage, and whether a unit rolling alone rolled its ID.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..roll.distribution import EVAL_COST, Budget, Evaluations, roll_outcomes
from ..roll.inputs import parse_roll
from ..roll.steps import die_key
from .flow import Damage, Indexed, Run
from .request import ExchangeInput, ExUnit
from .state import Resume, RunState, StepMarks
from .channels import Channels, use_key
from .step import set_step_marks, step_marks


class Pause(Exception):
    """A roll was reached that has no outcome chosen yet."""

    def __init__(self, entry: Any, outcomes: list[tuple[tuple, float]]) -> None:
        super().__init__("pause")
        self.entry, self.outcomes = entry, outcomes


class Checkpoint(Exception):
    """Before each effect of a roll and after its last: the run is set aside here so that the ways
    it got here can be merged before it goes on."""

    def __init__(self, index: int, state: RunState, marks: StepMarks, dealt: tuple[int, int],
                 sig: tuple | None = None) -> None:
        super().__init__("checkpoint")
        self.index, self.state, self.marks, self.dealt = index, state, marks, dealt
        self.sig = sig           # the state's signature, where it was worked out from another's


class UnitPart:
    """What the exchange reads of one unit in a roll whose outcome is chosen."""

    __slots__ = ("excluded", "rolled_id", "res")

    def __init__(self) -> None:
        self.excluded = ""
        self.rolled_id = False
        self.res: dict[str, int] = {}

    def results(self, rtype: str) -> int:
        return self.res.get(rtype, 0)


@dataclass
class Chosen:
    """One outcome of one roll, shaped like the parts of a RollResult the exchange reads."""

    sig: tuple               # what a later stage can read of it (the same for equal outcomes of other rolls)
    roll: Any
    totals: dict[str, int]
    effects: list[Any]
    rolls: list[UnitPart]


@dataclass
class Entry:
    """One roll's input and the distribution of its outcomes."""

    roll: Any
    channels: Channels
    units: list[ExUnit]
    outcomes: list[tuple[tuple, float]]
    dropped: float
    notes: list[str]
    chosen: dict[tuple, Chosen] = field(default_factory=dict)
    merged: dict[str, list[tuple[tuple, float]]] = field(default_factory=dict)
    kinds: dict[tuple, list[tuple[tuple, float]]] = field(default_factory=dict)
    ids: dict[tuple, tuple[int, ...]] = field(default_factory=dict)
    totals: dict[tuple, list[tuple[tuple, float, tuple]]] = field(default_factory=dict)
    values: dict[str, dict[tuple, Any]] = field(default_factory=dict)
    n_ways: int = -1

    def ways(self, budget: Budget) -> int:
        """The fewest runs a stage starting with this roll takes: one per kind of outcome with
        effects (they go on together), one per outcome without (calculator.exchange.odds). Each
        outcome sorted by its kind is counted against ``budget`` the first time."""
        if self.n_ways < 0:
            budget.spend(SORT_COST * len(self.outcomes), 0)
            self.n_ways = len({kind_of(k) if self.effect_ids(kind_of(k)) else k for k, _ in self.outcomes})
        return self.n_ways

    def effect_ids(self, kind: tuple) -> tuple[int, ...]:
        """The effects an outcome of this kind brings, in order (by identity)."""
        hit = self.ids.get(kind)
        if hit is None:
            hit = self.ids[kind] = tuple(id(u) for u in self.result(self.members(kind)[0][0]).effects)
        return hit

    def members(self, kind: tuple) -> list[tuple[tuple, float]]:
        """The outcomes of one kind (the same effects and units, any totals: ``kind_of``), each with
        its chance given the kind; the first stands for them all until the effects are done."""
        if not self.kinds:
            for key, p in self.outcomes:
                self.kinds.setdefault(kind_of(key), []).append((key, p))
            for k, keys in self.kinds.items():
                mass = 0.0
                for _, p in keys:         # not sum(): Python 3.12 and later add floats otherwise
                    mass += p
                self.kinds[k] = [(key, p / mass) for key, p in keys]
        return self.kinds[kind]

    def by_totals(self, kind: tuple) -> list[tuple[tuple, float, tuple]]:
        """The outcomes of one kind told apart only by their totals (all a later stage reads of a
        roll kept: calculator.exchange.kept), each with its chance given the kind and an outcome."""
        hit = self.totals.get(kind)
        if hit is None:
            seen: dict[tuple, list] = {}
            for key, p in self.members(kind):
                t = totals_of(key)
                if t in seen:
                    seen[t][1] += p
                else:
                    seen[t] = [key, p]
            hit = self.totals[kind] = [(t, p, key) for t, (key, p) in seen.items()]
        return hit

    def read_as(self, reads: Any, budget: Budget | None = None) -> list[tuple[tuple, float]]:
        """The outcomes, those the caller cannot tell apart merged (one stands for them all). ``reads``:
        (name, function of an outcome), or (name, function, (name, function of an outcome)) where
        the first function reads what the second read of the outcome. Each outcome read is counted
        against ``budget`` before any is read (a roll of many kinds of outcome is refused at once)."""
        if reads is None:
            return self.outcomes
        name, fn, *under = reads
        hit = self.merged.get(name)
        if hit is None:
            if budget is not None:
                budget.spend(READ_COST * len(self.outcomes), 0)
            values = self._values(*under[0]) if under else None
            seen: dict[Any, list] = {}
            for key, p in self.outcomes:
                k = fn(values[key] if values is not None else self.result(key))
                if k in seen:
                    seen[k][1] += p
                else:
                    seen[k] = [key, p]
            hit = self.merged[name] = [(key, p) for key, p in seen.values()]
        return hit

    def _values(self, name: str, fn: Any) -> dict[tuple, Any]:
        """What ``fn`` reads of each outcome (``fn`` reads what another reading reads: read once)."""
        hit = self.values.get(name)
        if hit is None:
            hit = self.values[name] = {key: fn(self.result(key)) for key, _ in self.outcomes}
        return hit

    def result(self, key: tuple) -> Chosen:
        hit = self.chosen.get(key)
        if hit is None:
            hit = self.chosen[key] = self._make(key)
        return hit

    def _make(self, key: tuple) -> Chosen:
        totals, extra, excluded = key
        ch = self.channels
        effects = [use for use, n in zip(ch.uses, extra) for _ in range(n)]
        parts = [UnitPart() for _ in self.units]
        for dk, why in excluded:
            i = next(i for i, u in enumerate(self.units) if not parts[i].excluded and die_key(u.unit) == dk)
            parts[i].excluded = why
        for j, (sp, rtype) in enumerate(ch.species):
            first = next((i for i, u in enumerate(self.units) if u.unit.species == sp and not parts[i].excluded), None)
            if first is not None:
                parts[first].res[rtype] = extra[len(ch.uses) + j]
        if ch.single:
            parts[0].rolled_id = extra[-1] > 0
        # After its stage only the totals and effects of a roll are read again (each unit's part in it
        # is read by its own stage: step 2, Scorching Touch, a unit rolling alone).
        sig = (totals, tuple(use_key(u) for u in effects))
        return Chosen(sig, self.roll, dict(zip(self.roll.counts, totals)), effects, parts)


class Joint:
    """Units rolling alone one after another, taken together: an outcome is a tuple of each one's
    outcome (as read), its chance the product of theirs."""

    def __init__(self, parts: list[Entry], reads: Any, budget: Budget) -> None:
        self.parts = parts
        self.outcomes: list[tuple[tuple, float]] = [((), 1.0)]
        for part in parts:
            self.outcomes = [(key + (k,), p * q) for key, p in self.outcomes for k, q in part.read_as(reads, budget)]


ALL = 1 << 30      # an effect index past every roll's effects
# The exact odds' work, counted against the work bound (calculator.exchange.odds and .reuse), each
# weighed by the time it takes beside a roll's (about a quarter of a microsecond of CPython a unit):
RUN_COST = 80          # one run of a stage, like ~80 additions,
ROLL_COST = 25         # and each roll it takes again,
MERGE_COST = 15        # and each state a run ends in, told apart and merged,
CHANCE_COST = 4        # and each chance a run set aside carries there (sorted by its next effect, merged),
CARRY_COST = 1         # and each sum made of a chance carried past a stage (calculator.exchange.kept)
READ_COST = EVAL_COST  # each outcome of a roll read (its result made: about an evaluation's work)
SORT_COST = 6          # each outcome of a roll sorted by its kind (the kind's effects looked up)
# A way for a stage to go less likely than this is left out (long roll-again chains with many
# targets); the chance left out is reported with the answer, as for a single roll's chances.
PRUNE = 1e-12


def kind_of(key: tuple) -> tuple:
    """An outcome's kind: what a roll's effects can read of it (all but the totals)."""
    return key[1:]


def totals_of(key: tuple) -> tuple:
    """An outcome's totals (``Chosen.sig[0]``), from its key."""
    return key[0]


class OddsRun(Run):
    """The exchange's run, with rolls whose outcomes are chosen by the odds (see the module)."""

    def __init__(self, engine: Indexed, inp: ExchangeInput, budget: Budget) -> None:
        super().__init__(engine, inp)
        self.budget = budget
        self.script: list[tuple[Any, tuple]] = []     # (Entry or Joint, its outcome)
        self.at = 0
        self.entries: dict[str, Entry] = {}
        self.left = Once()
        self.resume: Resume | None = None
        self.resumed = False
        self.start = 0
        self.since = 0
        self.until = ALL
        self.pruned = 0.0
        self.resolving = False
        self.flat = [u for s in self.sides.values() for u in s.units]     # in the order of RunState.units
        self.keys: dict[tuple, Entry] = {}
        self.joints: dict[tuple, Joint] = {}
        self.reused: dict[tuple, list | None] = {}        # calculator.exchange.reuse
        self.evaluations = Evaluations()        # steps 5-10 of army states met in another roll
        self.firsts: dict[int, tuple[Any, Any, Pause]] = {}      # a stage's first roll (calculator.exchange.reuse)
        self.chains: dict[tuple, Any] = {}             # effects followed once for many states (.chains)
        self.damages_made: dict[tuple, Any] = {}         # a save stage's runs by the damage made (.reuse)
        self.damage_keys: dict[tuple, int] = {}          # their keys but for the damage, numbered (.reuse)
        # A kept roll's outcome with these totals (calculator.exchange.kept), of any roll kept under that
        # name: states with the other side set aside may have kept different rolls (calculator.exchange.
        # aside), and a state shows one of them. The stage that reads it reads only its totals and its
        # roll's counts, never which unit rolled what (that would need the roll's own outcome).
        self.shown: dict[tuple, Chosen] = {}
        self.shown_seen: dict[tuple, tuple] = {}     # and whether each of the totals has results (.aside)
        self.loss_at: list[tuple[int, int]] = []

    def roll(self, side: str, name: str, data: dict[str, Any], units: list[ExUnit], reads: Any = None) -> Any:
        self.since += 1
        if self.at < len(self.script):
            entry, key = self.script[self.at]
            self.at += 1
            result = entry.result(key)
            self.rolls.append((name, side, result, units))
            return result
        hit = self._entry_of(side, name, data, units)
        raise Pause(hit, hit.read_as(reads, self.budget))

    def roll_each(self, side: str, name: str, data: dict[str, Any], units: list[ExUnit], reads: Any) -> list[Any]:
        """Each unit rolls alone: the rolls are taken together, one outcome for all (what ``reads``
        reads of each; the units' rolls are independent, so its chance is the product of theirs)."""
        if len(units) < 2:
            return super().roll_each(side, name, data, units, reads)
        self.since += 1
        if self.at < len(self.script):
            joint, key = self.script[self.at]
            self.at += 1
            results = [e.result(k) for e, k in zip(joint.parts, key)]
            self.rolls += [(name, side, r, [u]) for r, u in zip(results, units)]
            return results
        same = (side, name, tuple(u.index for u in units), json.dumps(data, sort_keys=True), reads[0])
        hit = self.joints.get(same)
        if hit is None:
            hit = self.joints[same] = Joint([self._entry_of(side, name, data, [u]) for u in units], reads, self.budget)
        raise Pause(hit, hit.outcomes)

    def _entry_of(self, side: str, name: str, data: dict[str, Any], units: list[ExUnit]) -> Entry:
        # The same roll of the same units again (from another state): the roll's input is the same.
        same = (side, name, tuple(u.index for u in units), json.dumps(data, sort_keys=True))
        hit = self.keys.get(same)
        if hit is None:
            data = self.roll_data(name, data, units)
            data.pop("attacker_melee", None)        # only Bash reads it, and its chances are not worked out
            hit = self.keys[same] = self.entry(data, units, f"{side}.army")
        return hit

    def entry(self, data: dict[str, Any], units: list[ExUnit], where: str) -> Entry:
        key = json.dumps(data, sort_keys=True)
        hit = self.entries.get(key)
        if hit is None:
            inp = parse_roll(data, self.idx)
            ch = Channels(inp, self.idx, where)
            joint, dropped, notes = roll_outcomes(inp, self.idx, ch.extra, ch.size, True, self.budget, in_exchange=True,
                                                  memo=self.evaluations)
            outcomes = sorted(joint.items())
            hit = self.entries[key] = Entry(inp.roll, ch, units, outcomes, dropped, notes)
        return hit

    # ---- the state between stages ---------------------------------------------------------------------

    def state(self) -> RunState:
        units = tuple([(u.status, u.why, u.damage) for u in self.flat])
        return RunState(units, {k: list(v) for k, v in self.delayed.items()},
                        {k: list(v) for k, v in self.mods.items()}, {k: list(v) for k, v in self.mods_once.items()},
                        frozenset(self.flags), dict(self.ctx), self.done)

    def resume_at(self, step: Any) -> int:
        self.start, self.resumed, self.since = 0, False, 0
        if self.resume is None:
            return 0
        at, self.resume = self.resume, None
        self._set(at.state)
        set_step_marks(step, at.marks)
        self.start, self.resumed = at.index, True
        return at.index

    def checkpoint(self, step: Any, i: int) -> None:
        # Once an effect has run, the run is set aside after a unit rolled alone (the ways that got
        # here merge), and where the ways it goes for part on what comes next (calculator.exchange.odds:
        # ``until``; the effects read their X and the units, never the roll's totals).
        if i > self.start and (self.since or i >= self.until):
            raise Checkpoint(i, self.state(), step_marks(step), dealt(self.damages))

    def load(self, state: RunState, script: list[tuple[Any, tuple]], resume: Resume | None = None,
             until: int = 0) -> None:
        """Start a stage again from ``state``: its rolls take the outcomes of ``script`` in turn, and
        its effects start at ``resume`` (the effect's index, the state and the step's fields there);
        ``until``: the effect at which the ways it goes for part (0: never)."""
        self._set(state)
        self.script, self.at, self.resume, self.since = script, 0, resume, 0
        self.until = until or ALL

    def _set(self, state: RunState) -> None:
        for u, (status, why, damage) in zip(self.flat, state.units):
            u.status, u.why, u.damage = status, why, damage
        self.delayed = {k: list(v) for k, v in state.delayed.items()}
        self.mods = {k: list(v) for k, v in state.mods.items()}
        self.mods_once = {k: list(v) for k, v in state.once.items()}
        self.flags, self.ctx, self.done = set(state.flags), dict(state.ctx), state.done
        self.damages, self.rolls = [], []


class Once(list):
    """The effects left to the player, each once however many times the stages run."""

    def append(self, item: Any) -> None:
        if all(x.text != item.text for x in self):
            super().append(item)


def dealt(damages: list[Damage]) -> tuple[int, int]:
    """Damage dealt to (the defender, the attacker) by these packets."""
    d = a = 0
    for x in damages:
        if x.to == "defender":
            d += x.amount
        else:
            a += x.amount
    return d, a
