"""What a cast list's spells call for (``cast.rolls`` of a magic roll's answer): for each spell whose
effect is a roll of its target (calculator.kinds.spells), the single-roll input that resolves it, so
the page leads from paying for the spell into that roll (v4.01d p.44; the roll: calculator.magic.effects).
"""
from __future__ import annotations

from typing import Any

from ..bundle import Index
from ..core.rolls import ROLL_TYPES
from .pay import Entry


def spell_rolls(entries: list[Entry], index: Index) -> list[dict[str, Any]]:
    out = []
    for e in entries:
        kind = index.spell_effects.get(e.spell.id)
        if kind is None:
            continue
        rtype = ROLL_TYPES[kind.roll]
        times = e.times if e.combined else 1
        spell: Any = {"id": e.spell.id, "times": times} if times > 1 else e.spell.id
        roll: dict[str, Any] = {"roll": rtype.id, "spell": spell}
        if rtype.save:
            roll["against"] = "magic"
        if kind.p.get("dua"):
            roll["dua"] = True         # the unit rolls in the DUA (Exhume)
        out.append({"spell": e.spell.id, "does": kind.describe(), "calls_for": kind.roll_words(),
                    "unit": kind.unit, "castings": 1 if e.combined else e.times, "input": roll})
    return out
