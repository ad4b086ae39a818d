"""Who can cast a spell: the species whose units make magic that pays for it, read from the same
dice and abilities the engine uses (for the spell pages; rulebook v4.01d p.11, p.44, p.59)."""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..core.rolls import ROLL_TYPES, Roll
from ..core.dice import ALLOYS, ELEMENTS
from .spells import IVORY, WORDS, Spell, spells_of
from ..bundle import Index

MAGIC = Roll(ROLL_TYPES["magic"], ("magic",))


def colours(index: Index, species: str) -> set[str]:
    """Elements and alloys of a species' units (Ivory for units of neither)."""
    out: set[str] = set()
    for die in index.dice.values():
        if die.species == species and not die.is_item:
            out |= {die.alloy} if die.alloy else set(die.elements) or {IVORY}
    return out


def how(index: Index, species: str, spell: Spell) -> str | None:
    """How this species' units can pay for the spell ("" plainly, None: they cannot)."""
    for ab in index.abilities.get(species, []):
        if ab.kind.keeps_from_rolling(MAGIC):
            return None                             # Dragonkin never roll for magic (p.54)
    wanted = set(spell.currencies)
    own = colours(index, species)
    for ab in index.abilities.get(species, []):
        k = ab.kind
        if k.colours_magic and not k.pays_species_present:
            own = set(ELEMENTS) | {IVORY}          # Amazons: the terrain's elements, Ivory in reserve
            if wanted & own:
                if IVORY in wanted:
                    return "at a terrain, with its elements; in the Reserve Area, with Ivory magic"
                return f"at a terrain with {' or '.join(sorted(WORDS[w] for w in wanted & set(ELEMENTS)))}"
    if wanted & own:
        return ""
    for ab in index.abilities.get(species, []):
        if ab.kind.colours_magic and ab.kind.pays_species_present and not wanted <= set(ALLOYS):
            return f"only {ab.name} units, counting their magic as the element of another unit in the army"
    return None


def casting(index: Index, spell_id: str) -> Answer:
    """What magic the spell takes, which species can make it (and how), and the rules that say so."""
    spell = spells_of(index)[spell_id]
    species = [spell.species] if spell.species else sorted(index.species_names, key=lambda s: index.species_names[s])
    who = [{"species": s, "how": h} for s in species for h in (how(index, s, spell),) if h is not None]
    rules = ["casting-elemental" if spell.element == "elemental" else
             "casting-alloys" if spell.element in ALLOYS + ("any-alloy",) else "casting-element"]
    if IVORY in spell.currencies:
        rules.append("casting-ivory")
    if spell.element not in ALLOYS + ("any-alloy",):
        rules.append("casting-two-elements")
    rules += ["casting-species"] if spell.species else []
    rules += ["casting-reserve"] + (["casting-cantrip"] if spell.cantrip else []) + \
        (["casting-cumulative"] if spell.cumulative else []) + ["casting-cost"]
    return {"needs": spell.needs(index.species_names), "who": who, "rules": rules,
            "elements": [WORDS.get(c, c) for c in spell.currencies]}
