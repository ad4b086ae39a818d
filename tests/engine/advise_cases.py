"""Advice cases worked by hand (rulebook v4.01d): armies of 1-3 dice, every chance counted from the
faces in data/dice. Each expected option is found by ``action`` (and ``target``); its figures are
P(at least k). ``absent``: options that must be missing.

Faces used (data/dice/*.yaml; an ID face counts its number as results of the roll's type, p.27):
- amazons/soldier (1 health): 1 id, 1 save, 1 melee, 1 melee, 1 maneuver, 2 melee
    maneuver {0: 4/6, 1: 2/6}; melee {0: 2/6, 1: 3/6, 2: 1/6}; save {0: 4/6, 1: 2/6}
- amazons/warrior (2 health): 2 id, 2 save, 2 melee, 2 melee, 3 maneuver, 3 melee
    maneuver {0: 4/6, 2: 1/6, 3: 1/6}; melee {0: 2/6, 2: 3/6, 3: 1/6}; save {0: 4/6, 2: 2/6}
- amazons/darter (1 health): 1 id, 1 save, 2 missile, 1 missile, 1 maneuver, 1 melee
    maneuver {0: 4/6, 1: 2/6}; missile {0: 3/6, 1: 2/6, 2: 1/6}
- amazons/runner (1 health): 1 id, 1 melee, 2 maneuver, 1 maneuver, 1 missile, 1 save
    maneuver {0: 3/6, 1: 2/6, 2: 1/6}; melee {0: 4/6, 1: 2/6}; save {0: 4/6, 1: 2/6}
- amazons/seer (1 health): 1 id, 1 save, 1 magic, 1 magic, 1 maneuver, 2 magic
    magic {0: 2/6, 1: 3/6, 2: 1/6}; maneuver {0: 4/6, 1: 2/6}; melee {0: 5/6, 1: 1/6}; save {0: 4/6, 1: 2/6}
- amazons/visionary: 2 id, 1 save, 4 magic, 3 magic, 2 maneuver, 2 magic
    magic {0: 2/6, 2: 2/6, 3: 1/6, 4: 1/6}
- dwarves/thaumaturgist (fire and earth): 2 id, 2 melee, 3 magic, 3 magic, 2 save, 2 magic
    magic {0: 2/6, 2: 2/6, 3: 2/6}
- coral-elves/fighter (1 health): 1 id, 1 melee, 1 missile, 1 maneuver, 1 melee, 2 melee
Amazons' magic is of the terrain's elements, Ivory in the Reserve Area (p.21 Terrain Harmony);
their other abilities are march options, so their rolls are the faces alone.
Terrains (data/terrains.yaml): coastland-city faces 1 magic, 2-5 missile, 6-7 melee, 8 City;
highland-tower 1-3 magic, 4-5 missile, 6-7 melee, 8 Tower (p.15).
"""
from __future__ import annotations

from fractions import Fraction as F
from typing import Any

S, W, D, R = ({"die": f"amazons/{n}"} for n in ("soldier", "warrior", "darter", "runner"))
SEER, VISIONARY = {"die": "amazons/seer"}, {"die": "amazons/visionary"}
NOTHING = {1: F(0)}


def at_least(dist: dict[str, float], k: int) -> float:
    """P(>= k) from an answer's distribution (as the contract's checker reads it)."""
    return sum(p for n, p in dist["distribution"].items() if int(n) >= k)


CASES: list[dict[str, Any]] = [
    {   # The contract's example. Maneuver (p.11: equal or more succeeds): warrior vs soldier,
        # P = P(W >= 1) + P(W = 0) P(S = 0) = 2/6 + 4/6 * 4/6 = 7/9. Face 6 melee; up to 7 melee, down to 5 missile.
        # Melee (p.11): attack {0: 2/6, 2: 3/6, 3: 1/6} less the soldier's save {0: 4/6, 1: 2/6}:
        # damage 1 = 3/6*2/6 = 1/6; 2 = 3/6*4/6 + 1/6*2/6 = 7/18; 3 = 1/6*4/6 = 1/9; so >= 1: 2/3, >= 2: 1/2,
        # >= 3: 1/9; the soldier (1 health) dies on any damage: killed >= 1: 2/3.
        # Counter-attack: the soldier lives only when the attack rolled 0 (1/3); its melee {1: 3/6, 2: 1/6}
        # less the warrior's save {0: 4/6, 2: 2/6}: losses 1 = 1/3*3/6*4/6 = 1/9, 2 = 1/3*1/6*4/6 = 1/27;
        # the warrior (2 health) dies on 2: killed >= 1 = >= 2 = 1/27.
        "id": "contract-example",
        "input": {"terrain": {"die": "coastland-city", "face": 6, "controller": None, "home": False},
                  "army": {"name": "alice.campaign", "army": [W], "modifiers": [], "in_dua": {}},
                  "opposing": [{"name": "bob.campaign", "army": [S]}],
                  "elsewhere": [{"name": "bob.home", "at": "home", "terrain": "flatland-temple", "army": [S]}],
                  "size": 24},
        "action": "melee",
        "expect": [
            # Each option carries the input of the command that works it out alone (the page opens it in
            # that mode): the maneuver turned the first way open, the melee as an exchange at this terrain.
            {"action": "maneuver", "chance": F(7, 9), "directions": ["up", "down"], "then": {"up": "melee", "down": "missile"},
             "command": "maneuver",
             "input": {"terrain": {"die": "coastland-city", "face": 6},
                       "maneuvering": {"army": [W]},   # its empty modifiers and DUA left out
                       "opposing": [{"army": [S]}], "direction": "up"}},
            {"action": "melee", "target": "bob.campaign", "damage": {1: F(2, 3), 2: F(1, 2), 3: F(1, 9), 4: F(0)},
             "killed": {1: F(2, 3), 2: F(0)}, "losses.damage": {1: F(4, 27), 2: F(1, 27), 3: F(0)},
             "losses.killed": {1: F(1, 27), 2: F(1, 27), 3: F(0)}, "command": "exchange",
             "input": {"attack": "melee", "terrain": "coastland-city",
                       "attacker": {"army": [W]}, "defender": {"army": [S]}}}],
        "absent": [("missile", "bob.home"), ("magic", None)],
    },
    {   # A Visionary and a Seer at a Highland's magic face (p.11 magic action): total V + S with
        # V {0: 2/6, 2: 2/6, 3: 1/6, 4: 1/6}, S {0: 2/6, 1: 3/6, 2: 1/6}; mean 11/6 + 5/6 = 8/3, every result
        # fire or earth (Terrain Harmony). P(>= 2) = 1 - P(V = 0) P(S <= 1) = 1 - 10/36 = 13/18;
        # P(>= 3) = 2/6*4/6 + 1/6 + 1/6 = 5/9; P(>= 4) = 2/6*1/6 + 1/6*4/6 + 1/6 = 1/3; P(>= 5) = 1/6*1/6 +
        # 1/6*4/6 = 5/36; P(>= 6) = 1/36. Spells (p.44): fire, earth and Elemental ones, not other species'.
        "id": "magic-highland",
        "input": {"terrain": {"die": "highland-tower", "face": 3}, "army": {"army": [VISIONARY, SEER]}},
        "action": "magic",
        "expect": [
            {"action": "maneuver", "chance": F(1), "directions": ["up", "down"], "then": {"up": "missile", "down": "magic"}},
            {"action": "magic", "mean": F(8, 3), "elements": {"fire": F(8, 3), "earth": F(8, 3)},
             "spells": {"stone-skin": F(13, 18), "path": F(1, 3), "transmute-rock-to-mud": F(1, 36),
                        "ash-storm": F(13, 18), "fiery-weapon": F(1, 3), "dancing-lights": F(1, 36),
                        "resurrect-dead": F(5, 9), "esfahs-gift": F(5, 9), "summon-dragonkin": F(5, 9),
                        "rally": F(5, 36)}}],
        "absent": [("melee", None), ("missile", None)],
    },
    {   # The same army in its Reserve Area: no maneuver (p.11), magic only; its magic is Ivory, which pays
        # for Elemental spells only, and only R spells are cast from the Reserve Area (p.44): Resurrect
        # Dead and Esfah's Gift (3): 5/9, Rally (5): 5/36; Summon Dragonkin is not an R spell.
        "id": "magic-reserve",
        "input": {"reserve": True, "army": {"army": [VISIONARY, SEER]}},
        "action": "magic",
        "expect": [{"action": "magic", "mean": F(8, 3), "elements": {"ivory": F(8, 3)},
                    "spells": {"resurrect-dead": F(5, 9), "esfahs-gift": F(5, 9), "rally": F(5, 36)},
                    "command": "resolve", "input": {"roll": "magic", "army": [VISIONARY, SEER], "terrain": "reserve"}}],
        "absent": [("maneuver", None), ("melee", None), ("missile", None)],
    },
    {   # Missile from a Home Terrain (p.11): the opposing army here and the one at the frontier may be
        # targeted; not the one at another Home Terrain nor the one in a Reserve Area. Darter missile
        # {0: 3/6, 1: 2/6, 2: 1/6} less a soldier's save {0: 4/6, 1: 2/6}: damage 1 = 2/6*4/6 + 1/6*2/6 = 5/18,
        # 2 = 1/6*4/6 = 1/9; >= 1: 7/18, killed (1 health) 7/18; no counter-attack to a missile attack.
        # Maneuver: darter vs soldier 2/6 + 4/6*4/6 = 7/9; face 4 missile: up 5 missile, down 3 magic.
        "id": "missile-from-home",
        "input": {"terrain": {"die": "highland-tower", "face": 4, "home": True}, "army": {"army": [D]},
                  "opposing": [{"name": "bob.horde", "army": [S]}],
                  "elsewhere": [{"name": "bob.home", "at": "home", "terrain": "coastland", "army": [S]},
                                {"name": "bob.campaign", "at": "frontier", "terrain": "flatland", "army": [S]},
                                {"name": "bob.reserve", "at": "reserve", "army": [S]}]},
        "action": "missile",
        "expect": [
            {"action": "maneuver", "chance": F(7, 9), "then": {"up": "missile", "down": "magic"}},
            {"action": "missile", "target": "bob.horde", "damage": {1: F(7, 18), 2: F(1, 9), 3: F(0)},
             "killed": {1: F(7, 18), 2: F(0)}, "losses.damage": NOTHING, "losses.killed": NOTHING},
            {"action": "missile", "target": "bob.campaign", "damage": {1: F(7, 18), 2: F(1, 9)},
             "killed": {1: F(7, 18)}, "losses.damage": NOTHING, "losses.killed": NOTHING}],
        "absent": [("missile", "bob.home"), ("missile", "bob.reserve"), ("melee", None), ("magic", None)],
    },
    {   # The army holds the Tower (eighth face, p.15): any action; ID results doubled; its missiles reach
        # any army, one in a Reserve Area counting only non-ID results. Darter missile with ID doubled
        # {0: 3/6, 1: 1/6, 2: 2/6}: vs a soldier's save {0: 4/6, 1: 2/6}: >= 1 = 1/6*4/6 + 2/6 = 4/9,
        # >= 2 = 2/6*4/6 = 2/9. Into the Reserve Area, ID counts 0: {0: 4/6, 1: 1/6, 2: 1/6}: >= 1 = 1/6*4/6 +
        # 1/6 = 5/18, >= 2 = 1/6*4/6 = 1/9. Maneuver: only down (to 7, melee), unopposed: 1. Magic: the ID
        # face makes 2 (doubled), else 0: mean 1/3, fire or earth; Stone Skin and Ash Storm (2): 1/6.
        "id": "tower-held",
        "input": {"terrain": {"die": "highland-tower", "face": 8, "controller": "army", "home": True},
                  "army": {"army": [D]},
                  "elsewhere": [{"name": "bob.home", "at": "home", "terrain": "coastland", "army": [S]},
                                {"name": "bob.reserve", "at": "reserve", "army": [S]}]},
        "action": "any",
        "expect": [
            {"action": "maneuver", "chance": F(1), "directions": ["down"], "then": {"down": "melee"},
             "input": {"terrain": {"die": "highland-tower", "face": 8, "controller": "maneuvering"},
                       "maneuvering": {"army": [D]}, "opposing": [], "direction": "down"}},
            {"action": "missile", "target": "bob.home", "damage": {1: F(4, 9), 2: F(2, 9), 3: F(0)},
             "killed": {1: F(4, 9)}, "losses.damage": NOTHING},
            {"action": "missile", "target": "bob.reserve", "damage": {1: F(5, 18), 2: F(1, 9), 3: F(0)},
             "killed": {1: F(5, 18)}, "losses.killed": NOTHING},
            {"action": "magic", "mean": F(1, 3), "elements": {"fire": F(1, 3), "earth": F(1, 3)},
             "spells": {"stone-skin": F(1, 6), "ash-storm": F(1, 6)}}],
        "absent": [("melee", None)],
    },
    {   # The opposing army holds the eighth face (p.15): the army may only melee; the holder doubles its ID.
        # Maneuver: soldier counter {0: 4/6, 1: 1/6, 2: 1/6}; warrior wins on 2 or 3 (2/6) and on 0 when the
        # soldier rolls 0: 2/6 + 4/6*4/6 = 7/9; only down (to 7, melee). Melee: warrior {0: 2/6, 2: 3/6,
        # 3: 1/6} less the soldier's save {0: 4/6, 1: 1/6, 2: 1/6}: damage >= 1 = (3*5 + 1*6)/36 = 7/12,
        # >= 2 = (3*4 + 1*5)/36 = 17/36, >= 3 = 1/6*4/6 = 1/9. The soldier lives with damage 0:
        # 2/6 + 3/6*1/6 = 15/36; its counter melee with ID doubled {1: 2/6, 2: 2/6} less the warrior's save
        # {0: 4/6, 2: 2/6}: >= 1 = 4/6*4/6 = 4/9, >= 2 = 2/6*4/6 = 2/9; losses >= 1 = 15/36*4/9 = 5/27,
        # >= 2 = 15/36*2/9 = 5/54 = killed (2 health).
        "id": "eighth-face-opposing",
        "input": {"terrain": {"die": "highland-tower", "face": 8, "controller": "opposing[0]"}, "army": {"army": [W]},
                  "opposing": [{"army": [S]}],
                  "elsewhere": [{"at": "frontier", "terrain": "coastland", "army": [S]}]},
        "action": "melee",
        "expect": [
            {"action": "maneuver", "chance": F(7, 9), "directions": ["down"], "then": {"down": "melee"},
             "against": ["opposing[0]"]},
            {"action": "melee", "target": "opposing[0]", "damage": {1: F(7, 12), 2: F(17, 36), 3: F(1, 9), 4: F(0)},
             "killed": {1: F(7, 12), 2: F(0)}, "losses.damage": {1: F(5, 27), 2: F(5, 54), 3: F(0)},
             "losses.killed": {1: F(5, 54), 2: F(5, 54), 3: F(0)}}],
        "absent": [("missile", None), ("magic", None)],
    },
    {   # Two armies counter-maneuver (p.11; each on its own, calculator reading): the warrior must equal or
        # beat both: 2 or 3 beats any (2/6); 0 needs both at 0: 4/6 * 4/6 * 3/6 = 2/9; 2/6 + 2/9 = 5/9.
        # One melee option per army. Vs the runner (save {0: 4/6, 1: 2/6}, as the soldier's): damage
        # as the contract example; the runner counter-attacks only when the attack rolled 0 (1/3), melee
        # {1: 2/6} less the warrior's save {0: 4/6}: losses 1 = 1/3*2/6*4/6 = 2/27; the warrior never dies.
        "id": "two-counter-maneuvers",
        "input": {"terrain": {"die": "coastland-city", "face": 6}, "army": {"army": [W]},
                  "opposing": [{"name": "s", "army": [S]}, {"name": "r", "army": [R]}]},
        "action": "melee",
        "expect": [
            {"action": "maneuver", "chance": F(5, 9), "against": ["s", "r"]},
            {"action": "melee", "target": "s", "damage": {1: F(2, 3), 2: F(1, 2), 3: F(1, 9)}, "killed": {1: F(2, 3)},
             "losses.damage": {1: F(4, 27), 2: F(1, 27)}, "losses.killed": {1: F(1, 27)}},
            {"action": "melee", "target": "r", "damage": {1: F(2, 3), 2: F(1, 2), 3: F(1, 9)}, "killed": {1: F(2, 3)},
             "losses.damage": {1: F(2, 27), 2: F(0)}, "losses.killed": {1: F(0)}}],
        "absent": [("missile", None), ("magic", None)],
    },
    {   # Fields of Ice on the marching army's rolls (p.44): 4 maneuver results fewer (the warrior's at most
        # 3 become 0) and a tie goes to the counter-maneuvering army: 0 never beats the soldier: chance 0
        # (without the spell a tie at 0 would succeed, 4/6).
        "id": "fields-of-ice",
        "input": {"terrain": {"die": "coastland-city", "face": 6},
                  "army": {"army": [W], "modifiers": [{"spell": "fields-of-ice"}]}, "opposing": [{"army": [S]}]},
        "action": "melee",
        "expect": [{"action": "maneuver", "chance": F(0)}],
        "absent": [("magic", None)],
    },
    {   # A minor terrain showing magic adds a magic action (p.15) at a melee face. Seer vs soldier.
        # Maneuver: seer {0: 4/6, 1: 2/6} vs soldier {0: 4/6, 1: 2/6}: 2/6 + 4/6*4/6 = 7/9. Melee: seer melee
        # (ID only) {1: 1/6} less the soldier's save {0: 4/6}: damage >= 1 = 1/9 = killed. The soldier lives
        # 8/9 of the time; counter {1: 3/6, 2: 1/6} less the seer's save {0: 4/6, 1: 2/6}: >= 1 = 3/6*4/6 +
        # 1/6 = 1/2, >= 2 = 1/6*4/6 = 1/9; losses >= 1 = 8/9*1/2 = 4/9 = killed (1 health), >= 2 = 8/81.
        # Magic: seer {0: 2/6, 1: 3/6, 2: 1/6}, mean 5/6, air or water at a Coastland; Hailstorm (air 2) and
        # Watery Double (water 2): 1/6.
        "id": "minor-terrain-magic",
        "input": {"terrain": {"die": "coastland-city", "face": 6},
                  "army": {"army": [SEER], "minor_terrain": {"die": "coastland-bridge", "face": "magic"}},
                  "opposing": [{"army": [S]}]},
        "action": "melee",
        "expect": [
            {"action": "maneuver", "chance": F(7, 9)},
            {"action": "melee", "target": "opposing[0]", "damage": {1: F(1, 9), 2: F(0)}, "killed": {1: F(1, 9)},
             "losses.damage": {1: F(4, 9), 2: F(8, 81), 3: F(0)}, "losses.killed": {1: F(4, 9), 2: F(0)}},
            {"action": "magic", "mean": F(5, 6), "elements": {"air": F(5, 6), "water": F(5, 6)},
             "spells": {"hailstorm": F(1, 6), "watery-double": F(1, 6)}}],
        "absent": [("missile", None)],
    },
    {   # An army elsewhere saves at its own terrain: a Coral Elf fighter at a Swampland (water) counts
        # maneuver as saves (Coastal Dodge, p.21): save {0: 4/6, 1: 2/6 (ID, maneuver)}; at this Highland it
        # would be {1: 1/6}. Darter missile {1: 2/6, 2: 1/6}: damage >= 1 = 2/6*4/6 + 1/6 = 7/18,
        # >= 2 = 1/6*4/6 = 1/9 = P(>= 2); killed (1 health) 7/18. Swampland has no air: no Defensive Volley.
        "id": "missile-at-its-own-terrain",
        "input": {"terrain": {"die": "highland-tower", "face": 5}, "army": {"army": [D]},
                  "elsewhere": [{"name": "elves", "at": "frontier", "terrain": "swampland",
                                 "army": [{"die": "coral-elves/fighter"}]}]},
        "action": "missile",
        "expect": [
            {"action": "maneuver", "chance": F(1), "then": {"up": "melee", "down": "missile"}},
            {"action": "missile", "target": "elves", "damage": {1: F(7, 18), 2: F(1, 9), 3: F(0)},
             "killed": {1: F(7, 18), 2: F(0)}, "losses.damage": NOTHING, "losses.killed": NOTHING}],
        "absent": [("melee", None), ("magic", None)],
    },
    {   # Foul Stench (p.21): a Goblin army's melee target keeps out of the counter-attack as many units as
        # there are Goblins in the attacker's DUA (at most 3 per 24 points): here 1, the soldier's only unit,
        # so no loss, whether or not the attack had melee results (no save roll then). Thug (1 id, 1 save,
        # 1 melee, 1 melee, 1 maneuver, 2 melee) at a Coastland (no earth: no Swamp Mastery): melee
        # {0: 2/6, 1: 3/6, 2: 1/6} less the soldier's save {0: 4/6, 1: 2/6}: >= 1 = 3/6*4/6 + 1/6 = 1/2,
        # >= 2 = 1/6*4/6 = 1/9. Maneuver: thug {1: 2/6} vs soldier {1: 2/6}: 2/6 + 4/6*4/6 = 7/9.
        "id": "foul-stench",
        "input": {"terrain": {"die": "coastland-city", "face": 6},
                  "army": {"army": [{"die": "goblins/thug"}], "in_dua": {"goblins": 1}}, "opposing": [{"army": [S]}]},
        "action": "melee",
        "expect": [
            {"action": "maneuver", "chance": F(7, 9)},
            {"action": "melee", "target": "opposing[0]", "damage": {1: F(1, 2), 2: F(1, 9), 3: F(0)},
             "killed": {1: F(1, 2), 2: F(0)}, "losses.damage": NOTHING, "losses.killed": NOTHING}],
        "absent": [("missile", None), ("magic", None)],
    },
    {   # Without Goblins in the DUA the soldier, alive when the damage was 0 (1/2), counter-attacks:
        # {1: 3/6, 2: 1/6} less the thug's save {0: 4/6, 1: 2/6}: >= 1 = 3/6*4/6 + 1/6 = 1/2, >= 2 = 1/6*4/6
        # = 1/9; losses >= 1 = 1/2*1/2 = 1/4 = killed (1 health), >= 2 = 1/2*1/9 = 1/18.
        "id": "no-foul-stench",
        "input": {"terrain": {"die": "coastland-city", "face": 6},
                  "army": {"army": [{"die": "goblins/thug"}], "in_dua": {"goblins": 0}}, "opposing": [{"army": [S]}]},
        "action": "melee",
        "expect": [
            {"action": "melee", "target": "opposing[0]", "damage": {1: F(1, 2), 2: F(1, 9)},
             "losses.damage": {1: F(1, 4), 2: F(1, 18), 3: F(0)}, "losses.killed": {1: F(1, 4), 2: F(0)}}],
        "absent": [("missile", None), ("magic", None)],
    },
    {   # Species spells (p.11, p.44): only their species' results pay. A Dwarf thaumaturgist {0: 2/6,
        # 2: 2/6, 3: 2/6} (fire or earth) and an Amazon seer {0: 2/6, 1: 3/6, 2: 1/6} (the Highland's fire or
        # earth): total mean 5/3 + 5/6 = 5/2; P(>= 2) = 1 - 2/6*5/6 = 13/18; P(>= 3) = 2/6 + 2/6*4/6 = 5/9;
        # P(>= 4) = 2/6*4/6 + 2/6*1/6 = 5/18; P(>= 5) = 2/6*1/6 = 1/18. Firebolt (Dwarves, 3): the
        # thaumaturgist's 3 alone: 1/3. Esfah's Gift and Rally (Amazons, 3 and 5): the seer's 2 at most: 0.
        # Higher Ground (Dwarves, 5): 0.
        "id": "species-spells",
        "input": {"terrain": {"die": "highland-tower", "face": 1},
                  "army": {"army": [{"die": "dwarves/thaumaturgist"}, SEER]}},
        "action": "magic",
        "expect": [
            {"action": "maneuver", "chance": F(1), "directions": ["up"], "then": {"up": "magic"}},
            {"action": "magic", "mean": F(5, 2), "elements": {"fire": F(5, 2), "earth": F(5, 2)},
             "spells": {"stone-skin": F(13, 18), "path": F(5, 18), "ash-storm": F(13, 18), "firebolt": F(1, 3),
                        "fiery-weapon": F(5, 18), "resurrect-dead": F(5, 9), "summon-dragonkin": F(5, 9)}}],
        "absent": [("melee", None), ("missile", None)],
    },
]
