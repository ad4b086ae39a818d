"""One table of engine commands (calculator/commands.py): the command line and the browser's worker
offer exactly its commands, each answered by the Engine method it names."""
from __future__ import annotations

import json

from calculator import cli, webworker
from calculator.commands import COMMANDS
from calculator.engine import Engine


def test_every_command_names_an_engine_method_and_one_line_of_help():
    for name, command in COMMANDS.items():
        assert callable(getattr(Engine, command.method, None)), name
        assert command.help and "\n" not in command.help, name


def test_the_command_line_offers_exactly_the_table():
    sub = next(a for a in cli.parser()._actions if a.dest == "command")
    assert list(sub.choices) == list(COMMANDS)


def test_the_worker_answers_every_command_of_the_table_and_no_other(bundle):
    assert json.loads(webworker.dispatch("load", json.dumps(bundle)))["ok"]
    for name in COMMANDS:
        answer = json.loads(webworker.dispatch(name, "{}"))
        assert "unknown command" not in str(answer.get("error")), name
    assert json.loads(webworker.dispatch("shuffle", "{}"))["error"] == "unknown command 'shuffle'"
