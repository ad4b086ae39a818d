"""Magic Negation (v4.01d p.21) in a magic roll: the opposing units' negation roll (``negation``: their
dice, their owner's DUA and force size) is resolved as a magic roll at the same terrain, and what their
species' ability takes (calculator.kinds.dua) joins the roll as a modifier that subtracts (step 6, p.27).

The negating roll is read by the very reader that reads the magic roll (inputs.parse_roll), which
calls this file: the reader is handed in (``read``), so this file stays below it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import only
from ..core.rolls import RollType
from ..core.shapes import Answer
from .records import RollInput
from .resolve import resolve_input
from .steps import working

KEYS = ("army", "in_dua", "size", "seed")


def negation_modifier(data: Mapping[str, Any], idx: Index, rtype: RollType,
                      read: Callable[[object, Index], RollInput]) -> Answer | None:
    """The modifier the negating units' roll gives the magic roll, as an input gives one (None: no
    negation, or it takes nothing); ``read``: the single-roll reader."""
    raw = data.get("negation")
    if raw is None:
        return None
    if rtype.id != "magic":
        raise InputError("negation", "only a magic roll (a magic action) can be negated")
    if not isinstance(raw, Mapping):
        raise InputError("negation", 'expected {"army": [the negating units], "in_dua": {...}, "size": n}')
    only(raw, KEYS, "negation")
    if raw.get("in_dua") is None:
        raise InputError("negation.in_dua", "give the negating player's units in their DUA: no more results are "
                                            "taken than their species' units there")
    nested = {"roll": "magic", "army": raw.get("army"), "terrain": data.get("terrain"), "in_dua": raw["in_dua"],
              "size": raw.get("size", 24), "seed": raw.get("seed", data.get("seed", 0))}
    try:
        inp = read(nested, idx)           # the same reader and roll, one level down
    except InputError as exc:
        raise InputError(f"negation.{exc.field}" if exc.field != "terrain" else "terrain", exc.message) from None
    kinds = {}
    for u in inp.units:
        found = [ab for ab in working(u.species or "", inp.roll, idx) if ab.kind.negates() == "magic"]
        if not found:
            raise InputError(f"negation.army[{u.index}]", f"{u.name} has no ability that negates magic "
                                                          f"(only such a species' units roll to negate)")
        kinds[found[0].species] = found[0]
    if len(kinds) != 1:
        raise InputError("negation.army", "one species' units roll to negate magic, not several")
    (ab,) = kinds.values()
    rolled = resolve_input(inp, idx).totals.get("magic", 0)
    taken = ab.kind.negated(rolled, inp.roll.dua_count(ab.species) or 0, inp.roll.dua_per)
    if not taken:
        return None
    name = idx.species_names.get(ab.species, ab.species)
    source = f"{ab.name}: the {name} rolled {rolled} magic (at most their DUA's)"[:80]
    return {**ab.kind.taking(taken), "source": source}
