"""What follows every move (rulebook v4.01d p.11, p.15, p.44): an eighth face whose army is gone
turns back to 7, a minor terrain whose army left is buried, spells on a gone army or a dead unit
end, and the game is won."""
from __future__ import annotations

from typing import Any

from .bonds import keep_bonds
from .state import EIGHTH, Effect, State

ARMY_PARTS = ("home", "horde", "campaign", "reserve")


def settle(state: State) -> None:
    for t in state.terrains.values():
        if t.face == EIGHTH and t.controller is not None and not state.units_of(t.controller):
            t.face, t.controller = 7, None          # p.15: its army abandoned it or died
    for die, where in list(state.place.items()):
        if where.startswith("minor:") and not state.units_of(where[len("minor:"):]):
            state.put(die, f"{state.dice[die].owner}.bua")      # p.15: the army left the terrain
    state.effects = [e for e in state.effects if _lasts(state, e)]
    keep_bonds(state)
    if state.winner is None:
        state.winner = _winner(state)


def _lasts(state: State, e: Effect) -> bool:
    """p.44: a spell on an army ends when the army no longer exists; on a unit, when it dies."""
    if e.army is not None and not state.exists(e.army):
        return False
    return all(state.place.get(u, "").split(".")[-1] in ARMY_PARTS and not state.place.get(u, "").startswith("minor:")
               for u in e.units)


def _winner(state: State) -> str | None:
    """p.11: two eighth faces win at once; a player without units in any army loses."""
    for p in state.players:
        held = [t for t in state.terrains.values() if t.face == EIGHTH and t.controller and state.owner(t.controller) == p]
        if len(held) >= 2:
            return p
    armies = ("home", "horde", "campaign", "reserve")
    alive = sorted({state.dice[d].owner for d, w in state.place.items()
                    if state.dice[d].kind == "unit" and w.split(".")[-1] in armies and not w.startswith(("@", "minor:"))})
    if len(alive) == 1:
        return alive[0]
    return None
