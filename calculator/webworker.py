"""Entry point for the browser's Web Worker (Pyodide): JSON in, JSON out.

The worker's JavaScript only moves strings; every decision is made here or in the engine.

>>> import json
>>> json.loads(dispatch("version", "null"))["ok"]
True
"""
from __future__ import annotations

import json
import sys
from typing import Any

_engine: Any = None
COMMANDS = {"resolve": "resolve", "distribution": "distribution", "plan": "plan", "exchange": "exchange",
            "exchange-odds": "exchange_odds", "carry": "carry", "force": "force"}


def _load(bundle: Any) -> dict[str, Any]:
    global _engine
    from .engine import Engine  # the engine indexes (and checks) the bundle once

    _engine = Engine(bundle)
    return {"python": sys.version.split()[0], "entries": sum(len(v) for v in bundle.values() if isinstance(v, list))}


def dispatch(cmd: str, payload: str) -> str:
    """Run ``cmd`` with a JSON ``payload``; answer ``{"ok": ..., "result"|"error": ...}``."""
    from .core.errors import BundleError, InputError

    try:
        if cmd == "load":
            result: Any = _load(json.loads(payload))
        elif cmd == "version":
            result = {"python": sys.version.split()[0]}
        elif _engine is None:
            return json.dumps({"ok": False, "error": "the engine has no data loaded"})
        elif cmd in COMMANDS and hasattr(_engine, COMMANDS[cmd]):
            result = getattr(_engine, COMMANDS[cmd])(json.loads(payload))
        else:
            return json.dumps({"ok": False, "error": f"unknown command '{cmd}'"})
    except (InputError, BundleError) as exc:
        return json.dumps({"ok": False, "error": str(exc), "field": getattr(exc, "field", None),
                           "too_large": type(exc).__name__ == "TooLarge"})
    except RecursionError:
        return json.dumps({"ok": False, "error": "the input is nested too deeply to read"})
    except Exception as exc:  # a bug must still reach the page as a message, not a dead worker
        return json.dumps({"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"})
    return json.dumps({"ok": True, "result": result}, sort_keys=True)
