"""Whether an army's units can carry its items at setup (rulebook v4.01d p.59; numbers and kinds from
the data's ``force.carrying``).

p.59: "During setup of starting forces, all items must be placed in an army such that a unit can
carry it." A unit carries up to ``per_unit`` equipment or artifacts (the ``by_element`` kinds) of an
element it contains (a species whose ``force.carries`` is ``any-element``: any element), or one
medallion or relic (the ``alone`` kinds) and nothing else. Units that carry ``nothing``
(Dragonkin, p.54) carry no item.

The check is exact: the units are grouped by which of the army's item elements they could carry;
every way of giving the medallions and relics to those groups is tried (groups that can carry no
equipment first), and for each the equipment must pass Hall's condition (every set of item
elements has at least as many places among the units that contain one of them). The ways tried
are counted against ``BOUNDS["carriers"]``; past it the answer is "too large", never a hang.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..core.errors import TooLarge
from ..core.limits import BOUNDS
from .catalogue import ITEM, UNIT, ForceRules, Piece
from .request import Placed

ANY = "any-element"
NOTHING = "nothing"


def _reach(unit: Piece, types: Sequence[frozenset[str]]) -> int:
    """The item types (bit i: ``types[i]``) a unit could carry."""
    if unit.carries == ANY:
        return (1 << len(types)) - 1
    return sum(1 << i for i, t in enumerate(types) if t & unit.elements)


class _Search:
    """Medallions and relics given group by group; each step checks Hall's condition with the ones not
    yet given placed as well as they could be (on units that carry no equipment of the set), so a
    hopeless branch ends at once; once all are given the check is exact."""

    def __init__(self, groups: list[tuple[int, int]], demand: list[int], per_unit: int, where: str) -> None:
        self.groups, self.demand, self.per_unit, self.where = groups, demand, per_unit, where
        self.needs = [(s, sum(d for i, d in enumerate(demand) if s >> i & 1)) for s in range(1, 1 << len(demand))]
        self.work = 0

    def hopeful(self, i: int, left: int, taken: list[int]) -> bool:
        self.work += 1
        if self.work > BOUNDS["carriers"]:
            raise TooLarge(self.where, "too many ways of sharing the medallions and relics among the units to check "
                                       f"(more than {BOUNDS['carriers']})")
        for subset, need in self.needs:
            room = sum(n - k for (mask, n), k in zip(self.groups, taken) if mask & subset)
            later = [(mask, n) for mask, n in self.groups[i:]]
            room += sum(n for mask, n in later if mask & subset)
            elsewhere = sum(n for mask, n in later if not mask & subset)
            if (room - max(0, left - elsewhere)) * self.per_unit < need:
                return False
        return True

    def fits(self, i: int, left: int, taken: list[int]) -> bool:
        if not self.hopeful(i, left, taken):
            return False
        if i == len(self.groups):
            return left == 0
        n = self.groups[i][1]
        rest = sum(g[1] for g in self.groups[i + 1:])
        for k in range(min(n, left), max(0, left - rest) - 1, -1):
            if self.fits(i + 1, left - k, taken + [k]):
                return True
        return False


def can_carry(rules: ForceRules, units: Sequence[Piece], items: Sequence[Piece], where: str) -> bool:
    """Whether each item can be given a unit able to carry it, every unit within its limit."""
    carrying = rules.carrying
    alone = sum(1 for it in items if it.kind in carrying["alone"])
    elemental = [it for it in items if it.kind in carrying["by_element"]]
    types = sorted({it.elements for it in elemental}, key=sorted)
    demand = [sum(1 for it in elemental if it.elements == t) for t in types]
    if len(types) > 8:
        raise TooLarge(where, "items of more than 8 kinds of element to share among the units")
    counts = Counter(_reach(u, types) for u in units if u.carries != NOTHING)
    groups = sorted(counts.items(), key=lambda g: (bin(g[0]).count("1"), g[0]))
    if alone > sum(counts.values()):
        return False
    return _Search(groups, demand, int(carrying["per_unit"]), where).fits(0, alone, [])


def carry_failures(rules: ForceRules, army: Sequence[Placed]) -> list[Placed]:
    """The items no unit of the army could carry even alone (empty when each has some carrier)."""
    units = [p.piece for p in army if p.piece.sort == UNIT and p.piece.carries != NOTHING]
    out = []
    for placed in army:
        it = placed.piece
        if it.sort != ITEM:
            continue
        if it.kind in rules.carrying["by_element"]:
            able = any(u.carries == ANY or u.elements & it.elements for u in units)
        else:
            able = bool(units)
        if not able:
            out.append(placed)
    return out
