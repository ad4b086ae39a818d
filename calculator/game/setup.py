"""A game's setup checked into the starting state (rulebook v4.01d p.8).

Each player entry is a ``force`` input plus ``name``; its force problems are reported, never
fatal. The dice get ids by where they start: ``<player>.<home|horde|campaign|pool>.<n>``.
"""
from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, cast

from ..core.shapes import Answer, Raw
from ..bundle import Index
from ..core.shapes import Answer
from ..core.errors import InputError
from ..core.fields import need_int, need_list, need_str, only, short
from ..forces import force
from ..forces.catalogue import catalogue as force_catalogue
from ..terrain.die import by_die
from .state import Die, State, Terrain, Turn

NAME = re.compile(r"^[a-z0-9-]{1,20}$")
LISTS = (("home", "home"), ("horde", "horde"), ("campaign", "campaign"))
ITEM_KINDS = ("equipment", "artifact", "medallion", "relic")


def catalogue(idx: Index) -> dict[str, tuple[str, str | None, tuple[str, ...]]]:
    """Every die id -> (kind, species, elements): units, items, dragons, terrains."""
    key = ("game-catalogue",)
    if key in idx.memo:
        return idx.memo[key]
    out: dict[str, tuple[str, str | None, tuple[str, ...]]] = {}
    for d in idx.bundle.get("dice") or []:
        kind = "item" if d.get("kind") in ITEM_KINDS else "unit"
        out[d["id"]] = (kind, d.get("species"), tuple(d.get("element") or ()))
    for d in idx.bundle.get("dragons") or []:
        out[d["id"]] = ("dragon", None, tuple(d.get("elements") or ()))
    for t in idx.bundle.get("terrains") or []:
        out[t["id"]] = ("minor" if t.get("category") == "minor" else "terrain", None,
                        tuple(idx.terrain_elements(t["id"]) or ()))
    return idx.keep(key, out)


def _player(raw: object, where: str, idx: Index, size: int) -> tuple[str, Answer, list[Answer]]:
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected a force input with 'name'")
    name = need_str(raw.get("name"), f"{where}.name")
    if not NAME.match(name) or name in ("frontier", "reserve"):
        raise InputError(f"{where}.name", "expected 1-20 of a-z, 0-9 and '-', not 'frontier' or 'reserve'")
    entry = {k: v for k, v in raw.items() if k != "name"}
    if "size" in entry and entry["size"] != size:
        raise InputError(f"{where}.size", "the players' force size is the setup's 'size'")
    try:
        answer = force(idx, {**entry, "size": size})
    except InputError as exc:
        raise InputError(f"{where}.{exc.field}" if exc.field else where, exc.message) from None
    problems = [{**p, "player": name, "field": f"{where}.{p.get('field')}"}
                for p in cast("list[Answer]", answer["problems"])]
    return name, entry, problems


def _dice(state: State, name: str, entry: Mapping[str, Any], idx: Index) -> None:
    cat = catalogue(idx)
    armies = entry.get("armies") or {}
    other = state.other(name)
    where = {"home": f"{name}.home", "horde": f"{name}.horde", "campaign": f"{name}.campaign"}
    lists = [(k, armies.get(k) or []) for k, _ in LISTS] + [("pool", entry.get("summoning_pool") or [])]
    for key, dice in lists:
        for n, die in enumerate(dice, 1):
            kind, species, elements = cat[die]
            ident = f"{name}.{key}.{n}"
            state.dice[ident] = Die(ident, die, name, kind, species, elements)
            if key == "pool":
                state.put(ident, f"{name}.pool")
            elif kind in ("dragon", "minor", "terrain"):
                state.put(ident, f"{name}.pool")     # a die the rules do not put in an army (a setup problem)
            else:
                state.put(ident, where[key])
    del other


def _terrain_die(entry: Mapping[str, Any], key: str, where: str, idx: Index) -> str:
    die = (entry.get("terrains") or {}).get(key)
    if not isinstance(die, str) or die not in idx.terrains:
        raise InputError(f"{where}.terrains.{key}", "a game needs this terrain die")
    return die


def starting_face(rng: random.Random) -> int:
    """p.8: a terrain starts on the face its die rolls; an 8 is rolled again, a 7 turned down to 6.

    >>> class Rolls:        # the die's rolls, in order
    ...     def __init__(self, *faces): self.faces = list(faces)
    ...     def randint(self, low, high): return self.faces.pop(0)
    >>> [starting_face(Rolls(n)) for n in range(1, 8)], starting_face(Rolls(8, 8, 3))
    ([1, 2, 3, 4, 5, 6, 6], 3)
    """
    face = rng.randint(1, 8)
    while face == 8:
        face = rng.randint(1, 8)
    return min(face, 6)


def parse_setup(raw: object, idx: Index) -> tuple[State, list[Answer]]:
    if not isinstance(raw, Mapping):
        raise InputError("setup", "expected an object with size, frontier, first, faces and players")
    only(raw, ("size", "frontier", "first", "faces", "players", "seed"), "setup")
    size = need_int(raw.get("size"), "setup.size", 1, 240)
    entries = need_list(raw.get("players"), "setup.players", 2)
    if len(entries) != 2:
        raise InputError("setup.players", "a game here has two players")
    parsed = [_player(p, f"setup.players[{i}]", idx, size) for i, p in enumerate(entries)]
    names = (parsed[0][0], parsed[1][0])
    if names[0] == names[1]:
        raise InputError("setup.players[1].name", "the two players need different names")
    frontier = _one_of(raw.get("frontier"), "setup.frontier", names)
    first = _one_of(raw.get("first"), "setup.first", names)
    faces = raw.get("faces")
    if not isinstance(faces, Mapping):
        raise InputError("setup.faces", 'expected {"<player>": 1-6 or null, ..., "frontier": 1-6 or null}')
    only(faces, (*names, "frontier"), "setup.faces")
    rng = random.Random(need_int(raw.get("seed", 0), "setup.seed", 0, 10 ** 15 - 1))

    def face(key: str) -> int:      # as rolled at the table, or rolled here (null or left out, p.8)
        given = faces.get(key)
        return starting_face(rng) if given is None else need_int(given, f"setup.faces.{key}", 1, 6)
    state = State(size, names, {}, {}, {}, {}, Turn(1, first))
    for i, (name, entry, _) in enumerate(parsed):
        die = _terrain_die(entry, "home", f"setup.players[{i}]", idx)
        state.terrains[name] = Terrain(name, die, face(name), type=idx.terrains[die], eighth=by_die(idx, die).eighth_face)
    fi = names.index(frontier)
    die = _terrain_die(parsed[fi][1], "frontier", f"setup.players[{fi}]", idx)
    state.terrains["frontier"] = Terrain("frontier", die, face("frontier"), type=idx.terrains[die],
                                         eighth=by_die(idx, die).eighth_face)
    state.species = tuple(sorted(idx.species_names))
    state.pool_species = tuple(sorted(force_catalogue(idx).rules.pool_species))
    for name, entry, _ in parsed:
        _dice(state, name, entry, idx)
    return state, [p for _, _, probs in parsed for p in probs]


def _one_of(value: object, where: str, names: tuple[str, str]) -> str:
    if value not in names:
        raise InputError(where, f"expected one of the players ({', '.join(names)}), got {short(value)}")
    return str(value)
