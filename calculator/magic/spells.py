"""Spells as the payment rules see them: what magic each one takes (rulebook v4.01d p.44).

v4.01d p.44: a spell of one element takes magic of that element only; a spell of one alloy takes
that alloy; an Elemental spell takes magic of any single element; an alloy spell marked "Any"
takes magic of any single alloy; Ivory magic pays for Elemental spells only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping
from ..bundle import Index
from ..core.dice import ALLOYS, ELEMENTS

IVORY = "ivory"
# The order of the rulebook's spell lists: the five elements, Elemental, then the alloys.
SPELL_ORDER: tuple[str, ...] = ELEMENTS + ("elemental",) + ALLOYS + ("any-alloy",)
WORDS = {"air": "air", "death": "death", "earth": "earth", "fire": "fire", "water": "water", "ivory": "Ivory",
         "bronze": "bronze", "silver": "silver", "gold": "gold"}


@dataclass(frozen=True)
class Spell:
    """One spell's payment rules, read from the data (spells.yaml)."""

    id: str
    name: str
    element: str                    # a spell element of spells.yaml (air ... any-alloy)
    cost: int
    reserve: bool                   # may be cast from the Reserve Area
    cantrip: bool                   # may be paid with Cantrip magic
    species: str | None             # only magic made by that species' units pays for it
    cumulative: bool
    mixed: bool                     # one casting may mix elements (Summon White Dragon)

    @property
    def currencies(self) -> tuple[str, ...]:
        """The kinds of magic one casting may be paid with; each casting uses one of them
        (all of it), unless ``mixed``."""
        if self.element == "elemental" and self.mixed:
            return ELEMENTS                     # "any combination of elements": Ivory is no element (p.3)
        if self.element == "elemental":
            return ELEMENTS + (IVORY,)          # p.44: any single element; Ivory pays Elemental spells
        if self.element == "any-alloy":
            return ALLOYS                       # p.44 (seed 003): any single alloy
        return (self.element,)

    @property
    def order(self) -> tuple[int, str]:
        return (SPELL_ORDER.index(self.element) if self.element in SPELL_ORDER else len(SPELL_ORDER), self.name)

    def needs(self, species_names: Mapping[str, str]) -> str:
        """What magic it takes, in player words ("air magic made by Coral Elves units")."""
        what = {"elemental": "magic of any one element (or Ivory)", "any-alloy": "magic of any one alloy"}.get(
            self.element, f"{WORDS.get(self.element, self.element)} magic")
        if self.mixed:
            what = "magic of any elements (mixed; not Ivory)"
        if self.species:
            what += f" made by {species_names.get(self.species, self.species)} units"
        return what


def spell_of(raw: Mapping[str, Any]) -> Spell:
    return Spell(str(raw["id"]), str(raw.get("name", raw["id"])), str(raw.get("element", "")),
                 int(raw.get("cost", 0) or 0), bool(raw.get("reserve")), bool(raw.get("cantrip")),
                 raw.get("species"), bool(raw.get("cumulative")), bool(raw.get("mixed_elements")))


def spells_of(index: Index) -> dict[str, Spell]:
    """Every spell of the bundle with a cost (remembered by the index)."""
    key = ("magic-spells",)
    out: dict[str, Spell] | None = index.memo.get(key)
    if out is None:
        out = index.keep(key, {sid: spell_of(s) for sid, s in index.spells.items() if s.get("cost")})
    return out
