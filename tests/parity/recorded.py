"""Inputs of the engine tests, recorded by running them against an engine that notes every call:
the parity corpus then covers every hand-worked case without copying it."""
from __future__ import annotations

import importlib
import inspect
import itertools
from typing import Any


class Recorder:
    """Forwards to a real engine and records (command, input) of every call."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.engine, name)
        if name not in ("resolve", "distribution", "plan", "exchange", "exchange_odds", "carry", "maneuver",
                        "force", "game"):
            return method

        def call(data: Any) -> Any:
            self.calls.append((name.replace("_", "-"), data))
            return method(data)
        return call


def _param_sets(fn: Any) -> list[dict[str, Any]]:
    marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
    if not marks:
        return [{}]
    sets = []
    for mark in marks:
        names = [n.strip() for n in mark.args[0].split(",")] if isinstance(mark.args[0], str) else list(mark.args[0])
        sets.append([dict(zip(names, v if len(names) > 1 else (v,))) for v in mark.args[1]])
    return [dict(itertools.chain.from_iterable(d.items() for d in combo)) for combo in itertools.product(*sets)]


def record(module: str, engine: Any) -> list[tuple[str, Any]]:
    """Run every test of ``module`` that takes only ``engine`` (and its parameters) and return the calls."""
    rec = Recorder(engine)
    mod = importlib.import_module(module)
    for name, fn in sorted(vars(mod).items()):
        if not name.startswith("test_") or not callable(fn):
            continue
        params = inspect.signature(fn).parameters
        for values in _param_sets(fn):
            if set(params) - set(values) - {"engine"}:
                continue
            fn(**{k: v for k, v in values.items() if k in params}, **({"engine": rec} if "engine" in params else {}))
    return rec.calls
