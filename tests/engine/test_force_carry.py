"""The item-carrier check of a force (calculator/forces/carry.py) against a search of every way of
giving the items to the units, on small armies: the two must always agree."""
from __future__ import annotations

import itertools
import random

from calculator.forces.carry import can_carry
from calculator.forces.catalogue import catalogue

UNITS = ["coral-elves/guard", "dwarves/footman", "feral/lynx-folk", "firewalkers/guardian", "frostwings/advocate",
         "goblins/thug", "lava-elves/bladesman", "scalders/singeman", "swamp-stalkers/warmonger", "treefolk/oakling",
         "undead/zombie", "amazons/soldier", "eldarim/dragonlord", "dracolem/gold-promo-champion",
         "dragonkin/fire-dragontroop"]
ITEMS = ["items/gold-medallion", "items/elemental-relic", "items/water-flicker-foil", "items/fire-vorpal-sword",
         "items/air-dragonstaff", "items/death-steel-buckler", "items/earth-sight-stone"]


def by_hand(units, items) -> bool:
    """p.59 read literally: some assignment of each item to one unit where every unit carries at most
    two equipment or artifacts of an element it contains (Amazons: any; Dracolem: any, our reading),
    or one medallion or relic alone; p.54 and the Dracolem Rules: Dragonkin and the promo Dracolem
    champion carry nothing."""
    for assign in itertools.product(range(len(units)), repeat=len(items)):
        loads: dict[int, list] = {}
        for item, u in zip(items, assign):
            loads.setdefault(u, []).append(item)
        if all(fits(units[u], load) for u, load in loads.items()):
            return True
    return False


def fits(unit, load) -> bool:
    if unit.carries == "nothing":
        return False
    alone = [i for i in load if i.kind in ("medallion", "relic")]
    if alone:
        return len(load) == 1
    return len(load) <= 2 and all(unit.carries == "any-element" or i.elements & unit.elements for i in load)


def test_carrier_check_agrees_with_every_assignment(engine):
    cat = catalogue(engine.index)
    rng = random.Random(20261124)
    feasible = 0
    for _ in range(600):
        units = [cat.pieces[rng.choice(UNITS)] for _ in range(rng.randint(1, 4))]
        items = [cat.pieces[rng.choice(ITEMS)] for _ in range(rng.randint(1, 5))]
        expected = by_hand(units, items)
        assert can_carry(cat.rules, units, items, "armies.home") is expected, \
            ([u.id for u in units], [i.id for i in items])
        feasible += expected
    assert 100 < feasible < 500          # both answers are well represented


def test_two_units_one_medallion_two_elements(engine):
    # A case that counting alone misses: a coral elf (air, water) and a dwarf (fire,
    # earth), a medallion, a water and a fire item. Whoever takes the medallion carries nothing else,
    # and the other cannot carry both elements: impossible, although each set of elements alone
    # has room.
    cat = catalogue(engine.index)
    units = [cat.pieces["coral-elves/guard"], cat.pieces["dwarves/footman"]]
    items = [cat.pieces[i] for i in ("items/gold-medallion", "items/water-flicker-foil", "items/fire-vorpal-sword")]
    assert can_carry(cat.rules, units, items, "armies.home") is False
    assert can_carry(cat.rules, units + [cat.pieces["undead/zombie"]], items, "armies.home") is True
