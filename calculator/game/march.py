"""The march moves (rulebook v4.01d p.11, p.15): a maneuver or a minor terrain, then a melee or
missile action, each resolved by the engine's own command with the armies of the state."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.shapes import Answer, Raw
from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_bool, need_str, short
from ..roll.held import parse_held
from ..terrain.die import by_die
from .sides import engine_error, faces_by_die, side
from .state import EIGHTH, State
from .turn import after_action, after_maneuver, begin_march
from ..roll.asks import EngineView

ACTIONS = ("melee", "missile", "magic")


def own_army(state: State, move: Raw, where: str, key: str = "army", reserve_ok: bool = False) -> str:
    """The marching player's army named in ``key`` (p.11: a player marches only their own armies)."""
    army = need_str(move.get(key), f"{where}.{key}")
    if army.count(".") != 1 or army.split(".")[0] not in state.players:
        raise InputError(f"{where}.{key}", f"unknown army {short(army)} (expected <player>.home|horde|campaign|reserve)")
    if not state.exists(army):
        raise InputError(f"{where}.{key}", f"{army} has no dice (an army exists while it holds a die)")
    if state.owner(army) != state.turn.player:
        raise InputError(f"{where}.{key}", f"{army} is not {state.turn.player}'s army: it is {state.turn.player}'s turn")
    if not reserve_ok and state.terrain_of(army) == "reserve":
        raise InputError(f"{where}.{key}", f"{army} is in the Reserve Area: it may only take a magic action (p.11)")
    return army


def march(state: State, idx: Index, army: str, move: str, where: str) -> None:
    """The move's march (calculator.game.turn.begin_march); as a march begins, a minor terrain
    showing Dust Storm, Flanked, Flood or Revolt is buried (p.15)."""
    if not begin_march(state, army, move, where):
        return
    minor = state.minor_of(army)
    face = state.minor_face.get(minor) if minor else None
    if minor is None or face is None:
        return
    held = parse_held({"minor_terrain": {"die": state.dice[minor].die, "face": face}}, idx, "terrain", 1,
                      allow_unit=False)
    if any(k.ends_on_own_march() for k in held.effects):
        state.put(minor, f"{state.owner(army)}.bua")


def actions(state: State, idx: Index, army: str) -> tuple[str, ...]:
    """The actions the army may take (p.11, p.15): the face's icon; at the eighth face any for its
    controller, melee for the others; a minor terrain's action face adds its action; reserve: magic."""
    terrain = state.terrain_of(army)
    if terrain == "reserve":
        return ("magic",)
    t = state.terrains[terrain]
    if t.face == EIGHTH:
        return ACTIONS if t.controller == army else ("melee",)
    out = {by_die(idx, t.die).action(t.face, False)}
    minor = state.minor_of(army)
    face = state.minor_face.get(minor) if minor else None
    if face in ACTIONS:
        out.add(str(face))
    return tuple(a for a in ACTIONS if a in out)


def check_action(state: State, idx: Index, army: str, action: str, where: str) -> None:
    allowed = actions(state, idx, army)
    if action not in allowed:
        t = state.terrain_of(army)
        raise InputError(f"{where}.move", f"{army} may take only {' or '.join(allowed)} there ({t} shows "
                                          f"{state.terrains[t].face if t in state.terrains else 'reserve'}; p.11, p.15)")


def opposing_at(state: State, army: str) -> list[str]:
    terrain = state.terrain_of(army)
    other = state.army_at(state.other(state.owner(army)), terrain)
    return [other] if state.exists(other) else []


def maneuver(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    army = own_army(state, move, where)
    march(state, engine.index, army, "maneuver", where)
    if state.minor_of(army) is not None and not state.turn.minor_rolled:
        raise InputError(f"{where}.move", f"{army} keeps its minor terrain's face, which forfeits the maneuver "
                                          f"step: roll the minor terrain first to maneuver (p.15)")
    terrain = state.terrains[state.terrain_of(army)]
    direction = move.get("direction")
    if direction not in ("up", "down"):
        raise InputError(f"{where}.direction", f"expected 'up' or 'down', got {short(direction)}")
    opposed = _opposed(state, army, move, where)
    given = faces_by_die(state, move, where)
    at: Answer = {"die": terrain.die, "face": terrain.face}
    data: Answer = {"terrain": at, "direction": direction, "seed": seed,
                            "maneuvering": side(state, army, given, "maneuver", with_held=False),
                            "opposing": [side(state, a, given, "counter_maneuver", with_held=False) for a in opposed]}
    if terrain.face == EIGHTH:         # who holds it rolls with its eighth face (p.15); a holder not rolling: none
        if terrain.controller == army:
            at["controller"] = "maneuvering"
        elif terrain.controller in opposed:
            at["controller"] = f"opposing[{opposed.index(terrain.controller)}]"
        else:
            at["controller"] = "opposing"
    units = {"maneuvering": state.army_dice(army), **{f"opposing[{i}]": state.army_dice(a) for i, a in enumerate(opposed)}}
    try:
        answer: dict[str, Any] = engine.maneuver(data)
    except InputError as exc:
        raise engine_error(exc, where, units) from None
    before, after = terrain.face, int(answer["face_after"])
    terrain.face = after
    if after == EIGHTH and before != EIGHTH:
        terrain.controller = army                      # p.15: the marching army captures the terrain
        minor = state.minor_of(army)
        if minor is not None:
            state.put(minor, f"{state.owner(army)}.bua")    # p.15: its minor terrain is buried
    elif before == EIGHTH and after != EIGHTH:
        terrain.controller = None                      # p.15: out-maneuvered from the eighth face
    after_maneuver(state)
    return answer


def _opposed(state: State, army: str, move: Raw, where: str) -> list[str]:
    at = opposing_at(state, army)
    if move.get("opposed_by") is None:
        return at
    raw = move["opposed_by"]
    if not isinstance(raw, list):
        raise InputError(f"{where}.opposed_by", "expected a list of the opposing armies that counter-maneuver")
    for j, a in enumerate(raw):
        if a not in at:
            raise InputError(f"{where}.opposed_by[{j}]", f"{short(a)} is not an opposing army at {state.terrain_of(army)}"
                                                         f" (p.11)")
    return list(dict.fromkeys(raw))


def _casualties(state: State, move: Raw, where: str, dice: Mapping[str, list[str]],
                events: Mapping[str, tuple[str, ...]]) -> dict[str, dict[str, list[int]]]:
    raw = move.get("casualties")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InputError(f"{where}.casualties", "expected {event: [die ids]}")
    out: dict[str, dict[str, list[int]]] = {}
    for event, ids in raw.items():
        owner = next((s for s, evs in events.items() if event in evs), None)
        if owner is None or not isinstance(ids, list):
            raise InputError(f"{where}.casualties.{event}", f"expected one of {', '.join(e for v in events.values() for e in v)}"
                                                            f" with a list of die ids")
        picks = []
        for j, d in enumerate(ids):
            if d not in dice[owner]:
                raise InputError(f"{where}.casualties.{event}[{j}]", f"{short(d)} is not a unit of the army taking this damage")
            picks.append(dice[owner].index(d))
        out.setdefault(owner, {})[event] = picks
    return out


def attack(engine: EngineView, state: State, move: Raw, where: str, seed: int, kind: str) -> Answer:
    """A melee or missile action (p.11) resolved by ``exchange``; the casualties leave the armies."""
    army = own_army(state, move, where)
    march(state, engine.index, army, kind, where)
    check_action(state, engine.index, army, kind, where)
    target = _target(state, engine.index, army, move, where, kind)
    given = faces_by_die(state, move, where)
    dice = {"attacker": state.army_dice(army), "defender": state.army_dice(target)}
    data: Answer = {"attack": kind, "terrain": state.terrains[state.terrain_of(army)].die, "seed": seed,
                            "attacker": side(state, army, given), "defender": (defender := side(state, target, given))}
    there = state.terrain_of(target)
    if there == "reserve":
        data["at_reserve"] = True          # p.15 Tower: it saves in its Reserve Area; only non-ID missiles count
    elif there != state.terrain_of(army):              # each army reads the terrain it stands at
        defender["terrain"] = state.terrains[there].die
    if kind == "melee" and move.get("counter_attack") is not None:
        data["counter_attack"] = need_bool(move["counter_attack"], f"{where}.counter_attack")
    cas = _casualties(state, move, where, dice, {"defender": ("attack", "counter_save"), "attacker": ("save", "counter")})
    if cas:
        data["casualties"] = cas
    try:
        answer: dict[str, Any] = engine.exchange(data)
    except InputError as exc:
        raise engine_error(exc, where, dice) from None
    apply_killed(state, answer.get("killed") or {}, dice)
    after_action(state)
    return answer


def apply_killed(state: State, killed: Mapping[str, Any], dice: Mapping[str, list[str]]) -> None:
    """Killed units to their owner's DUA (Dragonkin: the Summoning Pool), buried ones to the BUA, units
    sent to reserve to the Reserve Area (p.11, p.29, p.54)."""
    for side_name, entries in killed.items():
        for k in entries or []:
            if side_name not in dice or not isinstance(k, Mapping) or not isinstance(k.get("unit"), int):
                continue
            die = dice[side_name][k["unit"]]
            owner = state.dice[die].owner
            status = k.get("status")
            if status == "killed":
                state.put(die, f"{owner}.pool" if state.dice[die].species in state.pool_species else f"{owner}.dua")
            elif status == "buried":
                state.put(die, f"{owner}.bua")
            elif status == "reserve":
                state.put(die, f"{owner}.reserve")


def _reaches_any_army(state: State, idx: Index, army: str) -> bool:
    """Whether the army holds an eighth face whose missiles reach any opponent's army (Tower, p.15):
    asked of the face's kind, as the advice asks it."""
    here = state.terrain_of(army)
    t = state.terrains.get(here)
    face = state.eighth_face(here) if t is not None and t.face == EIGHTH and t.controller == army else None
    return face is not None and parse_held({"eighth_faces": [face]}, idx, "terrain", 1, allow_unit=False).reaches_reserve()


def _target(state: State, idx: Index, army: str, move: Raw, where: str, kind: str) -> str:
    target = need_str(move.get("target"), f"{where}.target")
    if target.count(".") != 1 or target.split(".")[0] not in state.players or not state.exists(target):
        raise InputError(f"{where}.target", f"{short(target)} is not an army in the game")
    if state.owner(target) == state.owner(army):
        raise InputError(f"{where}.target", f"{target} is not an opposing army (p.11)")
    here, there = state.terrain_of(army), state.terrain_of(target)
    if kind == "melee":
        if there != here:
            raise InputError(f"{where}.target", f"{target} is not at {here}: a melee attack targets an army at the "
                                                f"same terrain (p.11)")
        return target
    tower = _reaches_any_army(state, idx, army)
    if there == "reserve" and not tower:
        raise InputError(f"{where}.target", f"{target} is in a Reserve Area: a missile attack cannot target it (p.11)")
    if here in state.players and there in state.players and there != here and not tower:
        raise InputError(f"{where}.target", f"{target} is at another Home Terrain (p.11)")
    return target
