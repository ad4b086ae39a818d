"""One-off importer: OCTGN "Dragon Dice (SFR)" set XML -> committed YAML in data/.

Run once with ``python -m generator.importer``. Afterwards the YAML files are the source of
truth; this module is kept so the import can be repeated and checked (it is deterministic).
Format of the XML: ../shared/reference/dice-data.md.
"""

from __future__ import annotations

import argparse
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml

# The public dice database sits in ../shared beside the checkout.
OCTGN_DIR = Path(__file__).resolve().parents[2] / "shared" / "reference" / "octgn-sets"
DATA_DIR = Path(__file__).resolve().parent.parent / "data"

OCTGN = {"doc": "octgn", "edition": "OCTGN 1.2.1.4"}
HEADER = (
    "# Imported once from the OCTGN module \"Dragon Dice (SFR)\" v1.2.1.4 by generator/importer.py.\n"
    "# This file is now the source of truth: edit it here (see data/README.md).\n"
)

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


class Flow(dict):
    """A mapping dumped in YAML flow style (faces, sources)."""


class FlowList(list):
    """A list dumped in YAML flow style (element lists)."""


class _Dumper(yaml.SafeDumper):
    """Block style overall, flow style for Flow/FlowList, list items indented under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


_Dumper.add_representer(
    Flow, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(
    FlowList, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


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


# --- dice -------------------------------------------------------------------------------

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
    item_type = prop(card, "Type")
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
            tribe, role = name.split(" ", 1)  # "Morehl Sorcerer" -> morehl-fire-sorcerer (README)
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


# --- terrains ---------------------------------------------------------------------------

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


# --- dragons ----------------------------------------------------------------------------

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


# --- icons (non-SAI) --------------------------------------------------------------------

def _icon(icon_id: str, name: str, kind: str, page: int, summary: str, **extra: Any) -> dict[str, Any]:
    """One icons.yaml entry sourced to a rulebook page."""
    entry: dict[str, Any] = {"id": icon_id, "name": name, "kind": kind, "summary": summary}
    entry.update(extra)
    entry["source"] = Flow(doc="rulebook", edition="v4.01d", page=page)
    return entry


TERRAIN_ACTION = "On a terrain die: armies at this terrain may take a {} action (p.15)."


def icons() -> list[dict[str, Any]]:
    """Every icon that is not an SAI, with a short own-words summary and its rulebook page."""
    return _action_icons() + _eighth_icons() + _minor_icons() + _dragon_icons() + _relic_icons()


def _action_icons() -> list[dict[str, Any]]:
    out = [
        _icon("id", "ID", "id", 3,
              "Identifies the unit. Rolled, it gives as many results as the unit has health, of "
              "whatever type the roll counts (saves in a save roll, maneuvers in a maneuver roll). "
              "An artifact's ID is worth 4.", octgn_name="ID"),
    ]
    for icon_id, name, verb in [
        ("maneuver", "Maneuver", "maneuver"), ("melee", "Melee", "melee"),
        ("missile", "Missile", "missile"), ("magic", "Magic", "magic"), ("save", "Save", "save"),
    ]:
        extra: dict[str, Any] = {"result": icon_id, "octgn_name": name}
        if icon_id in ("melee", "missile", "magic"):
            extra["terrain_summary"] = TERRAIN_ACTION.format(verb)
        out.append(_icon(icon_id, name, "action", 3,
                         f"Gives {verb} results: one per icon on a six- or four-sided face, four for "
                         f"the single icon of a monster, artifact or champion face (p.29).", **extra))
    return out


def _eighth_icons() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    eighth = [
        ("city", "City", "City",
         "Eighth Face Phase: the controlling army may recruit one small unit or promote one of its units."),
        ("standing-stones", "Standing Stones", "Standing Stones",
         "The controlling army's units may turn their magic results into magic of an element of this terrain."),
        ("temple", "Temple", "Temple",
         "The controlling army is immune to opponents' Death magic; in the Eighth Face Phase you may make "
         "one opponent bury a unit of their choice from their DUA."),
        ("tower", "Tower", "Tower",
         "The controlling army may fire missiles at any opposing army, even in a Reserve Area (there only "
         "non-ID missile results count)."),
        ("castle", "Castle", "Castle",
         "Advanced. When captured, choose City, Standing Stones, Temple or Tower; the Castle works as that "
         "face until it is turned away from the eighth face."),
        ("dragons-lair", "Dragon's Lair", "Dragons Lair",
         "Advanced. Eighth Face Phase: you may summon a dragon sharing an element with this terrain, or an "
         "Ivory or Ivory Hybrid dragon, to any terrain; never a White Dragon."),
        ("grove", "Grove", "Grove",
         "Advanced. Eighth Face Phase, compulsory when possible: move a buried non-Dragonkin unit to its "
         "owner's DUA, or one of your buried Dragonkin or minor terrains to your Summoning Pool, or one of "
         "your buried items to this army."),
        ("vortex", "Vortex", "Vortex",
         "Advanced. In any non-maneuver army roll at this terrain you may re-roll one unit before SAIs are "
         "resolved, ignoring its first result."),
    ]
    for icon_id, name, octgn_name, text in eighth:
        extra = {"octgn_name": octgn_name}
        if icon_id in ADVANCED_EIGHTH:
            extra["advanced"] = True
        out.append(_icon(icon_id, name, "eighth-face", 15,
                         f"Eighth face of a major terrain. {text} The controller also doubles its ID "
                         f"results and may take a melee, missile or magic action there.", **extra))
    return out


def _minor_icons() -> list[dict[str, Any]]:
    id_face = ("ID face of the {} minor terrain: the controlling army turns the die to any of its "
               "magic, melee or missile faces.")
    halving = ("The controlling army's {} results are halved; the minor terrain is buried at the start "
               "of that army's next march.")
    minors = [
        ("bridge", "Bridge", id_face.format("Bridge")),
        ("knoll", "Knoll", id_face.format("Knoll")),
        ("village", "Village", id_face.format("Village")),
        ("woods", "Woods", id_face.format("Woods")),
        ("double-maneuvers", "Double Maneuvers",
         "The controlling army's ID results count double in maneuver rolls."),
        ("double-saves", "Double Saves", "The controlling army's ID results count double in save rolls."),
        ("dust-storm", "Dust Storm", halving.format("missile")),
        ("flanked", "Flanked", halving.format("save")),
        ("flood", "Flood", halving.format("maneuver")),
        ("revolt", "Revolt", halving.format("melee")),
    ]
    return [_icon(icon_id, name, "minor-terrain", 15, text, octgn_name=name) for icon_id, name, text in minors]


def _dragon_icons() -> list[dict[str, Any]]:
    dragon = [
        ("jaws", "Jaws", "Jaw", "12 damage (24 for a White Dragon)."),
        ("claws", "Claws", "Claw", "6 damage (12 for a White Dragon)."),
        ("dragon-tail", "Tail (dragon)", "Tail",
         "3 damage (6 for a White Dragon) and the dragon is rolled again, adding the new face."),
        ("wings", "Wings", "Wing",
         "5 damage (10 for a White Dragon); afterwards a surviving dragon flies back to its owner's "
         "Summoning Pool."),
        ("dragon-breath", "Breath (dragon)", "Breath",
         "Against a dragon: 5 damage (10 for a White Dragon) and roll again. Against an army: 5 health-worth "
         "of units die without a save, then the breath effect of each of the dragon's elements applies."),
        ("dragon-belly", "Belly (dragon)", "Belly",
         "No damage; the dragon's automatic saves do not count in this attack."),
        ("treasure", "Treasure", "Treasure",
         "Only against an army: one of its units may be promoted (two for a White Dragon)."),
    ]
    return [_icon(icon_id, name, "dragon-face", 17, f"Dragon die face. {text}", octgn_name=octgn_name)
            for icon_id, name, octgn_name, text in dragon]


def _relic_icons() -> list[dict[str, Any]]:
    out = []
    for element in ALL_ELEMENTS:
        title = element.capitalize()
        out.append(_icon(
            f"element-{element}", f"Element {title}", "relic-element", 59,
            f"Face of the Elemental Relic: its effect (see the Elemental Relic SAI) works on units "
            f"containing {title}.", octgn_name=f"Element {title}", sai="elemental-relic",
            element=element))
    return out


# --- output -----------------------------------------------------------------------------

def dump(path: Path, key: str, entries: list[dict[str, Any]]) -> None:
    """Write one data file: a mapping with one key holding the list."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.dump({key: entries}, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     width=100, default_flow_style=False)
    path.write_text(HEADER + text, encoding="utf-8")


def run(out_dir: Path) -> None:
    """Write every imported file under out_dir."""
    for species, entries in species_dice().items():
        dump(out_dir / "dice" / f"{species}.yaml", "dice", entries)
    dump(out_dir / "terrains.yaml", "terrains", terrains())
    dump(out_dir / "dragons.yaml", "dragons", dragons())
    dump(out_dir / "icons.yaml", "icons", icons())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="data directory to write (default: data/)")
    run(parser.parse_args().out)


if __name__ == "__main__":
    main()
