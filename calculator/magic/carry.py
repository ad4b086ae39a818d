"""What a cast list carries into later rolls: the modifier inputs a roll or an exchange side
already accepts (``{"spell": <id>}``), for the spells the calculator knows as roll modifiers.

v4.01d p.44: castings of a cumulative spell combined on one target multiply its highlighted
number, so a combined casting of N is carried as N copies of the spell's adding or subtracting
modifier; separate castings go to different targets, so each target's rolls carry one copy. Castings
of a spell not known to be cumulative (our sources lack the highlighting) carry one copy and a note.
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..bundle import Index
from ..core.registry import done_by_engine
from ..core.rolls import ROLL_TYPES, Roll
from ..kinds.modifiers import Modifier
from .pay import Entry

TARGET_WORDS = {"army": "the army it was cast on (yours or another)", "opposing-army": "the opposing army it was cast on",
                "terrain": "every army at the terrain it was cast on"}


def carried(entries: list[Entry], index: Index) -> list[Answer]:
    out = []
    for e in entries:
        mods = index.modifiers.get(e.spell.id) or ()
        if not mods:
            continue
        target = str(index.spells[e.spell.id].get("target", "army"))
        stacks = all(m.stacks for m in mods)
        copies = e.times if e.combined and stacks and e.spell.cumulative else 1
        row: Answer = {"spell": e.spell.id, "target": target, "rolls_of": TARGET_WORDS.get(target, target),
                       "rolls": changed_rolls(mods), "modifiers": [{"spell": e.spell.id}] * copies, "copies": copies}
        if not e.combined and e.times > 1:
            row["note"] = f"{e.times} separate castings: each target's rolls carry one"
        elif e.combined and not e.spell.cumulative:
            row["note"] = (f"{e.spell.name} is not known to be cumulative: one copy is carried; if your rulebook "
                           f"highlights its number, add the other castings by hand")
        elif e.combined and not stacks:
            row["note"] = "combined castings of this spell are not a simple sum: apply the extra castings by hand"
        out.append(row)
    return out


def changed_rolls(mods: tuple[Modifier, ...] | list[Modifier]) -> list[str]:
    """The army rolls (roll type ids, in the engine's order) that at least one of a spell's modifiers
    changes, as an attack or as a counter: the roll a page opens to use the spell in. An individual
    roll is never one (army modifiers do not touch a unit rolling alone, v4.01d p.29)."""
    out = []
    for rt in ROLL_TYPES.values():
        if rt.individual:
            continue
        against = rt.suggest_against if rt.save else None
        rolls = [Roll(rt, rt.counts, against, counter=c) for c in (False, True)]
        if any(m.changes(r) for m in mods for r in rolls):
            out.append(rt.id)
    return out


def left_to_player(spell_ids: list[str], index: Index) -> Answer | None:
    """The spells listed (castable or cast) whose effect the calculator does not work out: it pays for
    them (p.44) but what they do is the player's to resolve; those that change rolls it applies when
    they are added to a later roll, and those that call for a roll it resolves (``cast.rolls``)."""
    ids = [s for s in dict.fromkeys(spell_ids) if index.spell_effects.get(s) is None
           and not (index.modifiers.get(s) and all(done_by_engine(m) for m in index.modifiers[s]))]
    if not ids:
        return None
    names = ", ".join(str(index.spells[s].get("name", s)) for s in ids)
    return {"spells": ids, "text": f"The calculator works out what these spells cost, not what they do: "
                                   f"resolve their effects yourself ({names})."}
