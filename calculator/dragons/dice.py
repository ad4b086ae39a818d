"""Dragon dice as the engine reads them from the data (data/dragons.yaml), and their faces.

A face's value is the rulebook's (``rulebook_value`` where the OCTGN value differs): the data
already holds a White Dragon's doubled Jaws, Claws, Tail, Wing and Treasure (rulebook p.17), so
nothing here doubles a value again.

>>> face_kind("dragon-tail"), face_kind("wings")
('tail', 'wing')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.errors import InputError
from ..core.fields import short
from ..bundle import Index

# Icon id -> the rules' name of the face (calculator.kinds.roll.DRAGON_FACES, what SAIs look for).
FACE_KINDS = {"jaws": "jaws", "claws": "claws", "dragon-tail": "tail", "wings": "wing", "dragon-belly": "belly",
              "dragon-breath": "breath", "treasure": "treasure"}
# Faces whose value is damage to the army (rulebook p.17); Belly, Breath and Treasure deal none.
DAMAGE_FACES = ("jaws", "claws", "tail", "wing")


def face_kind(icon: str) -> str:
    return FACE_KINDS.get(icon, icon)


@dataclass(frozen=True)
class DragonFace:
    icon: str
    kind: str          # jaws, claws, tail, wing, belly, breath, treasure
    value: int
    name: str          # the icon's name in the data ("Claws")

    @property
    def damage(self) -> int:
        return self.value if self.kind in DAMAGE_FACES else 0

    def label(self) -> str:
        return f"{self.name} ({self.value})" if self.kind in DAMAGE_FACES + ("breath", "treasure") else self.name


@dataclass(frozen=True)
class DragonDie:
    id: str
    name: str
    dragon_type: str           # elemental, hybrid, ivory, ivory-hybrid, white
    elements: tuple[str, ...]
    health: int
    auto_saves: int
    faces: tuple[DragonFace, ...]

    @property
    def white(self) -> bool:
        return self.dragon_type == "white"


def dragon_face(f: Mapping[str, Any], icon_names: Mapping[str, str]) -> DragonFace:
    """One face of the data; the rulebook's value wins where OCTGN's differs (the White Drake's doubled
    faces)."""
    return DragonFace(f["icon"], face_kind(f["icon"]), int(f.get("rulebook_value", f.get("value", 0))),
                      icon_names.get(f["icon"], f["icon"]).replace(" (dragon)", ""))


def face_words(dragons: Sequence[Mapping[str, Any]], icons: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Each dragon's faces as the engine names them ("Tail (3)": the damage it deals), for the page."""
    names = {i["id"]: i.get("name", i["id"]) for i in icons}
    return {d["id"]: [dragon_face(f, names).label() for f in d.get("faces") or ()] for d in dragons}


def dragon_die(entry: Mapping[str, Any], idx: Index) -> DragonDie:
    faces = [dragon_face(f, idx.icon_names) for f in entry.get("faces") or ()]
    return DragonDie(entry["id"], entry.get("name", entry["id"]), entry.get("dragon_type", "elemental"),
                     tuple(entry.get("elements") or ()), int(entry.get("health", 5)),
                     int(entry.get("automatic_saves", 5)), tuple(faces))


def find_die(value: object, where: str, idx: Index) -> DragonDie:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a dragon id, got {short(value)}")
    entry = idx.dragons.get(value.strip())
    if entry is None:
        raise InputError(where, f"unknown dragon '{value.strip()[:80]}'")
    key = ("dragon-die", entry["id"])
    hit: DragonDie | None = idx.memo.get(key)
    return hit if hit is not None else idx.keep(key, dragon_die(entry, idx))


ALIASES = {"jaw": "jaws", "claw": "claws", "tail": "dragon-tail", "wing": "wings", "belly": "dragon-belly",
           "breath": "dragon-breath", "dragon-wings": "wings"}


def parse_dragon_face(value: object, where: str, die: DragonDie, idx: Index) -> DragonFace:
    """A face given as a face number (1-12), an icon id or name ("Claws", "dragon-tail"), or a short
    name ("tail", "wing", "belly", "breath")."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= len(die.faces):
            raise InputError(where, f"face number {value} is not between 1 and {len(die.faces)}")
        return die.faces[value - 1]
    if not isinstance(value, str) or not value.strip() or len(value) > 80:
        raise InputError(where, f"expected a dragon face like 'claws' or a face number, got {short(value)}")
    text = value.strip().lower()
    icon = ALIASES.get(text) or idx.icon_id(text) or ALIASES.get(text.replace(" ", "-"))
    hit = [f for f in die.faces if f.icon == icon]
    if not hit:
        printed = ", ".join(sorted({f.name.lower() for f in die.faces}))
        raise InputError(where, f"{short(value)} is not a face of the {die.name} (faces: {printed})")
    return hit[0]
