"""Exact payment: can these magic results pay for this list of spells, and with what?

Not greedy: every way of choosing the element of Elemental and "any alloy" castings, of Attune's
(and the Bronze Medallion's) element and of the unit Attune recolours is tried, and each choice
is a flow from the results to the spells (a two-element unit's results split freely, v4.01d p.11).
Each step is counted; past the bound the answer is "too large" (calculator.core.limits).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Iterator

from .flow import Graph, Work
from .pools import Share
from ..core.dice import ELEMENTS
from .spells import Spell
from .total import Magic, recoloured


@dataclass(frozen=True)
class Entry:
    """One line of the cast list: a spell, how many castings, combined on one target or not."""

    index: int
    spell: Spell
    times: int = 1
    combined: bool = False

    @property
    def castings(self) -> tuple[int, int]:
        """(cost of one casting, number of castings): combined castings are paid as one (p.44)."""
        return (self.spell.cost * self.times, 1) if self.combined else (self.spell.cost, self.times)


@dataclass(frozen=True)
class Demand:
    entry: int
    currency: str | None            # None: any mix of the spell's elements (Summon White Dragon)
    amount: int


@dataclass(frozen=True)
class Solution:
    shares: tuple[Share, ...]
    paid: tuple[tuple[int, int, str, int], ...]     # (entry, share index, element, amount)


def eligible(s: Share, entry: Entry, currency: str | None) -> bool:
    """Whether these results may pay for this casting (p.44 element and species, Cantrip, p.59)."""
    sp = entry.spell
    if s.cantrip_only or s.free:
        if not sp.cantrip:
            return False
        if s.free:
            return True          # Bronze Medallion: ignores element and species (p.59)
    if sp.species and sp.species not in s.pays_species:
        return False
    if currency is None:
        return bool(set(s.currencies) & set(sp.currencies))
    return currency in s.currencies


@dataclass(frozen=True)
class Caps:
    """At most this many normal and ID results may be spent (None: all of them)."""

    normal: int | None = None
    id: int | None = None


def flow(demands: list[Demand], shares: tuple[Share, ...], entries: dict[int, Entry], magic: Magic,
         work: Work, caps: Caps) -> Solution | None:
    need = sum(d.amount for d in demands)
    if need > magic.total:
        return None
    src, normal, ids, sink, base = 0, 1, 2, 3, 4
    g = Graph(base + len(shares) + len(demands))
    g.edge(src, normal, caps.normal if caps.normal is not None else need)
    g.edge(src, ids, caps.id if caps.id is not None else need)
    for i, s in enumerate(shares):
        g.edge((ids if s.is_id else normal) if s.capped else src, base + i, s.amount)
        for j, d in enumerate(demands):
            if eligible(s, entries[d.entry], d.currency):
                g.edge(base + i, base + len(shares) + j, s.amount)
    for j, d in enumerate(demands):
        g.edge(base + len(shares) + j, sink, d.amount)
    got = g.max_flow(src, sink, work)
    if sum(n for (a, b), n in got.items() if b == sink) < need:
        return None
    paid = []
    for (a, b), n in sorted(got.items()):
        if base <= a < base + len(shares) and b >= base + len(shares) and b != sink:
            d, s = demands[b - base - len(shares)], shares[a - base]
            element = d.currency or next(c for c in s.currencies if c in entries[d.entry].spell.currencies)
            paid.append((d.entry, a - base, element, n))
    return Solution(shares, tuple(paid))


def supply(shares: tuple[Share, ...], entry: Entry, currency: str) -> int:
    return sum(s.amount for s in shares if eligible(s, entry, currency))


def splits(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``n`` castings among ``k`` kinds of magic."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in splits(n - first, k - 1):
            yield (first,) + rest


def _fixed(e: Entry) -> list[Demand]:
    cost, count = e.castings
    if e.spell.mixed:
        return [Demand(e.index, None, cost * count)]
    return [Demand(e.index, e.spell.currencies[0], cost * count)] if len(e.spell.currencies) == 1 else []


def _dfs(todo: list[Entry], demands: list[Demand], shares: tuple[Share, ...], entries: dict[int, Entry],
         magic: Magic, work: Work, caps: Caps) -> Solution | None:
    sol = flow(demands, shares, entries, magic, work, caps)
    if sol is None or not todo:
        return sol                       # infeasible demands stay infeasible when more is added
    e, rest = todo[0], todo[1:]
    cost, count = e.castings
    kinds = [c for c in e.spell.currencies if supply(shares, e, c) >= cost]
    for split in (splits(count, len(kinds)) if kinds else ()):
        if any(n * cost > supply(shares, e, c) for n, c in zip(split, kinds)):
            continue
        more = [Demand(e.index, c, n * cost) for n, c in zip(split, kinds) if n]
        found = _dfs(rest, demands + more, shares, entries, magic, work, caps)
        if found is not None:
            return found
    return None


def configurations(shares: tuple[Share, ...], entries: list[Entry], work: Work) -> Iterator[tuple[Share, ...]]:
    """Each choice of Attune's (or the Bronze Medallion's) element, and of the unit Attune recolours."""
    wanted = [c for c in ELEMENTS if any(c in e.spell.currencies for e in entries)] or [ELEMENTS[0]]
    picks = [i for i, s in enumerate(shares) if s.one_element]
    # Seed 000: Attune changes "the normal magic results of one unit": not an item's (items are not units,
    # and their magic is always of their element, p.59), nor a Dracolem's alloy magic (seed 003: Dracolem
    # cast only their own spells).
    normal = sorted({s.unit for s in shares if s.normal and s.unit is not None and not s.is_item and not s.alloy})
    options = [[(el, u) for el in wanted for u in ([None] + normal if shares[i].recolour else [None])]
               for i in picks]
    for combo in itertools.product(*options):
        work.spend(len(shares) + 1)
        out = shares
        for i, (el, unit) in zip(picks, combo):
            out = recoloured(out, unit, el)
            out = out[:i] + (replace(out[i], currencies=(el,)),) + out[i + 1:]
        yield out


def pay(entries: list[Entry], magic: Magic, work: Work) -> Solution | None:
    """A payment for every entry, or None when no split of the results pays for them all."""
    if magic.reserve and any(not e.spell.reserve for e in entries):
        return None                      # from the Reserve Area only spells marked R (p.44)
    by_index = {e.index: e for e in entries}
    fixed = [d for e in entries for d in _fixed(e)]
    todo = [e for e in entries if not _fixed(e)]
    for kept, caps in keepings(magic, work):
        for shares in configurations(kept, entries, work):
            found = _dfs(todo, fixed, shares, by_index, magic, work, caps)
            if found is not None:
                return found
    return None


def amounts(total: int, room: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to keep ``total`` results from shares holding ``room``."""
    if not room:
        if total == 0:
            yield ()
        return
    for n in range(min(total, room[0]), -1, -1):
        for rest in amounts(total - n, room[1:]):
            yield (n,) + rest


def keepings(magic: Magic, work: Work) -> Iterator[tuple[tuple[Share, ...], Caps]]:
    """The shares, and what steps 6-7 left of them. Without a multiplier the flow takes the caps as they
    are; with one (step 9) a unit keeps or loses whole results, each worth ``grain``, so each way of
    keeping them is tried by itself."""
    caps = Caps(magic.keep_normal, magic.keep_id)
    g = magic.grain
    if g == 1 or (caps.normal is None and caps.id is None):
        yield magic.shares, caps
        return
    classes = [(keep, [i for i, s in enumerate(magic.shares) if s.capped and s.is_id == is_id])
               for keep, is_id in ((caps.normal, False), (caps.id, True)) if keep is not None]
    ways = [list(amounts(keep // g, [magic.shares[i].amount // g for i in idx])) for keep, idx in classes]
    for combo in itertools.product(*ways):
        work.spend(len(magic.shares) + 1)
        out = list(magic.shares)
        for (_, idx), way in zip(classes, combo):
            for i, n in zip(idx, way):
                out[i] = replace(out[i], amount=n * g, capped=False)
        yield tuple(out), Caps()
