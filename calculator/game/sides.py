"""An army of the state as an engine side: its dice with the faces the move gives, the spells in
force on it, what it holds at its terrain (p.15) and its owner's Dead Unit Area (p.21)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.shapes import Answer, Raw
from ..core.errors import InputError
from .state import EIGHTH, State

ROLL_KEYS = ("faces", "rerolled")


def faces_by_die(state: State, move: Raw, where: str) -> dict[str, Answer]:
    """``{die id: {"rolled": ..., "rerolled": ...}}`` from the move's ``faces`` and ``rerolled``, given by
    die id or by army name and position."""
    out: dict[str, Answer] = {}
    for key in ROLL_KEYS:
        raw = move.get(key)
        if raw is None:
            continue
        if not isinstance(raw, Mapping):
            raise InputError(f"{where}.{key}", "expected {die id: face} or {army name: [face, ...]}")
        for name, value in raw.items():
            _one(state, out, "rolled" if key == "faces" else "rerolled", name, value, f"{where}.{key}.{name}")
    return out


def _one(state: State, out: dict[str, Answer], slot: str, name: str, value: object, where: str) -> None:
    if name in state.dice:
        out.setdefault(name, {})[slot] = value
        return
    if "." in name and name.rsplit(".", 1)[1] in ("home", "horde", "campaign", "reserve") and state.exists(name):
        if not isinstance(value, list):
            raise InputError(where, "expected a list of faces, one per die of the army in order (null: rolled)")
        dice = state.army_dice(name)
        if len(value) > len(dice):
            raise InputError(where, f"{name} has {len(dice)} dice")
        for die, face in zip(dice, value):
            if face is not None:
                out.setdefault(die, {})[slot] = face
        return
    raise InputError(where, f"unknown die or army '{name[:40]}'")


def unit(state: State, die: str, given: Mapping[str, Answer], one_roll: str | None = None) -> Answer:
    """One die as an engine unit; ``one_roll``: the roll's name when the command takes one bare face."""
    out: Answer = {"die": state.dice[die].die}
    for slot, face in (given.get(die) or {}).items():
        if one_roll is not None and isinstance(face, Mapping):
            face = face.get(one_roll, next(iter(face.values()), None)) if face else None
        if face is not None:
            out[slot] = face
    return out


def in_dua(state: State, player: str) -> dict[str, int]:
    """p.21, p.15: the units of each species in the player's DUA, each Deadlands the player holds adding
    ceil(size / 24) units of every species."""
    counts: dict[str, int] = {}
    for d, w in state.place.items():
        die = state.dice[d]
        if w == f"{player}.dua" and die.kind == "unit" and die.species:
            counts[die.species] = counts.get(die.species, 0) + 1
    deadlands = sum(1 for d, w in state.place.items()
                    if w.startswith(f"minor:{player}.") and state.dice[d].die.startswith("deadland-"))
    if deadlands:
        for sp in state.species:
            counts[sp] = counts.get(sp, 0) + deadlands * per24(state.size)
    return counts


def per24(size: int) -> int:
    return -(-size // 24)


def modifiers(state: State, army: str) -> list[Answer]:
    """The spells in force on the army's rolls: cast on it or on its terrain (p.44)."""
    terrain = state.terrain_of(army)
    mods: list[Answer] = []
    for e in state.effects:
        if e.changes_rolls and (e.army == army or (e.terrain is not None and e.terrain == terrain)):
            mods.extend({"spell": e.spell} for _ in range(e.copies))
    return mods


def held(state: State, army: str) -> Answer:
    """The eighth face the army controls and its minor terrain's face (p.15)."""
    out: Answer = {}
    t = state.terrains.get(state.terrain_of(army))
    if t is not None and t.face == EIGHTH and t.controller == army:
        face = state.eighth_face(t.name)
        if face:
            out["eighth_faces"] = [face]
    minor = state.minor_of(army)
    if minor is not None and state.minor_face.get(minor) is not None:
        out["minor_terrain"] = {"die": state.dice[minor].die, "face": state.minor_face[minor]}
    return out


def side(state: State, army: str, given: Mapping[str, Answer], one_roll: str | None = None,
         with_held: bool = True) -> Answer:
    player = state.owner(army)
    out: Answer = {"army": [unit(state, d, given, one_roll) for d in state.army_dice(army)],
                           "modifiers": modifiers(state, army), "in_dua": in_dua(state, player), "size": state.size}
    if with_held:
        out.update(held(state, army))
    elif "minor_terrain" in (h := held(state, army)):
        out["minor_terrain"] = h["minor_terrain"]
    return out


def engine_error(exc: InputError, where: str, units: Mapping[str, list[str]]) -> InputError:
    """An engine command's refusal, its field named as the move's (a unit's face by its die id)."""
    field = exc.field
    for side_name, dice in units.items():
        prefix = f"{side_name}.army["
        if field.startswith(prefix):
            rest = field[len(prefix):]
            n, _, tail = rest.partition("]")
            if n.isdigit() and int(n) < len(dice):
                tail = tail.lstrip(".")
                slot = "rerolled" if tail.startswith("rerolled") else "faces"
                return InputError(f"{where}.{slot}.{dice[int(n)]}", exc.message)
    for side_name in ("attacker", "defender"):          # the move names a casualty event alone
        field = field.replace(f"casualties.{side_name}.", "casualties.")
    return InputError(f"{where}.{field}" if field else where, exc.message)
