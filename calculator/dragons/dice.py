"""Dragon dice as the engine reads them from the data (data/dragons.yaml), and their faces.

A face's value is the rulebook's (``rulebook_value`` where the OCTGN value differs): the data
already holds a White Dragon's doubled Jaws, Claws, Tail, Wing and Treasure (rulebook p.17), so
nothing here doubles a value again. What a face does is its kinds in the data (icons.yaml
``dragon_face``: calculator.kinds.dragon), against an army or a dragon; a die's type (its row of
the p.17 targeting table, whose elements its breath brings) is rules.yaml ``dragon_types``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.errors import BundleError, InputError, ParamError
from ..core.fields import short
from ..bundle import Index
from ..kinds.dragon import DragonFaceKinds, dragon_face_kinds
from ..kinds.dragon import DragonFaceEffect, DragonType

ARMY, DRAGON = "army", "dragon"     # whom a dragon's faces act on


@dataclass(frozen=True)
class DragonFace:
    icon: str
    kind: str          # the rules' word for it (jaws, claws, tail, wing, belly, breath, treasure)
    value: int
    name: str          # the icon's name in the data ("Claws")
    effects: tuple[DragonFaceEffect, ...] = ()

    @property
    def damage(self) -> int:
        """Damage to the army (rulebook p.17); Belly, Breath and Treasure deal none."""
        return self.damage_to(ARMY)

    def damage_to(self, target: str) -> int:
        return sum(e.damage(self.value, target) for e in self.effects)

    def rolls_again(self, target: str) -> bool:
        return any(e.rolls_again(target) for e in self.effects)

    def breathes(self, target: str) -> bool:
        return any(e.breathes(target) for e in self.effects)

    def promotes(self, target: str) -> int:
        return sum(e.promotes(self.value, target) for e in self.effects)

    @property
    def drops_saves(self) -> bool:
        return any(e.drops_saves() for e in self.effects)

    @property
    def flies_away(self) -> bool:
        return any(e.flies_away() for e in self.effects)

    def label(self) -> str:
        shows = any(e.damage(1, t) or e.breathes(t) or e.promotes(1, t) for e in self.effects for t in (ARMY, DRAGON))
        return f"{self.name} ({self.value})" if shows else self.name


@dataclass(frozen=True)
class DragonDie:
    id: str
    name: str
    dragon_type: str           # a row of rules.yaml dragon_types (elemental, hybrid, ivory, ivory-hybrid, white)
    elements: tuple[str, ...]
    health: int
    auto_saves: int
    faces: tuple[DragonFace, ...]
    type: DragonType | None = None

    @property
    def breath_from_terrain(self) -> bool:
        """Its breath brings the terrain's elements' effects (White, Terrain Empathy), not its own."""
        return self.type is not None and self.type.breath_from_terrain


def dragon_face(f: Mapping[str, Any], icon_names: Mapping[str, str], kinds: Mapping[str, DragonFaceKinds]) -> DragonFace:
    """One face of the data; the rulebook's value wins where OCTGN's differs (the White Drake's doubled
    faces)."""
    k = kinds.get(f["icon"])
    return DragonFace(f["icon"], k.word if k else f["icon"], int(f.get("rulebook_value", f.get("value", 0))),
                      icon_names.get(f["icon"], f["icon"]).replace(" (dragon)", ""), k.effects if k else ())


def face_words(dragons: Sequence[Mapping[str, Any]], icons: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Each dragon's faces as the engine names them ("Tail (3)": the damage it deals), for the page."""
    names = {i["id"]: i.get("name", i["id"]) for i in icons}
    kinds = {}
    for i in icons:
        if i.get("dragon_face"):
            try:
                kinds[i["id"]] = dragon_face_kinds(i)
            except ParamError as exc:
                raise BundleError("icons", i["id"], exc.field, exc.message) from None
    return {d["id"]: [dragon_face(f, names, kinds).label() for f in d.get("faces") or ()] for d in dragons}


def dragon_die(entry: Mapping[str, Any], idx: Index) -> DragonDie:
    faces = [dragon_face(f, idx.icon_names, idx.dragon_faces) for f in entry.get("faces") or ()]
    kind = entry.get("dragon_type", "elemental")
    return DragonDie(entry["id"], entry.get("name", entry["id"]), kind,
                     tuple(entry.get("elements") or ()), int(entry.get("health", 5)),
                     int(entry.get("automatic_saves", 5)), tuple(faces), idx.dragon_types.get(kind))


def find_die(value: object, where: str, idx: Index) -> DragonDie:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a dragon id, got {short(value)}")
    entry = idx.dragons.get(value.strip())
    if entry is None:
        raise InputError(where, f"unknown dragon '{value.strip()[:80]}'")
    key = ("dragon-die", entry["id"])
    hit: DragonDie | None = idx.memo.get(key)
    return hit if hit is not None else idx.keep(key, dragon_die(entry, idx))


def aliases(idx: Index) -> dict[str, str]:
    """Every word the data gives a dragon face (its rules' word and aliases) -> its icon id."""
    return {w: icon for icon, k in idx.dragon_faces.items() for w in (k.word,) + k.aliases}


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
    words = aliases(idx)
    icon = words.get(text) or idx.icon_id(text) or words.get(text.replace(" ", "-"))
    hit = [f for f in die.faces if f.icon == icon]
    if not hit:
        printed = ", ".join(sorted({f.name.lower() for f in die.faces}))
        raise InputError(where, f"{short(value)} is not a face of the {die.name} (faces: {printed})")
    return hit[0]
