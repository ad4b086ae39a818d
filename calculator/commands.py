"""The engine's commands, in one table: the command line (calculator.cli), the browser's worker
(calculator.webworker) and the parity tests (tests/parity) all read it.

Each command names the :class:`calculator.engine.Engine` method that answers it (JSON in, JSON
out) and its one line of help. A new command is one added line here and its Engine method; the
page's engine client (docs/assets/js/engine/engine.js) passes any command name through to the worker.
The worker's own start-up commands (load, loaded, warm, read, version) are not engine commands
and live in calculator.webworker.
"""
from __future__ import annotations

from typing import NamedTuple


class Command(NamedTuple):
    method: str     # the Engine method that answers it
    help: str       # one line for `python -m calculator --help`


COMMANDS: dict[str, Command] = {
    "resolve": Command("resolve", "resolve a roll given as engine input JSON"),
    "distribution": Command("distribution", "exact chances of every final total of a roll (same input)"),
    "plan": Command("plan", "what a roll's input means: dice, faces that roll again, choices, limits"),
    "exchange": Command("exchange", "resolve an attack exchange (attack, saves, damage, counter-attack) or a dragon attack"),
    "exchange-odds": Command("exchange_odds", "exact chances of the damage and losses of an exchange not rolled yet"),
    "carry": Command("carry", "the modifiers a magic roll's cast list carries into later rolls ({\"cast\": [...]})"),
    "maneuver": Command("maneuver", "a maneuver against its counter-maneuvers, roll by roll, and the terrain die after it"),
    "force": Command("force", "a force's points per army and the setup rules it breaks ({\"size\": 24, \"armies\": ...})"),
    "game": Command("game", "a game replayed from its setup and moves: the state, the moves open now ({\"setup\": ..., \"moves\": [...]})"),
    "advise": Command("advise", "what one army can do in a march made now: the maneuver and each open action, with their odds"),
    "forum": Command("forum", "another command's answer as a forum post ({\"command\": ..., \"input\": ..., \"format\": \"bbcode\"})"),
}
