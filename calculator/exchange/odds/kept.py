"""What the odds' run keeps of the ways that many states share, for the files that follow those
ways (calculator.exchange.odds.shared_effects: :class:`SharedEffects`, kept in ``OddsRun.chains``;
.target_effects: :class:`TargetWay`, kept in ``OddsRun.reused``).

Records only, below the run that keeps them (calculator.exchange.odds.run) and the files that
fill them, which import the run: each imports this file, the run never imports them.
"""
from __future__ import annotations

from typing import NamedTuple

from ..marks import StepMarks
from .chances import Payload
from .outcomes import Entry, kind_of
from .state import Resume, Units


class Recorded(NamedTuple):
    """Ways recorded at a point past the effects: where the run is taken up there, their chances
    (by kind and damage dealt), the factor of the single units' rolls on the way and ``until``."""

    resume: Resume
    payload: Payload
    factor: float
    until: int


class SharedEffects:
    """The ways a stage's roll went through its effects from the first state alike, recorded by the
    odds as they reach a point past the last effect (``ends``: the ways by the point), with how
    likely each kind of outcome with effects was there (``mass``)."""

    __slots__ = ("lo", "hi", "mass", "ends", "_lost")

    def __init__(self, entry: Entry, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi            # where the acting army's units are in a state's units
        self.mass = kind_mass(entry)
        self.ends: dict[tuple, list[Recorded]] = {}
        self._lost: dict[tuple, float] | None = None

    def record(self, resume: Resume, payload: Payload, factor: float, until: int) -> None:
        self.ends.setdefault(resume.sig, []).append(Recorded(resume, payload, factor, until))

    def lost(self) -> dict[tuple, float]:
        """Each kind's chance that reached no point past the effects (left out as too unlikely);
        worked out once, when another state first asks (a stage run from one state never asks),
        by which time the first state has recorded all its ways."""
        if self._lost is None:
            reached: dict[tuple, float] = {}
            for ways in self.ends.values():
                for way in ways:
                    for (c, _, _), p in way.payload.items():
                        reached[c] = reached.get(c, 0.0) + p * way.factor
            self._lost = {c: max(0.0, m - reached.get(c, 0.0)) for c, m in self.mass.items()}
        return self._lost


def kind_mass(entry: Entry) -> dict[tuple, float]:
    """How likely each kind of outcome with effects is (calculator.exchange.odds.outcomes.kind_of)."""
    out: dict[tuple, float] = {}
    for key, p in entry.outcomes:
        c = kind_of(key)
        if entry.effect_ids(c):
            out[c] = out.get(c, 0.0) + p
    return out


class TargetWay(NamedTuple):
    """One way a reused effect goes: its chance, the target army's units after it (and as a
    signature reads them), the step's marks and the damage dealt to each side."""

    chance: float
    units: Units
    signed: tuple[tuple[str, int], ...]
    marks: StepMarks
    dealt: tuple[int, int]
