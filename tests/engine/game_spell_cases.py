"""Games worked by hand in which a spell cast deals damage or calls for a roll of its target (v4.01d
p.44 spell lists, p.29 damage, p.21 Amazon magic): the target's roll given in the cast entry, the
units it kills in the Dead Unit Area, the one that flees in its Reserve Area.

Dice (tests/engine/game_cases.py's, and): Lava Elf Warlock (health 2): ID, 2 melee, 2 magic, 2 magic,
2 maneuver, 4 magic; Lava Elves' magic is fire or death (their elements). Goblin Thug (health 1): ID,
1 save, 1 melee, 1 melee, 1 maneuver, 2 melee. The frontier, Coastland City (air, water), shows magic
at 1; alice's Highland Tower (fire, earth) at 1-3. An Amazon's magic is of the terrain's elements (p.21).
Spells (the spell lists, p.44): Hailstorm (air, 2): one opposing army takes 1 damage, the army saves.
Lightning Strike (air, 6): one opposing unit rolls to save, killed without a save result. Fearful
Flames (fire, 3, Lava Elves): one opposing unit takes 1 damage and saves; if it saved it rolls again
and flees to its Reserve Area without a save result. Finger of Death (death, 4): one opposing unit
takes 1 damage, no save.
"""
from __future__ import annotations

from typing import Any

from .game_cases import setup


def seers(n: int) -> dict[str, Any]:
    """alice's campaign army: n Amazon Seers at the frontier, shown at its magic face (1)."""
    return setup(alice={"armies": {"campaign": ["amazons/seer"] * n}}, faces={"frontier": 1})


WARLOCK = setup(alice={"armies": {"home": ["lava-elves/warlock"]}})


def magic(army: str, faces: list[str], cast: dict[str, Any]) -> dict[str, Any]:
    return {"move": "magic", "army": army, "faces": {army: faces}, "cast": [cast]}


SPELL_CASES: list[dict[str, Any]] = [
    {"id": "hailstorm-kills-the-owners-pick",
     # p.44 Hailstorm: the Seer's 2 magic are air at the Coastland City (p.21): 2 pay for it, cast at
     # bob's campaign army. Its save roll (p.29: the whole army saves): both Thugs show 1 melee, no
     # save: 1 damage stays; bob picks bob.campaign.2 (health 1 = the damage, p.29), put in his DUA.
     # A magic action ends the march: the second march is next (p.11).
     "setup": seers(1),
     "moves": [magic("alice.campaign", ["2 magic"],
                     {"spell": "hailstorm", "target": "bob.campaign",
                      "faces": {"bob.campaign": ["1 melee", "1 melee"]}, "casualties": {"bob.campaign": ["bob.campaign.2"]}})],
     "expect": {"players": {"bob": {"dua": ["bob.campaign.2"]}, "alice": {"dua": []}},
                "armies": {"bob.campaign": {"dice": ["bob.campaign.1"]}}, "turn": {"phase": "second-march"}}},
    {"id": "hailstorm-saved",
     # The same Hailstorm; one Thug shows 1 save: it cancels the 1 damage (p.29): nobody dies.
     "setup": seers(1),
     "moves": [magic("alice.campaign", ["2 magic"],
                     {"spell": "hailstorm", "target": "bob.campaign", "faces": {"bob.campaign": ["1 save", "1 melee"]}})],
     "expect": {"players": {"bob": {"dua": []}}, "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2"]}}}},
    {"id": "lightning-strike-kills",
     # p.44 Lightning Strike (air, 6): three Seers' 2 magic each = 6 air at the Coastland City. The
     # Thug bob.campaign.1 rolls alone (p.29) and shows 1 melee: no save result, it is killed: bob's DUA.
     "setup": seers(3),
     "moves": [magic("alice.campaign", ["2 magic"] * 3,
                     {"spell": "lightning-strike", "target": "bob.campaign.1", "faces": {"bob.campaign.1": "1 melee"}})],
     "expect": {"players": {"bob": {"dua": ["bob.campaign.1"]}}, "armies": {"bob.campaign": {"dice": ["bob.campaign.2"]}}}},
    {"id": "lightning-strike-saved",
     # The same strike; the Thug shows 1 save: it stays.
     "setup": seers(3),
     "moves": [magic("alice.campaign", ["2 magic"] * 3,
                     {"spell": "lightning-strike", "target": "bob.campaign.1", "faces": {"bob.campaign.1": "1 save"}})],
     "expect": {"players": {"bob": {"dua": []}}, "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2"]}}}},
    {"id": "fearful-flames-flees",
     # p.44 Fearful Flames (fire, 3, Lava Elves): the Warlock's 4 magic at alice's Highland Tower (at 2:
     # magic) are fire (Lava Elves: fire or death). Cast at bob's horde Thug (at alice's home): its first
     # save roll shows 1 save, which cancels the 1 damage: it lives and saved, so it rolls again; 1 melee:
     # no save, it flees to bob's Reserve Area (bob.reserve), and bob's horde is gone.
     "setup": WARLOCK,
     "moves": [magic("alice.home", ["4 magic"],
                     {"spell": "fearful-flames", "target": "bob.horde.1", "faces": {"bob.horde.1": ["1 save", "1 melee"]}})],
     "expect": {"players": {"bob": {"dua": [], "reserve": ["bob.horde.1"]}},
                "armies": {"bob.horde": None, "bob.reserve": {"dice": ["bob.horde.1"], "terrain": "reserve"}}}},
    {"id": "fearful-flames-stays",
     # The same; its second roll shows 1 save: it stays in bob's horde.
     "setup": WARLOCK,
     "moves": [magic("alice.home", ["4 magic"],
                     {"spell": "fearful-flames", "target": "bob.horde.1", "faces": {"bob.horde.1": ["1 save", "1 save"]}})],
     "expect": {"armies": {"bob.horde": {"dice": ["bob.horde.1"]}, "bob.reserve": None}}},
    {"id": "finger-of-death-no-roll",
     # p.44 Finger of Death (death, 4): the Warlock's 4 magic paid as death. 1 damage to bob's horde
     # Thug (health 1), no save possible: killed without a roll (no faces needed), bob's DUA.
     "setup": WARLOCK,
     "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home": ["4 magic"]},
                "cast": [{"spell": "finger-of-death", "target": "bob.horde.1"}]}],
     "expect": {"players": {"bob": {"dua": ["bob.horde.1"]}}, "armies": {"bob.horde": None}}},
    {"id": "hailstorm-waits-for-its-roll",
     # Hailstorm cast without the target's faces: paid for, but not resolved; nothing moves, and the game
     # names the roll it still needs (see test_game_spells.py).
     "setup": seers(1),
     "moves": [magic("alice.campaign", ["2 magic"], {"spell": "hailstorm", "target": "bob.campaign"})],
     "expect": {"players": {"bob": {"dua": []}}, "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2"]}},
                "turn": {"phase": "second-march"}}},
]

SPELL_REFUSED: list[dict[str, Any]] = [
    # Hailstorm at bob's campaign army: bob's horde does not roll for it.
    {"id": "face-of-a-die-not-rolling", "setup": seers(1),
     "moves": [magic("alice.campaign", ["2 magic"], {"spell": "hailstorm", "target": "bob.campaign",
                                                     "faces": {"bob.horde.1": "1 save"}})],
     "refused": "moves[0].cast[0].faces.bob.horde.1"},
    # p.29: 1 damage kills 1 health-worth, never more: both Thugs (2 health) are too many.
    {"id": "casualties-over-the-damage", "setup": seers(1),
     "moves": [magic("alice.campaign", ["2 magic"],
                     {"spell": "hailstorm", "target": "bob.campaign", "faces": {"bob.campaign": ["1 melee", "1 melee"]},
                      "casualties": {"bob.campaign": ["bob.campaign.1", "bob.campaign.2"]}})],
     "refused": "moves[0].cast[0].casualties.bob.campaign"},
    # p.44 Lightning Strike: the unit rolls to save once; a second face is refused, not ignored.
    {"id": "second-face-for-one-roll", "setup": seers(3),
     "moves": [magic("alice.campaign", ["2 magic"] * 3, {"spell": "lightning-strike", "target": "bob.campaign.1",
                                                         "faces": {"bob.campaign.1": ["1 melee", "1 save"]}})],
     "refused": "moves[0].cast[0].faces.bob.campaign.1"},
    # p.44: Stone Skin changes rolls; it calls for no roll of its target.
    {"id": "faces-for-a-spell-without-a-roll", "setup": setup(),
     "moves": [magic("alice.home", ["2 magic"], {"spell": "stone-skin", "target": "alice.home", "faces": {}})],
     "refused": "moves[0].cast[0].faces"},
]
