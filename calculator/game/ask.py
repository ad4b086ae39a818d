"""A move as the calculator's own question (the `game` input's ``calculator``): the command input the
move makes from the state, so the calculator opens it with the armies, their spells and their
terrain filled in. The move is played on a copy of the state, so the game itself is unchanged, and
refused as any move would be (the field named ``calculator.<field>``)."""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..core.errors import InputError
from .march import opposing_at
from .state import State

COMMANDS = ("maneuver", "exchange", "resolve")


class _Recorder:
    """The engine as the move's handler sees it, noting each command and its input on the way."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._engine, name)
        if name not in COMMANDS:
            return target

        def call(data: dict[str, Any]) -> Any:
            self.calls.append((name, copy.deepcopy(data)))
            return target(data)
        return call


def sides(state: State, move: Mapping[str, Any]) -> dict[str, Any]:
    """Which army of the game each side of the command's input is, as the state stood before the move."""
    name, army = move.get("move"), str(move.get("army"))
    if name == "maneuver":
        opposed = move.get("opposed_by")
        return {"maneuvering": army, "opposing": list(opposed) if isinstance(opposed, list) else opposing_at(state, army)}
    if name in ("melee", "missile"):
        return {"attacker": army, "defender": move.get("target")}
    if name == "dragon-attack":           # the attacker's dragons, in the input's order
        terrain = str(move.get("terrain"))
        return {"defender": state.army_at(state.turn.player, terrain), "dragons": state.dragons_at(terrain)}
    return {"army": army}


def calculator_input(engine: Any, state: State, move: Any, index: int) -> dict[str, Any]:
    """``{"command", "input", "sides"}`` of the move played now, or an InputError naming its field."""
    from . import play          # the room's own entry: a move is played as in a game
    if not isinstance(move, Mapping):
        raise InputError("calculator", "expected a move, as in moves")
    recorder = _Recorder(engine)
    before = copy.deepcopy(state)
    play(recorder, copy.deepcopy(state), move, "calculator", index)
    if not recorder.calls:
        raise InputError("calculator.move", f"{move.get('move')} rolls no dice: the calculator has nothing to work out")
    command, data = recorder.calls[0]
    return {"command": command, "input": data, "sides": sides(before, move)}
