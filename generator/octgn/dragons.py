"""Dragons from the OCTGN set: faces, types and the rulebook's corrections."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .output import Flow, FlowList
from .source import DRAGON_FACES, OCTGN, load_cards, parse_elements, prop, raw_faces, slug


WHITE_SAVES_NOTE = ("OCTGN Saves is 10; the rulebook (p.17) gives every dragon 5 automatic saves "
                    "and the White Dragon 10 health. The rulebook wins.")
WHITE_DRAKE_NOTE = ("OCTGN doubles only the Jaws (24) on the White Drake; the rulebook (p.17) doubles "
                    "Claws, Jaws, Tail and Wing and makes Breath against a dragon 10 for every White "
                    "Dragon: rulebook_value gives the doubled value.")
IVORY_NOTE = "OCTGN Type is Elemental Dragon; the rulebook (p.17) makes Ivory a dragon type of its own."
RULEBOOK_P17 = {"doc": "rulebook", "edition": "v4.01d", "page": 17}


def dragon_type(octgn_type: str, elements: list[str], ivory: bool, white: bool) -> str:
    """Rulebook dragon type (Ivory detected by element, dice-data.md oddity 3)."""
    if white:
        return "white"
    if ivory:
        return "ivory-hybrid" if elements else "ivory"
    return {"Elemental Dragon": "elemental", "Hybrid Dragon": "hybrid"}[octgn_type]


def build_dragon(card: ET.Element) -> dict[str, Any]:
    """One dragon entry; faces as OCTGN, with rulebook values where they differ."""
    name = card.get("name", "").strip()
    elements, ivory, white = parse_elements(prop(card, "Element") or "")
    dtype = dragon_type(prop(card, "Type") or "", elements, ivory, white)
    saves = int(prop(card, "Saves") or 0)
    entry: dict[str, Any] = {
        "id": slug(name),
        "name": name,
        "form": "wyrm" if name.endswith("Wyrm") else "drake",
        "dragon_type": dtype,
        "elements": FlowList(elements),
    }
    if ivory:
        entry["ivory"] = True
    entry["health"] = 10 if white else 5
    entry["automatic_saves"] = 5
    if saves != 5:
        entry["octgn_saves"] = saves
    faces = []
    for value, icon in raw_faces(card):
        face = Flow(icon=DRAGON_FACES[icon], value=value)
        if white and icon in ("Claw", "Tail", "Wing", "Breath", "Treasure"):
            normal = {"Claw": 6, "Tail": 3, "Wing": 5, "Breath": 5, "Treasure": 1}[icon]
            if value == normal:  # OCTGN did not double it (White Drake)
                face["rulebook_value"] = 2 * normal
        faces.append(face)
    notes = []
    if saves != 5:
        notes.append(WHITE_SAVES_NOTE)
    if any("rulebook_value" in f for f in faces):
        notes.append(WHITE_DRAKE_NOTE)
    if dtype == "ivory":
        notes.append(IVORY_NOTE)
    if notes:
        entry["note"] = " ".join(notes)
    entry["source"] = Flow(OCTGN)
    entry["rules_source"] = Flow(RULEBOOK_P17)
    entry["faces"] = faces
    return entry


def dragons() -> list[dict[str, Any]]:
    """All 44 dragon dice sorted by id."""
    return sorted((build_dragon(c) for c in load_cards("dragons")), key=lambda e: e["id"])
