"""Magic: from a roll's magic results to the spells they can pay for (rulebook v4.01d p.11, p.44,
p.59; seed 000 for Cantrip and Attune; seed 003 for Dracolem alloys).

:func:`magic_answer` adds to a single roll's answer ``magic`` (the total and its pools),
``castable`` (every spell the results could pay for, and how many times alone) and, when the input
has ``cast``, ``cast`` (whether the list is affordable, who pays for what, what it carries into
later rolls). It answers only for a magic roll, or a roll in which Cantrip-only magic was rolled.
"""
from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from ..core.fields import only
from .answer import cast_json, castable
from .calls import spell_rolls
from .carry import carried, left_to_player
from .request import parse_cast
from .spells import spells_of
from .total import magic_json, magic_of
from ..roll.results import RollResult
from ..roll.inputs import RollInput
from ..bundle import Index


def magic_answer(inp: RollInput, result: RollResult, index: Index) -> dict[str, Any]:
    if inp.cast is None and "magic" not in result.roll.counts and not rolled_magic(result):
        return {}                   # no magic to spend: the common case costs one look at the faces
    spells = spells_of(index)
    entries = parse_cast(inp.cast, spells)
    magic = magic_of(result, index)
    if magic.magic_action is False and not magic.shares and inp.cast is None:
        return {}
    out: dict[str, Any] = {"magic": magic_json(magic), "castable": castable(spells, magic)}
    if magic.warnings:
        out["magic"]["warnings"] = list(magic.warnings)
    if inp.cast is not None:
        out["cast"] = cast_json(entries, magic, index.species_names)
        out["cast"]["carry"] = carried(entries, index) if out["cast"]["ok"] else []
        out["cast"]["rolls"] = spell_rolls(entries, index) if out["cast"]["ok"] else []
    yours = left_to_player([c["spell"] for c in out["castable"]] + [e.spell.id for e in entries], index)
    if yours:
        out["left_to_player"] = yours
    return out


def rolled_magic(result: RollResult) -> bool:
    """Whether any face of the roll showed magic (counted or not: Cantrip in a melee roll)."""
    return any(n and "magic" in key.split("|") for ur in result.rolls for p in ur.parts for key, n in p.rolled.items())


def carry(index: Index, data: object) -> list[dict[str, Any]]:
    """The modifier inputs a cast list (``{"cast": [...]}``) carries into later rolls."""
    if not isinstance(data, dict):
        raise InputError("", 'expected {"cast": [...]}')
    only(data, ("cast",), "")      # another command's input is refused, not answered as an empty list
    return carried(parse_cast(data.get("cast"), spells_of(index)), index)


__all__ = ["magic_answer", "carry"]
