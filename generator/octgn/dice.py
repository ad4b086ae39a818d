"""Unit, item and terrain dice from the OCTGN sets."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .output import Flow, FlowList
from .source import (
    ADVANCED_EIGHTH, ALLOYS, DIE_BY_FACES, ITEM_KIND, OCTGN, SIZE_KIND, SPECIES_IDS,
    TERRAIN_NAME_FIXES, die_icon, load_cards, parse_elements, prop, raw_faces, slug,
)


DIE_NOTES = {
    "Remorhaz": "OCTGN gives Swallow a count of 1 here but 4 on Cannibal and Leviathan; Swallow's "
                "effect is fixed, so the count is not its X (dice-data.md oddity 7).",
    "Crocosaur": "OCTGN gives Tail a count of 2 here but 4 on Leviathan; Tail's effect is fixed "
                 "(2 melee and a re-roll), so the count is not its X (dice-data.md oddity 7).",
}
ELDARIM_LOGO_NOTE = ("OCTGN gives the Logo face a count of 1 (4 on other champions); the Logo effect "
                     "does not use the count (rulebook p.62).")
DRACOLEM_PROMO_NOTE = ("Promo \"Dragonkin\" Dracolem: OCTGN has no Autosaves for it although Dracolem "
                       "Rules v1.01 give only these units automatic saves (amount not stated); its Logo "
                       "is defined nowhere and is mapped to the champion Logo.")


def build_die(card: ET.Element, species: str, die_id: str) -> dict[str, Any]:
    """One dice entry in the data/README.md format."""
    name = card.get("name", "").strip()
    size = prop(card, "Size") or ""
    item_type = prop(card, "Type") or ""
    kind = ITEM_KIND[item_type] if species == "items" else SIZE_KIND[size]
    size_id = size.lower()
    faces = raw_faces(card)
    entry: dict[str, Any] = {"id": die_id, "name": name, "species": species, "kind": kind}
    cls = prop(card, "Class")
    if cls and cls != "None":
        entry["class"] = cls
    entry["size"] = size_id
    if kind in ("unit", "monster", "champion"):
        entry["health"] = faces[0][0]  # the ID face count is the unit's health (p.3)
    entry["die"] = DIE_BY_FACES[len(faces)]
    element_value = prop(card, "Element") or "None"
    if element_value in ALLOYS:
        entry["element"] = FlowList()
        entry["alloy"] = ALLOYS[element_value]
    else:
        elements, ivory, white = parse_elements(element_value)
        entry["element"] = FlowList(elements)
        if ivory:
            entry["ivory"] = True
        if white:
            entry["white"] = True
    if prop(card, "Weight"):
        entry["rarity"] = prop(card, "Weight")
    if prop(card, "Autosaves"):
        entry["automatic_saves"] = int(prop(card, "Autosaves") or 0)
    note = DIE_NOTES.get(name)
    if species == "eldarim" and kind == "champion":
        note = ELDARIM_LOGO_NOTE
    if species == "dracolem" and "Promo Champion" in name:
        note = DRACOLEM_PROMO_NOTE
    if note:
        entry["note"] = note
    entry["source"] = Flow(OCTGN)
    entry["faces"] = [Flow(icon=die_icon(icon, kind), count=n) for n, icon in faces]
    return entry


def element_slug(card: ET.Element) -> str:
    """Element or alloy slug of a single-element die (for id prefixes)."""
    value = prop(card, "Element") or ""
    if value in ALLOYS:
        return ALLOYS[value]
    elements, _, white = parse_elements(value)
    return "white" if white else elements[0]


def species_dice() -> dict[str, list[dict[str, Any]]]:
    """Dice per species file: 12 classic species + eldarim, dragonkin, dracolem, items."""
    files: dict[str, list[dict[str, Any]]] = {sid: [] for sid in SPECIES_IDS.values()}
    for card in load_cards("species"):
        sid = SPECIES_IDS[prop(card, "Species") or ""]
        files[sid].append(build_die(card, sid, f"{sid}/{slug(card.get('name', ''))}"))
    files["eldarim"] = []
    for card in load_cards("eldarim"):
        name = card.get("name", "").strip()
        if prop(card, "Size") == "Champion":
            unit = slug(name)  # champion names already carry element (or are the white ones)
        else:
            tribe, role = name.split(" ", 1)  # "Morehl Sorcerer" -> morehl-fire-sorcerer (data/README.md)
            unit = f"{slug(tribe)}-{element_slug(card)}-{slug(role)}"
        files["eldarim"].append(build_die(card, "eldarim", f"eldarim/{unit}"))
    files["dragonkin"] = [
        build_die(card, "dragonkin", f"dragonkin/{element_slug(card)}-{slug(card.get('name', ''))}")
        for card in load_cards("dragonkin")
    ]
    # Dracolem and item names already start with their alloy/element.
    files["dracolem"] = [build_die(c, "dracolem", f"dracolem/{slug(c.get('name', ''))}")
                         for c in load_cards("dracolem")]
    files["items"] = [build_die(c, "items", f"items/{slug(c.get('name', ''))}") for c in load_cards("items")]
    return files


DEADLAND_NOTE = ("OCTGN gives Element \"Black (Death), Ivory\"; the rulebook (p.3) makes Deadland "
                 "Death only, which is used here.")


def build_terrain(card: ET.Element) -> dict[str, Any]:
    """One terrain entry: majors have numbered faces 1..8, minors unnumbered faces."""
    octgn_name = card.get("name", "").strip()
    type_name, rest = octgn_name.split(" ", 1)
    name = f"{type_name} {TERRAIN_NAME_FIXES.get(rest, rest)}"
    major = prop(card, "Type") == "Major Terrain"
    eighth = slug(prop(card, "Eighth Face") or "")
    elements, _ivory, _ = parse_elements(prop(card, "Element") or "")
    entry: dict[str, Any] = {"id": slug(name), "name": name}
    if name != octgn_name:
        entry["octgn_name"] = octgn_name
    entry["type"] = type_name.lower()
    entry["category"] = "major" if major else "minor"
    entry["subtype"] = (prop(card, "Subtype") or "").lower()
    entry["elements"] = FlowList(elements)
    faces = raw_faces(card)
    if major:
        entry["advanced"] = eighth in ADVANCED_EIGHTH
        entry["eighth_face"] = eighth
        numbered = sorted((n, slug(icon)) for n, icon in faces)  # main card = face 8, Alt1..7 = 1..7
        entry["faces"] = [Flow(number=n, icon=icon) for n, icon in numbered]
    else:
        entry["minor_type"] = eighth  # OCTGN keeps the minor type in "Eighth Face"
        entry["faces"] = [Flow(icon=slug(icon)) for _, icon in faces]
    if type_name == "Deadland":
        entry["note"] = DEADLAND_NOTE
    entry["source"] = Flow(OCTGN)
    return entry


def terrains() -> list[dict[str, Any]]:
    """All 76 terrain dice, majors first, each group sorted by id."""
    entries = [build_terrain(c) for c in load_cards("terrain")]
    return sorted(entries, key=lambda e: (e["category"] != "major", e["id"]))
