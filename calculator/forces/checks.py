"""The setup rules a force is checked against, each problem in player words with the address of the
rule part it breaks and the input field it is about. Every number comes from the data (``force`` of
``setup-and-victory`` in data/rules.yaml, ``force`` of a species), which cites its page.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .carry import NOTHING, can_carry, carry_failures
from .catalogue import DRAGON, ITEM, TERRAIN, UNIT, ForceRules, Piece, Problem
from .request import ARMIES, POOL, TERRAINS, ForceInput, Placed


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 or word.endswith("equipment") else f"{n} {word}s"


def either(words: Sequence[str], many: bool = False) -> str:
    return " or ".join(w if not many or w.endswith("equipment") else w + "s" for w in words)


def both(words: Sequence[str]) -> str:
    return " and ".join(w if w.endswith("equipment") else w + "s" for w in words)


def army_most(rules: ForceRules, size: int) -> int:
    """p.8: an army starts with at most half the force's points, rounded down."""
    return size // int(rules.armies["max_share"])


def dragons_needed(rules: ForceRules, size: int) -> int:
    """p.8: one dragon for each 24 points of force size or part thereof."""
    return -(-size // int(rules.dragons["per_points"]))


def size_problems(rules: ForceRules, force: ForceInput, total: int) -> list[Problem]:
    """p.8: the players agree a total force size and bring units and items totalling it."""
    see, size = rules.sizes.see, force.size
    if total > size:
        return [Problem(f"The force costs {total} points, {total - size} more than the {size} agreed.", see, "size")]
    if total < size:
        return [Problem(f"The force costs {total} of its {size} points: {size - total} "
                        f"left to spend.", see, "size")]
    return []


def terrain_problems(rules: ForceRules, force: ForceInput) -> list[Problem]:
    """p.8: each player brings one home terrain and one proposed frontier; p.15: an advanced terrain
    may only be placed at the frontier (both are major terrains: minor terrains start in the pool)."""
    see, out = rules.terrains.see, []
    for role, placed in force.terrains.items():
        field = f"terrains.{role}"
        if placed is None:
            out.append(Problem(f"No {role} terrain chosen yet.", see, field))
            continue
        fault = terrain_fault(placed.piece, role)
        if fault:
            out.append(Problem(fault, see, field))
    return out


def terrain_fault(piece: Piece, role: str) -> str:
    """Why ``piece`` cannot be the ``role`` terrain (home or frontier), or "" if it can."""
    if piece.sort != TERRAIN:
        return f"{piece.name} is not a terrain: the {role} terrain is a major terrain die."
    if not piece.major:
        return f"{piece.name} is a minor terrain: the {role} terrain is a major terrain die."
    if piece.frontier_only and role != "frontier":
        return f"{piece.name} is an advanced terrain, which may only be proposed as the frontier."
    return ""


def terrain_choices(pieces: Iterable[Piece]) -> dict[str, list[str]]:
    """The terrain dice a page may offer for each role (home, frontier): those with no fault there
    (p.8, p.15), in the catalogue's order."""
    terrains = [p for p in pieces if p.sort == TERRAIN]
    return {role: [p.id for p in terrains if not terrain_fault(p, role)] for role in TERRAINS}


def dragon_problems(rules: ForceRules, force: ForceInput) -> list[Problem]:
    """p.8: exactly one dragon for each 24 points of force size or part thereof; p.17: a White
    Dragon counts as two."""
    per = int(rules.dragons["per_points"])
    need = dragons_needed(rules, force.size)
    dragons = [p.piece for p in force.pool if p.piece.sort == DRAGON]
    have = sum(d.dragons for d in dragons)
    if have == need:
        return []
    heavy = sorted({f"{d.name} counts as {d.dragons}" for d in dragons if d.dragons != 1})
    note = f" ({'; '.join(heavy)})" if heavy else ""
    return [Problem(f"A {force.size}-point force brings exactly {plural(need, 'dragon')} (one for every {per} points "
                    f"or part of {per}); the Summoning Pool has {have}{note}.", rules.dragons.see, POOL)]


def misplaced_in_army(rules: ForceRules, placed: Placed) -> Problem | None:
    piece = placed.piece
    if piece.sort == DRAGON:
        return Problem(f"{piece.name} is a dragon: dragons start in the Summoning Pool.", rules.pool.see, placed.field)
    if piece.sort == TERRAIN:
        return Problem(f"{piece.name} is a terrain die, not part of an army.", rules.terrains.see, placed.field)
    if piece.sort == UNIT and piece.in_pool:
        species = rules.species_names.get(piece.species, piece.species)
        limit = rules.pool_species.get(piece.species)
        return Problem(f"{piece.name} is a {species} unit: {species} start in the Summoning Pool, outside the "
                       f"force.", limit.see if limit else rules.pool.see, placed.field)
    return None


def army_problems(rules: ForceRules, force: ForceInput, points: Mapping[str, int],
                  over: Mapping[str, int]) -> list[Problem]:
    """p.8: each of the three armies has at least one unit and at most half the force's points
    (rounded down; ``over``: points_over); p.59: every item is placed where a unit can carry it."""
    out: list[Problem] = []
    most = army_most(rules, force.size)
    least = int(rules.armies["min_units"])
    for name in ARMIES:
        army, field = force.armies[name], f"armies.{name}"
        out.extend(p for p in (misplaced_in_army(rules, placed) for placed in army) if p is not None)
        units = [p.piece for p in army if p.piece.sort == UNIT and not p.piece.in_pool]
        if len(units) < least:
            out.append(Problem(f"The {name} army needs at least {plural(least, 'unit')}.", rules.armies.see, field))
        if name in over:
            out.append(Problem(f"The {name} army costs {points[name]} points; an army may start with at most {most} "
                               f"({force.size} points ÷ {rules.armies['max_share']}, rounded down).",
                               rules.armies.see, field))
        out.extend(carry_problems(rules, name, army))
    return out


def points_over(rules: ForceRules, force: ForceInput, points: Mapping[str, int]) -> dict[str, int]:
    """p.8: the armies that cost more than the most one army may start with, and by how many points."""
    most = army_most(rules, force.size)
    return {name: points[name] - most for name in ARMIES if points[name] > most}


def carry_problems(rules: ForceRules, name: str, army: Sequence[Placed]) -> list[Problem]:
    see, carrying = rules.carrying.see, rules.carrying
    lonely = carry_failures(rules, army)
    out = []
    for placed in lonely:
        it = placed.piece
        why = (f"{both(carrying['by_element'])} go with a unit that contains their element "
               f"({either(sorted(it.elements))})" if it.kind in carrying["by_element"] else "it has no unit that carries items")
        out.append(Problem(f"No unit in the {name} army can carry {it.name}: {why}.", see, placed.field))
    if out:
        return out
    units = [p.piece for p in army if p.piece.sort == UNIT and p.piece.carries != NOTHING]
    items = [p.piece for p in army if p.piece.sort == ITEM]
    if items and not can_carry(rules, units, items, f"armies.{name}"):
        out.append(Problem(f"The {name} army's units cannot carry all its items: a unit carries up to "
                           f"{carrying['per_unit']} {either(carrying['by_element'], True)} of an element it contains, "
                           f"or one {either(carrying['alone'])} and nothing else.", see, f"armies.{name}"))
    return out
