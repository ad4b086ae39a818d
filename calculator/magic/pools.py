"""Whose magic, of which element: a roll's magic results as shares of units and faces.

v4.01d p.11 (magic action): total the magic results noting how many are of each element; a unit's
results are of its element, and a unit of two elements divides its results between them as its
owner likes. p.59: equipment magic is of the equipment's element. Cantrip outside a magic action
pays only for Cantrip spells (seed 000, p.44).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from ..core.faces import Face
from ..roll.faceval import pick_part
from ..core.dice import ALLOYS, ELEMENTS
from .spells import IVORY
from ..roll.units import Unit
from ..roll.results import RollResult
from ..core.rolls import Roll
from ..bundle import Index
from ..core.records import Contribution


@dataclass(frozen=True)
class Share:
    """Magic results of one unit's face(s), with everything that limits what they may pay for."""

    unit: int | None              # army index (None: results a modifier added)
    label: str
    amount: int
    currencies: tuple[str, ...]   # elements, alloys or Ivory the results may be counted as
    species: str | None           # the species of the unit that made them (None: item, modifier)
    pays_species: frozenset[str]  # species spells they may help pay for
    cantrip_only: bool = False    # Cantrip outside a magic action: Cantrip spells only
    free: bool = False            # Bronze Medallion's cantrip: ignores element and species (p.59)
    one_element: bool = False     # all of one element the roller picks (Attune, Bronze Medallion)
    capped: bool = False          # normal and ID results: subtracting and dividing modifiers take these
    normal: bool = False          # normal magic icons (Attune may change one unit's element)
    recolour: bool = False        # this face (Attune) may change one unit's normal magic
    is_item: bool = False         # made by equipment: always of its element (p.59), not a unit's
    alloy: bool = False           # made by a Dracolem unit: alloy magic (seed 003)

    @property
    def is_id(self) -> bool:
        """ID results: p.28, the last results subtracting and dividing modifiers remove."""
        return self.capped and not self.normal


@dataclass(frozen=True)
class Army:
    """What every unit's share needs to know about the rest of the army."""

    species: frozenset[str]                 # species with units in the army (items excepted)
    currencies: dict[int, tuple[str, ...]]  # each unit's own magic colours (before Bronze Dracolem)
    lends: dict[int, tuple[str, ...]]       # what each UNIT lets Bronze Dracolem count as (seed 003)


def own_colours(unit: Unit, roll: Roll, index: Index, warnings: list[str]) -> tuple[str, ...]:
    """Elements (or alloy, or Ivory) of a unit's magic, before abilities that borrow other units'."""
    for ab in index.abilities.get(unit.species or "", []) if not unit.is_item else []:
        k = ab.kind
        if k.colours_magic and k.fits_unit(unit) and not k.pays_species_present:
            if not k.applies(roll):
                continue
            found = k.elements(roll, ())
            if not found:
                warnings.append(f"{ab.name}: without a terrain the element of {unit.name}'s magic is not known; "
                                f"give the terrain (or 'reserve')")
            return tuple(found)
    if unit.alloy and not unit.is_item:
        return (unit.alloy,)                 # Dracolem make alloy magic (seed 003)
    if unit.elements is None:
        warnings.append(f"{unit.name}: described without 'element', so its magic pays for no spell")
        return ()
    if not unit.elements and not unit.is_item:
        return (IVORY,)                      # an Ivory unit (no element, no alloy): Ivory magic (p.44)
    return tuple(unit.elements)


def lent(unit: Unit, own: tuple[str, ...], index: Index) -> tuple[str, ...]:
    """Seed 003: Bronze Dracolem count their magic as "an element or alloy that matches any other unit
    in the marching army, or Ivory if there are Amazons in the army": items are not units (p.59),
    and Amazons lend Ivory, not the elements of the terrain they stand at."""
    if unit.is_item:
        return ()
    for ab in index.abilities.get(unit.species or "", []):
        if ab.kind.colours_magic and not ab.kind.pays_species_present and ab.kind.fits_unit(unit):
            return (IVORY,)
    return own


def army_of(units: Iterable[Any], roll: Roll, index: Index, warnings: list[str]) -> Army:
    units = list(units)
    own = {u.index: own_colours(u, roll, index, warnings) for u in units}
    return Army(frozenset(u.species for u in units if u.species and not u.is_item), own,
                {u.index: lent(u, own[u.index], index) for u in units})


def colours(unit: Unit, roll: Roll, index: Index, army: Army) -> tuple[tuple[str, ...], frozenset[str]]:
    """(elements its magic may be counted as, species spells it may pay): Bronze Dracolem borrow the
    elements and alloys of the other units, not items (seed 003); items pay species spells of species
    present (p.59)."""
    own = army.currencies.get(unit.index, ())
    if unit.is_item:
        return own, army.species
    for ab in index.abilities.get(unit.species or "", []):
        k = ab.kind
        if k.colours_magic and k.pays_species_present and k.fits_unit(unit) and k.applies(roll):
            others = {c for i, cs in army.lends.items() if i != unit.index for c in cs}
            return tuple(c for c in ELEMENTS + ALLOYS + (IVORY,) if c in others or c in own), army.species
    return own, frozenset({unit.species}) if unit.species else frozenset()


def face_shares(unit: Unit, face: Face, part: Contribution, roll: Roll, index: Index, base: Share) -> list[Share]:
    """The magic one face brought: normal icons, ID, SAI results (each with its own limits)."""
    out = []
    counted = "magic" in roll.counts
    if counted and part.nonsai.get("magic"):
        out.append(replace(base, amount=part.nonsai["magic"], capped=True, normal=face.icon == "magic"))
    sai = index.sais.get(face.icon)
    if sai is None:
        return out
    clause, _ = pick_part(sai, unit, roll)
    gens = [g for g in (clause.generates if clause else ()) if "magic" in g.types]
    if clause is None or not gens:
        return out
    g = gens[0]
    amount = part.sai.get("magic", 0) if counted else (part.rolled.get("magic", 0) if g.cantrip_only else 0)
    if not amount:
        return out
    recolour = any(e.recolours_one_unit for e in clause.effects)
    share = replace(base, amount=amount, cantrip_only=g.cantrip_only and not counted,
                    free=g.ignores_spell_limits and not counted, recolour=recolour)
    if g.any_element:
        share = replace(share, currencies=ELEMENTS, one_element=True)
    out.append(share)
    return out


def shares_of(result: RollResult, index: Index, warnings: list[str]) -> list[Share]:
    """Every share of magic the roll's units made, in army order."""
    live = [ur for ur in result.rolls if not ur.excluded and ur.faces]
    army = army_of([ur.unit for ur in live], result.roll, index, warnings)
    out: list[Share] = []
    roll = result.roll
    # p.15 Standing Stones: the controlling army's units may convert their magic to an element of
    # the terrain (items are not units, p.59).
    converted = tuple(dict.fromkeys(e for k in roll.held for e in k.magic_elements(roll.elements or ())))
    for ur in live:
        unit = ur.unit
        cur, pays = colours(unit, roll, index, army)
        if converted and not unit.is_item:
            cur = tuple(dict.fromkeys(cur + converted))
        base = Share(unit.index, unit.name, 0, cur, None if unit.is_item else unit.species, pays,
                     is_item=unit.is_item, alloy=bool(unit.alloy) and not unit.is_item)
        for face, part in zip(ur.faces, ur.parts):
            out += face_shares(unit, face, part, result.roll, index, base)
    return out
