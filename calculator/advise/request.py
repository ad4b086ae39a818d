"""Parse and check an ``advise`` input typed by hand (the game form is turned into it, calculator.advise.game).

```json
{"terrain": {"die": "coastland-city", "face": 6, "controller": null, "home": false},
 "army": {"name": "alice.campaign", "army": [{"die": "amazons/warrior"}]},
 "opposing": [{"name": "bob.campaign", "army": [{"die": "amazons/soldier"}]}],
 "elsewhere": [{"name": "bob.home", "at": "home", "terrain": "flatland-temple", "army": [...]}],
 "size": 24}
```

Each army is an exchange side (calculator.exchange.request) plus ``name``; ``reserve: true`` (no
``terrain``) puts the army in its Reserve Area. Errors name the field, as every command's do.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_bool, need_int, need_list, need_str, only, short
from ..core.limits import LIMITS
from ..exchange.request import Side, parse_side
from ..terrain.die import EIGHTH, TerrainAt, read_terrain
from ..terrain.request import MAX_OPPOSING

ARMY = "army"
PLACES = ("home", "frontier", "reserve")      # where an army elsewhere stands (p.3)
MAX_ELSEWHERE = 16                            # armies of other players elsewhere (8 players, 2 each at most)
CONTROLLER = re.compile(r"^opposing\[(\d)\]$")
SIDE_KEYS = ("name", "army", "modifiers", "options", "in_dua", "minor_terrain")


@dataclass(frozen=True)
class Army:
    """One army as the exchange and the single rolls read it: its checked side and its raw input."""

    name: str                     # as the player names it (the answer's "target")
    side: Side                    # checked, named by its field ("army", "opposing[0]", ...)
    raw: dict[str, Any]           # the exchange side as given (without "name")
    at: str = "here"              # "here", or where an army elsewhere stands: home, frontier, reserve
    terrain: str | None = None    # an army elsewhere: its terrain die or type (for its own saves)


@dataclass(frozen=True)
class AdviseInput:
    terrain: TerrainAt | None     # None: the army is in its Reserve Area
    face: int | None
    controller: str | None        # at the eighth face: "army" or "opposing[N]"
    home: bool                    # this terrain is a Home Terrain
    army: Army
    opposing: tuple[Army, ...]
    elsewhere: tuple[Army, ...]
    size: int
    maneuver: bool = True         # False: the army's march is past its maneuver step (the game form)

    @property
    def reserve(self) -> bool:
        return self.terrain is None


def _army(field: str, raw: object, idx: Index, extra: tuple[str, ...] = ()) -> tuple[str, Side, dict[str, Any]]:
    if not isinstance(raw, Mapping):
        raise InputError(field, "expected an object with 'army'")
    only(raw, SIDE_KEYS + extra, field)
    name = need_str(raw["name"], f"{field}.name") if raw.get("name") is not None else field
    side_raw = {k: v for k, v in raw.items() if k in SIDE_KEYS and k != "name"}
    side = parse_side(field, side_raw, idx)        # first: it refuses an army that is not a list of dice
    for i, u in enumerate(raw.get("army") or []):
        if isinstance(u, Mapping) and (u.get("rolled") is not None or u.get("rerolled") is not None):
            key = "rolled" if u.get("rolled") is not None else "rerolled"
            raise InputError(f"{field}.army[{i}].{key}", "advice weighs every face of every die: give the die, "
                                                         "not a face")
    return name, side, side_raw


def _controller(raw: object, face: int, opposing: int) -> str | None:
    if face != EIGHTH:
        if raw is not None:
            raise InputError("terrain.controller", "only a terrain at its eighth face has a controller")
        return None
    if raw == ARMY:
        return ARMY
    m = CONTROLLER.match(raw) if isinstance(raw, str) else None
    if m is None:
        raise InputError("terrain.controller", f"a terrain at its eighth face is held by 'army' or 'opposing[N]' "
                                               f"(p.15), got {short(raw)}")
    if int(m.group(1)) >= opposing:
        raise InputError("terrain.controller", f"there is no opposing army {m.group(1)} (opposing has {opposing})")
    return str(raw)


def _elsewhere(i: int, raw: object, idx: Index) -> Army:
    field = f"elsewhere[{i}]"
    name, side, side_raw = _army(field, raw, idx, ("at", "terrain"))
    assert isinstance(raw, Mapping)         # _army refused any other value
    at = raw.get("at")
    if at not in PLACES:
        raise InputError(f"{field}.at", f"expected one of {', '.join(PLACES)}, got {short(at)}")
    terrain = None
    if raw.get("terrain") is not None:
        if at == "reserve":
            raise InputError(f"{field}.terrain", "an army in a Reserve Area stands at no terrain")
        terrain = need_str(raw["terrain"], f"{field}.terrain")
        if idx.terrain_elements(terrain) is None:
            raise InputError(f"{field}.terrain", f"unknown terrain die or type '{terrain}'")
    return Army(name, side, side_raw, str(at), terrain)


def _where(data: Mapping[str, Any], idx: Index) -> tuple[TerrainAt | None, int | None, Any, bool]:
    reserve = need_bool(data.get("reserve", False), "reserve")
    if reserve:
        if data.get("terrain") is not None:
            raise InputError("terrain", "an army in its Reserve Area stands at no terrain: leave 'terrain' out")
        return None, None, None, False
    raw = data.get("terrain")
    if raw is None:
        raise InputError("terrain", "give the terrain the army stands at, or 'reserve': true")
    at, face = read_terrain(raw, idx, ("controller", "home"))
    return at, face, raw.get("controller"), need_bool(raw.get("home", False), "terrain.home")


def parse_advise(data: object, idx: Index, maneuver: bool = True) -> AdviseInput:
    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    only(data, ("terrain", "reserve", "army", "opposing", "elsewhere", "size"), "")
    terrain, face, ctrl, home = _where(data, idx)
    name, side, raw = _army(ARMY, data.get("army"), idx)
    opposing = need_list(data.get("opposing", []), "opposing", MAX_OPPOSING)
    if terrain is None and opposing:
        raise InputError("opposing", "an army in its Reserve Area has no opposing army beside it")
    opp = tuple(Army(*_army(f"opposing[{i}]", o, idx)) for i, o in enumerate(opposing))
    away = tuple(_elsewhere(i, e, idx) for i, e in
                 enumerate(need_list(data.get("elsewhere", []), "elsewhere", MAX_ELSEWHERE)))
    names = [name] + [a.name for a in opp + away]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise InputError(_field_of(i, len(opp)) + ".name", f"two armies are named '{n}'")
    controller = _controller(ctrl, face, len(opp)) if face is not None else None
    size = need_int(data.get("size", 24), "size", 1, LIMITS["force_size"])
    return AdviseInput(terrain, face, controller, home, Army(name, side, raw), opp, away, size, maneuver)


def lean(raw: object) -> dict[str, object]:
    """An input part without its empty lists and objects (none given is the same input): what an
    option carries as its command's input, as short as its link can be."""
    items = raw.items() if isinstance(raw, Mapping) else ()
    return {k: v for k, v in items if not (isinstance(v, (list, dict)) and not v)}


def _field_of(i: int, opposing: int) -> str:
    if i == 0:
        return ARMY
    return f"opposing[{i - 1}]" if i <= opposing else f"elsewhere[{i - 1 - opposing}]"
