"""The Summoning Pool of a force (rulebook v4.01d p.3, p.15, p.54): what may start there and how much,
and the warnings of a collection that holds fewer dice than the force uses."""
from __future__ import annotations

from collections import Counter

from .carry import NOTHING
from .catalogue import DRAGON, ITEM, TERRAIN, UNIT, ForceRules, Limit, Problem
from .request import ARMIES, POOL, ForceInput


def allowance(limit: Limit, size: int) -> int:
    """p.54: one health-worth of Dragonkin for every full 3 points of force size."""
    return int(limit["allowance"]["health"]) * (size // int(limit["allowance"]["per_full_points"]))


def minor_most(rules: ForceRules, players: int) -> int:
    """p.15: the terrains in the game plus one; p.8: the terrains are each player's home and the frontier."""
    return players + 1 + int(rules.pool["minor_terrains_over_terrains"])


def pool_problems(rules: ForceRules, force: ForceInput) -> list[Problem]:
    """p.3: dragons, Dragonkin and minor terrains start in the Summoning Pool; p.54: at most one
    health-worth of Dragonkin per full 3 points of force size; p.15: at most one minor terrain more
    than the terrains in the game (p.8: each player's home terrain and the frontier)."""
    see, out = rules.pool.see, []
    minors = 0
    for placed in force.pool:
        piece = placed.piece
        if piece.sort == TERRAIN and not piece.major:
            minors += 1
        elif piece.sort == TERRAIN:
            out.append(Problem(f"{piece.name} is a major terrain: only minor terrains start in the Summoning Pool.",
                               see, placed.field))
        elif piece.sort == ITEM and any(piece.kind in lim["kinds"] for lim in rules.pool_items.values()):
            continue        # counted against its species' allowance (pool_item_problems)
        elif piece.sort != DRAGON and not (piece.sort == UNIT and piece.in_pool):
            out.append(Problem(f"{piece.name} does not start in the Summoning Pool: units and items go in an army.",
                               see, placed.field))
    health: Counter[str] = Counter()
    for p in force.pool:
        if p.piece.sort == UNIT and p.piece.in_pool:
            health[p.piece.species] += p.piece.health
    for species, held in sorted(health.items()):
        limit = rules.pool_species[species]
        each, per = limit["allowance"]["health"], limit["allowance"]["per_full_points"]
        allowed = allowance(limit, force.size)
        if held > allowed:
            name = rules.species_names.get(species, species)
            out.append(Problem(f"The Summoning Pool holds {held} health of {name}; a {force.size}-point force may "
                               f"bring {allowed} ({each} for every full {per} points).", limit.see, POOL))
    out += pool_item_problems(rules, force)
    most = minor_most(rules, force.players)
    if minors > most:
        out.append(Problem(f"The Summoning Pool holds {minors} minor terrains; a {force.players}-player game "
                           f"({force.players + 1} terrains) allows {most}.", see, POOL))
    return out


def pool_item_problems(rules: ForceRules, force: ForceInput) -> list[Problem]:
    """Dracolem Rules v1.01 (seed 003): for every full 3 points of a player's Dracolem (not those that
    carry nothing), one Save Value of equipment may start in the Summoning Pool. The kinds, values and
    points are the species' ``force.pool_items``."""
    out = []
    for species, limit in sorted(rules.pool_items.items()):
        placed = [p for p in force.pool if p.piece.sort == ITEM and p.piece.kind in limit["kinds"]]
        if not placed:
            continue
        worth = sum(int(limit["value_by_size"].get(p.piece.size, 0)) for p in placed)
        points = sum(p.piece.health for name in ARMIES for p in force.armies[name]
                     if p.piece.sort == UNIT and p.piece.species == species and p.piece.carries != NOTHING)
        per = int(limit["per_full_points"])
        allowed = points // per
        if worth > allowed:
            name = rules.species_names.get(species, species)
            out.append(Problem(f"The Summoning Pool holds equipment worth {worth} in Save Value; the force's "
                               f"{points} points of {name} allow {allowed} (1 for every full {per} points).",
                               limit.see, POOL))
    return out


def owned_warnings(force: ForceInput) -> list[dict[str, str]]:
    """Where the force uses more of a die than the collection holds (``owned``: counts per die id)."""
    if force.owned is None:
        return []
    used: Counter[str] = Counter()
    out = []
    for placed in force.placed():
        piece = placed.piece
        used[piece.id] += 1
        have = force.owned.get(piece.id, 0)
        if used[piece.id] == have + 1:
            out.append({"text": f"Your collection holds {have} {piece.name}: this one is more than you own.",
                        "field": placed.field})
    return out
