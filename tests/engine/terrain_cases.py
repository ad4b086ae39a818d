"""Maneuvers, eighth-face rolls and minor-terrain rolls worked by hand from the rulebook (v4.01d
p.11 "Maneuver", p.15 "Eighth Face", "Minor Terrains"), shared by the engine, CLI, parity and page
tests. Each case: ``id``, ``command`` (the CLI command / worker command), ``input``, ``expect``
(a dotted path in the answer -> the value worked by hand) and ``working`` (the hand working).

Faces used (data/dice, data/terrains.yaml): Amazon Soldier (health 1), Runner (1), Warrior (2),
Envoy (2), Battle Rider (2), War Chief (3); Coral Elf Fighter (1), Guard (1), Trooper (2), Courier
(2), Knight (2), Herald (3), Leviathan (monster, Wave X=4); Goblin Wolf Rider (2), Thug (1).
Terrain faces: Coastland 1 magic, 2-5 missile, 6-7 melee; Flatland 1 magic, 2-4 missile, 5-7 melee;
Highland 1-3 magic, 4-5 missile, 6-7 melee; Feyland 1-3 magic, 4 missile, 5-7 melee; Wasteland 1
magic, 2-3 missile, 4-7 melee.
"""
from __future__ import annotations

from typing import Any


def u(die: str, rolled: str, **more: Any) -> dict[str, Any]:
    return {"die": die, "rolled": rolled, **more}


def side(*units: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"army": list(units), **more}


MANEUVERS: list[dict[str, Any]] = [
    {"id": "tie-goes-to-the-marching-army", "command": "maneuver",
     "input": {"terrain": {"die": "coastland-tower", "face": 4},
               "maneuvering": side(u("amazons/runner", "2 maneuver"), u("amazons/soldier", "id")),
               "opposing": [side(u("coral-elves/trooper", "id"), u("coral-elves/fighter", "1 maneuver"))],
               "direction": "up", "seed": 1},
     "expect": {"totals.maneuvering": 3, "totals.opposing": [3], "succeeded": True, "winner": "maneuvering",
                "face_before": 4, "face_after": 5, "action": "missile", "captured": False, "controller": None},
     "working": "Runner 2 + Soldier's ID (health 1) = 3; Trooper's ID (health 2) + Fighter 1 = 3. Equal or more "
                "succeeds (p.11): turned up 4 -> 5, a Coastland missile face."},
    {"id": "fewer-fails", "command": "maneuver",
     "input": {"terrain": {"die": "flatland-city", "face": 3},
               "maneuvering": side(u("amazons/soldier", "1 maneuver")),
               "opposing": [side(u("coral-elves/knight", "3 maneuver"))], "direction": "down", "seed": 2},
     "expect": {"totals.maneuvering": 1, "totals.opposing": [3], "succeeded": False, "winner": "opposing",
                "face_after": 3, "action": "missile", "captured": False},
     "working": "1 against 3: fewer, the maneuver fails and the terrain stays at 3 (p.11), a Flatland missile "
                "face."},
    {"id": "unopposed", "command": "maneuver",
     "input": {"terrain": {"die": "highland-temple", "face": 2},
               "maneuvering": side(u("amazons/soldier", "1 save")), "opposing": [], "direction": "down"},
     "expect": {"succeeded": True, "totals.maneuvering": None, "totals.opposing": [], "rolls": [],
                "face_after": 1, "action": "magic"},
     "working": "No army opposes: the maneuver succeeds and no dice are rolled (p.11); 2 -> 1, Highland magic."},
    {"id": "capture-the-eighth-face", "command": "maneuver",
     "input": {"terrain": {"die": "swampland-standing-stones", "face": 7},
               "maneuvering": side(u("amazons/soldier", "1 maneuver")), "opposing": [], "direction": "up"},
     "expect": {"succeeded": True, "face_after": 8, "captured": True, "controller": "maneuvering",
                "action": "any", "actions": ["melee", "missile", "magic"]},
     "working": "Unopposed 7 -> 8: the marching army captures the terrain and may take any action (p.11, "
                "p.15)."},
    {"id": "out-maneuver-the-controller", "command": "maneuver",
     "input": {"terrain": {"die": "wasteland-tower", "face": 8, "controller": "opposing"},
               "maneuvering": side(u("amazons/war-chief", "id"), u("amazons/runner", "2 maneuver")),
               "opposing": [side(u("coral-elves/trooper", "id"), u("coral-elves/fighter", "1 maneuver"))],
               "direction": "down", "seed": 3},
     "expect": {"totals.maneuvering": 5, "totals.opposing": [5], "succeeded": True, "face_after": 7,
                "controller": None, "captured": False, "action": "melee"},
     "working": "War Chief's ID 3 + Runner 2 = 5. The controller doubles its ID results (p.15): Trooper 2 x 2 = 4, "
                "+ Fighter 1 = 5. A tie succeeds: 8 -> 7, the controller loses the eighth face; Wasteland 7 is "
                "melee."},
    {"id": "the-controller-holds", "command": "maneuver",
     "input": {"terrain": {"die": "wasteland-tower", "face": 8, "controller": "opposing[0]"},
               "maneuvering": side(u("amazons/war-chief", "2 maneuver"), u("amazons/runner", "2 maneuver")),
               "opposing": [side(u("coral-elves/trooper", "id"), u("coral-elves/fighter", "1 maneuver"))],
               "direction": "down", "seed": 4},
     "expect": {"totals.maneuvering": 4, "totals.opposing": [5], "succeeded": False, "face_after": 8,
                "controller": "opposing[0]", "action": "melee"},
     "working": "2 + 2 = 4 against the controller's 2 x 2 + 1 = 5: the maneuver fails, the terrain stays at 8 and "
                "the marching army, not its controller, may only take a melee action (p.11)."},
    {"id": "two-counter-maneuvers-tie-each", "command": "maneuver",
     "input": {"terrain": {"die": "feyland-temple", "face": 5},
               "maneuvering": side(u("amazons/battle-rider", "3 maneuver"), u("amazons/soldier", "1 maneuver")),
               "opposing": [side(u("coral-elves/courier", "3 maneuver")),
                            side(u("goblins/wolf-rider", "2 melee"), u("goblins/thug", "1 maneuver"),
                                 u("goblins/wolf-rider", "3 maneuver"))],
               "direction": "up", "seed": 5},
     "expect": {"totals.maneuvering": 4, "totals.opposing": [3, 4], "succeeded": True, "face_after": 6,
                "action": "melee"},
     "working": "3 + 1 = 4 against 3 and against 1 + 3 = 4 (Feyland has no earth: Swamp Mastery does not count "
                "the Wolf Rider's melee). Equal or more than each: succeeds, 5 -> 6 (melee)."},
    {"id": "two-counter-maneuvers-one-beats", "command": "maneuver",
     "input": {"terrain": {"die": "feyland-temple", "face": 5},
               "maneuvering": side(u("amazons/battle-rider", "3 maneuver"), u("amazons/soldier", "1 maneuver")),
               "opposing": [side(u("coral-elves/courier", "2 maneuver")),
                            side(u("coral-elves/herald", "3 maneuver"), u("coral-elves/guard", "1 maneuver"),
                                 u("coral-elves/fighter", "1 maneuver"))],
               "direction": "up", "seed": 6},
     "expect": {"totals.maneuvering": 4, "totals.opposing": [2, 5], "succeeded": False, "face_after": 5},
     "working": "4 beats the first army's 2 but not the second's 3 + 1 + 1 = 5: the maneuver fails."},
    {"id": "double-maneuvers-minor-terrain", "command": "maneuver",
     "input": {"terrain": {"die": "coastland-city", "face": 2},
               "maneuvering": side(u("amazons/warrior", "id"), u("amazons/soldier", "1 maneuver"),
                                   minor_terrain={"die": "coastland-bridge", "face": "double-maneuvers"}),
               "opposing": [side(u("coral-elves/herald", "3 maneuver"), u("coral-elves/guard", "1 maneuver"))],
               "direction": "up", "seed": 7},
     "expect": {"totals.maneuvering": 5, "totals.opposing": [4], "succeeded": True, "face_after": 3,
                "action": "missile"},
     "working": "Double Maneuvers doubles the army's ID results in maneuver rolls (p.15): Warrior 2 x 2 = 4, + "
                "Soldier 1 = 5 against 3 + 1 = 4: succeeds, 2 -> 3 (Coastland missile)."},
    {"id": "flood-halves-the-counter-maneuver", "command": "maneuver",
     "input": {"terrain": {"die": "coastland-city", "face": 6},
               "maneuvering": side(u("amazons/envoy", "3 maneuver")),
               "opposing": [side(u("coral-elves/courier", "3 maneuver"), u("coral-elves/knight", "3 maneuver"),
                                 minor_terrain="flood")],
               "direction": "down", "seed": 8},
     "expect": {"totals.maneuvering": 3, "totals.opposing": [3], "succeeded": True, "face_after": 5},
     "working": "Flood halves the counter-maneuvering army's maneuver results (p.15, step 7): (3 + 3) / 2 = 3; a "
                "tie goes to the marching army's 3: succeeds, 6 -> 5."},
    {"id": "wave-subtracts-from-each-counter-maneuver", "command": "maneuver",
     "input": {"terrain": {"die": "coastland-temple", "face": 3},
               "maneuvering": side(u("coral-elves/leviathan", "wave")),
               "opposing": [side(u("amazons/battle-rider", "3 maneuver"), u("amazons/runner", "2 maneuver")),
                            side(u("amazons/envoy", "3 maneuver"))],
               "direction": "up", "seed": 9},
     "expect": {"totals.maneuvering": 0, "totals.opposing": [1, 0], "succeeded": False, "face_after": 3},
     "working": "Wave (monster: X = 4) generates nothing itself and subtracts 4 from each counter-maneuvering "
                "army's maneuver results (seed 000): 5 - 4 = 1 and 3 - 4 -> 0. The marching army's 0 ties the "
                "second but not the first: the maneuver fails."},
    {"id": "fields-of-ice-gives-the-tie-away", "command": "maneuver",
     "input": {"terrain": {"die": "flatland-tower", "face": 4},
               "maneuvering": side(u("amazons/battle-rider", "3 maneuver"), u("amazons/runner", "2 maneuver"),
                                   modifiers=[{"spell": "fields-of-ice"}]),
               "opposing": [side(u("coral-elves/knight", "3 maneuver"), u("coral-elves/courier", "2 maneuver"),
                                 modifiers=[{"spell": "fields-of-ice"}])],
               "direction": "up", "seed": 10},
     "expect": {"totals.maneuvering": 1, "totals.opposing": [1], "succeeded": False, "face_after": 4},
     "working": "Fields of Ice: every army roll at the terrain loses 4 maneuver results and a tie goes to the "
                "counter-maneuvering army (p.44): 5 - 4 = 1 against 5 - 4 = 1, a tie: the maneuver fails."},
    {"id": "the-marching-armys-flood-is-buried", "command": "maneuver",
     "input": {"terrain": {"die": "coastland-city", "face": 6},
               "maneuvering": side(u("amazons/battle-rider", "3 maneuver"), u("amazons/runner", "2 maneuver"),
                                   minor_terrain="flood"),
               "opposing": [side(u("coral-elves/courier", "3 maneuver"))], "direction": "up", "seed": 11},
     "expect": {"totals.maneuvering": 5, "totals.opposing": [3], "succeeded": True, "face_after": 7,
                "warnings.0.field": "maneuvering.minor_terrain"},
     "working": "Flood is buried at the beginning of its army's next march (p.15): it does not halve this "
                "march's maneuver. 3 + 2 = 5 against 3: succeeds, 6 -> 7."},
    {"id": "minor-action-face-adds-its-action", "command": "maneuver",
     "input": {"terrain": {"die": "coastland-city", "face": 3},
               "maneuvering": side(u("amazons/soldier", "1 maneuver"), minor_terrain="melee"), "opposing": [],
               "direction": "up"},
     "expect": {"face_after": 4, "action": "missile", "actions": ["melee", "missile"]},
     "working": "Unopposed 3 -> 4, a Coastland missile face; the minor terrain's Melee face lets the army take "
                "a melee action instead (p.15)."},
    {"id": "terrain-by-type", "command": "maneuver",
     "input": {"terrain": {"type": "highland", "face": 3},
               "maneuvering": side(u("amazons/soldier", "1 maneuver")), "opposing": [], "direction": "up"},
     "expect": {"face_after": 4, "action": "missile", "succeeded": True},
     "working": "Highland's standard dice share 1-3 magic, 4-5 missile, 6-7 melee: unopposed 3 -> 4, missile."},
]

ROLLS: list[dict[str, Any]] = [
    {"id": "tower-doubles-id-saves", "command": "resolve",
     "input": {"roll": "save", "terrain": "coastland-tower", "eighth_faces": ["tower"],
               "army": [u("amazons/war-chief", "id"), u("amazons/soldier", "1 save")]},
     "expect": {"totals.save": 7},
     "working": "The controller's ID results are doubled in any roll (p.15): War Chief 3 x 2 = 6, + 1 save = 7."},
    {"id": "tower-at-a-reserve-army", "command": "resolve",
     "input": {"roll": "missile", "terrain": "coastland-tower", "eighth_faces": ["tower"], "at_reserve": True,
               "army": [u("amazons/warrior", "id"), u("amazons/darter", "2 missile")]},
     "expect": {"totals.missile": 2},
     "working": "The Tower's controller may shoot at an army in a Reserve Area, counting only non-ID missile "
                "results (p.15): the Warrior's ID (2, doubled 4) does not count; the Darter's 2 missile do: 2."},
    {"id": "vortex-rerolls-a-unit", "command": "resolve",
     "input": {"roll": "melee", "terrain": "flatland-vortex", "eighth_faces": [{"face": "vortex", "unit": 0}],
               "army": [u("amazons/soldier", "1 save", rerolled=["2 melee"]), u("amazons/warrior", "id")]},
     "expect": {"totals.melee": 6},
     "working": "Vortex (p.15): the Soldier is re-rolled before SAIs, its save ignored: 2 melee. Warrior's ID 2 x 2 "
                "= 4 (eighth face). 2 + 4 = 6."},
    {"id": "vortex-not-in-a-maneuver-roll", "command": "resolve",
     "input": {"roll": "maneuver", "terrain": "flatland-vortex", "eighth_faces": [{"face": "vortex", "unit": 0}],
               "army": [u("amazons/soldier", "1 maneuver", rerolled=["2 melee"]), u("amazons/warrior", "id")]},
     "expect": {"totals.maneuver": 5},
     "working": "Vortex works only in rolls without maneuvers (p.15): the Soldier keeps 1 maneuver; Warrior's ID "
                "2 x 2 = 4; 1 + 4 = 5."},
    {"id": "temple-shields-from-death-magic", "command": "resolve",
     "input": {"roll": "save", "terrain": "highland-temple", "eighth_faces": ["temple"],
               "modifiers": [{"spell": "evil-eye"}], "army": [u("amazons/war-chief", "3 save")]},
     "expect": {"totals.save": 3},
     "working": "Evil Eye (death, -2 saves to an opposing army) cannot affect the Temple's controller (p.15): 3 "
                "saves stay 3."},
    {"id": "double-saves-minor-terrain", "command": "resolve",
     "input": {"roll": "save", "terrain": "coastland", "minor_terrain": "double-saves",
               "army": [u("amazons/warrior", "id"), u("amazons/soldier", "1 save")]},
     "expect": {"totals.save": 5},
     "working": "Double Saves doubles ID results when rolling for saves (p.15): 2 x 2 = 4, + 1 = 5."},
    {"id": "double-saves-not-in-a-maneuver-roll", "command": "resolve",
     "input": {"roll": "maneuver", "terrain": "coastland", "minor_terrain": "double-saves",
               "army": [u("amazons/warrior", "id"), u("amazons/soldier", "1 maneuver")]},
     "expect": {"totals.maneuver": 3},
     "working": "Double Saves does nothing in a maneuver roll: 2 + 1 = 3."},
    {"id": "flanked-halves-saves", "command": "resolve",
     "input": {"roll": "save", "terrain": "coastland", "minor_terrain": "flanked",
               "army": [u("amazons/war-chief", "3 save"), u("amazons/soldier", "1 save")]},
     "expect": {"totals.save": 2},
     "working": "Flanked halves the army's save results (p.15; step 7, rounded down): (3 + 1) / 2 = 2."},
    {"id": "minor-terrain-elements-for-abilities", "command": "resolve",
     "input": {"roll": "save", "terrain": "highland", "minor_terrain": {"die": "feyland-bridge", "face": "melee"},
               "army": [u("coral-elves/knight", "3 maneuver")]},
     "expect": {"totals.save": 3},
     "working": "Highland (fire, earth) has no water; a Feyland Bridge (water, fire) shares its fire, so it may be "
                "in play there, and its elements count as the terrain's for the controller's species abilities "
                "(p.15): Coastal Dodge (water, p.21) counts the 3 maneuver as 3 saves."},
    {"id": "no-doubling-in-an-individual-roll", "command": "resolve",
     "input": {"roll": "individual", "counts": ["save"], "terrain": "coastland-tower", "eighth_faces": ["tower"],
               "army": [u("amazons/warrior", "id")]},
     "expect": {"totals.save": 2},
     "working": "A unit rolling alone gets no army advantage (p.28): its ID gives its health, 2."},
    {"id": "standing-stones-converts-magic", "command": "resolve",
     "input": {"roll": "magic", "terrain": "coastland-standing-stones", "eighth_faces": ["standing-stones"],
               "army": [u("dwarves/thaumaturgist", "2 magic")], "cast": [{"spell": "hailstorm"}]},
     "expect": {"totals.magic": 2, "cast.ok": True},
     "working": "Dwarves are fire and earth; Standing Stones lets the controller's magic count as an element of "
                "Coastland (air, water, p.15): 2 magic pay for Hailstorm (air, 2)."},
]

EXCHANGES: list[dict[str, Any]] = [
    {"id": "exchange-attacker-holds-the-eighth-face", "command": "exchange",
     "input": {"attack": "missile", "terrain": "coastland-tower", "seed": 1,
               "attacker": side(u("amazons/warrior", "id"), eighth_faces=["tower"]),
               "defender": side(u("coral-elves/trooper", "2 save"), options={"defensive-volley": False})},
     "expect": {"summary.attack_total": 4, "summary.save_total": 2, "summary.damage": 2},
     "working": "The attacker controls the Tower: Warrior's ID 2 x 2 = 4 missile; 2 saves: 2 damage."},
]

EXCHANGES.append(
    {"id": "dragon-attack-on-the-eighth-faces-controller", "command": "exchange",
     "input": {"attack": "dragon", "terrain": "highland-tower", "seed": 1,
               "attacker": {"dragons": [{"die": "red-drake", "rolled": {"dragon": "claws"}}]},
               "defender": {"army": [u("amazons/warrior", {"response": "id"})], "eighth_faces": ["tower"]}},
     "expect": {"summary.dragon_damage": 6, "summary.response_save": 4, "summary.army_damage": 2},
     "working": "Claws: 6 damage (p.17). The army holds the Tower: the Warrior's ID 2 is doubled to 4 (p.15), "
                "all saves (4 melee cannot kill a Red Drake of health 5): 6 - 4 = 2 damage."})

CASES = MANEUVERS + ROLLS + EXCHANGES


def dig(answer: Any, path: str) -> Any:
    for part in path.split("."):
        answer = answer[int(part)] if isinstance(answer, list) else answer[part]
    return answer
