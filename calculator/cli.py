"""Command line: ``python -m calculator <command> FILE|- [--data BUNDLE.json]``.

The only part of the package that reads files and writes JSON. Bad input exits 2 with one line
on stderr; a closed output pipe ends quietly.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .commands import COMMANDS
from .core.errors import BundleError, InputError
from .core.jsontext import read_json, size_words
from .core.limits import LIMITS
from .roll.asks import EngineView

if TYPE_CHECKING:       # annotations only: the engine is loaded when first asked for
    from .engine import Engine

DEFAULT_BUNDLES = ("site/data/dragondice.json", "build/docs/data/dragondice.json")
REPO_ROOT = Path(__file__).resolve().parent.parent


class CliError(Exception):
    """A problem to report on one line (exit 2)."""


def find_bundle(given: str | None) -> Path:
    if given:
        path = Path(given)
        if not path.is_file():
            raise CliError(f"--data: no such file '{given}'")
        return path
    for base in (Path.cwd(), REPO_ROOT):
        for rel in DEFAULT_BUNDLES:
            if (base / rel).is_file():
                return base / rel
    raise CliError("no data bundle found (looked for site/data/dragondice.json; build the site or pass "
                   "--data BUNDLE.json)")


def decode(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(f"{what}: not UTF-8 text (byte {exc.start + 1})") from None


def load_json(text: str, what: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{what}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise CliError(f"{what}: nested too deeply to read") from None
    except ValueError as exc:       # e.g. a number with more digits than Python converts
        raise CliError(f"{what}: not usable JSON ({str(exc).splitlines()[0][:80]})") from None


def read_file(name: str, what: str) -> str:
    if name == "-":
        return decode(sys.stdin.buffer.read(), what)
    path = Path(name)
    if not path.is_file():
        raise CliError(f"{what}: no such file '{name}'")
    return decode(path.read_bytes(), name)


def read_input(name: str) -> str:
    """The input's text, refused by its size before it is read whole or parsed (as the worker
    refuses it: calculator.core.jsontext.check_size)."""
    limit = LIMITS["input_bytes"]
    if name == "-":
        raw = sys.stdin.buffer.read(limit + 1)
        if len(raw) > limit:
            raise size_words()
        return decode(raw, "input")
    path = Path(name)
    if path.is_file() and path.stat().st_size > limit:
        raise size_words()
    return read_file(name, "input")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2 (argparse prints usage too)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m calculator", description="Dragon Dice die roll calculator")
    sub = p.add_subparsers(dest="command", required=True)
    for name, command in COMMANDS.items():
        c = sub.add_parser(name, help=command.help)
        c.add_argument("file", help="input JSON file, or - for stdin")
        c.add_argument("--data", help="data bundle JSON (default: site/data/dragondice.json)")
    return p


def engine_for(path: Path) -> Engine:
    from .engine import Engine

    bundle = load_json(read_file(str(path), "bundle"), "bundle")
    if not isinstance(bundle, dict):
        raise CliError("bundle: not a Dragon Dice data bundle")
    try:
        return Engine(bundle)
    except BundleError as exc:
        raise CliError(f"bundle: {exc}") from None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise CliError(f"bundle: not a Dragon Dice data bundle ({type(exc).__name__})") from None


def run(command: str, engine: EngineView, data: object) -> object:
    return getattr(engine, COMMANDS[command].method)(data)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        data = read_json(read_input(args.file))     # no key twice, no deep nesting (as the worker)
        out = run(args.command, engine_for(find_bundle(args.data)), data)
        text = json.dumps(out, indent=2, sort_keys=args.command == "resolve", ensure_ascii=False)
    except (InputError, CliError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader closed the pipe (| head): stop quietly, without a second error at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
