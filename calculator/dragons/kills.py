"""Which dragons the army's roll kills (rulebook p.17, step 6 of a dragon attack).

A dragon dies when the results aimed at it reach its health plus its automatic saves (none after
Belly): all melee or all missile, never both on one dragon, though one dragon may take melee and
another missile. Before results are shared out:

- Bash: each Bash face picks a dragon that inflicted damage (the most damage, so the most saves;
  among equals the one easiest to kill) and that dragon takes its own damage, which counts toward
  killing it together with the results aimed at it;
- Decapitate and Impale: each kills one dragon that rolled Jaws (the hardest of them to kill
  otherwise), with no results needed.

Then as many dragons as possible die: the cheapest ones, since any set of k dragons the results
could kill can be swapped for the k cheapest ones.

>>> plan = KillPlan([Target(0, 10, False, 6), Target(1, 5, False, 0)], 0, 0)
>>> plan.kills(10, 0)[0], plan.kills(5, 10)[0], plan.kills(9, 9)[0]
(1, 2, 1)
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Target:
    index: int
    toughness: int       # health + automatic saves (health only after Belly)
    jaws: bool           # it rolled Jaws (Decapitate, Impale)
    damage: int          # the damage its faces inflicted (Bash)


class KillPlan:
    """The kills that need no results (Bash, Decapitate/Impale) and, for the rest, every cheapest way
    to share melee and missile results over the k cheapest dragons."""

    def __init__(self, targets: list[Target], decapitates: int, bashes: int, killed: int = 0) -> None:
        left = {t.index: t.toughness for t in targets}
        self.bashed: list[tuple[int, int]] = []
        for t in sorted((t for t in targets if t.damage > 0), key=lambda t: (-t.damage, t.toughness, t.index))[:bashes]:
            left[t.index] -= t.damage
            self.bashed.append((t.index, t.damage))
        self.by_bash = sorted(i for i, need in left.items() if need <= 0)
        jaws = sorted((t for t in targets if t.jaws and left[t.index] > 0), key=lambda t: (-left[t.index], t.index))
        self.by_jaws = sorted(t.index for t in jaws[:decapitates])
        self.rest = sorted((need, i) for i, need in left.items() if need > 0 and i not in self.by_jaws)
        self.need = {i: need for need, i in self.rest}
        self.killed = killed           # dragons already counted as killed (a plan made from a signature)

    @cached_property
    def options(self) -> list[list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]]:
        return [_shares(self.rest[:k]) for k in range(len(self.rest) + 1)]

    @classmethod
    def from_signature(cls, signature: tuple) -> "KillPlan":
        """A plan with the same numbers of kills as any plan of this signature (for the odds)."""
        base, needs = signature
        return cls([Target(i, need, False, 0) for i, need in enumerate(needs)], 0, 0, base)

    @property
    def base(self) -> int:
        return len(self.by_bash) + len(self.by_jaws) + self.killed

    @property
    def signature(self) -> tuple:
        """What the numbers of kills depend on (not which dragons): plans with the same one agree."""
        return self.base, tuple(need for need, _ in self.rest)

    def kills(self, melee: int, missile: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """(dragons killed, by melee, by missile) with these results."""
        for k in range(len(self.rest), 0, -1):
            for a, b, by_melee, by_missile in self.options[k]:
                if a <= melee and b <= missile:
                    return self.base + k, by_melee, by_missile
        return self.base, (), ()

    def best_split(self, n: int, f_save: list[int], f_melee: list[int], f_missile: list[int]
                   ) -> tuple[int, int, int, tuple, tuple]:
        """The split of ``n`` ID results that kills most dragons, then keeps most saves. ``f_t[a]``: the
        final total of type t when a ID results go to it (never decreasing in a).
        Returns (kills, ID as melee, ID as missile, by melee, by missile)."""
        for k in range(len(self.rest), -1, -1):
            best = None
            for a, b, by_melee, by_missile in self.options[k]:
                m, x = bisect_left(f_melee, a), bisect_left(f_missile, b)
                if m + x <= n and (best is None or (m + x, x) < best[:2]):
                    best = (m + x, x, m, by_melee, by_missile)
            if best is not None:
                return self.base + k, best[2], best[1], best[3], best[4]
        return self.base, 0, 0, (), ()


def _shares(rest: list[tuple[int, int]]) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """Every way to kill all of ``rest`` with (melee needed, missile needed), keeping only those no
    other way beats on both; the ones needing least missile first."""
    ways = []
    for mask in range(1 << len(rest)):
        by_melee = tuple(sorted(i for j, (_, i) in enumerate(rest) if mask >> j & 1))
        by_missile = tuple(sorted(i for j, (_, i) in enumerate(rest) if not mask >> j & 1))
        a = sum(need for j, (need, _) in enumerate(rest) if mask >> j & 1)
        ways.append((sum(need for need, _ in rest) - a, a, by_melee, by_missile))
    ways.sort()
    out: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
    for b, a, by_melee, by_missile in ways:      # least missile first: keep one only if it needs less melee
        if not out or a < out[-1][0]:
            out.append((a, b, by_melee, by_missile))
    return out
