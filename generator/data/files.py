"""Which files under ``data/`` hold each kind of data, and which schema checks them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """One kind of data: where its files are and which schema checks them."""

    name: str          # the top-level key of each file and of the bundle
    pattern: str       # glob below data/
    schema: str        # file name below data/schema/


KINDS: tuple[Kind, ...] = (
    Kind("icons", "icons.yaml", "icons.schema.json"),
    Kind("sais", "sais.yaml", "sais.schema.json"),
    Kind("spells", "spells.yaml", "spells.schema.json"),
    Kind("species", "species.yaml", "species.schema.json"),
    Kind("dice", "dice/*.yaml", "dice.schema.json"),
    Kind("terrain_types", "terrain-types.yaml", "terrain_types.schema.json"),
    Kind("terrains", "terrains.yaml", "terrains.schema.json"),
    Kind("dragons", "dragons.yaml", "dragons.schema.json"),
    Kind("rules", "rules.yaml", "rules.schema.json"),
    Kind("rulings", "rulings.yaml", "rulings.schema.json"),
    Kind("examples", "examples.yaml", "examples.schema.json"),
    Kind("glossary", "glossary.yaml", "glossary.schema.json"),
    Kind("sources", "sources.yaml", "sources.schema.json"),
)
