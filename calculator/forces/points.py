"""What each army of a force costs (rulebook v4.01d p.3, p.8, p.59; the numbers are the data's,
``force.points`` of ``setup-and-victory``).

A unit costs its health (p.3). An item costs by its kind and size (p.59): medium equipment is
priced by the pair, the first of a pair at ``points`` and the second at ``second_of_pair``. The
rulebook prices the pair across the force and says nothing of a pair split between armies, so
the medium equipment is paired inside each army first, and the medium left alone in each army is
then paired across armies in the order home, horde, campaign (the first of those pays the first's
price). The armies' points therefore always add up to the force's: n medium cost n pairs' worth.
Dragons and the dice of the Summoning Pool are not part of the force size (p.3).
"""
from __future__ import annotations

from collections.abc import Mapping

from .catalogue import ITEM, UNIT, ForceRules, Piece
from .request import ARMIES, ForceInput, Placed


def item_price(rules: ForceRules, piece: Piece) -> tuple[int, int]:
    """(points of the first, of the second of a pair) of an item; (0, 0) for a die the table lacks."""
    for row in rules.points["items"]:
        if row["kind"] == piece.kind and row["size"] == piece.size:
            return int(row["points"]), int(row.get("second_of_pair", row["points"]))
    return 0, 0


def paired(rules: ForceRules, piece: Piece) -> bool:
    first, second = item_price(rules, piece)
    return first != second


def base_points(rules: ForceRules, piece: Piece) -> int:
    """Points of a die that is not priced by the pair (a unit's health, p.3); 0 for what costs nothing."""
    if piece.sort == UNIT:
        return piece.health if rules.points["units"] == "health" else 0
    if piece.sort == ITEM:
        return item_price(rules, piece)[0]
    return 0


def costs(rules: ForceRules, force: ForceInput) -> dict[str, int]:
    """Points of each die placed in an army, by its input field, medium equipment paired as the
    module's docstring says (the first of a pair at its first price, the second at the second's)."""
    out: dict[str, int] = {}
    alone: list[tuple[str, Piece]] = []                 # the unpaired medium left in each army
    for name in ARMIES:
        pairs: dict[tuple[int, int], list[Placed]] = {}
        for placed in force.armies[name]:
            piece = placed.piece
            if piece.sort == ITEM and paired(rules, piece):
                pairs.setdefault(item_price(rules, piece), []).append(placed)
            else:       # Dragonkin are not part of the force size (p.3, p.54): 0
                out[placed.field] = 0 if piece.in_pool else base_points(rules, piece)
        for price, group in pairs.items():
            for i, placed in enumerate(group[: len(group) // 2 * 2]):
                out[placed.field] = price[i % 2]
            if len(group) % 2:
                alone.append((group[-1].field, group[-1].piece))
    seen: dict[tuple[int, int], int] = {}
    for field, piece in alone:
        price = item_price(rules, piece)
        out[field] = price[seen.get(price, 0) % 2]
        seen[price] = seen.get(price, 0) + 1
    return out


def army_points(rules: ForceRules, force: ForceInput, each: Mapping[str, int]) -> dict[str, int]:
    return {name: sum(each[p.field] for p in force.armies[name]) for name in ARMIES}


def pool_health(force: ForceInput) -> int:
    """Health-worth of the units that start in the Summoning Pool (Dragonkin, p.54)."""
    return sum(p.piece.health for p in force.pool if p.piece.sort == UNIT and p.piece.in_pool)


def points_json(rules: ForceRules, force: ForceInput, each: Mapping[str, int]) -> Mapping[str, int]:
    armies = army_points(rules, force, each)
    return {"total": sum(armies.values()), **armies, "pool": pool_health(force)}
