"""Two engines that must answer alike (the full and the slim bundle, the eager and the lazy index):
the examples of data/examples.yaml, and one call's answer with a refusal kept as its message."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from calculator import InputError

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = (yaml.safe_load((DATA / "examples.yaml").read_text(encoding="utf-8")) or {}).get("examples") or []
EXAMPLE_IDS = [e["id"] for e in EXAMPLES]


def answer(engine, cmd, data):
    """The engine's answer to ``cmd`` on ``data``, or its refusal as "InputError: <message>"."""
    try:
        return getattr(engine, cmd)(data)
    except InputError as exc:
        return f"InputError: {exc}"


def answer_json(engine, cmd, data) -> str:
    """:func:`answer` as canonical JSON, for an exact comparison."""
    return json.dumps(answer(engine, cmd, data), sort_keys=True)
