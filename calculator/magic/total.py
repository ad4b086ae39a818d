"""The magic a roll leaves to spend: its shares, what the army's modifiers took or added, and the
pools shown to the player (shares put together when they pay for exactly the same spells).

Die Roll Resolution (seed 001): subtracting and dividing modifiers act at steps 6 and 7, before the
SAI results join at step 8, so they only take normal and ID results; multiplying and adding
modifiers (steps 9 and 10) add results the calculator cannot give to one unit.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..core.interpret import see
from .pools import Share, shares_of
from ..roll.results import RollResult
from ..bundle import Index


@dataclass(frozen=True)
class Magic:
    """Everything the payment search needs."""

    shares: tuple[Share, ...]
    total: int                      # results the army may spend
    cap: int | None = None          # at most this many normal and ID results (steps 6-7 took some)
    reserve: bool = False
    warnings: tuple[str, ...] = field(default=())
    lost: int = 0                   # normal and ID results taken at steps 6-7
    magic_action: bool = True


def magic_of(result: RollResult, index: Index) -> Magic:
    warnings: list[str] = []
    shares = shares_of(result, index, warnings)
    roll = result.roll
    reserve = roll.where == "reserve"
    if "magic" not in roll.counts:
        return Magic(tuple(shares), sum(s.amount for s in shares), None, reserve, tuple(warnings), 0, False)
    sub = result.trace.subtotals
    s5, s7, s8 = (sub.get(n, {}).get("magic", 0) for n in (5, 7, 8))
    final = result.totals.get("magic", 0)
    cap = s7 if s7 < s5 else None
    gain = final - s8
    if gain > 0:
        # Results added by a modifier at steps 9-10 (a free "add magic"): of any element the army's
        # magic has, paying for no species spell (see the reading "Paying for spells").
        kinds = tuple(dict.fromkeys(c for s in shares if not s.cantrip_only for c in s.currencies))
        shares.append(Share(None, "added by modifiers", gain, kinds, None, frozenset()))
        warnings.append(f"{gain} magic added by modifiers: counted as any element the army's magic has")
    return Magic(tuple(shares), final, cap, reserve, tuple(warnings), max(0, s5 - s7), True)


def pool_key(s: Share) -> tuple:
    return (s.currencies, s.species, tuple(sorted(s.pays_species)), s.cantrip_only, s.free, s.one_element,
            s.unit if s.one_element else None)


def pools_json(magic: Magic) -> list[dict[str, Any]]:
    """Shares that pay for the same spells, put together; in the order of their first unit."""
    merged: dict[tuple, dict[str, Any]] = {}
    for s in magic.shares:
        key = pool_key(s)
        p = merged.get(key)
        if p is None:
            p = merged[key] = {"units": [], "elements": list(s.currencies), "species": s.species, "amount": 0,
                               "cantrip_only": s.cantrip_only or s.free}
            if s.one_element:
                p["one_element"] = True
            if s.free:
                p["any_element_or_species"] = True
            if s.species is None and s.pays_species:
                p["pays_species"] = sorted(s.pays_species)
            if s.unit is None:
                p["added_by_modifiers"] = True
        if s.unit is not None and s.unit not in p["units"]:
            p["units"].append(s.unit)
        p["amount"] += s.amount
    return list(merged.values())


def magic_json(magic: Magic) -> dict[str, Any]:
    out: dict[str, Any] = {"total": magic.total, "pools": pools_json(magic)}
    if magic.lost:
        out["lost"] = {"amount": magic.lost, "text": f"the army's modifiers took {magic.lost} of its normal and ID "
                                                     f"magic results (you choose which)",
                       "see": see("magic-payment")}
    if not magic.magic_action:
        out["cantrip"] = True
    if magic.reserve:
        out["reserve"] = True
    return out


def recoloured(shares: tuple[Share, ...], unit: int | None, element: str) -> tuple[Share, ...]:
    """Attune: one unit's normal magic results take the Attune element (seed 000)."""
    if unit is None:
        return shares
    return tuple(replace(s, currencies=(element,)) if s.unit == unit and s.normal else s for s in shares)
