"""The magic part of an answer: the spells these results could pay for, and whether a cast list
is affordable, with who pays for what or, in player words, what is missing."""
from __future__ import annotations

from typing import Any, Mapping

from ..core.shapes import Answer
from ..core.errors import TooLarge
from ..core.limits import BOUNDS
from .flow import Work
from .pay import Entry, Solution, eligible, pay
from .request import unsure
from .spells import Spell
from .total import Magic


def usable(spell: Spell, magic: Magic) -> bool:
    """Whether any of the results may pay for the spell at all (Reserve Area, p.44)."""
    if magic.reserve and not spell.reserve:
        return False
    probe = Entry(-1, spell)
    return any(eligible(s, probe, c) for s in magic.shares for c in spell.currencies + (None,)) and \
        magic.total >= spell.cost


def max_times(spell: Spell, magic: Magic, work: Work) -> int:
    """The most separate castings of this spell alone that the results pay for."""
    k = 0
    while (k + 1) * spell.cost <= magic.total and pay([Entry(0, spell, k + 1)], magic, work) is not None:
        k += 1
    return k


def castable(spells: Mapping[str, Spell], magic: Magic) -> list[Answer]:
    """Every spell these results pay for at least once, by element then name (the spell lists' order)."""
    out = []
    for spell in sorted(spells.values(), key=lambda s: s.order):
        if not usable(spell, magic):
            continue
        work = Work(BOUNDS["payments"] // 20)
        k, exact = 0, True
        try:
            while (k + 1) * spell.cost <= magic.total and pay([Entry(0, spell, k + 1)], magic, work) is not None:
                k += 1
        except TooLarge:
            exact = False
        if k:
            row: Answer = {"spell": spell.id, "cost": spell.cost, "max_times": k}
            if not exact:
                row["exact"] = False        # the bound stopped the count: at least this many
            out.append(row)
    return out


def payments(entries: list[Entry], sol: Solution) -> list[Answer]:
    out = []
    for e in entries:
        paid: dict[tuple[Any, str], int] = {}
        for entry, i, element, n in sol.paid:
            if entry == e.index:
                unit = sol.shares[i].unit
                paid[(unit, element)] = paid.get((unit, element), 0) + n
        out.append({"spell": e.spell.id, "times": e.times, "combined": e.combined,
                    "castings": 1 if e.combined else e.times, "cost": e.castings[0] * e.castings[1],
                    "paid_by": [{"unit": u, "element": el, "amount": n} for (u, el), n in paid.items()]})
    return out


def casting_words(e: Entry) -> str:
    if e.times == 1:
        return e.spell.name
    return f"{e.spell.name} ×{e.times} ({'combined on one target' if e.combined else 'separate castings'})"


def lacking(e: Entry, magic: Magic, names: Mapping[str, str], work: Work) -> str | None:
    """Why this entry alone cannot be paid for (None: alone, it can)."""
    sp = e.spell
    if magic.reserve and not sp.reserve:
        return f"{sp.name} cannot be cast from the Reserve Area"
    if not usable(sp, magic) or pay([Entry(e.index, sp)], magic, work) is None:
        if magic.shares and all(s.cantrip_only for s in magic.shares) and not sp.cantrip:
            return f"{sp.name} is not a Cantrip spell, and Cantrip magic outside a magic action pays only for those"
        have = max(sum(s.amount for s in magic.shares if eligible(s, Entry(-1, sp), c))
                   for c in sp.currencies + (None,))
        some = f"only {min(have, magic.total)} of these results" if have else "none of these results"
        return f"{sp.name} needs {sp.cost} {sp.needs(names)}; {some} can pay for it"
    if pay([e], magic, work) is None:
        k = max_times(sp, magic, work)
        return (f"{casting_words(e)} needs {e.spell.cost * e.times} {sp.needs(names)}; these results pay for "
                f"{k} casting{'s' if k != 1 else ''} of it at most")
    return None


def why(entries: list[Entry], magic: Magic, names: Mapping[str, str], work: Work) -> str:
    """Player words: which spell lacks which results."""
    alone = [w for e in entries for w in (lacking(e, magic, names, work),) if w]
    if alone:
        return "; ".join(alone) + "."
    for j in range(1, len(entries) + 1):
        if pay(entries[:j], magic, work) is None:
            before = ", ".join(casting_words(e) for e in entries[:j - 1])
            need = sum(e.castings[0] * e.castings[1] for e in entries[:j])
            return (f"each spell can be paid for alone, but after {before} too few results are left for "
                    f"{casting_words(entries[j - 1])} (together they cost {need}, of {magic.total} magic results "
                    f"and only some of them can pay for each spell).")
    return ""


def cast_json(entries: list[Entry], magic: Magic, names: Mapping[str, str]) -> Answer:
    work = Work(BOUNDS["payments"])
    sol = pay(entries, magic, work)
    if sol is None:
        out = {"ok": False, "payments": [], "left": magic.total, "why": why(entries, magic, names, work)}
    else:
        spent = sum(n for *_, n in sol.paid)
        out = {"ok": True, "payments": payments(entries, sol), "left": magic.total - spent, "why": ""}
    if unsure(entries):
        out["warnings"] = unsure(entries)
    return out
