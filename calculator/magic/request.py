"""The cast list of a magic roll's input: ``[{"spell": <id>, "times": n, "combined": bool}, ...]``.

A bad entry is an :class:`InputError` naming its field (``cast[1].times``); a known spell these
results cannot pay for is not an error (the answer says why).
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


def parse_cast(raw: Any, spells: Mapping[str, Spell]) -> list[Entry]:
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
        if combined and not spell.cumulative:
            raise InputError(f"{where}.combined", f"{spell.name} is not cumulative: its castings cannot be combined "
                                                  f"(rulebook p.44)")
        out.append(Entry(i, spell, times, combined and times > 1))
    return out
