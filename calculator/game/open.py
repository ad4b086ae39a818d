"""The moves allowed now (``open``): what the rules let the marching player do next (p.11)."""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..core.errors import InputError
from .march import _target, actions
from .more import holds_eighth, may_come_to
from .state import State
from .turn import at
from ..roll.asks import EngineView


def open_moves(engine: EngineView, state: State) -> list[Answer]:
    if state.winner is not None:
        return []
    t = state.turn
    if t.owed:
        owed: list[Answer] = [{"move": "dragon-attack", "terrain": x} for x in t.owed]
        return owed + [{"move": "edit"}]
    out: list[Answer] = []
    if at(t.phase) <= at("second-march"):
        for army in _marchers(state):
            out.extend(_march_moves(engine, state, army))
    player = t.player
    if state.army_dice(f"{player}.reserve") and not t.retreated:
        out.append({"move": "reserves", "step": "reinforce"})
    if any(state.exists(a) for a in (f"{player}.home", f"{player}.horde", f"{player}.campaign")):
        out.append({"move": "reserves", "step": "retreat"})
    out += [{"move": "end-phase"}, {"move": "end-turn"}, {"move": "summon"}, {"move": "edit"}]
    return out


def _marchers(state: State) -> list[str]:
    t = state.turn
    own = [a for a in state.armies() if state.owner(a) == t.player and a not in t.marched]
    if t.army is not None:
        return [t.army] + ([a for a in own if a != t.army] if t.phase == "first-march" else [])
    return own


def _minor_to_bring(engine: EngineView, state: State, army: str) -> bool:
    """p.15: a minor terrain in the owner's Summoning Pool that may come into play with this army."""
    pool = state.army_dice(f"{state.owner(army)}.pool")
    return not holds_eighth(state, army) and any(
        state.dice[d].kind == "minor" and may_come_to(engine.index, state, d, army) for d in pool)


def _march_moves(engine: EngineView, state: State, army: str) -> list[Answer]:
    t = state.turn
    out: list[Answer] = []
    reserve = state.terrain_of(army) == "reserve"
    if not reserve and not (t.army == army and t.step == "action"):
        rolled = t.army == army and t.minor_rolled
        if state.minor_of(army) is None or rolled:     # p.15: one keeping its minor face forfeits the maneuver
            out.append({"move": "maneuver", "army": army, "terrain": state.terrain_of(army)})
        if (state.minor_of(army) and not rolled) or (state.minor_of(army) is None and _minor_to_bring(engine, state, army)):
            out.append({"move": "minor", "army": army})
    for action in actions(state, engine.index, army):
        if action == "magic":
            out.append({"move": "magic", "army": army})
            continue
        for target in state.armies():
            try:
                _target(state, engine.index, army, {"target": target}, "", action)
            except InputError:
                continue
            out.append({"move": action, "army": army, "target": target})
    return out
