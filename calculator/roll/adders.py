"""Adding species abilities (Bone Magic, v4.01d p.21) in the exact chances of a roll: each unit's count
of faces that make it count rides through the dynamic programme as one more extra quantity, and the
ability's results are added to each outcome at the end, capped as a single roll caps them (step 10, p.27).
"""
from __future__ import annotations

from typing import Any, Callable

from ..bundle import Index
from ..core.records import Contribution
from .inputs import RollInput
from .steps import working
from .units import Unit


def adders(inp: RollInput, idx: Index) -> list[Any]:
    """The adding abilities (Bone Magic, p.21) at work in this roll for a species of the army."""
    species = sorted({u.species for u in inp.units if u.species and not u.is_item})
    return [ab for sp in species for ab in working(sp, inp.roll, idx) if ab.kind.adds() in inp.roll.counts]


def with_adders(extra: Callable | None, adders: list[Any]) -> Callable:
    """The caller's extra quantities of a face, then 1 per adding ability the face makes its unit count for."""
    def both(unit: Unit, c: Contribution) -> tuple:
        own = tuple(int(unit.species == ab.species and not unit.is_item and ab.kind.shows(c)) for ab in adders)
        return (extra(unit, c) if extra else ()) + own
    return both


def added(out: dict[tuple, float], adders: list[Any], inp: RollInput) -> dict[tuple, float]:
    """Each outcome with the adding abilities' results added at step 10 (the kind's cap by the DUA, as a
    single roll adds them) and their counts taken off the extra quantities."""
    roll, n = inp.roll, len(adders)
    merged: dict[tuple, float] = {}
    for key, p in out.items():
        totals, extras = list(key[0]), key[1]
        for ab, units in zip(adders, extras[len(extras) - n:]):
            i = roll.counts.index(ab.kind.adds())
            totals[i] += ab.kind.added(units, roll.dua_count(ab.species), roll.dua_per)
        k = (tuple(totals), extras[:len(extras) - n]) + key[2:]
        merged[k] = merged.get(k, 0.0) + p
    return merged

