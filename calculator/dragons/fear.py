"""Units that may not roll against the dragons attacking their army, and those an ability frees.

Rulebook p.54: Dragonkin may not roll in a dragon attack that includes a dragon of their element,
an Ivory, Ivory Hybrid or White dragon; they may still be killed, and unrolled they add no
automatic saves. p.21, Resist Fear (Eldarim): Dragonkin in an army with Eldarim may roll anyway,
up to as much health as the Eldarim there have. The species abilities say which (their hooks
``bars_from_dragons`` and ``frees_from_dragons``, calculator.kinds.abilities).

Which barred units roll is their owner's choice: ``defender.free_to_roll`` (unit indices); without
it, the barred units in army order, each while its health fits in what the ability allows.
"""
from __future__ import annotations

from typing import Any

from ..bundle import Index
from ..core.errors import InputError
from ..exchange.request import ExUnit, Side
from .dice import DragonDie

WHERE = "defender.free_to_roll"


def barred(side: Side, dragons: list[DragonDie], idx: Index) -> list[tuple[ExUnit, str, str]]:
    """The units an ability of their species keeps from rolling against these dragons, why, and the ability."""
    seen = [(d.name, d.dragon_type, d.elements) for d in dragons]
    out = []
    for u in side.units:
        for ab in idx.abilities.get(u.unit.species or "", []):
            why = ab.kind.bars_from_dragons(u.unit.elements or (), seen)
            if why:
                out.append((u, why, ab.name))
                break
    return out


def freedom(side: Side, idx: Index) -> dict[str, tuple[int, str]]:
    """{species: (health-worth it may roll although barred, the ability's name)}."""
    out: dict[str, tuple[int, str]] = {}
    for sp in sorted({u.unit.species for u in side.units if u.unit.species}):
        for ab in idx.abilities.get(sp, []):
            species, health = ab.kind.frees_from_dragons(ab, side.units)
            if species and health:
                have = out.get(species, (0, ""))
                out[species] = (have[0] + health, ab.name if not have[1] else f"{have[1]}, {ab.name}")
    return out


def keep_out(side: Side, dragons: list[DragonDie], idx: Index, chosen: list[int] | None) -> list[str]:
    """Mark the units that may not roll (status "out", with why); returns the warnings' words."""
    words: list[str] = []
    bars = barred(side, dragons, idx)
    free = freedom(side, idx)
    picked = set(chosen or ())
    for u, why, rule in bars:
        budget, name = free.get(u.unit.species or "", (0, ""))
        fits = (u.health or 0) <= budget
        if fits and (chosen is None or u.index in picked):
            free[u.unit.species or ""] = (budget - u.health, name)
            how = "" if chosen is not None else "; the calculator's choice, in army order: its owner may choose"
            words.append(f"{u.unit.name} rolls although {why} ({name}{how})")
            picked.discard(u.index)
            continue
        u.status, u.why = "out", f"{rule}: {why}, so it may not roll (nor add automatic saves) but may be killed"
        words.append(f"{u.unit.name} may not roll against these dragons: {why} ({rule})")
    if picked:
        i = min(picked)
        raise InputError(WHERE, f"unit {i} is not one an ability lets roll here (or passes what it allows)")
    return words


def parse_free(raw: object, side: Side) -> list[int] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > len(side.units):
        raise InputError(WHERE, "expected a list of unit indices (units an ability lets roll against the dragons)")
    out = []
    for j, i in enumerate(raw):
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(side.units):
            raise InputError(f"{WHERE}[{j}]", f"expected a unit index from 0 to {len(side.units) - 1}")
        out.append(i)
    return out
