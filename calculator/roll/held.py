"""What the rolling army holds at its terrain: eighth faces it controls and the active face of its
minor terrain (rulebook v4.01d p.15). Checked at the boundary; each face's registered kinds
(calculator.kinds.terrain) then say what they do to the roll.

Input (a single roll, or a side of an exchange or a maneuver):

- ``eighth_faces``: the eighth faces the army controls, each an icon id (``"tower"``) or, for a
  face whose controller may re-roll a unit (Vortex), ``{"face": "vortex", "unit": 2}``.
- ``minor_terrain``: the active face of the army's minor terrain: an icon id (``"double-saves"``)
  or ``{"die": "<minor terrain id>", "face": "<icon id or face number>"}`` (the die's elements then
  count as the terrain's for species abilities, p.15).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.shapes import Answer, Raw
from ..bundle import Index, TerrainDie, TerrainFace
from ..core.errors import InputError, ParamError
from ..core.fields import need_int, need_list, need_str, only, opt_list, short
from ..core.interpret import see
from ..kinds import MODIFIERS
from ..kinds.modifiers import Divide
from ..kinds.terrain import TerrainEffect
from ..core.rolls import Roll

HELD_KEYS = ("eighth_faces", "minor_terrain")
EIGHTH, MINOR = "eighth-face", "minor-terrain"


@dataclass(frozen=True)
class HeldFace:
    face: TerrainFace
    role: str                      # eighth-face | minor-terrain
    unit: int | None = None        # the unit its controller re-rolls (Vortex)

    @property
    def label(self) -> str:
        return f"{self.face.name} ({'eighth face' if self.role == EIGHTH else 'minor terrain'})"


@dataclass(frozen=True)
class Held:
    faces: tuple[HeldFace, ...] = ()
    minor_die: TerrainDie | None = None

    @property
    def effects(self) -> tuple[Any, ...]:
        return tuple(k for h in self.faces for k in h.face.effects)

    @property
    def key(self) -> tuple[str, ...]:
        return tuple(f"{h.role}:{h.face.id}:{h.unit}" for h in self.faces)

    def id_doubled(self, counts: tuple[str, ...]) -> tuple[str, ...]:
        # p.15: ID results doubled (every roll for an eighth face; Double Maneuvers / Double Saves).
        out = {t for k in self.effects for t in k.id_doubled(counts)}
        return tuple(t for t in counts if t in out)

    def id_ignored(self, counts: tuple[str, ...], at_reserve: bool) -> tuple[str, ...]:
        # p.15 Tower: at an army in a Reserve Area only non-ID missile results count.
        out = {t for k in self.effects for t in k.id_ignored(counts, at_reserve)}
        return tuple(t for t in counts if t in out)

    def reaches_reserve(self) -> bool:
        """Whether a face lets the army's missile attack reach an army in a Reserve Area (Tower)."""
        return any(k.id_ignored(("missile",), True) for k in self.effects)

    def elements(self, terrain: tuple[str, ...] | None) -> tuple[str, ...] | None:
        # p.15: a minor terrain's elements count as the terrain's for the controller's species abilities.
        if terrain is None or self.minor_die is None:
            return terrain
        return tuple(dict.fromkeys(terrain + self.minor_die.elements))

    def vortex(self, roll: Roll) -> int | None:
        return next((h.unit for h in self.faces for k in h.face.effects if h.unit is not None
                     and k.rerolls_one(roll)), None)

    def modifiers(self, mods: tuple[Any, ...], roll: Roll, idx: Index) -> tuple[tuple[Any, ...], list[tuple[str, Any]]]:
        """The roll's modifiers: the minor terrain's halving added (a dividing modifier, step 7); an
        opponent's spell a face shields the army from taken out (named in the second list)."""
        out, shielded = [], []
        for m in mods:
            spell = idx.spells.get(m.spell or "")
            element, target = (spell or {}).get("element", ""), m.p.get("target") or ""
            shield = next((k for k in self.effects if spell and k.shields(element, target)), None)
            if shield is not None:
                shielded.append((m.source, shield))
            else:
                out.append(m)
        for h in self.faces:
            for k in h.face.effects:
                t = k.halves(roll)
                if t:
                    raw = Divide.halving(t, h.label)
                    out.append(MODIFIERS.make({x: raw[x] for x in ("op", "result", "amount")}, "held", key="op")
                               .bind(h.label))
        return tuple(out), shielded

    def report(self, roll: Roll, shielded: list[tuple[str, Any]], vortex_used: bool) -> list[Answer]:
        """Each effect of each held face in player words, and whether this roll shows it."""
        return [{"face": h.face.id, "name": h.label, "kind": k.kind, "what": k.describe(),
                 "status": _status(k, roll, shielded, vortex_used),
                 "see": see("eighth-faces" if h.role == EIGHTH else "minor-terrains")}
                for h in self.faces for k in h.face.effects]


def _status(k: TerrainEffect, roll: Roll, shielded: list[tuple[str, Any]], vortex_used: bool) -> str:
    """applied (this roll shows it), for the player, or not in this roll."""
    if k.left_to_player or (k.rerolls_one(roll) and not vortex_used):
        return "for the player"
    army = not roll.type.individual          # p.28: an army's modifiers never reach a unit rolling alone
    if (k.id_doubled(roll.id_doubled) or (army and k.halves(roll)) or k.id_ignored(roll.id_ignored, True)
            or k.rerolls_one(roll) or any(kk is k for _, kk in shielded)
            or (k.magic_elements(roll.elements or ()) and "magic" in roll.counts)):
        return "applied"
    return "not in this roll"


def _face(raw: object, where: str, idx: Index, role: str) -> TerrainFace:
    name = need_str(raw, where)
    face = idx.terrain_faces.get(name) or idx.terrain_faces.get(idx.icon_id(name) or "")
    allowed = eighth_faces(idx) if role == EIGHTH else minor_faces(idx)
    if face is None or face.id not in allowed:
        what = "an eighth face" if role == EIGHTH else "a minor terrain face"
        raise InputError(where, f"{short(raw)} is not {what} (one of {', '.join(allowed)})")
    return face


def eighth_faces(idx: Index) -> list[str]:
    """Eighth faces, as the terrain dice name them (terrains.yaml eighth_face)."""
    return sorted({d.eighth_face for d in idx.terrain_dice.values() if d.eighth_face})


def minor_faces(idx: Index) -> list[str]:
    """Faces of the minor terrain dice (terrains.yaml, category minor)."""
    return sorted({f for d in idx.terrain_dice.values() if d.minor for f in d.faces})


def _eighth(raw: object, idx: Index, allow_unit: bool, army: int, items: frozenset[int]) -> list[HeldFace]:
    out: list[HeldFace] = []
    if raw is None:         # none held (the bound below is worked out only for a list given)
        return out
    for i, item in enumerate(opt_list(raw, "eighth_faces", len(eighth_faces(idx)) or 1)):
        where, unit = f"eighth_faces[{i}]", None
        if isinstance(item, Mapping):
            only(item, ("face", "unit"), where)
            face = _face(item.get("face"), f"{where}.face", idx, EIGHTH)
            if item.get("unit") is not None:
                if not allow_unit:
                    raise InputError(f"{where}.unit", "name the unit to re-roll in a single roll; here the "
                                                      "calculator lists the re-roll for you")
                if not any(k.picks_unit for k in face.effects):
                    raise InputError(f"{where}.unit", f"{face.name} does not re-roll a unit")
                unit = need_int(item["unit"], f"{where}.unit", 0, army - 1)
                if unit in items:
                    raise InputError(f"{where}.unit", f"army[{unit}] is an item, and items are not units (p.59)")
        else:
            face = _face(item, where, idx, EIGHTH)
        if any(h.face.id == face.id for h in out):
            raise InputError(where, f"{face.name} is named twice")
        out.append(HeldFace(face, EIGHTH, unit))
    return out


def _minor(raw: object, idx: Index) -> tuple[HeldFace | None, TerrainDie | None]:
    if raw is None:
        return None, None
    if not isinstance(raw, Mapping):
        return HeldFace(_face(raw, "minor_terrain", idx, MINOR), MINOR), None
    only(raw, ("die", "face"), "minor_terrain")
    die_id = need_str(raw.get("die"), "minor_terrain.die")
    die = idx.terrain_dice.get(die_id)
    if die is None or not die.minor:
        minors = sorted(d.id for d in idx.terrain_dice.values() if d.minor)
        raise InputError("minor_terrain.die", f"unknown minor terrain '{die_id}' (one of {', '.join(minors[:6])}, ...)")
    face_raw = raw.get("face")
    if isinstance(face_raw, int) and not isinstance(face_raw, bool):
        n = need_int(face_raw, "minor_terrain.face", 1, len(die.faces))
        face_raw = die.faces[n - 1]
    face = _face(face_raw, "minor_terrain.face", idx, MINOR)
    if face.id not in die.faces:
        raise InputError("minor_terrain.face", f"{die.name} has no {face.name} face")
    return HeldFace(face, MINOR), die


def parse_held(data: Raw, idx: Index, where: str, army: int, allow_unit: bool = True,
               items: frozenset[int] = frozenset(), terrain: tuple[str, ...] | None = None) -> Held:
    """Check ``eighth_faces`` and ``minor_terrain`` of an input (errors name the field); ``items``:
    the indices of the army's items (a unit to re-roll is never one); ``terrain``: the elements of the
    terrain where the army is, when known."""
    try:
        faces = _eighth(data.get("eighth_faces"), idx, allow_unit, army, items)
        minor, die = _minor(data.get("minor_terrain"), idx)
    except ParamError as exc:           # pragma: no cover - the kinds were checked with the data
        raise InputError(exc.field, exc.message) from None
    if (faces or minor) and where == "reserve":
        field = "eighth_faces" if faces else "minor_terrain"
        raise InputError(field, "an army in a Reserve Area holds no eighth face and no minor terrain (p.15)")
    if faces and minor:
        raise InputError("minor_terrain", "an army that controls an eighth face may not have a minor terrain in "
                                          "play (p.15)")
    if die is not None and terrain is not None and not die.may_enter(terrain):
        raise InputError("minor_terrain.die", f"the {die.name} shares no element with this terrain, so it cannot be "
                                              "in play here (p.15: only the Deadlands enter play anywhere)")
    return Held(tuple(faces) + ((minor,) if minor else ()), die)
