"""Command line: ``python -m calculator resolve|distribution FILE|- [--data BUNDLE.json]``.

The only part of the package that reads files. Bad input exits 2 with one line on stderr.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .errors import InputError
from .resolve import Engine

DEFAULT_BUNDLES = ("site/data/dragondice.json", "docs/data/dragondice.json")
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
    raise CliError("no data bundle found (looked for site/data/dragondice.json and docs/data/dragondice.json; "
                   "build the site or pass --data BUNDLE.json)")


def _load_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{what}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


def _read_input(name: str) -> Any:
    if name == "-":
        return _load_json(sys.stdin.read(), "input")
    path = Path(name)
    if not path.is_file():
        raise CliError(f"input: no such file '{name}'")
    return _load_json(path.read_text(encoding="utf-8"), name)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2 (argparse prints usage too)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m calculator", description="Dragon Dice die roll calculator")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("resolve", help="resolve a roll given as engine input JSON")
    r.add_argument("file", help="input JSON file, or - for stdin")
    r.add_argument("--data", help="data bundle JSON (default: site/data/dragondice.json)")
    d = sub.add_parser("distribution", help="exact chances of every final total of a roll (same input)")
    d.add_argument("file", help="input JSON file, or - for stdin")
    d.add_argument("--data", help="data bundle JSON (default: site/data/dragondice.json)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        data = _read_input(args.file)
        bundle = _load_json(find_bundle(args.data).read_text(encoding="utf-8"), "bundle")
        try:
            engine = Engine(bundle)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise CliError(f"bundle: not a Dragon Dice data bundle ({exc!r})") from None
        out = engine.distribution(data) if args.command == "distribution" else engine.resolve(data)
    except (InputError, CliError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # A distribution keeps its own key order (totals sorted numerically, not as text).
    json.dump(out, sys.stdout, indent=2, sort_keys=args.command != "distribution", ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
