"""Parse and check a maneuver input (``python -m calculator maneuver``, the worker's "maneuver").

```json
{"terrain": {"die": "coastland-tower", "face": 6},
 "maneuvering": {"army": [{"die": "amazons/soldier", "rolled": "id"}]},
 "opposing": [{"army": [{"die": "coral-elves/trooper", "rolled": "maneuver"}]}],
 "direction": "up", "seed": 1}
```

- ``terrain``: ``die`` (a major terrain of terrains.yaml) or ``type`` (a terrain type), ``face``
  1-8, and at face 8 ``controller``: ``"maneuvering"``, ``"opposing"`` (the only opposing army, or
  an army there that does not counter-maneuver) or ``"opposing[N]"``.
- ``maneuvering`` and each of ``opposing`` (at most :data:`MAX_OPPOSING`; empty: unopposed) is an
  exchange side (calculator.exchange.request): ``army``, ``modifiers``, ``options``, and
  ``minor_terrain``; a unit's ``rolled`` is its maneuver face. Who holds the eighth face is said by
  ``terrain.controller``, not by a side's ``eighth_faces``.
- ``direction``: ``"up"`` or ``"down"`` (the way a successful maneuver turns the terrain).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_list, only, short
from ..exchange.request import Side, parse_side
from ..roll.inputs import parse_seed
from .die import EIGHTH, TerrainAt, check_direction, read_terrain

MAX_OPPOSING = 5                  # armies of other players at one terrain (a six-player game)
MARCHING = "maneuvering"
CONTROLLER = re.compile(r"^opposing(?:\[(\d)\])?$")


@dataclass(frozen=True)
class ManeuverInput:
    terrain: TerrainAt
    face: int
    controller: str | None        # "maneuvering", "opposing[N]", "opposing" (an army not opposing), None
    maneuvering: Side
    opposing: tuple[Side, ...]
    direction: str
    seed: int


ROLL_NAMES = {"maneuver": "Maneuver roll", "counter_maneuver": "Counter-maneuver roll"}


def maneuver_vocabulary() -> dict[str, object]:
    """Names and limits of the maneuver input and answer, for the page (published in the bundle)."""
    return {"directions": ["up", "down"], "actions": ["melee", "missile", "magic", "any"],
            "rolls": dict(ROLL_NAMES), "max_opposing": MAX_OPPOSING, "eighth_face": EIGHTH,
            "sides": {MARCHING: "Maneuvering army", "opposing": "Opposing army"}}


def side_name(i: int) -> str:
    return f"opposing[{i}]"


def _controller(raw: object, face: int, opposing: int) -> str | None:
    if face != EIGHTH:
        if raw is not None:
            raise InputError("terrain.controller", "only a terrain at its eighth face has a controller")
        return None
    if raw == MARCHING:
        return MARCHING
    m = CONTROLLER.match(raw) if isinstance(raw, str) else None
    if m is None:
        raise InputError("terrain.controller", f"expected 'maneuvering', 'opposing' or 'opposing[N]' for a terrain at "
                                               f"its eighth face, got {short(raw)}")
    if m.group(1) is None:
        if opposing > 1:
            raise InputError("terrain.controller", "several armies oppose: say which one holds the eighth face "
                                                   "('opposing[N]')")
        return side_name(0) if opposing == 1 else "opposing"
    n = int(m.group(1))
    if n >= opposing:
        raise InputError("terrain.controller", f"there is no opposing army {n} (opposing has {opposing})")
    return side_name(n)


def _side(name: str, raw: object, idx: Index) -> Side:
    if isinstance(raw, Mapping):
        if raw.get("eighth_faces") is not None:
            raise InputError(f"{name}.eighth_faces", "say who holds this terrain's eighth face in terrain.controller")
        army = raw.get("army")        # any other value than a list is refused by parse_side, naming it
        for i, u in enumerate(army if isinstance(army, list) else []):
            if isinstance(u, Mapping) and isinstance(u.get("rolled"), Mapping):
                raise InputError(f"{name}.army[{i}].rolled", "a maneuver is one roll: give the face itself")
    try:
        return parse_side(name, raw, idx)
    except InputError as exc:           # a maneuver has one roll: its face is the unit's 'rolled' itself
        raise InputError(exc.field.replace(".rolled.*", ".rolled").replace(".rerolled.*", ".rerolled"),
                         exc.message) from None


def parse_maneuver(data: object, idx: Index) -> ManeuverInput:
    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    only(data, ("terrain", "maneuvering", "opposing", "direction", "seed"), "")
    terrain, face = read_terrain(data.get("terrain"), idx, ("controller",))
    ctrl = data["terrain"].get("controller")          # a mapping: read_terrain refused any other value
    direction = data.get("direction")
    if direction not in ("up", "down"):
        raise InputError("direction", f"expected 'up' or 'down', got {short(direction)}")
    check_direction(face, direction)
    maneuvering = _side(MARCHING, data.get("maneuvering"), idx)
    opposing = tuple(_side(side_name(i), s, idx)
                     for i, s in enumerate(need_list(data.get("opposing", []), "opposing", MAX_OPPOSING)))
    controller = _controller(ctrl, face, len(opposing))
    return ManeuverInput(terrain, face, controller, maneuvering, opposing, str(direction),
                         parse_seed(data.get("seed", 0)))
