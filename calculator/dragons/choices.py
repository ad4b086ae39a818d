"""Results of the owner's choice in the army's response to dragons (rulebook p.28, combination rolls):
an SAI that generates X results of a type the owner picks (Create Fireminions, Fly) may split them
between the types the roll counts (save, melee, missile).

A unit's own split is ``choose: {"<sai id>": {"melee": 2, "save": 2}}``. Without one, the dragon
attack tries every split of each such SAI (the ways are few: at most ``TRIES`` in all) with the same
faces, and keeps the one that kills most dragons, then loses the least health, then keeps most
saves; as it does for the ID results (calculator.dragons.resolve).

>>> splits(2, ("melee", "save"))
[{'melee': 0, 'save': 2}, {'melee': 1, 'save': 1}, {'melee': 2, 'save': 0}]
"""
from __future__ import annotations

import itertools
from typing import Any

from ..core.shapes import Answer
from ..bundle import Index
from ..roll.results import RollResult

TRIES = 100          # army responses tried one by one, at most


def splits(n: int, types: tuple[str, ...]) -> list[dict[str, int]]:
    """Every way to share n results among the types."""
    if len(types) == 1:
        return [{types[0]: n}]
    return [{types[0]: k, **rest} for k in range(n + 1) for rest in splits(n - k, types[1:])]


def open_choices(first: RollResult, idx: Index) -> list[tuple[int, str, list[dict[str, int]]]]:
    """(unit index, SAI id, its splits) of each unit whose one face of an SAI of the owner's choice
    has no split given, when the roll counts two or more of its types."""
    out = []
    roll = first.roll
    for ur in first.rolls:
        if ur.excluded:
            continue
        found = []
        for face in ur.faces:
            sai = idx.sais.get(face.icon)
            clause = sai.part(roll, ur.unit)[0] if sai else None
            for g in clause.generates if clause else ():
                types = tuple(t for t in g.types if t in roll.counts)
                if g.choice and len(types) > 1 and sai is not None and sai.id not in ur.unit.choose:
                    found.append((sai.id, splits(g.n(face.count), types)))
        if len(found) == 1:          # the same SAI twice (rolled again) keeps the owner's one choice
            out.append((ur.unit.index, found[0][0], found[0][1]))
    return out


def candidate_armies(data: dict[str, Any], first: RollResult, idx: Index) -> tuple[list[list[Answer]], int]:
    """The response's army with each combination of splits (none when there is nothing to choose),
    and how many combinations there are (more than TRIES: none is tried)."""
    found = open_choices(first, idx)
    count = 1
    for _, _, ways in found:
        count *= len(ways)
    if not found or count > TRIES:
        return [], count if found else 0
    out = []
    for combo in itertools.product(*(ways for _, _, ways in found)):
        army = [dict(u) for u in data["army"]]
        for (i, sid, _), split in zip(found, combo):
            army[i]["choose"] = dict(army[i].get("choose") or {}, **{sid: split})
        out.append(army)
    return out, count
