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
import weakref
from typing import Any, Union

from ...roll.distribution import Budget, Evaluations, roll_outcomes
from ...roll.inputs import parse_roll
from ..flow import Damage, Indexed, Left, Run
from ..request import ExchangeInput, ExUnit
from ..marks import Marked, StepMarks, set_step_marks, step_marks
from .chances import Losses, Stage
from .extras import OutcomeExtras
from .kept import SharedEffects, TargetWay
from .outcomes import Chosen, Entry, Joint
from .state import Resume, RunState


Script = list[tuple[Union[Entry, Joint], tuple]]      # the outcome each roll of a stage's run takes, in turn


class Pause(Exception):
    """A roll was reached that has no outcome chosen yet."""

    def __init__(self, entry: Entry | Joint, outcomes: list[tuple[tuple, float]]) -> None:
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


class Ended:
    """A run that ended its stage: the state it ended in, the damage it dealt to each side, and
    what the odds read of that state (worked out once however many ways reach it)."""

    __slots__ = ("state", "got", "read")

    def __init__(self, state: RunState, got: tuple[int, int]) -> None:
        self.state, self.got = state, got
        self.read: tuple[tuple, Losses] | None = None


Happened = Union[Pause, Checkpoint, Ended]         # what a run of a stage did


ALL = 1 << 30      # an effect index past every roll's effects


class OddsRun(Run):
    """The exchange's run, with rolls whose outcomes are chosen by the odds (see the module)."""

    def __init__(self, engine: Indexed, inp: ExchangeInput, budget: Budget) -> None:
        super().__init__(engine, inp)
        self.budget = budget
        self.script: Script = []
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
        self.reused: dict[tuple, list[TargetWay] | None] = {}     # calculator.exchange.odds.target_effects
        self.evaluations = Evaluations()        # steps 5-10 of army states met in another roll
        # Per stage (``next_stage`` clears them): its first roll from each state (.stage_runs), the
        # effects followed once for many states (.shared_effects), a save stage's runs by the damage
        # made and their keys but for the damage, numbered (.save_runs).
        self.firsts: dict[int, tuple[weakref.ref[RunState], Stage, Pause]] = {}
        self.chains: dict[tuple, SharedEffects] = {}
        self.damages_made: dict[tuple, Happened] = {}
        self.damages_past: dict[int, tuple[Ended, int]] = {}     # by key but for the damage: a run past all health
        self.damage_keys: dict[tuple, int] = {}
        # A kept roll's outcome with these totals (calculator.exchange.odds.carried), of any roll kept
        # under that name: states with the other side set aside may have kept different rolls
        # (calculator.exchange.odds.per_side), and a state shows one of them. The stage that reads it
        # reads only its totals and its roll's counts, never which unit rolled what (that would need
        # the roll's own outcome).
        self.shown: dict[tuple, Chosen] = {}
        self.shown_seen: dict[tuple, tuple] = {}     # and whether each of the totals has results (.per_side)
        self.loss_at: list[tuple[int, int]] = []

    def next_stage(self) -> None:
        """Forget what was kept for one stage only (its states are gone)."""
        self.firsts.clear()
        self.chains.clear()
        self.damages_made.clear()
        self.damages_past.clear()
        self.damage_keys.clear()

    def roll(self, side: str, name: str, data: dict[str, Any], units: list[ExUnit], reads: Any = None) -> Any:
        self.since += 1
        if self.at < len(self.script):
            entry, key = self.script[self.at]
            self.at += 1
            if not isinstance(entry, Entry):
                raise RuntimeError("an army's roll was given the outcome of units rolling alone")
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
            if not isinstance(joint, Joint):
                raise RuntimeError("units rolling alone were given the outcome of an army's roll")
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
            ch = OutcomeExtras(inp, self.idx, where)
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

    def resume_at(self, step: Marked) -> int:
        self.start, self.resumed, self.since = 0, False, 0
        if self.resume is None:
            return 0
        at, self.resume = self.resume, None
        self._set(at.state)
        set_step_marks(step, at.marks)
        self.start, self.resumed = at.index, True
        return at.index

    def checkpoint(self, step: Marked, i: int) -> None:
        # Once an effect has run, the run is set aside after a unit rolled alone (the ways that got
        # here merge), and where the ways it goes for part on what comes next (calculator.exchange.odds.explore:
        # ``until``; the effects read their X and the units, never the roll's totals).
        if i > self.start and (self.since or i >= self.until):
            raise Checkpoint(i, self.state(), step_marks(step), dealt(self.damages))

    def load(self, state: RunState, script: Script, resume: Resume | None = None,
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


class Once(list[Left]):
    """The effects left to the player, each once however many times the stages run."""

    def append(self, item: Left) -> None:
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
