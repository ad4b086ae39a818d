"""The other moves: a minor terrain into play (p.15), the dragons' attack (p.17), a summoned dragon,
the Reserves Phase (p.11) and an edit by hand for what the engine only lists."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.shapes import Answer, Raw
from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_int, need_list, need_str, short
from .march import march, own_army
from .bonds import OUT, bond_flag, take_bonds
from .sides import engine_error, faces_by_die, side
from .state import AREAS, EIGHTH, State
from .turn import after_maneuver, enter, refuse_if_owed
from ..roll.asks import EngineView

ARMY_KINDS = ("home", "horde", "campaign", "reserve")


def minor(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    """p.15: instead of the maneuver step, a minor terrain from the pool into play (or rolled again,
    or buried)."""
    army = own_army(state, move, where)
    march(state, engine.index, army, "minor", where)
    player, terrain = state.owner(army), state.terrains[state.terrain_of(army)]
    held = state.minor_of(army)
    if move.get("bury"):
        if held is None:
            raise InputError(f"{where}.bury", f"{army} has no minor terrain in play")
        state.put(held, f"{player}.bua")
        after_maneuver(state)
        return {"buried": held}
    if holds_eighth(state, army):
        raise InputError(f"{where}.die", f"{army} holds the eighth face: it may not bring a minor terrain into play (p.15)")
    die = need_str(move.get("die"), f"{where}.die")
    d = state.dice.get(die)
    if d is None or d.kind != "minor" or state.place[die] not in (f"{player}.pool", f"minor:{army}"):
        raise InputError(f"{where}.die", f"{short(die)} is not a minor terrain in {player}'s Summoning Pool")
    if held is not None and held != die:
        raise InputError(f"{where}.die", f"{army} already has a minor terrain in play (p.15: one per army)")
    if not may_come_to(engine.index, state, die, army):
        dice = engine.index.terrain_dice
        raise InputError(f"{where}.die", f"{dice[d.die].name} shares no element with {dice[terrain.die].name}, "
                                         f"the terrain {army} is at (p.15)")
    face = _minor_face(engine, d.die, move.get("face"), f"{where}.face")
    if held == die:         # p.15: rolled again before the maneuver step, which the army may still take
        if state.turn.minor_rolled:
            raise InputError(f"{where}.die", f"{army} has rolled its minor terrain this march (p.15)")
        state.turn.minor_rolled = True
    else:                   # p.15: into play instead of the maneuver step
        after_maneuver(state)
    state.put(die, f"minor:{army}")
    state.minor_face[die] = face
    return {"minor_terrain": d.die, "face": face}


def holds_eighth(state: State, army: str) -> bool:
    """p.15: an army that has captured its terrain's eighth face brings no minor terrain into play."""
    terrain = state.terrains[state.terrain_of(army)]
    return terrain.face == EIGHTH and terrain.controller == army


def may_come_to(index: Index, state: State, die: str, army: str) -> bool:
    """p.15: whether the minor terrain ``die`` may come into play at the terrain ``army`` is at (one
    sharing an element with it; a Deadlands anywhere): the terrain die's own rule."""
    elements = index.terrain_elements(state.terrains[state.terrain_of(army)].die) or ()
    return index.terrain_dice[state.dice[die].die].may_enter(elements)


def _minor_face(engine: EngineView, die: str, raw: object, where: str) -> str:
    faces = [f.get("icon") for t in engine.index.bundle.get("terrains") or [] if t["id"] == die for f in t["faces"]]
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= len(faces):
        return str(faces[raw - 1])
    if isinstance(raw, str) and raw in faces:
        return raw
    raise InputError(where, f"expected a face of {die} (1-{len(faces)} or {', '.join(sorted(set(map(str, faces))))})")


def dragon_attack(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    """p.11, p.17: the dragons at a terrain attack the marching player's army there."""
    terrain = need_str(move.get("terrain"), f"{where}.terrain")
    if terrain not in state.turn.owed:
        raise InputError(f"{where}.terrain", f"no dragon attack is owed at {short(terrain)} this turn (p.11, p.17)")
    enter(state, "dragon-attack", where)
    army = state.army_at(state.turn.player, terrain)
    dragons = state.dragons_at(terrain)
    given = faces_by_die(state, move, where)
    defender = side(state, army, given)
    data: Answer = {"attack": "dragon", "terrain": state.terrains[terrain].die, "seed": seed,
                    "attacker": {"dragons": [{**_dragon(state, d, given), **bond_flag(state, d, army)} for d in dragons]},
                    "defender": defender}
    defender.pop("size", None)
    for key in ("id_split", "free_to_roll"):
        if move.get(key) is not None:
            defender[key] = move[key]
    dice = {"defender": state.army_dice(army)}
    picks = _dragon_casualties(move, where, dice["defender"])
    if picks:
        data["casualties"] = {"defender": picks}
    try:
        answer: dict[str, Any] = engine.exchange(data)
    except InputError as exc:
        raise engine_error(exc, where, dice) from None
    take_bonds(state, engine.index, move, where, army, dragons, answer)     # p.62, before anything leaves
    for d in answer.get("dragons") or []:
        if d.get("status") in ("killed", "flies away") and state.place[dragons[d["dragon"]]] != OUT:
            die = dragons[d["dragon"]]
            state.put(die, f"{state.dice[die].owner}.pool")     # p.17: back to its owner's Summoning Pool
    from .march import apply_killed
    apply_killed(state, {"defender": (answer.get("killed") or {}).get("defender") or []}, dice)
    state.turn.owed.remove(terrain)
    return answer


def _dragon_casualties(move: Raw, where: str, army: list[str]) -> Answer:
    """The owner's picks (p.17): ``dragon``: [die ids]; ``breath``: one list of die ids per breath."""
    raw = move.get("casualties")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or any(k not in ("dragon", "breath") for k in raw):
        raise InputError(f"{where}.casualties", 'expected {"dragon": [die ids], "breath": [[die ids], ...]}')

    def index(ids: object, at: str) -> list[int]:
        if not isinstance(ids, list) or any(d not in army for d in ids):
            raise InputError(at, "expected a list of the attacked army's die ids")
        return [army.index(d) for d in ids]
    out: Answer = {}
    if "dragon" in raw:
        out["dragon"] = index(raw["dragon"], f"{where}.casualties.dragon")
    if "breath" in raw:
        breaths = raw["breath"] if isinstance(raw["breath"], list) else [None]
        out["breath"] = [index(b, f"{where}.casualties.breath[{j}]") for j, b in enumerate(breaths)]
    return out


def _dragon(state: State, die: str, given: Mapping[str, Answer]) -> Answer:
    out: Answer = {"die": state.dice[die].die}
    faces = given.get(die) or {}
    if faces.get("rolled") is not None:
        r = faces["rolled"]
        out["rolled"] = r if isinstance(r, Mapping) else {"dragon": r}
    if faces.get("rerolled") is not None:
        r = faces["rerolled"]
        out["rerolled"] = r if isinstance(r, Mapping) else {"dragon": r if isinstance(r, list) else [r]}
    return out


def summon(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    """A dragon summoned by an effect the engine only lists (Dragon's Lair p.15, an SAI)."""
    dragon = need_str(move.get("dragon"), f"{where}.dragon")
    d = state.dice.get(dragon)
    if d is None or d.kind != "dragon" or not (state.place[dragon].endswith(".pool") or state.place[dragon].startswith("@")):
        raise InputError(f"{where}.dragon", f"{short(dragon)} is not a dragon in a Summoning Pool or at a terrain")
    to = need_str(move.get("to"), f"{where}.to")
    if to not in state.terrains:
        raise InputError(f"{where}.to", f"expected a terrain ({', '.join(state.terrains)})")
    if state.turn.phase != "eighth-face":
        refuse_if_owed(state, where)
    state.put(dragon, f"@{to}")
    return {"summoned": dragon, "to": to, "reason": move.get("reason")}


def reserves(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    """p.11 Reserves Phase: reinforce (reserve units to terrains) before retreat (units to the Reserve Area)."""
    step = move.get("step")
    if step not in ("reinforce", "retreat"):
        raise InputError(f"{where}.step", f"expected 'reinforce' or 'retreat', got {short(step)}")
    enter(state, "reserves", where)
    player = state.turn.player
    if step == "reinforce" and state.turn.retreated:
        raise InputError(f"{where}.step", "the Retreat Step has begun: reinforcing comes first (p.11)")
    dice = need_list(move.get("dice"), f"{where}.dice", 240)
    to = "reserve"
    if step == "reinforce":
        to = need_str(move.get("to"), f"{where}.to")
        if to not in state.terrains:
            raise InputError(f"{where}.to", f"expected a terrain ({', '.join(state.terrains)})")
    for j, die in enumerate(dice):
        place = state.place.get(die) if isinstance(die, str) else None
        ok = place is not None and state.dice[die].owner == player and (
            place == f"{player}.reserve" if step == "reinforce" else
            place.split(".")[-1] in ("home", "horde", "campaign") and place.split(".")[0] == player)
        if not ok:
            raise InputError(f"{where}.dice[{j}]", f"{short(die)} is not a unit of {player} "
                                                   f"{'in the Reserve Area' if step == 'reinforce' else 'at a terrain'}")
    for die in dice:
        state.put(die, state.army_at(player, to))
    if step == "retreat":
        state.turn.retreated = True
    return {"step": step, "dice": list(dice), "to": to}


def edit(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    """By hand, for what the engine only lists: dice moved, or a terrain's face."""
    if move.get("terrain") is not None:
        t = state.terrains.get(move["terrain"]) if isinstance(move["terrain"], str) else None
        if t is None:
            raise InputError(f"{where}.terrain", f"expected a terrain ({', '.join(state.terrains)})")
        t.face = need_int(move.get("face"), f"{where}.face", 1, EIGHTH)
        if t.face != EIGHTH:
            t.controller = None
        return {"terrain": t.name, "face": t.face}
    dice = need_list(move.get("dice"), f"{where}.dice", 240)
    to = need_str(move.get("to"), f"{where}.to")
    for j, die in enumerate(dice):
        if not isinstance(die, str) or die not in state.dice:
            raise InputError(f"{where}.dice[{j}]", f"unknown die {short(die)}")
        state.put(die, _edit_place(state, die, to, f"{where}.to"))
    return {"dice": list(dice), "to": to}


def _edit_place(state: State, die: str, to: str, where: str) -> str:
    owner = state.dice[die].owner
    if to in state.terrains:
        if state.dice[die].kind != "dragon":
            raise InputError(where, "only a dragon stands at a terrain by itself; name an army")
        return f"@{to}"
    player, _, part = to.partition(".")
    if player not in state.players or part not in (*ARMY_KINDS, *AREAS):
        raise InputError(where, f"expected an army, a terrain or <player>.dua|bua|reserve|pool, got {short(to)}")
    if player != owner:
        raise InputError(where, f"{die} belongs to {owner}")
    return to
