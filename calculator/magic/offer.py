"""What a page's magic mode may offer for a roll input (``plan`` adds it as ``magic``): whether the
roll can make spendable magic, and every spell with what it takes, so the page never restates a rule."""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..core.limits import LIMITS
from ..roll.faceval import pick_part
from .spells import spells_of
from ..roll.inputs import RollInput
from ..bundle import Index


def makes_cantrip(inp: RollInput, index: Index) -> bool:
    """Whether some face of the army gives Cantrip-only magic in this roll (seed 000, p.59)."""
    for u in inp.units:
        for f in u.faces + ((u.rolled,) if u.rolled else ()):
            sai = index.sais.get(f.icon)
            clause = pick_part(sai, u, inp.roll)[0] if sai else None
            if clause is not None and any(g.cantrip_only and "magic" in g.types for g in clause.generates):
                return True
    return False


def target_roll(spell: str, index: Index) -> Answer:
    """The roll a spell calls for of its target (calculator.kinds.spells), in words, and how many
    times each die rolls it (Fearful Flames, Swamp Fever: twice); none for the other spells."""
    kind = index.spell_effects.get(spell)
    return {"calls_for": kind.roll_words(), "target_rolls": kind.rolls} if kind is not None else {}


def offer(inp: RollInput, index: Index) -> Answer:
    roll = inp.roll
    action = "magic" in roll.counts
    if not action and not makes_cantrip(inp, index):
        return {}
    modifies = {sid for sid, mods in index.modifiers.items() if mods}
    spells = [{"spell": s.id, "name": s.name, "element": s.element, "cost": s.cost, "reserve": s.reserve,
               "cantrip": s.cantrip, "species": s.species, "cumulative": s.cumulative, "mixed_elements": s.mixed,
               "needs": s.needs(index.species_names), "changes_rolls": s.id in modifies,
               "offered": (s.reserve or roll.where != "reserve") and (action or s.cantrip), **target_roll(s.id, index)}
              for s in sorted(spells_of(index).values(), key=lambda s: s.order)]
    return {"magic": {"action": action, "cantrip_only": not action, "reserve": roll.where == "reserve",
                      "spells": spells, "limits": {"cast": LIMITS["cast"], "cast_times": LIMITS["cast_times"]}}}
