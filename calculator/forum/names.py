"""The names a post uses instead of the answer's ids: dice, dragons, terrains, spells, icons, roll
types, an exchange's rolls and sides, in the words the site uses (the data and the engine's
vocabulary), so that a reader needs neither the site nor its pictures of icons."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.shapes import Raw
from ..core.rolls import ROLL_TYPES
from ..exchange.words import EXCHANGE_ATTACKS, EXCHANGE_ROLLS, EXCHANGE_SUMMARY
from ..terrain.request import maneuver_vocabulary

SIDES = {"attacker": "Attacking army", "defender": "Defending army",
         "maneuvering": "Maneuvering army", "opposing": "Opposing army"}


def _named(entries: Iterable[object] | None) -> dict[str, str]:
    return {e["id"]: str(e.get("name") or e["id"]) for e in entries or [] if isinstance(e, Mapping) and "id" in e}


class Names:
    """Names read from the engine's data bundle, each kind made when first asked."""

    def __init__(self, bundle: Mapping[str, Any]) -> None:
        self.bundle = bundle
        self._made: dict[str, dict[str, str]] = {}

    def _kind(self, kind: str) -> dict[str, str]:
        if kind not in self._made:
            self._made[kind] = _named(self.bundle.get(kind))
        return self._made[kind]

    def die(self, die_id: str) -> str:
        """A die of the dice list, a terrain or a dragon: its name, with its species for a unit."""
        if die_id in self._kind("dice"):
            species, _, _ = die_id.partition("/")
            name = self._kind("dice")[die_id]
            return name if species == "items" else f"{name} ({self._kind('species').get(species, species)})"
        return self._kind("terrains").get(die_id) or self._kind("dragons").get(die_id) or die_id

    def terrain(self, terrain: object) -> str:
        if terrain == "reserve":
            return "the Reserve Area"
        key = str(terrain)          # the ids are texts: any other value is named as it was given
        return self._kind("terrain_types").get(key) or self._kind("terrains").get(key) or key

    def where(self, terrain: object) -> str:
        """" at Highland", " in the Reserve Area", or nothing."""
        if not terrain:
            return ""
        return (" in " if terrain == "reserve" else " at ") + self.terrain(terrain)

    def spell(self, spell_id: str) -> str:
        return self._kind("spells").get(spell_id, spell_id)

    def species(self, species_id: str) -> str:
        return self._kind("species").get(species_id, species_id)

    def icon(self, icon_id: str) -> str:
        return self._kind("icons").get(icon_id) or self._kind("sais").get(icon_id) or icon_id

    def face(self, face: str) -> str:
        """A face as the engine writes it ("3 id", "4 bullseye") in words ("3 ID", "4 Bullseye")."""
        count, _, icon = str(face).partition(" ")
        return f"{count} {self.icon(icon)}" if icon else self.icon(count)

    @staticmethod
    def roll_type(roll: str) -> str:
        rt = ROLL_TYPES.get(roll)
        return rt.name if rt else str(roll).replace("_", " ").capitalize()

    @staticmethod
    def attack(attack: str) -> str:
        return next((str(a["name"]) for a in EXCHANGE_ATTACKS if a["id"] == attack), f"{attack} attack".capitalize())

    @staticmethod
    def exchange_roll(name: str) -> str:
        if name in EXCHANGE_ROLLS:
            return EXCHANGE_ROLLS[name]
        rolls: Any = maneuver_vocabulary()["rolls"]
        return str(rolls.get(name) or name.replace("_", " ").capitalize())

    @staticmethod
    def side(side: str) -> str:
        base, _, number = str(side).partition("[")
        name = SIDES.get(base, base.capitalize())
        return f"{name} {int(number.rstrip(']')) + 1}" if number else name

    @staticmethod
    def summary(key: str) -> str:
        return EXCHANGE_SUMMARY.get(key, key.replace("_", " ").capitalize())


def amounts(totals: object) -> str:
    """Totals {"melee": 5, "save": 2} in words: "5 melee, 2 save"."""
    if not isinstance(totals, Mapping) or not totals:
        return "no results"
    return ", ".join(f"{n} {kind}" for kind, n in totals.items())


def percent(p: float) -> str:
    """A chance as players read it: one decimal, a tiny chance not shown as none."""
    value = float(p) * 100
    if 0 < value < 0.05:
        return "under 0.1%"
    return f"{min(value, 100.0):.1f}%"
