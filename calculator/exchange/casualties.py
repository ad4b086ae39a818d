"""Choosing casualties (rulebook p.29): the owner kills units whose health comes as close as possible
to the damage without exceeding it; damage that cannot be matched is lost.

Among equal choices the calculator's default keeps the army as strong as it can: it loses as few
units as possible, then the units whose faces give the fewest melee results (so the best units are
left for a counter-attack), then the dice that come first by name and, among dice alike, the faces
given for their later rolls (never the army's order, so listing the army otherwise changes nothing).
The owner may name its own choice, which is checked against the rule.

>>> best_health([3, 2, 2], 4)
4
>>> best_health([3], 2)
0
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError

if TYPE_CHECKING:       # annotations only
    from .request import ExUnit


def best_health(healths: list[int], damage: int) -> int:
    """The most health-worth that fits within ``damage`` (a subset sum)."""
    reach = 1            # bit h set: a choice of units with total health h exists
    for h in healths:
        if h > 0:
            reach |= reach << h
    reach &= (1 << (damage + 1)) - 1
    return reach.bit_length() - 1


def choose(units: list[Any], damage: int, strength: Callable[[ExUnit], float]) -> list[Any]:
    """The default casualties: ``units`` are the damaged army's living units (ExUnit),
    ``strength(unit)`` how much the owner wants to keep one (higher: kept first)."""
    target = best_health([u.health for u in units], damage)
    return list(choices(units, strength, target)[target]) if target > 0 else []


def choices(units: list[Any], strength: Callable[[ExUnit], float], most: int | None = None) -> dict[int, tuple[Any, ...]]:
    """The default casualties for every health-worth the units can make up (``choose`` for any
    damage is one of them: the one reaching the most health within the damage); ``most``: only up
    to that health-worth (one damage, worked out once)."""
    # best[h] = (units, strength lost, keys, chosen): the preferred choice reaching health h.
    best: dict[int, tuple] = {0: (0, 0.0, (), ())}
    for key, u in sorted([(tie_key(u), u) for u in units], key=lambda ku: ku[0]):
        worth = strength(u)
        for h, (n, lost, keys, chosen) in sorted(best.items(), reverse=True):
            h2 = h + u.health
            if most is not None and h2 > most:
                continue
            cand = (n + 1, lost + worth, tuple(sorted(keys + (key,))), chosen + (u,))
            old = best.get(h2)
            if old is None or cand[:3] < old[:3]:
                best[h2] = cand
    return {h: tuple(sorted(c[3], key=lambda u: u.index)) for h, c in best.items()}


def tie_key(u: ExUnit) -> tuple[str, str, int]:
    """Dice alike are told apart by the faces given for their later rolls, then by place."""
    given = repr(sorted((name, repr(faces)) for name, faces in u.faces.items()))
    return u.unit.label, given, u.index


def check_choice(units: list[Any], damage: int, picked: list[int], where: str) -> list[Any]:
    """The owner's own casualties: living units, within the damage, as close to it as possible."""
    alive = {u.index: u for u in units}
    for i in picked:
        if i not in alive:
            raise InputError(where, f"unit {i} is not alive in the army at that point")
    chosen = [alive[i] for i in picked]
    total = sum(u.health for u in chosen)
    best = best_health([u.health for u in units], damage)
    if total > damage:
        raise InputError(where, f"these units have {total} health, more than the {damage} damage")
    if total != best:
        raise InputError(where, f"these units have {total} health; the rule needs units with {best} health "
                                f"(as close to the {damage} damage as possible)")
    return chosen
