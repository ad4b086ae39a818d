"""Icons that are not SAIs: actions, eighth faces, minor terrains, dragon faces, relics."""
from __future__ import annotations

from typing import Any

from .output import Flow
from .source import ADVANCED_EIGHTH, ALL_ELEMENTS


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
        extra: dict[str, Any] = {"octgn_name": octgn_name}
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
