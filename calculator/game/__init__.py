"""A game as a setup and a list of moves (``python -m calculator game``; rulebook v4.01d p.8, p.11,
p.15, p.17, p.21, p.44).

The state is a pure function of the two: the moves are replayed from the setup, each roll resolved
by the engine's own commands (``maneuver``, ``exchange``, ``resolve`` with a cast list) with the
armies taken from the state, and each answer applied. Undo is the same game without its last move.
A move the rules do not allow is one :class:`InputError` naming its field (``moves[3].target``).
This room sits above the commands it composes and takes the engine as it is given (duck-typed), so
nothing below imports it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.shapes import Answer, Raw
from ..core.errors import InputError
from ..core.fields import need_int, need_list, only, short
from .after import settle
from .march import attack, maneuver
from .more import dragon_attack, edit, minor, reserves, summon
from .open import open_moves
from .setup import parse_setup
from .spells import magic
from .state import State
from .turn import begin_turn, end_phase, end_turn
from ..roll.asks import EngineView

MAX_MOVES = 2000
Handler = Callable[[Any, State, Raw, str, int], Any]
MOVES: dict[str, Handler] = {
    "maneuver": maneuver,
    "minor": minor,
    "melee": lambda e, s, m, w, seed: attack(e, s, m, w, seed, "melee"),
    "missile": lambda e, s, m, w, seed: attack(e, s, m, w, seed, "missile"),
    "magic": magic,
    "dragon-attack": dragon_attack,
    "summon": summon,
    "reserves": reserves,
    "end-phase": lambda e, s, m, w, seed: end_phase(s, w),
    "end-turn": lambda e, s, m, w, seed: end_turn(s, w),
    "edit": edit,
}
KEYS = ("move", "army", "direction", "opposed_by", "die", "face", "bury", "target", "counter_attack", "cast", "terrain",
        "dragon", "to", "reason", "step", "dice", "faces", "rerolled", "casualties", "seed", "id_split", "free_to_roll",
        "bonds")


def game(engine: EngineView, data: object) -> Answer:
    if not isinstance(data, Mapping):
        raise InputError("", 'the input must be a JSON object {"setup": {...}, "moves": [...]}')
    only(data, ("setup", "moves", "calculator"), "")
    state, problems = parse_setup(data.get("setup"), engine.index)
    begin_turn(state, 1, state.turn.player)
    settle(state)                   # a force without units has lost before the first move (p.11)
    moves = need_list(data.get("moves", []), "moves", MAX_MOVES)
    log: list[Any] = []
    for i, move in enumerate(moves):
        log.append(play(engine, state, move, f"moves[{i}]", i))
        settle(state)
    out: Answer = {"state": state.to_json(), "open": open_moves(engine, state), "log": log, "setup_problems": problems,
           "warnings": state.warnings}
    if data.get("calculator") is not None:       # a move as the calculator's question, the game unchanged
        from .ask import calculator_input
        out["calculator"] = calculator_input(engine, state, data["calculator"], len(moves))
    return out


def play(engine: EngineView, state: State, move: object, where: str, index: int) -> Any:
    """One move, checked against the rules and applied to the state; its command's answer."""
    if not isinstance(move, Mapping):
        raise InputError(where, "expected an object with 'move'")
    only(move, KEYS, where)
    name = move.get("move")
    if not isinstance(name, str) or name not in MOVES:
        raise InputError(f"{where}.move", f"unknown move {short(name)} (expected {', '.join(MOVES)})")
    if state.winner is not None:
        raise InputError(f"{where}.move", f"the game is over: {state.winner} has won (p.11)")
    seed = need_int(move.get("seed", index), f"{where}.seed", 0, 10 ** 15 - 1)
    answer = MOVES[name](engine, state, move, where, seed)
    return {"move": name, "answer": answer, "did": what_it_did(answer)}


def what_it_did(answer: object) -> list[str]:
    """A move's outcome in words, for the page and the forum post: its command's reason (a maneuver's
    totals, p.11), else each packet of damage and who it killed."""
    if not isinstance(answer, Mapping):
        return []
    if answer.get("why"):
        return [str(answer["why"])]
    return [str(d.get("text")) for d in answer.get("damage") or [] if isinstance(d, Mapping) and d.get("text")]
