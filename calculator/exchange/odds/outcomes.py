"""A roll's outcomes as the exact odds keep them: each distinct outcome of a roll (its totals and
what else the rest of the exchange can read: calculator.exchange.odds.extras) with its chance
(:class:`Entry`), one outcome shaped as the parts of a roll's result the exchange reads
(:class:`Chosen`), and units rolling alone one after another taken together (:class:`Joint`).

An outcome's key is (totals, extras, units taken out at step 2): its kind (``kind_of``) is all
but the totals, what a roll's effects can read of it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...roll.distribution import Budget
from ...roll.steps import die_key
from ..request import ExUnit
from .costs import READ_COST, SORT_COST
from .extras import OutcomeExtras, use_key

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
    extras: OutcomeExtras
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
        roll kept: calculator.exchange.odds.carried), each with its chance given the kind and an outcome."""
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
        ch = self.extras
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



def kind_of(key: tuple) -> tuple:
    """An outcome's kind: what a roll's effects can read of it (all but the totals)."""
    return key[1:]


def totals_of(key: tuple) -> tuple:
    """An outcome's totals (``Chosen.sig[0]``), from its key."""
    return key[0]
