"""The turn's phases in the rulebook's order (v4.01d p.11): which phase a move stands in, the
marches, the dragon attacks a turn owes (p.17), and the start of the next turn."""
from __future__ import annotations

from ..core.errors import InputError
from .state import PHASES, State

MARCH_MOVES = ("maneuver", "minor", "melee", "missile", "magic")
MANEUVER_STEP = ("maneuver", "minor")
MARCHES = ("first-march", "second-march")
MOVE_PHASE = {"dragon-attack": "dragon-attack", "reserves": "reserves"}


def at(phase: str) -> int:
    return PHASES.index(phase)


def owed_attacks(state: State) -> list[str]:
    """p.11 Dragon Attack Phase: each terrain holding a dragon and an army of the marching player."""
    p = state.turn.player
    return [t for t in state.terrains if state.dragons_at(t) and state.exists(state.army_at(p, t))]


def begin_turn(state: State, number: int, player: str) -> None:
    """A new turn, its Expire Effects done (p.11): spells lasting until the caster's next turn end."""
    from .state import Turn
    state.turn = Turn(number, player)
    state.effects = [e for e in state.effects if e.expires > number]
    from .bonds import free_white
    free_white(state, number, player)
    state.turn.owed = owed_attacks(state)


def end_turn(state: State, where: str) -> None:
    refuse_if_owed(state, where)
    begin_turn(state, state.turn.number + 1, state.other(state.turn.player))


def refuse_if_owed(state: State, where: str) -> None:
    if state.turn.owed:
        raise InputError(f"{where}.move", f"the dragons at {state.turn.owed[0]} attack first (Dragon Attack Phase, "
                                          f"p.11, p.17)")


def enter(state: State, phase: str, where: str) -> None:
    """Move on to ``phase``, skipping those between; a phase already over is refused (p.11)."""
    t = state.turn
    if at(phase) < at(t.phase):
        raise InputError(f"{where}.move", f"the {t.phase} phase has begun: the {phase} phase is over (p.11)")
    if phase != "dragon-attack":
        refuse_if_owed(state, where)
    if at(phase) > at(t.phase):
        close_march(state)
        t.phase = phase


def close_march(state: State) -> None:
    t = state.turn
    if t.army is not None and t.army not in t.marched:
        t.marched.append(t.army)
    t.army, t.step, t.minor_rolled = None, None, False


def end_phase(state: State, where: str) -> None:
    """End the current phase (in a march: that march); from the Reserves Phase, the turn."""
    t = state.turn
    if at(t.phase) >= at("dragon-attack"):        # into the Dragon Attack Phase is fine; past it, not yet
        refuse_if_owed(state, where)
    if t.phase == "reserves":
        end_turn(state, where)
        return
    close_march(state)
    t.phase = PHASES[at(t.phase) + 1]
    if t.phase == "dragon-attack" and not t.owed:     # p.11: with no dragon attack to make, skip the phase
        t.phase = "species-abilities"


def begin_march(state: State, army: str, move: str, where: str) -> bool:
    """A march move by ``army``: the march it stands in (p.11: maneuver then action, each optional;
    the second march takes an army that has not marched). True when this move begins the march."""
    t = state.turn
    if at(t.phase) < at("first-march"):
        enter(state, "first-march", where)
    refuse_if_owed(state, where)
    if t.phase == "reserves":
        raise InputError(f"{where}.move", "the marches are over: this turn is in its Reserves Phase (p.11)")
    if t.army is not None and t.army != army:
        if t.phase == "second-march":
            raise InputError(f"{where}.army", f"{t.army} takes this turn's second march (p.11)")
        close_march(state)
        t.phase = "second-march"
    if t.army is None and army in t.marched:
        raise InputError(f"{where}.army", f"{army} has already marched this turn (p.11)")
    if move in MANEUVER_STEP and t.army == army and t.step == "action":
        raise InputError(f"{where}.move", f"{army} has had its maneuver step in this march (p.11)")
    new = t.army != army
    t.army = army
    return new


def after_maneuver(state: State) -> None:
    state.turn.step = "action"


def after_action(state: State) -> None:
    """p.11: after the action the march is over: the next march or the Reserves Phase."""
    t = state.turn
    close_march(state)
    t.phase = "second-march" if t.phase == "first-march" else "reserves"
