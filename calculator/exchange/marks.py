"""What a roll's effects have written on its step so far, as the run reads and sets it between two
effects (the exact chances set a run aside there and take it up again: calculator.exchange.odds.run).

Below both the run (flow.Run, whose hooks are handed the step) and the step (step.Step, which holds
its run): each imports this file, neither the other's way up.
"""
from __future__ import annotations

from typing import NamedTuple, Protocol


class StepMarks(NamedTuple):
    """What a roll's effects have written on its step so far (step.Step); a
    named tuple: the exact odds key many chances by it (hashed without a Python call)."""

    no_save: int
    spell_only: int
    sources: tuple[str, ...]
    picked: frozenset[int]
    unit_hits: int


class Marked(Protocol):
    """A roll's step as its run's hooks see it (step.Step is one): the fields its effects write."""

    no_save: int
    spell_only: int
    sources: list[str]
    picked: set[int]
    unit_hits: int


def step_marks(step: Marked) -> StepMarks:
    """What a roll's effects have written on its step so far."""
    return StepMarks(step.no_save, step.spell_only, tuple(step.sources), frozenset(step.picked), step.unit_hits)


def set_step_marks(step: Marked, marks: StepMarks) -> None:
    step.no_save, step.spell_only, step.unit_hits = marks.no_save, marks.spell_only, marks.unit_hits
    step.sources, step.picked = list(marks.sources), set(marks.picked)
