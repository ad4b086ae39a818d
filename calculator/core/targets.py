"""Choosing targets: the most health-worth an effect allows, then the most results removed.

Seed 000 (Targeting): an SAI that targets an opponent's units is applied to the fullest extent
possible, selecting the maximum number of targets (units and/or health-worth) allowed. Among
choices of equal health-worth the calculator takes the one that removes most results, then (so
that the army's order never matters) the dice that come first by name.

>>> pick([(0, 2, 2), (1, 1, 1), (2, 3, 0)], max_health=3)
[0, 1]
>>> pick([(0, 2, 2), (1, 1, 1), (2, 3, 0)], max_units=1)
[2]
"""
from __future__ import annotations


Cand = tuple  # (unit index, health, results, tie-break key: a text naming the die)


def pick(cands: list[Cand], max_health: int | None = None, max_units: int | None = None) -> list[int]:
    """``cands``: (unit index, health, results[, key]). Returns the chosen unit indices, in order."""
    cands = [c if len(c) > 3 else (c[0], c[1], c[2], "") for c in cands]
    if max_health is None:
        ranked = sorted(cands, key=lambda c: (-c[1], -c[2], c[3], c[0]))
        return sorted(c[0] for c in (ranked if max_units is None else ranked[:max_units]))
    return _knapsack(cands, max_health, max_units)


def _knapsack(cands: list[Cand], cap: int, max_units: int | None) -> list[int]:
    """Exact 0/1 knapsack on health: the most health, then results, then the first dice by key."""
    # best[(units, health)] = (results, chosen); units stays 0 when there is no unit limit.
    best: dict[tuple[int, int], tuple[int, tuple[Cand, ...]]] = {(0, 0): (0, ())}
    for cand in sorted(cands, key=lambda c: (c[3], c[0])):
        for (n, hp), (res, chosen) in list(best.items()):
            n2, hp2 = n + (1 if max_units is not None else 0), hp + cand[1]
            if hp2 > cap or (max_units is not None and n2 > max_units):
                continue
            new = (res + cand[2], chosen + (cand,))
            old = best.get((n2, hp2))
            if old is None or (new[0], _rank(new[1])) > (old[0], _rank(old[1])):
                best[(n2, hp2)] = new
    top = max(best.items(), key=lambda kv: (kv[0][1], kv[1][0], _rank(kv[1][1])))
    return sorted(c[0] for c in top[1][1])


class _Desc:
    """Orders key tuples so that the earlier (smaller) keys rank higher."""

    def __init__(self, keys: tuple) -> None:
        self.keys = keys

    def __gt__(self, other: "_Desc") -> bool:
        return self.keys < other.keys

    def __lt__(self, other: "_Desc") -> bool:
        return self.keys > other.keys

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Desc) and self.keys == other.keys


def _rank(chosen: tuple[Cand, ...]) -> _Desc:
    return _Desc(tuple(sorted((c[3], c[0]) for c in chosen)))
