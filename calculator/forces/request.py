"""The force command's input, checked into typed records; a bad field is one :class:`InputError` line
naming it (``armies.home[2]``).

    {"size": 24, "terrains": {"home": <terrain die id>, "frontier": <id>},
     "armies": {"home": [die ids], "horde": [...], "campaign": [...]}, "summoning_pool": [dragon ids],
     "owned": {die id: count}, "players": 2}

Only ``size`` is required: a force being built may lack terrains or dice, and the answer says what
is missing. An id the data does not know is an input error; a known die in a place the rules do
not allow (a dragon in an army, a minor terrain as home) is a problem of the force, in the answer.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.shapes import Raw
from ..core.errors import InputError
from ..core.fields import need_int, need_list, need_str, only
from ..core.limits import LIMITS
from .catalogue import Catalogue, Piece

ARMIES = ("home", "horde", "campaign")
TERRAINS = ("home", "frontier")
POOL = "summoning_pool"
# The names a player reads for a force's parts (p.8: the Home, Horde and Campaign armies; the
# Summoning Pool), for the page and the forum posts alike.
PART_NAMES = {"home": "Home army", "horde": "Horde army", "campaign": "Campaign army", "pool": "Summoning Pool"}
SHAPE = '{"size": n, "terrains": {...}, "armies": {"home": [...], "horde": [...], "campaign": [...]}, ' \
        '"summoning_pool": [...]}'


@dataclass(frozen=True)
class Placed:
    """A die where the input put it; ``field`` is its path in the input (``armies.horde[0]``)."""

    field: str
    piece: Piece


@dataclass(frozen=True)
class ForceInput:
    size: int
    terrains: Mapping[str, Placed | None]
    armies: Mapping[str, tuple[Placed, ...]]
    pool: tuple[Placed, ...]
    owned: Mapping[str, int] | None
    players: int

    def placed(self) -> list[Placed]:
        """Every die of the input, terrains first, in input order."""
        out = [p for p in self.terrains.values() if p is not None]
        for name in ARMIES:
            out.extend(self.armies[name])
        return out + list(self.pool)


def _piece(value: object, where: str, cat: Catalogue) -> Placed:
    ident = need_str(value, where)
    piece = cat.pieces.get(ident)
    if piece is None:
        raise InputError(where, f"unknown die '{ident}'")
    return Placed(where, piece)


def _dice(raw: object, where: str, cat: Catalogue) -> tuple[Placed, ...]:
    items = need_list(raw if raw is not None else [], where, LIMITS["force_dice"])
    return tuple(_piece(v, f"{where}[{i}]", cat) for i, v in enumerate(items))


def _mapping(raw: object, where: str, keys: tuple[str, ...]) -> Raw:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected {" + ", ".join(f'"{k}": ...' for k in keys) + "}")
    only(raw, keys, where)
    return raw


def _clip(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _owned(raw: object, cat: Catalogue) -> dict[str, int] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise InputError("owned", "expected {<die id>: count, ...}")
    if len(raw) > len(cat.pieces):
        raise InputError("owned", f"more than {len(cat.pieces)} entries")
    out = {}
    for key, count in raw.items():
        if key not in cat.pieces:
            raise InputError(f"owned.{_clip(str(key))}", "unknown die")
        out[key] = need_int(count, f"owned.{key}", 0, LIMITS["owned"])
    return out


def parse_force(data: object, cat: Catalogue) -> ForceInput:
    if not isinstance(data, Mapping):
        raise InputError("", f"expected {SHAPE}")
    only(data, ("size", "terrains", "armies", POOL, "owned", "players"), "")
    if "size" not in data:
        raise InputError("size", "missing: the agreed total force size in points")
    size = need_int(data["size"], "size", 1, LIMITS["force_size"])
    terrains = _mapping(data.get("terrains"), "terrains", TERRAINS)
    armies = _mapping(data.get("armies"), "armies", ARMIES)
    return ForceInput(
        size=size,
        terrains={k: None if terrains.get(k) is None else _piece(terrains[k], f"terrains.{k}", cat) for k in TERRAINS},
        armies={k: _dice(armies.get(k), f"armies.{k}", cat) for k in ARMIES},
        pool=_dice(data.get(POOL), POOL, cat),
        owned=_owned(data.get("owned"), cat),
        players=need_int(data.get("players", 2), "players", 2, LIMITS["players"]),
    )


def force_vocabulary() -> dict[str, Any]:
    """A force's parts as the page reads them: its armies (in order), the names of its armies and of its
    Summoning Pool ("pool"), its terrains; how many dice one part may hold is the limit ``force_dice``."""
    return {"armies": list(ARMIES), "names": dict(PART_NAMES), "terrains": list(TERRAINS)}
