"""Exact chances of the army's response roll, with its ID results kept apart so that the best split
can be chosen for every outcome (calculator.dragons.odds).

The roll's outcomes come from the distribution engine (calculator.roll.distribution.army_states); each
face also counts its ID results, its Decapitate/Impale kills and its Bash faces. For every outcome
the ID results are taken out of the saves they were counted as, then put back 0..n at a time into
each type, and steps 5-10 are run by the distribution engine's own ``evaluate``: each type's final
total for each share, as the single roll computes it (calculator.dragons.response).

When no effect ties the types together (the usual case), a type's final total depends only on that
type's own results, so it is worked out once per distinct set of them and remembered.
"""
from __future__ import annotations

from typing import Any
from ..bundle import Index
from ..core.shapes import Answer

from ..roll.distribution import Army, Budget, Packer, army_states, evaluate
from ..core.errors import InputError
from ..roll.inputs import parse_roll
from ..roll.results import Trace
from ..roll.totals import applicable
from ..kinds.modifiers import Modifier

TYPES = ("save", "melee", "missile")
Key = tuple    # (ID results n, saves for 0..n ID, melee for 0..n, missile for 0..n)
Spread = dict  # {(Decapitate/Impale kills, Bash faces): {Key: chance}}


def _extra(*args: Any) -> tuple[int, int, int]:
    c = args[-1]    # the face's contribution (the distribution engine may pass the unit first)
    n = sum(c.nonsai.values()) if c.rolled_id and not c.sai else 0
    return n, sum(1 for e in c.effects if e.effect.kills_dragon), c.reflect


def _coupled(army: Army, mods: list[Modifier]) -> bool:
    lay = army.lay
    return bool(lay.one_unit or lay.species_mult) or any(
        m.p.get("result") == "all" and m.step in (6, 10) for m in mods if m.arithmetic)


class Totals:
    """Final totals of the army's roll for a share of ID results, remembered."""

    def __init__(self, army: Army, top: int, uses: list[Any], mods: list[Modifier], budget: Budget) -> None:
        lay, counts = army.lay, army.lay.roll.counts
        self.army, self.uses, self.mods, self.budget, self.trace = army, uses, mods, budget, Trace(quiet=True)
        self.at = [counts.index(t) for t in TYPES]
        k = lay.k
        base = 2 * k if lay.split else k
        self.extra = base + k + 1
        # Each type's own fields: its results (before and after step 8), its step-10 additions, and
        # for saves the Bash faces.
        self.own = [[i] + ([k + i] if lay.split else []) + [base + i] + ([base + k] if t == "save" else [])
                    for t, i in zip(TYPES, self.at)]
        self.wide = Packer([m + (top if j in self.at else 0) for j, m in enumerate(army.packer.masks)])
        self.army2 = Army(lay, self.wide, mods)
        self.alone = not lay.sources and not _coupled(army, mods)
        self.memo: dict[tuple, Any] = {}

    def evaluate(self, vec: list[int], rest: tuple) -> tuple[int, ...]:
        key = (tuple(vec), rest)
        if key not in self.memo:
            self.budget.spend(30, len(self.memo))
            self.memo[key] = evaluate((self.wide.pack(tuple(vec)),) + rest, self.army2, self.uses, self.mods,
                                      self.trace)[0]
        return self.memo[key]

    def row(self, t: int, own: tuple[int, ...], n: int) -> tuple[int, ...]:
        """One type's final totals with 0..n ID results, from that type's own fields alone."""
        key = ("row", t, own, n)
        if key not in self.memo:
            alone = [0] * len(self.army.packer.masks)
            for j, v in zip(self.own[t], own):
                alone[j] = v
            i = self.at[t]
            out = []
            for a in range(n + 1):
                alone[i] = own[0] + a
                out.append(self.evaluate(alone, ((), (), (), ()))[i])
            self.memo[key] = tuple(out)
        return self.memo[key]

    def rows(self, vec: list[int], rest: tuple, n: int) -> tuple[tuple[int, ...], ...]:
        """For each type, its final total with 0..n ID results added to it."""
        vec[self.extra: self.extra + 3] = [0, 0, 0]
        if self.alone and not any(rest[:3]):
            return tuple(self.row(t, tuple(vec[j] for j in fields), n) for t, fields in enumerate(self.own))
        rows = []
        for a in range(n + 1):
            rows.append(self.evaluate([v + a if j in self.at else v for j, v in enumerate(vec)], rest))
        return tuple(tuple(r[i] for r in rows) for i in self.at)


def response_spread(idx: Index, data: Answer, plague: bool, budget: Budget) -> tuple[Spread, float, list[str]]:
    """Chances of every response outcome (see :data:`Spread`), the chance dropped, and notes."""
    rinp = parse_roll(data, idx)
    states, army, uses, dropped, notes = army_states(rinp, idx, _extra, 3, budget)
    mods = applicable(rinp.modifiers, rinp.roll, Trace(quiet=True)) + [
        m for m in rinp.modifiers if not m.arithmetic]
    unpacked = {s: army.packer.unpack(s[0]) for s in states}
    calc = Totals(army, 0, uses, mods, budget)
    top = max((v[calc.extra] for v in unpacked.values()), default=0)
    if top and _coupled(army, mods):
        raise InputError("defender.army", "the chances are not worked out when an effect doubles one unit's results "
                                          "(Elevate, Trumpet, Wilding) or changes results of any type: how each "
                                          "unit shares its ID results changes them; resolve single attacks instead")
    calc = Totals(army, top, uses, mods, budget)
    out: Spread = {}
    for s, p in states.items():
        vec = list(unpacked[s])
        n, kills, bashes = vec[calc.extra: calc.extra + 3]
        vec[calc.at[0]] -= n                 # the ID results were counted as saves: take them out
        n = 0 if plague else n               # Dragon Plague: the army ignores its ID results
        budget.spend(3 * (n + 1), len(states))
        key = (n,) + calc.rows(vec, tuple(s[1:]), n)
        group = out.setdefault((kills, bashes), {})
        group[key] = group.get(key, 0.0) + p
    return out, dropped, notes + [w.text for w in calc.trace.warnings]
