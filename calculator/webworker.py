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


def _load(bundle: Any) -> dict[str, Any]:
    global _engine
    from . import Engine  # the engine indexes the bundle once

    _engine = Engine(bundle)
    return {"python": sys.version.split()[0], "entries": sum(len(v) for v in bundle.values() if isinstance(v, list))}


def dispatch(cmd: str, payload: str) -> str:
    """Run ``cmd`` with a JSON ``payload``; answer ``{"ok": ..., "result"|"error": ...}``."""
    from . import InputError

    try:
        if cmd == "load":
            result: Any = _load(json.loads(payload))
        elif cmd == "version":
            result = {"python": sys.version.split()[0]}
        elif _engine is None:
            return json.dumps({"ok": False, "error": "the engine has no data loaded"})
        elif cmd in ("resolve", "distribution"):
            result = getattr(_engine, cmd)(json.loads(payload))
        else:
            return json.dumps({"ok": False, "error": f"unknown command '{cmd}'"})
    except InputError as exc:
        return json.dumps({"ok": False, "error": str(exc)})
    except Exception as exc:  # a bug must still reach the page as a message, not a dead worker
        return json.dumps({"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"})
    return json.dumps({"ok": True, "result": result}, sort_keys=True)
