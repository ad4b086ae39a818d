"""The terrain die (rulebook v4.01d p.11, p.15): its faces from the data, turning up or down,
capture at the eighth face, and the action each face allows.

Faces 1-7 carry the action icons of terrains.yaml; face 8 the eighth face. A terrain given by its
type (terrain-types.yaml) takes the faces its standard dice share (they share one layout per
type); its eighth face is then not known.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_int, need_str, only
from ..kinds.terrain import ACTIONS

EIGHTH = 8
ANY = "any"


@dataclass(frozen=True)
class TerrainAt:
    """One major terrain die: where its faces and eighth face come from."""

    id: str                       # the terrain die's id, or the terrain type's id
    name: str
    by_type: bool                 # given by its type: the eighth face is not known
    faces: tuple[str, ...]        # icon ids of faces 1-7 (index 0 = face 1)
    eighth_face: str | None       # icons.yaml id of face 8 (None: given by type)
    elements: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """The die as the page draws it: faces 1-8 by icon id (face 8 null when not known)."""
        return {"id": self.id, "name": self.name, "by_type": self.by_type, "faces": [*self.faces, self.eighth_face],
                "eighth_face": self.eighth_face, "elements": list(self.elements)}

    def icon(self, face: int) -> str:
        return self.faces[face - 1]

    def action(self, face: int, controller_is_marching: bool) -> str:
        """p.11 Action: the face's icon is the only action; at the eighth face the controlling army
        may take any one of the three, an opposing army only a melee action."""
        if face == EIGHTH:
            return ANY if controller_is_marching else "melee"
        return self.icon(face)


def turn(face: int, direction: str) -> int:
    """p.11: a successful maneuver turns the terrain exactly one step, up or down."""
    return face + 1 if direction == "up" else face - 1


def check_direction(face: int, direction: str) -> None:
    """From face 1 the only step is up; from the eighth face only down (to 7, p.15)."""
    if face == 1 and direction == "down":
        raise InputError("direction", "a terrain showing 1 can only be turned up")
    if face == EIGHTH and direction == "up":
        raise InputError("direction", "a terrain at its eighth face can only be turned down (to 7)")


def read_terrain(raw: object, idx: Index, keys: tuple[str, ...]) -> tuple[TerrainAt, int]:
    """The ``terrain`` of a command's input, read the one way every command reads it: a terrain die
    (``die``) or a terrain type (``type``) at ``face`` 1-8. ``keys`` are the other keys the command
    allows there (read by the command itself: who holds the eighth face, whether it is a home)."""
    if not isinstance(raw, Mapping):
        raise InputError("terrain", 'expected {"die": <terrain die id> or "type": <terrain type>, "face": 1-8}')
    only(raw, ("die", "type", "face", *keys), "terrain")
    if ("die" in raw) == ("type" in raw):
        raise InputError("terrain", "give either 'die' (a terrain die) or 'type' (a terrain type)")
    at = by_die(idx, need_str(raw["die"], "terrain.die")) if "die" in raw else \
        by_type(idx, need_str(raw["type"], "terrain.type"))
    return at, need_int(raw.get("face"), "terrain.face", 1, EIGHTH)


def by_die(idx: Index, die_id: str) -> TerrainAt:
    die = idx.terrain_dice.get(die_id)
    if die is None or die.minor:
        known = sorted(d.id for d in idx.terrain_dice.values() if not d.minor)
        raise InputError("terrain.die", f"unknown terrain die '{die_id}' (one of {', '.join(known[:4])}, ...)")
    _check_layout(die.faces, f"terrain die '{die.id}'")
    return TerrainAt(die.id, die.name, False, die.faces[:7], die.eighth_face, die.elements)


def by_type(idx: Index, type_id: str) -> TerrainAt:
    """The faces the standard (not advanced) dice of one terrain type share."""
    dice = [d for d in idx.terrain_dice.values() if not d.minor and d.type == type_id]
    if not dice:
        known = sorted({d.type for d in idx.terrain_dice.values() if not d.minor})
        raise InputError("terrain.type", f"unknown terrain type '{type_id}' (one of {', '.join(known)})")
    layouts = {d.faces[:7] for d in dice if not d.advanced}
    if len(layouts) != 1:
        raise InputError("terrain.type", f"the dice of type '{type_id}' differ in their faces: name the terrain die "
                                         f"(terrain.die)")
    faces = layouts.pop()
    _check_layout(faces + ("?",), f"terrain type '{type_id}'")
    return TerrainAt(type_id, idx.terrain_type_names.get(type_id, type_id), True, faces, None,
                     idx.terrain_types.get(type_id, ()))


def _check_layout(faces: tuple[str, ...], what: str) -> None:
    if len(faces) != EIGHTH or any(f not in ACTIONS for f in faces[:7]):
        raise InputError("terrain", f"the data of {what} has no faces 1-7 of melee, missile or magic and an "
                                    f"eighth face")
