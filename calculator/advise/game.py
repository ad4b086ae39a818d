"""The game form of ``advise``: ``{"game": {"setup": ..., "moves": [...]}, "army": "<name>"}``.

The game is replayed by the ``game`` command's own code (calculator.game) and the state after the
moves turned into the typed form (calculator.advise.request): the army's terrain die, face, eighth
face controller and Home Terrain; the opposing army there; the other player's armies elsewhere with
where they stand; each army's dice, spells in force (as ``modifiers``), minor terrain and its owner's
DUA (Deadlands included), and the setup's ``size``. When the army is the current march's army past
its maneuver step, the maneuver is left out.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.shapes import Answer, Raw
from ..core.errors import InputError
from ..core.fields import need_list, need_str, only
from ..game import MAX_MOVES, play
from ..game.after import settle
from ..game.setup import parse_setup
from ..game.sides import side
from ..game.state import State
from ..game.turn import begin_turn
from .request import ARMY, AdviseInput, parse_advise
from ..roll.asks import EngineView


def replay(engine: EngineView, raw: object) -> State:
    """The state after the moves, as the ``game`` command reaches it; its refusals name ``game.<field>``."""
    if not isinstance(raw, Mapping):
        raise InputError("game", 'expected {"setup": {...}, "moves": [...]}')
    try:
        only(raw, ("setup", "moves"), "")
        state, _ = parse_setup(raw.get("setup"), engine.index)
        begin_turn(state, 1, state.turn.player)
        for i, move in enumerate(need_list(raw.get("moves", []), "moves", MAX_MOVES)):
            play(engine, state, move, f"moves[{i}]", i)
            settle(state)
    except InputError as exc:
        raise InputError(f"game.{exc.field}" if exc.field else "game", exc.message) from None
    return state


def _army(state: State, name: str) -> Answer:
    """The army as the typed form gives it (the eighth face goes by ``terrain.controller``)."""
    raw = side(state, name, {}, with_held=False)
    raw.pop("size", None)
    return {"name": name, **raw}


def _place(state: State, terrain: str) -> str:
    if terrain == "reserve":
        return "reserve"
    return "home" if terrain in state.players else "frontier"


def typed(state: State, name: str) -> Answer:
    """The typed input for army ``name`` in this state."""
    where = state.terrain_of(name)
    other = state.other(state.owner(name))
    theirs = [a for a in state.armies() if state.owner(a) == other]
    here = [a for a in theirs if where != "reserve" and state.terrain_of(a) == where]
    data: Answer = {"army": _army(state, name), "opposing": [_army(state, a) for a in here],
                            "size": state.size}
    data["elsewhere"] = [dict(_army(state, a), at=_place(state, state.terrain_of(a)),
                              **({"terrain": state.terrains[state.terrain_of(a)].die}
                                 if state.terrain_of(a) != "reserve" else {}))
                         for a in theirs if a not in here]
    if where == "reserve":
        data["reserve"] = True
        return data
    t = state.terrains[where]
    ctrl = None
    if t.face == 8 and t.controller is not None:
        ctrl = ARMY if t.controller == name else \
            f"opposing[{here.index(t.controller)}]" if t.controller in here else None
    data["terrain"] = {"die": t.die, "face": t.face, "controller": ctrl, "home": _place(state, where) == "home"}
    return data


def from_game(engine: EngineView, data: Raw) -> AdviseInput:
    only(data, ("game", "army"), "")
    state = replay(engine, data.get("game"))
    name = need_str(data.get("army"), "army")
    if not state.exists(name):
        raise InputError("army", f"no army '{name}' in the game after its moves (one of {', '.join(state.armies())})")
    marching = state.turn.army == name and state.turn.step == "action"
    return parse_advise(typed(state, name), engine.index, maneuver=not marching)
