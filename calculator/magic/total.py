"""The magic a roll leaves to spend: its shares, what the army's modifiers took or added, and the
pools shown to the player (shares put together when they pay for exactly the same spells).

Die Roll Resolution (seed 001): subtracting and dividing modifiers act at steps 6 and 7, before the
SAI results join at step 8, so they only take normal and ID results, and ID results last (v4.01d
p.28). A multiplying modifier (step 9) multiplies every share where it stands; results added at
steps 9-10 (adding modifiers, one unit's results doubled) are not given to one unit.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..core.shapes import Answer
from ..core.interpret import see
from .pools import Share, shares_of
from ..roll.collect import species_added
from ..roll.results import RollResult
from ..bundle import Index


@dataclass(frozen=True)
class Magic:
    """Everything the payment search needs (share amounts after any step-9 multiplier)."""

    shares: tuple[Share, ...]
    total: int                      # results the army may spend
    keep_normal: int | None = None  # at most this many normal results (steps 6-7 took some)
    keep_id: int | None = None      # at most this many ID results (steps 6-7 took all normal ones too)
    reserve: bool = False
    warnings: tuple[str, ...] = field(default=())
    lost: tuple[int, int] = (0, 0)  # (normal, ID) results taken at steps 6-7, before any multiplier
    magic_action: bool = True
    grain: int = 1                  # the step-9 multiplier: a unit keeps or loses its results by this many


def kept(shares: list[Share], lost: int) -> tuple[int | None, int | None, tuple[int, int]]:
    """p.28: "When results are subtracted or divided, ID results are the last results to be removed by
    those modifiers": normal kept = max(0, normal - lost), ID kept = ID - max(0, lost - normal). Which
    units' normal (or ID) results go the rules leave open: the player chooses (a reading)."""
    normal = sum(s.amount for s in shares if s.capped and s.normal)
    ids = sum(s.amount for s in shares if s.is_id)
    from_normal = min(normal, lost)
    from_id = min(ids, lost - from_normal)
    return (normal - from_normal if from_normal else None, ids - from_id if from_id else None,
            (from_normal, from_id))


def ability_shares(result: RollResult, index: Index, shares: list[Share]) -> list[Share]:
    """Magic an adding species ability gave at step 10 (Bone Magic, p.21): one result for each unit it
    counted, of that unit's elements and species, in army order as far as its DUA cap allows."""
    live = [ur for ur in result.rolls if not ur.excluded and ur.faces]
    out = []
    for ab, units, n in species_added(live, result.roll, index):
        if ab.kind.adds() != "magic" or result.roll.dua_count(ab.species) is None:
            continue
        per = max(1, ab.kind.added(1, 1, 1))       # what one unit counted adds
        for i in units[: n // per]:
            base = next((s for s in shares if s.unit == i), None)
            if base is None:
                continue
            out.append(replace(base, label=f"{base.label} ({ab.name})", amount=per, capped=False, normal=False,
                               recolour=False))
    return out


def added_share(shares: list[Share], gain: int) -> Share:
    """Results added at steps 9-10 whose owner the calculator cannot tell: of any element the army's
    magic has, paying for no species spell (the reading "Paying for spells")."""
    kinds = tuple(dict.fromkeys(c for s in shares if not s.cantrip_only for c in s.currencies))
    return Share(None, "added by modifiers", gain, kinds, None, frozenset())


def magic_of(result: RollResult, index: Index) -> Magic:
    warnings: list[str] = []
    shares = shares_of(result, index, warnings)
    roll = result.roll
    reserve = roll.where == "reserve"
    if "magic" not in roll.counts:
        return Magic(tuple(shares), sum(s.amount for s in shares), None, None, reserve, tuple(warnings),
                     (0, 0), False)
    sub = result.trace.subtotals
    s5, s7, s8 = (sub.get(n, {}).get("magic", 0) for n in (5, 7, 8))
    keep_normal, keep_id, lost = kept(shares, max(0, s5 - s7))
    f = result.trace.factors.get("magic", 1)
    if f != 1:                      # step 9: each share multiplied in place, element and species kept
        shares = [replace(s, amount=s.amount * f) for s in shares]
        keep_normal, keep_id = (None if k is None else k * f for k in (keep_normal, keep_id))
    own = ability_shares(result, index, shares)
    shares += own
    gain = result.totals.get("magic", 0) - s8 * f - sum(s.amount for s in own)
    if gain > 0:
        shares.append(added_share(shares, gain))
        warnings.append(f"{gain} magic results were added by modifiers or by doubling one unit's results; the "
                        f"calculator cannot tell whose they are, so it counts them as any element the army's "
                        f"magic has, paying for no species spell: check their element by hand")
    return Magic(tuple(shares), result.totals.get("magic", 0), keep_normal, keep_id, reserve, tuple(warnings),
                 lost, True, max(1, f))


def pool_key(s: Share) -> tuple:
    return (s.currencies, s.species, tuple(sorted(s.pays_species)), s.cantrip_only, s.free, s.one_element,
            s.unit if s.one_element else None)


def pools_json(magic: Magic) -> list[Answer]:
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


def magic_json(magic: Magic) -> Answer:
    out: Answer = {"total": magic.total, "pools": pools_json(magic)}
    normal, ids = magic.lost
    if normal or ids:
        text = f"the army's modifiers took {normal} of its normal magic results (you choose whose)"
        if ids:
            text += f" and then {ids} of its ID magic results (you choose whose)"
        out["lost"] = {"amount": normal + ids, "normal": normal, "id": ids, "see": see("magic-payment"),
                       "text": text + "; ID results are taken only after every normal one (rulebook p.28)"}
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
