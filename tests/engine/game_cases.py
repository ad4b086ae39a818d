"""Games worked by hand from the v4.01d rulebook (p.8, p.11, p.15, p.17, p.21, p.44): a setup, 2-8
moves and what the state must be after them, or the move refused and the field it names.

Dice used (their faces from the dice data): Amazon Soldier: ID, 1 save, 1 melee, 1 melee,
1 maneuver, 2 melee. Amazon Runner: ID, 1 melee, 2 maneuver, 1 maneuver, 1 missile, 1 save. Amazon
Darter: ID, 1 save, 2 missile, 1 missile, 1 maneuver, 1 melee. Amazon Seer: ID, 1 save, 1 magic,
1 magic, 1 maneuver, 2 magic. Goblin Thug: ID, 1 save, 1 melee, 1 melee, 1 maneuver, 2 melee. All
of health 1. Terrains: Coastland City (frontier) faces 1 magic, 2-5 missile, 6-7 melee, 8 City;
Highland Tower (alice's home) 1-3 magic, 4-5 missile, 6-7 melee, 8 Tower; Flatland Tower (bob's
home) 1 magic, 2-4 missile, 5-7 melee, 8 Tower.
"""
from __future__ import annotations

import copy
from typing import Any


def setup(alice: dict[str, Any] | None = None, bob: dict[str, Any] | None = None, faces: dict[str, int] | None = None,
          size: int = 24, first: str = "alice") -> dict[str, Any]:
    """Two players; alice's Coastland City is the frontier (p.8). Armies replace the defaults by name."""
    a_armies = {"home": ["amazons/seer"], "horde": ["amazons/darter"], "campaign": ["amazons/soldier", "amazons/runner"]}
    b_armies = {"home": ["goblins/thug"], "horde": ["goblins/thug"], "campaign": ["goblins/thug", "goblins/thug"]}
    a_armies.update((alice or {}).get("armies", {}))
    b_armies.update((bob or {}).get("armies", {}))
    return {"size": size, "frontier": "alice", "first": first,
            "faces": {"alice": 2, "bob": 3, "frontier": 6, **(faces or {})},
            "players": [
                {"name": "alice", "terrains": {"home": "highland-tower", "frontier": "coastland-city"},
                 "armies": a_armies, "summoning_pool": (alice or {}).get("pool", ["red-drake", "deadland-village"])},
                {"name": "bob", "terrains": {"home": "flatland-tower", "frontier": "swampland-city"},
                 "armies": b_armies, "summoning_pool": (bob or {}).get("pool", ["black-drake"])}]}


END = {"move": "end-turn"}


def at7(*terrains: str) -> list[dict[str, Any]]:
    """A terrain starts at 1-6 (p.8): these cases turn it to 7 by hand first (an edit stands in no phase)."""
    return [{"move": "edit", "terrain": t, "face": 7, "reason": "test"} for t in terrains]

CASES: list[dict[str, Any]] = [
    {"id": "march-maneuver-melee-counter",
     # p.11 Maneuver: 1 (Soldier) + 2 (Runner) maneuvers against the Thugs' 1 + ID 1 = 2: 3 >= 2, the
     # frontier turns up 6 -> 7 (melee, p.11 Action). Melee: 2 + 1 melee against 1 save + 1 save =
     # 1 damage: bob picks bob.campaign.1 for his DUA. Counter-attack by the other Thug: 2 melee
     # against the Soldier's 1 melee face (no save) and the Runner's 1 save = 1 damage: alice picks the
     # Runner. The march is over: the second march is next (p.11).
     "setup": setup(),
     "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up",
                "faces": {"alice.campaign.1": "1 maneuver", "alice.campaign.2": "2 maneuver",
                          "bob.campaign.1": "1 maneuver", "bob.campaign.2": "id"}},
               {"move": "melee", "army": "alice.campaign", "target": "bob.campaign",
                "faces": {"alice.campaign.1": {"attack": "2 melee", "counter_save": "1 melee"},
                          "alice.campaign.2": {"attack": "1 melee", "counter_save": "1 save"},
                          "bob.campaign.1": {"save": "1 save", "counter": "2 melee"},
                          "bob.campaign.2": {"save": "1 save", "counter": "2 melee"}},
                "casualties": {"attack": ["bob.campaign.1"], "counter": ["alice.campaign.2"]}}],
     "expect": {"terrains": {"frontier": {"face": 7, "controller": None}},
                "players": {"bob": {"dua": ["bob.campaign.1"]}, "alice": {"dua": ["alice.campaign.2"]}},
                "armies": {"alice.campaign": {"dice": ["alice.campaign.1"], "terrain": "frontier"},
                           "bob.campaign": {"dice": ["bob.campaign.2"]}},
                "turn": {"player": "alice", "phase": "second-march", "number": 1}}},
    {"id": "missile-at-another-terrain",
     # p.11 Missile: alice's horde stands at bob's home (Flatland Tower at 3: missile). Its target,
     # bob's campaign army, is at the frontier, not at a Home Terrain, so it may be targeted. 2 missile
     # against 1 save (the other Thug shows melee: no save) = 1 damage: bob picks bob.campaign.2.
     "setup": setup(),
     "moves": [{"move": "missile", "army": "alice.horde", "target": "bob.campaign",
                "faces": {"alice.horde.1": "2 missile", "bob.campaign.1": "1 save", "bob.campaign.2": "1 melee"},
                "casualties": {"attack": ["bob.campaign.2"]}}],
     "expect": {"players": {"bob": {"dua": ["bob.campaign.2"]}}, "armies": {"bob.campaign": {"dice": ["bob.campaign.1"]}},
                "turn": {"phase": "second-march"}}},
    {"id": "missile-from-the-frontier-at-a-horde",
     # p.11 Missile: the frontier at 3 shows missile; alice's campaign army is not at a Home Terrain,
     # so it may shoot bob's horde at alice's home: the Runner's 1 missile + the Soldier's ID (1) = 2
     # against the Thug's melee face (no save): 2 damage, bob's horde is gone.
     "setup": setup(faces={"frontier": 3}),
     "moves": [{"move": "missile", "army": "alice.campaign", "target": "bob.horde",
                "faces": {"alice.campaign.1": "id", "alice.campaign.2": "1 missile", "bob.horde.1": "1 melee"}}],
     "expect": {"players": {"bob": {"dua": ["bob.horde.1"]}}, "armies": {"bob.horde": None},
                "turn": {"phase": "second-march", "number": 1}}},
    {"id": "each-army-reads-its-own-terrain",
     # p.21 Coastal Dodge: at a terrain containing water, Coral Elf units may count maneuver results as
     # saves. alice's horde shoots from bob's Flatland Tower (air, earth) at bob's two Coral Elf Fighters
     # at the frontier (Coastland City: air, water): the Darter's 2 missile against their 1 + 1
     # maneuver = 2 saves, read at the frontier where they stand: no damage. (Read at the shooter's
     # terrain, without water, both would die.) Their Defensive Volley (air, p.21) shows melee faces:
     # no missile, no damage.
     "setup": setup(bob={"armies": {"campaign": ["coral-elves/fighter"] * 2}}),
     "moves": [{"move": "missile", "army": "alice.horde", "target": "bob.campaign",
                "faces": {"alice.horde.1": {"attack": "2 missile", "counter_save": "1 save"},
                          "bob.campaign": [{"save": "1 maneuver", "counter": "1 melee"}] * 2}}],
     "expect": {"players": {"bob": {"dua": []}, "alice": {"dua": []}},
                "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2"]}}}},
    {"id": "spell-changes-a-roll-then-ends",
     # p.44: Stone Skin (earth, 2) cast by the Seer at alice's Highland Tower at 2 (magic; an Amazon's
     # magic takes the terrain's elements, fire and earth, p.21): alice.home gains 1 save until the
     # beginning of alice's next turn (turn 3). Turn 2: bob's campaign (frontier at 3: missile) shoots
     # alice.home with two IDs = 2 missile; the Seer's 1 save + Stone Skin's 1 = 2: no damage. Turn 3
     # begins: Stone Skin expires (p.11 Expire Effects). Turn 4: the same shot, 2 - 1 = 1: the Seer dies.
     "setup": setup(faces={"frontier": 3}),
     "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home.1": "2 magic"},
                "cast": [{"spell": "stone-skin", "target": "alice.home"}]},
               END,
               {"move": "missile", "army": "bob.campaign", "target": "alice.home",
                "faces": {"bob.campaign.1": "id", "bob.campaign.2": "id", "alice.home.1": "1 save"}},
               END, END,
               {"move": "missile", "army": "bob.campaign", "target": "alice.home",
                "faces": {"bob.campaign.1": "id", "bob.campaign.2": "id", "alice.home.1": "1 save"}}],
     "prefixes": [(1, {"effects": [{"spell": "stone-skin", "caster": "alice", "target": "alice.home", "expires": 3}],
                       "turn": {"phase": "second-march", "number": 1}}),
                  (3, {"players": {"alice": {"dua": []}}, "armies": {"alice.home": {"dice": ["alice.home.1"]}},
                       "effects": [{"spell": "stone-skin", "caster": "alice", "target": "alice.home", "expires": 3}]}),
                  (4, {"effects": [], "turn": {"player": "alice", "number": 3, "phase": "eighth-face"}})],
     "expect": {"players": {"alice": {"dua": ["alice.home.1"]}}, "armies": {"alice.home": None}, "effects": [],
                "turn": {"player": "bob", "number": 4}}},
    {"id": "eighth-face-doubles-ids",
     # p.15: unopposed (nothing rolled, p.11) the frontier turns 7 -> 8: alice.campaign captures it and
     # may take any action. Its IDs are doubled: two IDs = 2 + 2 = 4 melee against 1 + 1 save = 2
     # damage: both Thugs die (without the doubling: 2 - 2 = 0).
     "setup": setup(),
     "moves": [*at7("frontier"), {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []},
               {"move": "melee", "army": "alice.campaign", "target": "bob.campaign",
                "faces": {"alice.campaign.1": "id", "alice.campaign.2": "id",
                          "bob.campaign.1": "1 save", "bob.campaign.2": "1 save"}}],
     "prefixes": [(2, {"terrains": {"frontier": {"face": 8, "controller": "alice.campaign"}},
                       "open": [{"move": "magic", "army": "alice.campaign"},
                                {"move": "missile", "army": "alice.campaign", "target": "bob.campaign"}]})],
     "expect": {"terrains": {"frontier": {"face": 8, "controller": "alice.campaign"}},
                "players": {"bob": {"dua": ["bob.campaign.1", "bob.campaign.2"]}}, "armies": {"bob.campaign": None},
                "winner": None}},
    {"id": "two-eighth-faces-win",
     # p.11: "If you capture your 2nd terrain during this step, you win". alice.home turns its Tower
     # 7 -> 8 (first march, bob's horde there does not oppose), then alice.campaign the frontier 7 -> 8
     # (second march): alice holds two eighth faces and wins at once; nothing more may be played.
     "setup": setup(),
     "moves": [*at7("alice", "frontier"), {"move": "maneuver", "army": "alice.home", "direction": "up", "opposed_by": []},
               {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}],
     "expect": {"terrains": {"alice": {"face": 8, "controller": "alice.home"},
                             "frontier": {"face": 8, "controller": "alice.campaign"}},
                "winner": "alice", "open_exact": [], "turn": {"phase": "second-march"}}},
    {"id": "last-units-killed-win",
     # p.11, p.3: bob's only units are two Thugs at the frontier. 2 + 1 melee against no save (both
     # show melee) = 3 damage: both die (health 1 each); bob has no unit in any army and alice wins.
     "setup": setup(bob={"armies": {"home": [], "horde": []}}),
     "moves": [{"move": "melee", "army": "alice.campaign", "target": "bob.campaign",
                "faces": {"alice.campaign.1": "2 melee", "alice.campaign.2": "1 melee",
                          "bob.campaign.1": "1 melee", "bob.campaign.2": "2 melee"}}],
     "expect": {"winner": "alice", "open_exact": [], "armies": {"bob.campaign": None}}},
    {"id": "foul-stench-cap-36-points",
     # p.21: Foul Stench keeps out of the counter-attack as many defending units as there are Goblins
     # in the attacker's DUA, max 3 per 24 points of force size or part: at 36 points, 3 x 2 = 6.
     # bob (first) puts 7 Thugs in his DUA by hand. His 3 Thugs at the frontier (7: melee) attack:
     # 3 melee, alice's 10 Soldiers show melee (no save): 3 die (alice's pick). 7 Soldiers are left;
     # 6 sit out; one counter-attacks: 2 melee against 3 saves: no damage. (With a cap of 3: 4 roll,
     # 8 - 3 = 5 damage would kill all three Thugs.)
     "setup": setup(size=36, first="bob",
                    alice={"armies": {"campaign": ["amazons/soldier"] * 10}},
                    bob={"armies": {"home": ["goblins/thug"] * 7, "campaign": ["goblins/thug"] * 3}}),
     "moves": [*at7("frontier"), {"move": "edit", "dice": [f"bob.home.{n}" for n in range(1, 8)], "to": "bob.dua", "reason": "test"},
               {"move": "melee", "army": "bob.campaign", "target": "alice.campaign",
                "faces": {"bob.campaign": [{"attack": "1 melee", "counter_save": "1 save"}] * 3,
                          "alice.campaign": [{"save": "1 melee", "counter": "2 melee"}] * 10},
                "casualties": {"attack": ["alice.campaign.1", "alice.campaign.2", "alice.campaign.3"]}}],
     "expect": {"players": {"bob": {"dua": [f"bob.home.{n}" for n in range(1, 8)]},
                            "alice": {"dua": ["alice.campaign.1", "alice.campaign.2", "alice.campaign.3"]}},
                "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2", "bob.campaign.3"]}}}},
    {"id": "deadlands-counts-in-the-dua",
     # p.15: a Deadlands bob holds counts as ceil(24 / 24) = 1 unit of every species in his DUA, so
     # Foul Stench (p.21) keeps 1 of alice's 2 Soldiers out of the counter-attack (his DUA is empty).
     # bob brings the Deadland Village into play at the frontier (any terrain) instead of maneuvering,
     # showing melee. Attack: 1 melee against 2 saves: no damage. Counter-attack: one Soldier, 2 melee
     # against 1 save = 1 damage: bob picks bob.campaign.1. (Both Soldiers: 4 - 1 = 3, all Thugs die.)
     "setup": setup(first="bob", alice={"armies": {"campaign": ["amazons/soldier"] * 2}},
                    bob={"armies": {"campaign": ["goblins/thug"] * 3},
                                                            "pool": ["deadland-village"]}),
     "moves": [*at7("frontier"), {"move": "minor", "army": "bob.campaign", "die": "bob.pool.1", "face": "melee"},
               {"move": "melee", "army": "bob.campaign", "target": "alice.campaign",
                "faces": {"bob.campaign": [{"attack": "1 melee", "counter_save": "1 save"},
                                           {"attack": "1 save", "counter_save": "1 melee"},
                                           {"attack": "1 save", "counter_save": "1 melee"}],
                          "alice.campaign.1": {"save": "1 save", "counter": "2 melee"},
                          "alice.campaign.2": {"save": "1 save", "counter": "2 melee"}},
                "casualties": {"counter": ["bob.campaign.1"]}}],
     "expect": {"players": {"bob": {"dua": ["bob.campaign.1"], "pool": []}},
                "armies": {"bob.campaign": {"dice": ["bob.campaign.2", "bob.campaign.3"]}}}},
    {"id": "dragon-summoned-and-attacks",
     # p.17: alice summons her Red Drake to the frontier (an effect the engine only lists). Turn 2:
     # bob has an army there, so the dragon attacks it first (p.11 Dragon Attack Phase): Claws = 6
     # damage; the Thugs' response shows 1 save each: 6 - 2 = 4, both Thugs die; no melee hits the
     # dragon, which stays.
     "setup": setup(),
     "moves": [{"move": "summon", "dragon": "alice.pool.1", "to": "frontier", "reason": "test"},
               END,
               {"move": "dragon-attack", "terrain": "frontier",
                "faces": {"alice.pool.1": "claws", "bob.campaign.1": "1 save", "bob.campaign.2": "1 save"}}],
     "prefixes": [(2, {"turn": {"player": "bob", "number": 2, "phase": "eighth-face"},
                       "open_exact": [{"move": "dragon-attack", "terrain": "frontier"}, {"move": "edit"}]})],
     "expect": {"terrains": {"frontier": {"dragons": ["alice.pool.1"]}},
                "players": {"bob": {"dua": ["bob.campaign.1", "bob.campaign.2"]}, "alice": {"pool": ["alice.pool.2"]}},
                "armies": {"bob.campaign": None}, "turn": {"phase": "dragon-attack", "player": "bob"}}},
    {"id": "dragon-wing-flies-away",
     # p.17: the Red Drake rolls Wing: 5 damage; bob's four Thugs respond with 1 save each: 5 - 4 = 1,
     # bob picks bob.campaign.3 for his DUA. A dragon that rolled Wing and survived flies back to its
     # owner's Summoning Pool: the frontier holds no dragon, alice's pool has it again.
     "setup": setup(bob={"armies": {"campaign": ["goblins/thug"] * 4}}),
     "moves": [{"move": "summon", "dragon": "alice.pool.1", "to": "frontier", "reason": "test"},
               END,
               {"move": "dragon-attack", "terrain": "frontier",
                "faces": {"alice.pool.1": "wing", "bob.campaign": ["1 save"] * 4},
                "casualties": {"dragon": ["bob.campaign.3"]}}],
     "expect": {"terrains": {"frontier": {"dragons": []}},
                "players": {"bob": {"dua": ["bob.campaign.3"]}, "alice": {"pool": ["alice.pool.1", "alice.pool.2"]}},
                "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2", "bob.campaign.4"]}},
                "open": [{"move": "maneuver", "army": "bob.campaign"}]}},
    {"id": "summon-dragon-spell",
     # p.44 Summon Dragon (Elemental, 7): four Seers at alice's Highland Tower (2: magic) show 2 magic
     # each = 8 results of fire or earth (an Amazon's magic takes the terrain's elements, p.21). The Red
     # Drake contains fire: alice pays 7 in fire and brings it from her pool to the frontier, where
     # bob's campaign army stands; his turn 2 owes its attack (p.11, p.17).
     "setup": setup(alice={"armies": {"home": ["amazons/seer"] * 4}}),
     "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home": ["2 magic"] * 4},
                "cast": [{"spell": "summon-dragon", "target": "frontier", "dragon": "alice.pool.1"}]},
               END],
     "expect": {"terrains": {"frontier": {"dragons": ["alice.pool.1"]}}, "players": {"alice": {"pool": ["alice.pool.2"]}},
                "turn": {"player": "bob", "number": 2},
                "open_exact": [{"move": "dragon-attack", "terrain": "frontier"}, {"move": "edit"}]}},
    {"id": "reserves-retreat-then-reinforce",
     # p.11 Reserves Phase: the Runner retreats to alice's Reserve Area (turn 1); on turn 3 it
     # reinforces bob's home terrain, joining alice's horde there.
     "setup": setup(),
     "moves": [{"move": "reserves", "step": "retreat", "dice": ["alice.campaign.2"]},
               END, END,
               {"move": "reserves", "step": "reinforce", "dice": ["alice.campaign.2"], "to": "bob"}],
     "prefixes": [(1, {"players": {"alice": {"reserve": ["alice.campaign.2"]}},
                       "armies": {"alice.reserve": {"dice": ["alice.campaign.2"], "terrain": "reserve"}},
                       "turn": {"phase": "reserves"}})],
     "expect": {"players": {"alice": {"reserve": []}}, "armies": {"alice.reserve": None,
                "alice.horde": {"dice": ["alice.horde.1", "alice.campaign.2"], "terrain": "bob"}},
                "turn": {"phase": "reserves", "number": 3}}},
    {"id": "tower-shoots-a-reserve-army",
      # p.15 Tower: its controlling army may missile any opposing army, a Reserve Army too, counting only
     # its non-ID missile results. Turn 2: a Thug retreats to bob's Reserve Area. Turn 3: alice's home
     # army (two Darters) turns her Tower 7 -> 8 and shoots bob.reserve: "2 missile" and an ID, which
     # would be 2 (doubled at the eighth face) but does not count: 2 missile against the Thug's melee
     # face (no save) = 2 damage, the Thug dies. Its IDs alone (both Darters "id") would do nothing.
     "setup": setup(alice={"armies": {"home": ["amazons/darter"] * 2}}),
     "moves": [*at7("alice"), END,
               {"move": "reserves", "step": "retreat", "dice": ["bob.campaign.1"]},
               END,
               {"move": "maneuver", "army": "alice.home", "direction": "up", "opposed_by": []},
               {"move": "missile", "army": "alice.home", "target": "bob.reserve",
                "faces": {"alice.home.1": "2 missile", "alice.home.2": "id", "bob.reserve": ["1 melee"]}}],
     "expect": {"players": {"bob": {"dua": ["bob.campaign.1"], "reserve": []}}, "armies": {"bob.reserve": None},
                "terrains": {"alice": {"face": 8, "controller": "alice.home"}}}},
    {"id": "tower-ids-do-not-count-at-a-reserve-army",
     # p.15 Tower: the same shot with both Darters showing ID: no non-ID missile result, no damage; the
     # Thug stays in bob's Reserve Area.
     "setup": setup(alice={"armies": {"home": ["amazons/darter"] * 2}}),
     "moves": [*at7("alice"), END,
               {"move": "reserves", "step": "retreat", "dice": ["bob.campaign.1"]},
               END,
               {"move": "maneuver", "army": "alice.home", "direction": "up", "opposed_by": []},
               {"move": "missile", "army": "alice.home", "target": "bob.reserve",
                "faces": {"alice.home": ["id", "id"], "bob.reserve": ["1 melee"]}}],
     "expect": {"players": {"bob": {"dua": [], "reserve": ["bob.campaign.1"]}},
                "armies": {"bob.reserve": {"dice": ["bob.campaign.1"], "terrain": "reserve"}}}},
    {"id": "terrain-spell-changes-every-roll-there",
     # p.44: Ash Storm (fire, 2; the Seer's magic is fire or earth at the Highland Tower, p.21) makes
     # every army roll at the frontier lose 1 result until alice's next turn (3). Turn 2: bob's Thugs
     # attack there: 1 + 1 melee - 1 = 1; alice's Soldier and Runner both show melee in the save roll:
     # 0 saves (no fewer than none). 1 damage: alice picks her Soldier. (Without it: 2 damage, both die.)
     # The Runner's counter-attack shows a save face: no melee.
     "setup": setup(),
     "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home.1": "2 magic"},
                "cast": [{"spell": "ash-storm", "target": "frontier"}]},
               END,
               {"move": "melee", "army": "bob.campaign", "target": "alice.campaign",
                "faces": {"bob.campaign": [{"attack": "1 melee", "counter_save": "1 save"}] * 2,
                          "alice.campaign": [{"save": "1 melee", "counter": "1 save"},
                                             {"save": "1 melee", "counter": "1 save"}]},
                "casualties": {"attack": ["alice.campaign.1"]}}],
     "expect": {"players": {"alice": {"dua": ["alice.campaign.1"]}, "bob": {"dua": []}},
                "armies": {"alice.campaign": {"dice": ["alice.campaign.2"]}},
                "effects": [{"spell": "ash-storm", "caster": "alice", "target": "frontier", "expires": 3}]}},
    {"id": "minor-terrain-disaster-buried-as-the-next-march-begins",
     # p.15: alice brings her Deadland Village into play at the frontier (a Deadlands may enter at any
     # terrain) instead of maneuvering; it shows Revolt, a disaster: it is buried at the beginning of
     # the army's next march (turn 3), here a maneuver unopposed.
     "setup": setup(),
     "moves": [{"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "revolt"},
               END, END,
               {"move": "maneuver", "army": "alice.campaign", "direction": "down", "opposed_by": []}],
     "prefixes": [(1, {"players": {"alice": {"pool": ["alice.pool.1"], "bua": []}},
                       "turn": {"phase": "first-march"}})],
     "expect": {"players": {"alice": {"pool": ["alice.pool.1"], "bua": ["alice.pool.2"]}},
                "terrains": {"frontier": {"face": 5}}}},
    {"id": "minor-terrain-buried-by-choice",
     # p.15: "When an army controlling a minor terrain takes a march, they may choose to bury it instead
     # of taking the maneuver step": turn 3, alice buries her Village (showing magic); the march goes
     # on to its action step, and no second maneuver step follows (p.11).
     "setup": setup(),
     "moves": [{"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "magic"},
               END, END,
               {"move": "minor", "army": "alice.campaign", "bury": True}],
     "expect": {"players": {"alice": {"bua": ["alice.pool.2"], "pool": ["alice.pool.1"]}},
                "turn": {"phase": "first-march", "number": 3}}},
    {"id": "capture-buries-the-minor-terrain",
     # p.15: "If an army controlling a minor terrain captures the terrain's Eighth Face, then the minor
     # terrain is buried." The Village shows double saves (no disaster). Turn 3: to maneuver, alice rolls
     # the Village again first (p.15: keeping its face forfeits the maneuver step), double saves again;
     # then the frontier 7 -> 8.
     "setup": setup(),
     "moves": [*at7("frontier"), {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "double-saves"},
               END, END,
               {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "double-saves"},
               {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}],
     "prefixes": [(4, {"players": {"alice": {"bua": []}}}), (5, {"players": {"alice": {"bua": []}}})],
     "expect": {"players": {"alice": {"bua": ["alice.pool.2"]}},
                "terrains": {"frontier": {"face": 8, "controller": "alice.campaign"}}}},
    {"id": "holder-counter-maneuvers-with-doubled-ids",
     # p.15: bob's campaign takes the frontier 7 -> 8 (turn 2). Turn 3: alice maneuvers it down; her two
     # IDs = 2 maneuvers; bob's two IDs count double for the army holding the eighth face: 4 > 2, the
     # maneuver fails (p.11) and bob keeps it. Turn 5: unopposed, alice turns it 8 -> 7; nobody holds it.
     "setup": setup(),
     "moves": [*at7("frontier"), END, {"move": "maneuver", "army": "bob.campaign", "direction": "up", "opposed_by": []},
               END,
               {"move": "maneuver", "army": "alice.campaign", "direction": "down",
                "faces": {"alice.campaign": ["id", "id"], "bob.campaign": ["id", "id"]}},
               END, END,
               {"move": "maneuver", "army": "alice.campaign", "direction": "down", "opposed_by": []}],
     "prefixes": [(5, {"terrains": {"frontier": {"face": 8, "controller": "bob.campaign"}},
                       "turn": {"player": "alice", "number": 3, "phase": "first-march"}})],
     "expect": {"terrains": {"frontier": {"face": 7, "controller": None}}, "turn": {"number": 5}}},
    {"id": "spell-ends-when-its-army-is-gone",
     # p.44: a spell on an army ends when the army no longer exists. Stone Skin on alice.home, then
     # alice's only unit there retreats (p.11 Retreat Step): the army is gone, and so is the spell.
     "setup": setup(),
     "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home.1": "2 magic"},
                "cast": [{"spell": "stone-skin", "target": "alice.home"}]},
               {"move": "reserves", "step": "retreat", "dice": ["alice.home.1"]}],
     "expect": {"effects": [], "armies": {"alice.home": None, "alice.reserve": {"dice": ["alice.home.1"]}}}},
    {"id": "out-maneuvered-from-the-eighth-face",
     # p.15: a terrain at its eighth face goes back to 7 when its army is out-maneuvered. alice takes the
     # frontier 7 -> 8 (turn 1). Turn 2: bob maneuvers down; his Thugs' 1 + 1 against alice's opposing
     # 1 (the Soldier; the Runner shows melee): 2 >= 1, the face goes 8 -> 7 and nobody controls it.
     "setup": setup(),
     "moves": [*at7("frontier"), {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []},
               END,
               {"move": "maneuver", "army": "bob.campaign", "direction": "down",
                "faces": {"bob.campaign.1": "1 maneuver", "bob.campaign.2": "1 maneuver",
                          "alice.campaign.1": "1 maneuver", "alice.campaign.2": "1 melee"}}],
     "expect": {"terrains": {"frontier": {"face": 7, "controller": None}}, "turn": {"player": "bob", "number": 2}}},
]

REFUSED: list[dict[str, Any]] = [
    # p.15: "The minor terrain's elements must match at least one element of the terrain where the army
    # is located." alice's home army is at her Highland Tower (fire, earth; p.3); a Coastland Bridge is
    # air and water: no element shared.
    {"id": "minor-terrain-sharing-no-element", "setup": setup(alice={"pool": ["red-drake", "coastland-bridge"]}),
     "moves": [{"move": "minor", "army": "alice.home", "die": "alice.pool.2", "face": 1}],
     "refused": "moves[0].die", "says": "Coastland Bridge shares no element with Highland Tower"},
    # p.15: "An army that has captured an Eighth Face may not bring a minor terrain into play." alice's
    # campaign turns the frontier 7 -> 8 unopposed (turn 1); on turn 3 it may not bring in the Deadland
    # Village, which otherwise comes into play at any terrain.
    {"id": "minor-terrain-after-capturing-the-eighth-face", "setup": setup(),
     "moves": [*at7("frontier"), {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []},
               END, END, {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": 1}],
     "refused": "moves[4].die", "says": "holds the eighth face"},
    # p.15: on a later turn an army keeping its minor terrain's face forfeits the maneuver step; to
    # maneuver it rolls the minor terrain first.
    {"id": "maneuver-keeping-the-minor-face", "setup": setup(),
     "moves": [*at7("frontier"), {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "double-saves"},
               END, END, {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}],
     "refused": "moves[4].move"},
    # p.15: the minor terrain is rolled again once, as the march starts.
    {"id": "minor-rolled-twice", "setup": setup(),
     "moves": [*at7("frontier"), {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "double-saves"},
               END, END, {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "double-saves"},
               {"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "double-saves"}],
     "refused": "moves[5].die"},
    # p.11: a player marches only their own armies.
    {"id": "not-your-army", "setup": setup(), "moves": [{"move": "maneuver", "army": "bob.campaign", "direction": "up"}],
     "refused": "moves[0].army"},
    # p.11 Melee: only an opposing army at the same terrain.
    {"id": "melee-elsewhere", "setup": setup(), "moves": [{"move": "melee", "army": "alice.campaign", "target": "bob.home"}],
     "refused": "moves[0].target"},
    # p.11 Action: the frontier at 3 shows missile: no melee there.
    {"id": "action-the-face-lacks", "setup": setup(faces={"frontier": 3}),
     "moves": [{"move": "melee", "army": "alice.campaign", "target": "bob.campaign"}], "refused": "moves[0].move"},
    # p.11: one maneuver step per march.
    {"id": "second-maneuver", "setup": setup(),
     "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []},
               {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}],
     "refused": "moves[1].move"},
    # p.11: the second march takes an army that has not marched.
    {"id": "marched-twice", "setup": setup(),
     "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "down", "opposed_by": []},
               {"move": "end-phase"},
               {"move": "maneuver", "army": "alice.campaign", "direction": "down", "opposed_by": []}],
     "refused": "moves[2].army"},
    # p.11: the phases go in order: after the Reserves Phase has begun, no march.
    {"id": "phase-over", "setup": setup(),
     "moves": [{"move": "reserves", "step": "retreat", "dice": ["alice.home.1"]},
               {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}],
     "refused": "moves[1].move"},
    # p.11: Reinforce Step before Retreat Step.
    {"id": "reinforce-after-retreat", "setup": setup(),
     "moves": [{"move": "reserves", "step": "retreat", "dice": ["alice.campaign.2"]},
               {"move": "reserves", "step": "reinforce", "dice": ["alice.campaign.2"], "to": "frontier"}],
     "refused": "moves[1].step"},
    # p.15, p.11: burying the minor terrain takes the place of the maneuver step: no maneuver after it.
    {"id": "maneuver-after-burying", "setup": setup(),
     "moves": [{"move": "minor", "army": "alice.campaign", "die": "alice.pool.2", "face": "magic"}, END, END,
               {"move": "minor", "army": "alice.campaign", "bury": True},
               {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}],
     "refused": "moves[4].move"},
    # p.11 Missile: not from a Home Terrain at an army at another Home Terrain.
    {"id": "missile-home-to-home", "setup": setup(),
     "moves": [{"move": "missile", "army": "alice.horde", "target": "bob.horde"}], "refused": "moves[0].target"},
    # p.11 Missile: not at an army in a Reserve Area (no Tower held).
    {"id": "missile-at-reserve", "setup": setup(faces={"frontier": 3}, first="bob"),
     "moves": [END, {"move": "reserves", "step": "retreat", "dice": ["alice.home.1"]}, END,
               {"move": "missile", "army": "bob.campaign", "target": "alice.reserve"}], "refused": "moves[3].target"},
    # p.44: the magic rolled (1) does not pay for Stone Skin (2).
    {"id": "magic-does-not-pay", "setup": setup(),
     "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home.1": "1 magic"},
                "cast": [{"spell": "stone-skin", "target": "alice.home"}]}], "refused": "moves[0].cast"},
    # p.44: Hailstorm may not be cast from the Reserve Area.
    {"id": "spell-not-from-reserve", "setup": setup(),
     "moves": [{"move": "reserves", "step": "retreat", "dice": ["alice.home.1"]}, END, END,
               {"move": "magic", "army": "alice.reserve", "faces": {"alice.home.1": "2 magic"},
                "cast": [{"spell": "hailstorm", "target": "bob.campaign"}]}], "refused": "moves[3].cast"},
    # p.11: an army in the Reserve Area takes no maneuver step.
    {"id": "reserve-army-maneuvers", "setup": setup(),
     "moves": [{"move": "reserves", "step": "retreat", "dice": ["alice.home.1"]}, END, END,
               {"move": "maneuver", "army": "alice.reserve", "direction": "up"}], "refused": "moves[3].army"},
    # p.11, p.17: a dragon attack owed comes before anything else.
    {"id": "dragon-attack-owed", "setup": setup(),
     "moves": [{"move": "summon", "dragon": "alice.pool.1", "to": "frontier"}, END,
               {"move": "maneuver", "army": "bob.campaign", "direction": "up", "opposed_by": []}],
     "refused": "moves[2].move"},
    # p.11: once a player has won, the game is over.
    {"id": "move-after-win", "setup": setup(),
     "moves": [*at7("alice", "frontier"), {"move": "maneuver", "army": "alice.home", "direction": "up", "opposed_by": []},
               {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}, END],
     "refused": "moves[4].move"},
    # An unknown die, and a face the die does not have.
    {"id": "unknown-die", "setup": setup(),
     "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up", "faces": {"alice.campaign.9": "id"}}],
     "refused": "moves[0].faces.alice.campaign.9"},
    {"id": "face-it-lacks", "setup": setup(),
     "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up",
                "faces": {"alice.campaign.1": "3 missile"}}],
     "refused": "moves[0].faces.alice.campaign.1"},
    # p.17, p.44: Summon Dragon paid with the Seers' magic (an Amazon's takes the terrain's elements,
    # fire and earth at the Highland Tower, p.21) cannot bring bob's Black Drake (death).
    {"id": "dragon-of-another-element", "setup": setup(alice={"armies": {"home": ["amazons/seer"] * 4}}),
     "moves": [{"move": "magic", "army": "alice.home",
                "faces": {"alice.home": ["2 magic", "2 magic", "2 magic", "2 magic"]},
                "cast": [{"spell": "summon-dragon", "target": "frontier", "dragon": "bob.pool.1"}]}],
     "refused": "moves[0].cast[0].dragon"},
]


def state_matches(answer: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """What differs, read as the contract's checker reads it (sets of ids; absent armies missing)."""
    st, wrong = answer["state"], []
    for p, areas in expect.get("players", {}).items():
        for area, ids in areas.items():
            if sorted(st["players"][p][area]) != sorted(ids):
                wrong.append(f"players.{p}.{area}: {st['players'][p][area]} != {ids}")
    for name, army in expect.get("armies", {}).items():
        got = st["armies"].get(name)
        if army is None:
            if got and got["dice"]:
                wrong.append(f"armies.{name} should be gone: {got}")
            continue
        if got is None:
            wrong.append(f"armies.{name} missing")
            continue
        for key, val in army.items():
            if (sorted(got[key]) if key == "dice" else got[key]) != (sorted(val) if key == "dice" else val):
                wrong.append(f"armies.{name}.{key}: {got[key]} != {val}")
    for t, fields in expect.get("terrains", {}).items():
        for key, val in fields.items():
            if st["terrains"][t][key] != val:
                wrong.append(f"terrains.{t}.{key}: {st['terrains'][t][key]} != {val}")
    if "effects" in expect and sorted(map(repr, st["effects"])) != sorted(map(repr, expect["effects"])):
        wrong.append(f"effects: {st['effects']} != {expect['effects']}")
    for key, val in expect.get("turn", {}).items():
        if st["turn"][key] != val:
            wrong.append(f"turn.{key}: {st['turn'][key]} != {val}")
    if "winner" in expect and st["winner"] != expect["winner"]:
        wrong.append(f"winner: {st['winner']} != {expect['winner']}")
    for entry in expect.get("open", []):
        if not any(all(o.get(k) == v for k, v in entry.items()) for o in answer["open"]):
            wrong.append(f"open lacks {entry}")
    if "open_exact" in expect and answer["open"] != expect["open_exact"]:
        wrong.append(f"open: {answer['open']} != {expect['open_exact']}")
    return wrong


def prefix_cases() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Each case, and each of its checked prefixes, as (id, input, expectation)."""
    out = []
    for case in CASES:
        out.append((case["id"], {"setup": case["setup"], "moves": case["moves"]}, case["expect"]))
        for n, exp in case.get("prefixes", []):
            out.append((f"{case['id']}[:{n}]", {"setup": case["setup"], "moves": copy.deepcopy(case["moves"][:n])}, exp))
    return out
