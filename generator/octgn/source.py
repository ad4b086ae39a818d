"""Reading the OCTGN set XML: where it is, its names for things, and small parsers of card properties.

Format of the XML: data/sources/reference/dice-data.md.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..paths import DATA_DIR

# The public dice database, kept as published in the repository (data/sources/).
OCTGN_DIR = DATA_DIR / "sources" / "reference" / "octgn-sets"

OCTGN = {"doc": "octgn", "edition": "OCTGN 1.2.1.4"}

ELEMENTS = {
    "Blue (Air)": "air",
    "Black (Death)": "death",
    "Yellow (Earth)": "earth",
    "Red (Fire)": "fire",
    "Green (Water)": "water",
}
ALL_ELEMENTS = ["air", "death", "earth", "fire", "water"]
ALLOYS = {"Bronze": "bronze", "Silver": "silver", "Gold": "gold"}

SPECIES_IDS = {
    "Amazons": "amazons",
    "Coral Elves": "coral-elves",
    "Dwarves": "dwarves",
    "Feral": "feral",
    "Fire Walkers": "firewalkers",  # OCTGN writes two words; rulebook "Firewalkers"
    "Frostwings": "frostwings",
    "Goblins": "goblins",
    "Lava Elves": "lava-elves",
    "Scalders": "scalders",
    "Swamp Stalkers": "swamp-stalkers",
    "Treefolk": "treefolk",
    "Undead": "undead",
}

SIZE_KIND = {"Small": "unit", "Medium": "unit", "Large": "unit", "Monster": "monster", "Champion": "champion"}
ITEM_KIND = {"Item": "equipment", "Artifact": "artifact", "Medallion": "medallion", "Relic": "relic"}
DIE_BY_FACES = {4: "d4", 6: "d6", 8: "d8", 10: "d10", 12: "d12"}

NORMAL_ICONS = {"ID": "id", "Maneuver": "maneuver", "Melee": "melee", "Missile": "missile",
                "Magic": "magic", "Save": "save"}
# OCTGN names whose id is not their plain slug (dice-data.md "Icon names that are NOT rows").
ICON_ALIASES = {"Fire Breath": "firebreath"}
LOGO_BY_KIND = {"champion": "logo-champion", "medallion": "logo-medallion", "relic": "logo-relic"}
DRAGON_FACES = {"Jaw": "jaws", "Claw": "claws", "Tail": "dragon-tail", "Wing": "wings",
                "Breath": "dragon-breath", "Belly": "dragon-belly", "Treasure": "treasure"}
# Rulebook spellings where OCTGN differs (dice-data.md oddity 5).
TERRAIN_NAME_FIXES = {"Standing Stone": "Standing Stones", "Dragons Lair": "Dragon's Lair"}
ADVANCED_EIGHTH = {"castle", "dragons-lair", "grove", "vortex"}


def slug(text: str) -> str:
    """Lowercase hyphenated slug: "Will o' Wisp" -> "will-o-wisp"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


def prop(card: ET.Element, name: str) -> str | None:
    """A card property value, or None."""
    el = card.find(f"property[@name='{name}']")
    return None if el is None else el.get("value")


def raw_faces(card: ET.Element) -> list[tuple[int, str]]:
    """(N, icon name) per face: the card's own Icons, then Alt1..AltN."""
    values = [prop(card, "Icons")] + [prop(alt, "Icons") for alt in card.findall("alternate")]
    out = []
    for value in values:
        assert value is not None
        number, name = value.split(" ", 1)  # split at the first space; names may contain spaces
        out.append((int(number), name.strip()))
    return out


def load_cards(set_name: str) -> list[ET.Element]:
    """All <card> elements of one OCTGN set file."""
    root = ET.parse(OCTGN_DIR / f"{set_name}.xml").getroot()
    return root.findall("./cards/card")


def parse_elements(value: str) -> tuple[list[str], bool, bool]:
    """OCTGN Element string -> (element ids, ivory, white). White = all five elements (p.3)."""
    elements: list[str] = []
    ivory = white = False
    for part in (p.strip() for p in value.split(",")):
        if part == "Ivory":
            ivory = True
        elif part == "White":
            white = True
            elements = list(ALL_ELEMENTS)
        elif part in ELEMENTS:
            elements.append(ELEMENTS[part])
        elif part != "None":
            raise ValueError(f"unknown element {part!r}")
    return elements, ivory, white


def die_icon(name: str, kind: str) -> str:
    """Icon id of a unit/item face."""
    if name in NORMAL_ICONS:
        return NORMAL_ICONS[name]
    if name == "Logo":
        return LOGO_BY_KIND[kind]
    return ICON_ALIASES.get(name, slug(name))
