"""The cast list of a magic roll's input: ``[{"spell": <id>, "times": n, "combined": bool}, ...]``.

A bad entry is an :class:`InputError` naming its field (``cast[1].times``); a known spell these
results cannot pay for is not an error (the answer says why). Castings of any spell may be combined:
the rulebook highlights the numbers of cumulative spells (p.44) but our sources lack that highlighting,
so for a spell not known to be cumulative the answer warns instead of refusing (see :func:`unsure`).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import InputError
from ..core.faces import slug
from ..core.limits import LIMITS
from ..core.fields import need_bool, need_int, need_list, need_str, only
from .pay import Entry
from .spells import Spell


def parse_cast(raw: object, spells: Mapping[str, Spell]) -> list[Entry]:
    out = []
    for i, item in enumerate(need_list(raw if raw is not None else [], "cast", LIMITS["cast"])):
        where = f"cast[{i}]"
        if not isinstance(item, Mapping):
            raise InputError(where, 'expected {"spell": <id>, "times": n, "combined": true|false}')
        only(item, ("spell", "times", "combined"), where)
        name = need_str(item.get("spell"), f"{where}.spell")
        sid = name if name in spells else slug(name)
        if sid not in spells:
            raise InputError(f"{where}.spell", f"unknown spell '{name}'")
        spell = spells[sid]
        times = need_int(item.get("times", 1), f"{where}.times", 1, LIMITS["cast_times"])
        combined = need_bool(item.get("combined", False), f"{where}.combined")
        out.append(Entry(i, spell, times, combined and times > 1))
    return out


def unsure(entries: list[Entry]) -> list[str]:
    """Player words for castings combined on one target of a spell not known to be cumulative."""
    return [f"{e.spell.name} ×{e.times} combined on one target: the rulebook marks cumulative spells by "
            f"highlighting their numbers (p.44), which our sources lack, and {e.spell.name} is not known to be "
            f"cumulative. If it is not, the castings cost {e.spell.cost * e.times} but act as one: check your "
            f"rulebook" for e in entries if e.combined and not e.spell.cumulative]
