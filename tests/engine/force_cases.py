"""Forces worked by hand from the rulebook v4.01d, shared by the engine, CLI, parity and page tests
(the army page opens each ``input`` as an ``/army/?force=`` link).

Each case: ``id``, ``title``, ``input`` (the force command's input), and what the rules give, worked
by hand in the comment above it: ``points`` (the whole answer's points), and ``problems``, a list of
``(field, see, words)``: the input field, the rule part's address, and words the text must hold.
``ok`` is true exactly when ``problems`` is empty.

The rules used (pages of v4.01d):
- p.3: a unit costs its health (small 1, medium 2, large 3, champion and monster 4); dice in the
  Summoning Pool are not part of the force size.
- p.59: small equipment 1, medium 2 for the first of a pair and 1 for the second, large 2,
  artifact 3, medallion and relic 4. A unit carries up to two equipment or artifacts of an element
  it contains (Amazons any element, Undead only death), or one medallion or relic and nothing else.
  At setup each item is placed where a unit can carry it.
- p.8: the force costs the agreed size; one home terrain and one proposed frontier; exactly one
  dragon per 24 points of force size or part thereof, in the Summoning Pool; three armies, each with
  at least one unit and at most half the force size, rounded down.
- p.15: an advanced terrain (Castle, Dragon's Lair, Grove, Vortex) only at the frontier; at most the
  number of terrains in the game plus one minor terrains (two players: 3 terrains, so 4).
- p.17: a White Dragon counts as two dragons.
- p.54: Dragonkin start in the Summoning Pool; one health-worth of Dragonkin per full 3 points.
- p.62: Eldarim champions are 4-health units (4 points); the white ones contain every element.
"""
from __future__ import annotations

from typing import Any

SIZE = "/rules/setup-and-victory/#setup-force-size"
TERRAINS = "/rules/setup-and-victory/#setup-terrains"
DRAGONS = "/rules/setup-and-victory/#setup-dragons"
ARMIES = "/rules/setup-and-victory/#setup-three-armies"
POOL = "/rules/setup-and-victory/#setup-summoning-pool"
CARRY = "/rules/items/#item-carrying"
DRAGONKIN = "/rules/dragonkin-rules/#dragonkin-allowance"
EQUIPMENT_POOL = "/rules/setup-and-victory/#setup-dracolem-equipment"
# Dracolem (Dracolem Rules v1.01): Bronze Draco-Tank (medium, 2) + Bronze Draco-Brawler (small, 1) + Gold
# Draco-Mortus (champion, 4) = 7 points of Dracolem, none a promo champion: 7 // 3 = 2 Save Value of
# equipment may start in the Summoning Pool (small 1, medium 2, large 3).
DRACOLEM = ["dracolem/bronze-draco-tank", "dracolem/bronze-draco-brawler", "dracolem/gold-draco-mortus"]

LAND = {"home": "coastland-city", "frontier": "flatland-castle"}   # a standard home, an advanced frontier

# The 24-point force most cases start from:
#   home:     Gryphon (monster, 4) + Sharpshooter (large, 3) + Water Flicker Foil (small equipment, 1) = 8
#   horde:    Centaur (monster, 4) + Javelineer (medium, 2) + Soldier (small, 1)
#             + Fire Vorpal Sword (large equipment, 2) = 9
#   campaign: Mummy (large, 3) + Revenant (medium, 2) + Wraith (1) + Wraith (1) = 7
#   total 8 + 9 + 7 = 24; each army at most 24 // 2 = 12; one dragon (24 / 24 = 1).
#   The Coral Elves contain water (the foil's element); the Amazons carry any element (the sword).
HOME = ["coral-elves/gryphon", "coral-elves/sharpshooter", "items/water-flicker-foil"]
HORDE = ["amazons/centaur", "amazons/javelineer", "amazons/soldier", "items/fire-vorpal-sword"]
CAMPAIGN = ["undead/mummy", "undead/revenant", "undead/wraith", "undead/wraith"]


def base(**changes: Any) -> dict[str, Any]:
    force: dict[str, Any] = {"size": 24, "terrains": dict(LAND),
                             "armies": {"home": list(HOME), "horde": list(HORDE), "campaign": list(CAMPAIGN)},
                             "summoning_pool": ["red-drake"]}
    force.update(changes)
    return force


def pts(total: int, home: int, horde: int, campaign: int, pool: int = 0) -> dict[str, int]:
    return {"total": total, "home": home, "horde": horde, "campaign": campaign, "pool": pool}


CASES: list[dict[str, Any]] = [
    # Legal: 24 points as worked above; Coastland City is a standard (major) terrain, Flatland Castle
    # an advanced one proposed as the frontier (allowed, p.15); one Red Drake for 24 points.
    {"id": "legal-24", "title": "A legal 24-point force", "input": base(),
     "points": pts(24, 8, 9, 7), "problems": []},

    # Size 30: the armies still cost 24, so 30 - 24 = 6 points are left to spend (p.8: the force
    # totals the agreed size); 30 points need 2 dragons (24 + a part of 24), the pool has 1.
    # Armies at most 30 // 2 = 15: 8, 9, 7 are fine.
    {"id": "under-size-30", "title": "Six points short, one dragon short", "input": base(size=30),
     "points": pts(24, 8, 9, 7),
     "problems": [("size", SIZE, "6 left to spend"), ("summoning_pool", DRAGONS, "2 dragons")]},

    # Size 15: 24 costs 9 more than 15. At most 15 // 2 = 7 per army: home 8 and horde 9 are over,
    # campaign 7 is not. Dragons: 15 is part of 24, so one; the pool has one.
    {"id": "over-size-15", "title": "Nine points over, two armies too big", "input": base(size=15),
     "points": pts(24, 8, 9, 7),
     "problems": [("size", SIZE, "9 more"), ("armies.home", ARMIES, "at most 7"),
                  ("armies.horde", ARMIES, "at most 7")]},

    # A White Wyrm counts as two dragons (p.17); 24 points bring exactly one: 2 is too many.
    {"id": "white-dragon-too-many", "title": "A White Dragon counts as two", "input": base(summoning_pool=["white-wyrm"]),
     "points": pts(24, 8, 9, 7), "problems": [("summoning_pool", DRAGONS, "has 2")]},

    # The Red Drake put in the horde army instead of the pool: a dragon is not part of an army (it
    # costs nothing, the horde stays 9) and the pool has 0 of the 1 dragon needed.
    {"id": "dragon-in-army", "title": "A dragon placed in an army",
     "input": base(armies={"home": HOME, "horde": HORDE + ["red-drake"], "campaign": CAMPAIGN}, summoning_pool=[]),
     "points": pts(24, 8, 9, 7),
     "problems": [("armies.horde[4]", POOL, "Red Drake"), ("summoning_pool", DRAGONS, "has 0")]},

    # Size 17 (not a suggested size, but any agreed size is allowed): no campaign army, so
    # 8 + 9 = 17 = the size. At most 17 // 2 = 8: the horde's 9 is over; the campaign army has no
    # unit (p.8: at least one in each). Dragons: 17 is part of 24, one needed, one there.
    {"id": "empty-campaign-17", "title": "An army with no unit, another over half",
     "input": base(size=17, armies={"home": HOME, "horde": HORDE, "campaign": []}),
     "points": pts(17, 8, 9, 0),
     "problems": [("armies.horde", ARMIES, "at most 8"), ("armies.campaign", ARMIES, "at least 1 unit")]},

    # Exactly half is allowed: home Gryphon 4 + Gryphon 4 + Sharpshooter 3 + Foil 1 = 12 = 24 // 2;
    # horde Centaur 4 + Javelineer 2 = 6; campaign Mummy 3 + Revenant 2 + Wraith 1 = 6; total 24.
    {"id": "army-exactly-half", "title": "An army of exactly half the force",
     "input": base(armies={"home": ["coral-elves/gryphon"] + HOME, "horde": HORDE[:2],
                           "campaign": CAMPAIGN[:3]}),
     "points": pts(24, 12, 6, 6), "problems": []},

    # Size 25 (rounded down: at most 25 // 2 = 12): the same force plus a Guard (small, 1) at home:
    # home 13 > 12; total 13 + 6 + 6 = 25 = the size; 25 points are 24 and a part, so 2 dragons.
    {"id": "army-over-half-25", "title": "Half of an odd size is rounded down",
     "input": base(size=25, armies={"home": ["coral-elves/gryphon", "coral-elves/guard"] + HOME, "horde": HORDE[:2],
                                    "campaign": CAMPAIGN[:3]}, summoning_pool=["red-drake", "blue-drake"]),
     "points": pts(25, 13, 6, 6), "problems": [("armies.home", ARMIES, "at most 12")]},

    # Medium equipment by the pair (p.59: 2 for the first, 1 for the second). Home pairs its two
    # water mediums: Trooper 2 + Gryphon 4 + 2 + 1 = 9. The two Death Steel Bucklers are alone in
    # their armies and pair across: the horde's first costs 2 (Centaur 4 + Javelineer 2 + 2 = 8),
    # the campaign's second 1 (Mummy 3 + Revenant 2 + Wraith 1 + 1 = 7). 9 + 8 + 7 = 24; four medium
    # equipment are two pairs, 6 points either way. Carriers: two water mediums on two water units
    # (at most 2 each); the Amazons carry death; the Undead carry death.
    {"id": "medium-pairs", "title": "Medium equipment priced by the pair",
     "input": base(armies={"home": ["coral-elves/trooper", "coral-elves/gryphon", "items/water-dawn-blade",
                                    "items/water-ring-of-stars"],
                           "horde": ["amazons/centaur", "amazons/javelineer", "items/death-steel-buckler"],
                           "campaign": ["undead/mummy", "undead/revenant", "undead/wraith",
                                        "items/death-steel-buckler"]}),
     "points": pts(24, 9, 8, 7), "problems": []},

    # A Water Flicker Foil with the Undead: Undead contain only death, so no unit of the campaign
    # army may carry it (p.59). Its point still counts: 7 + 1 = 8; total 25, one over 24.
    {"id": "item-without-carrier", "title": "Water equipment among the Undead",
     "input": base(armies={"home": HOME, "horde": HORDE, "campaign": CAMPAIGN + ["items/water-flicker-foil"]}),
     "points": pts(25, 8, 9, 8),
     "problems": [("size", SIZE, "1 more"), ("armies.campaign[4]", CARRY, "Water Flicker Foil")]},

    # Home: Gryphon 4 + Gold Medallion 4 + two small water equipment (1 + 1) = 10. The Gryphon could
    # carry each item alone, but a unit with a medallion carries nothing else (p.59) and there is no
    # second unit: the home army cannot carry them all. Horde Centaur 4 + Javelineer 2 + Soldier 1 = 7,
    # campaign 7: total 10 + 7 + 7 = 24.
    {"id": "medallion-alone", "title": "A medallion leaves its carrier no room",
     "input": base(armies={"home": ["coral-elves/gryphon", "items/gold-medallion", "items/water-flicker-foil",
                                    "items/water-wooden-targe"],
                           "horde": HORDE[:3], "campaign": CAMPAIGN}),
     "points": pts(24, 10, 7, 7), "problems": [("armies.home", CARRY, "nothing else")]},

    # The same with a Wraith at home (Wraith 1: home 11) and one Wraith fewer in the campaign (6):
    # the Wraith (death) cannot carry water, but carries the medallion; the Gryphon carries the two
    # water items. Total 11 + 7 + 6 = 24: legal.
    {"id": "medallion-shared", "title": "Medallion on one unit, equipment on another",
     "input": base(armies={"home": ["coral-elves/gryphon", "undead/wraith", "items/gold-medallion",
                                    "items/water-flicker-foil", "items/water-wooden-targe"],
                           "horde": HORDE[:3], "campaign": CAMPAIGN[:3]}),
     "points": pts(24, 11, 7, 6), "problems": []},

    # An advanced terrain (Flatland Castle) as home, a minor terrain (Coastland Bridge) proposed as
    # frontier: both break p.8/p.15. Points as the base force.
    {"id": "bad-terrains", "title": "An advanced home, a minor frontier",
     "input": base(terrains={"home": "flatland-castle", "frontier": "coastland-bridge"}),
     "points": pts(24, 8, 9, 7),
     "problems": [("terrains.home", TERRAINS, "only be proposed as the frontier"),
                  ("terrains.frontier", TERRAINS, "minor terrain")]},

    # No terrain chosen yet: each of the two is missing (p.8: every player brings both).
    {"id": "no-terrains", "title": "Terrains not chosen yet", "input": base(terrains={}),
     "points": pts(24, 8, 9, 7),
     "problems": [("terrains.home", TERRAINS, "No home terrain"), ("terrains.frontier", TERRAINS, "No frontier")]},

    # Dragonkin: at most 24 // 3 = 8 health in a 24-point force (p.54). Pool: two Fire
    # Dragonstallions (champions, 4 + 4) and a Fire Dragonfoal (small, 1) = 9 > 8. A Fire
    # Dragontroop (small) placed in the home army: Dragonkin start in the pool and are not part of
    # the force, so it costs nothing there (home stays 8).
    {"id": "dragonkin", "title": "Too much Dragonkin, and one in an army",
     "input": base(armies={"home": HOME + ["dragonkin/fire-dragontroop"], "horde": HORDE, "campaign": CAMPAIGN},
                   summoning_pool=["red-drake", "dragonkin/fire-dragonstallion", "dragonkin/fire-dragonstallion",
                                   "dragonkin/fire-dragonfoal"]),
     "points": pts(24, 8, 9, 7, 9),
     "problems": [("armies.home[3]", DRAGONKIN, "Summoning Pool"), ("summoning_pool", DRAGONKIN, "may bring 8")]},

    # 60 points, legal: home five Gryphons (5 x 4 = 20); horde four Centaurs (16) and a Dragonlord (a
    # white Eldarim champion, 4 health, so 4 points, p.62): 20; campaign six Mummies (6 x 3 = 18) and
    # a Revenant (2): 20. Total 60, each army at most 60 // 2 = 30. Dragons: 60 is 24 + 24 and a part,
    # so 3: a White Wyrm (2) and a Red Drake (1). Dragonkin up to 60 // 3 = 20 health: two Fire
    # Dragonsteeds (large, 3 + 3 = 6, outside the force). Four minor terrains: a two-player game has
    # 3 terrains, so up to 3 + 1 = 4 (p.15).
    {"id": "legal-60", "title": "A legal 60-point force with a White Dragon",
     "input": {"size": 60, "terrains": dict(LAND),
               "armies": {"home": ["coral-elves/gryphon"] * 5,
                          "horde": ["amazons/centaur"] * 4 + ["eldarim/dragonlord"],
                          "campaign": ["undead/mummy"] * 6 + ["undead/revenant"]},
               "summoning_pool": ["white-wyrm", "red-drake", "dragonkin/fire-dragonsteed", "dragonkin/fire-dragonsteed",
                                  "coastland-bridge", "coastland-knoll", "deadland-village", "feyland-woods"]},
     "points": pts(60, 20, 20, 20, 6), "problems": []},

    # Who carries what (p.59, p.62, Dracolem Rules v1.01): home Dragonlord 4 (white: every element)
    # carries the Fire Vorpal Sword (2) + Gryphon 4 = 10. Horde: Gold Promo Champion (Dracolem, 4),
    # which carries no items (Dracolem Rules), + Air Dragonstaff (artifact, 3) = 7: nobody can carry
    # the staff. Campaign: Gold Draco-Mortus (4) carrying a Water Flicker Foil (1; Dracolem carry any
    # element, our reading of the Dracolem Rules) + two Wraiths (2) = 7. Total 10 + 7 + 7 = 24.
    {"id": "champion-carriers", "title": "A white champion and Dracolem as carriers",
     "input": base(armies={"home": ["eldarim/dragonlord", "items/fire-vorpal-sword", "coral-elves/gryphon"],
                           "horde": ["dracolem/gold-promo-champion", "items/air-dragonstaff"],
                           "campaign": ["dracolem/gold-draco-mortus", "items/water-flicker-foil", "undead/wraith",
                                        "undead/wraith"]}),
     "points": pts(24, 10, 7, 7), "problems": [("armies.horde[1]", CARRY, "Air Dragonstaff")]},

    # Five minor terrains in a two-player game: 3 terrains + 1 = 4 allowed (p.15). Otherwise the base.
    {"id": "five-minor-terrains", "title": "One minor terrain too many",
     "input": base(summoning_pool=["red-drake", "coastland-bridge", "coastland-knoll", "deadland-village",
                                   "feyland-woods", "highland-bridge"]),
     "points": pts(24, 8, 9, 7), "problems": [("summoning_pool", POOL, "allows 4")]},

    # The base with the Dracolem above as the campaign army (7 points: 8 + 9 + 7 = 24) and a medium
    # equipment (Air Dawn Blade, Save Value 2) in the Summoning Pool: 2 allowed, no problem; the pool's
    # equipment is outside the force size (the Dracolem Rules bring it to the game beside the force).
    {"id": "dracolem-equipment-pool", "title": "Dracolem equipment in the Summoning Pool",
     "input": base(armies={"home": list(HOME), "horde": list(HORDE), "campaign": list(DRACOLEM)},
                   summoning_pool=["red-drake", "items/air-dawn-blade"]),
     "points": pts(24, 8, 9, 7), "problems": []},

    # The same with a small equipment more (Water Flicker Foil, 1): 2 + 1 = 3 Save Value, 2 allowed.
    {"id": "dracolem-equipment-too-much", "title": "More Dracolem equipment than the force allows",
     "input": base(armies={"home": list(HOME), "horde": list(HORDE), "campaign": list(DRACOLEM)},
                   summoning_pool=["red-drake", "items/air-dawn-blade", "items/water-flicker-foil"]),
     "points": pts(24, 8, 9, 7), "problems": [("summoning_pool", EQUIPMENT_POOL, "allow 2")]},

    # Things that never start in the pool (p.3): a unit (Guard) and an item (Gold Medallion) are
    # in the pool, a major terrain (Coastland City) too. They cost nothing there.
    {"id": "pool-misplaced", "title": "A unit, an item and a major terrain in the Summoning Pool",
     "input": base(summoning_pool=["red-drake", "coral-elves/guard", "items/gold-medallion", "coastland-city"]),
     "points": pts(24, 8, 9, 7),
     "problems": [("summoning_pool[1]", POOL, "Guard"), ("summoning_pool[2]", POOL, "Gold Medallion"),
                  ("summoning_pool[3]", POOL, "major terrain")]},
]


def case(ident: str) -> dict[str, Any]:
    return next(c for c in CASES if c["id"] == ident)
