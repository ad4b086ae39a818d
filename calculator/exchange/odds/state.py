"""What an exchange's run is between two of its stages (or two effects of one roll), as values.

The exact chances (calculator.exchange.odds) set a run aside as a :class:`RunState`, merge the
ways that reach the same :func:`signature`, and take the run up again from it; a roll's effects
may be set aside midway with the marks written on the roll's step so far
(calculator.exchange.marks.StepMarks).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..marks import StepMarks
from ..step import Step
from .outcomes import Chosen

# A modifier or delayed effect handed to a side's later rolls, as its input (JSON-shaped).
Handed = dict[str, Any]
# Each unit's (status, why, damage taken alone), in the order of the run's units (both sides').
Units = tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class RunState:
    """The run's state: each unit's (status, why, damage taken alone), what waits for each side's
    later rolls, the flags raised, the steps a later stage still needs, and whether it is over."""

    units: Units
    delayed: dict[str, list[Handed]]
    mods: dict[str, list[Handed]]
    once: dict[str, list[Handed]]
    flags: frozenset[str]
    ctx: dict[str, Any]             # stage name -> calculator.exchange.step.Step
    done: bool


@dataclass(frozen=True)
class Resume:
    """Where a run set aside in the middle of a roll's effects goes on: the next effect's index,
    the run's state and the step's marks there."""

    index: int
    state: RunState
    marks: StepMarks
    sig: tuple = ()          # the state's signature and the marks, when the odds worked them out


def signature(state: RunState, answered_only: bool = False) -> tuple:
    """What of a state the rest of the exchange can read (not why a unit died, nor the words).
    ``answered_only``: of a step kept for the last stage, only whether it has results to save
    against (all the other side's losses there depend on; calculator.exchange.SAVER_OF_LAST_STAGE)."""
    step_sig = _answered_sig if answered_only else _step_sig
    steps = tuple(sorted([(name, step_sig(s)) for name, s in state.ctx.items()]))
    return (signed(state.units), _dicts(state.delayed), _dicts(state.mods),
            _dicts(state.once), tuple(sorted(state.flags)), steps, state.done)


def signed(units: tuple) -> tuple:
    """What a signature reads of units: each one's status and the damage it took alone."""
    return tuple([(st, dmg) for st, _, dmg in units])


def with_units(sig: tuple, lo: int, hi: int, units: tuple) -> tuple:
    """``signature(state)`` with the units ``lo`` to ``hi`` as ``units`` (as ``signed``) instead."""
    return (sig[0][:lo] + units + sig[0][hi:],) + sig[1:]


def standing(sig: tuple, lo: int, hi: int) -> tuple:
    """A state's signature with its units ``lo`` to ``hi`` shown as standing untouched (their side no
    longer matters: calculator.exchange.odds.per_side), from its signature."""
    return with_units(sig, lo, hi, (("", 0),) * (hi - lo))


def with_totals(sig: tuple, names: set[str] | frozenset[str], totals: tuple) -> tuple:
    """``signature(state)`` with the steps of ``names`` read with these ``totals`` (the rest of a
    step's signature does not read its result), from ``signature(state)``."""
    steps = tuple([(n, st[:2] + (totals,) + st[3:]) if n in names else (n, st) for n, st in sig[5]])
    return sig[:5] + (steps,) + sig[6:]


def with_result(state: RunState, name: str, result: Chosen) -> RunState:
    """The state with its step ``name`` showing another outcome of its roll (``result``)."""
    step = state.ctx[name]
    shown = object.__new__(type(step))          # a shallow copy (copy.copy, without its generality)
    shown.__dict__.update(step.__dict__)
    shown.result = result
    return RunState(state.units, state.delayed, state.mods, state.once, state.flags, {**state.ctx, name: shown},
                    state.done)


def answered(sig: tuple) -> tuple:
    """``signature(state, answered_only=True)``, from ``signature(state)``."""
    steps = tuple([(n, (st[0], st[1], st[3], tuple([t > 0 for t in st[2]]))) for n, st in sig[5]])
    return sig[:5] + (steps,) + sig[6:]


def _step_sig(s: Step) -> tuple:
    # A step kept for a later stage has run its effects: that stage reads its totals and what the
    # effects wrote (no_save, ...), never the effects again nor the words naming their sources
    # (calculator.exchange.sequence: save, hit_defender). States that differ only there merge.
    picked = tuple(u.index for u in s.units if id(u) in s.picked)
    return (s.actor, s.name, _chosen(s).sig[0], s.counter, s.no_save, s.spell_only, s.unit_hits, picked)


def _answered_sig(s: Step) -> tuple:
    return (s.actor, s.name, s.counter, tuple(t > 0 for t in _chosen(s).sig[0]))


def _chosen(s: Step) -> Chosen:
    """A kept step's roll, whose outcome the odds chose (calculator.exchange.odds.run)."""
    if not isinstance(s.result, Chosen):
        raise RuntimeError("a state of the exact odds kept a roll the odds did not choose")
    return s.result


def _dicts(d: dict[str, list[Handed]]) -> tuple:
    return tuple([(k, tuple([tuple(sorted(x.items())) for x in v]) if v else ()) for k, v in sorted(d.items())])
