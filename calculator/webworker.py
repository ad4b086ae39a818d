"""Entry point for the browser's Web Worker (Pyodide): JSON in, JSON out.

The worker's JavaScript only moves strings; every decision is made here or in the engine. Each
command's input is JSON text read as the command line reads it (calculator.core.jsontext); "read"
only reads and checks a text (a link naming no dice yet), answering its value.

"load" makes the engine's index and no more, so the page hears "ready" as soon as the data is in
("loaded" answers again what it answered: for an engine started from a memory snapshot taken
after "load", generator/engine/snapshot.py);
"warm", which the worker sends once it has said so, imports the single roll (every page that
rolls needs it) and the exchange room while the player is still reading the page, so the first roll
or exchange is no slower (the memory snapshot is taken after it, so an engine started from it has
nothing left to import).

>>> import json
>>> json.loads(dispatch("version", "null"))["ok"]
True
"""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from .core.shapes import Answer, Raw
from .commands import COMMANDS

if TYPE_CHECKING:       # annotations only: the engine is loaded when first asked for
    from .engine import Engine

_engine: Engine | None = None
_loaded: Answer | None = None


def _read(payload: str) -> object:
    from .core.fields import check_tree
    from .core.jsontext import read_json

    data = read_json(payload)
    check_tree(data)
    return data


def _load(bundle: Raw) -> Answer:
    global _engine, _loaded
    from .engine import Engine

    # The browser's bundle is the build's, which checked every entry (generator.engine.assets):
    # the engine makes each die, SAI and spell when a call first names it.
    _engine = Engine(bundle, lazy=True)
    _loaded = {"python": sys.version.split()[0], "entries": sum(len(v) for v in bundle.values() if isinstance(v, list))}
    return _loaded


def _warm() -> list[str]:
    """Import the parts a page's first roll needs (what "plan" and "resolve" use: calculator.roll and
    its magic part) and an exchange's odds (the exchange room); answers the modules it loaded."""
    before = set(sys.modules)
    from .magic import offer  # noqa: F401
    from .roll import plan, resolve  # noqa: F401
    from .exchange import odds  # noqa: F401   # last: a worker started with the engine's first part lacks it

    return sorted(name for name in set(sys.modules) - before if name.startswith("calculator."))


def _reread() -> list[str]:
    """After the worker wrote the whole engine's zip over its first part: zipimport reads the zip's
    list of files again (importlib.invalidate_caches would import importlib.metadata, which the
    site's standard library leaves out). Answers the zip read again."""
    import zipimport

    finders = [f for f in list(sys.path_importer_cache.values())        # the engine's zip, which holds this file
               if isinstance(f, zipimport.zipimporter) and __file__.startswith(f.archive + "/")]
    for finder in finders:
        finder.invalidate_caches()
    return sorted({finder.archive for finder in finders})


def dispatch(cmd: str, payload: str) -> str:
    """Run ``cmd`` with a JSON ``payload``; answer ``{"ok": ..., "result"|"error": ...}``."""
    from .core.errors import BundleError, InputError

    try:
        if cmd == "load":
            result: Any = _load(json.loads(payload))
        elif cmd == "version":
            result = {"python": sys.version.split()[0]}
        elif cmd == "warm":
            result = _warm()
        elif cmd == "reread":
            result = _reread()
        elif _engine is None:
            return json.dumps({"ok": False, "error": "the engine has no data loaded"})
        elif cmd == "loaded":
            result = _loaded
        elif cmd == "read":
            result = _read(payload)
        elif cmd in COMMANDS:
            from .core.jsontext import read_json

            result = getattr(_engine, COMMANDS[cmd].method)(read_json(payload))
        else:
            return json.dumps({"ok": False, "error": f"unknown command '{cmd}'"})
    except (InputError, BundleError) as exc:
        return json.dumps({"ok": False, "error": str(exc), "field": getattr(exc, "field", None),
                           "too_large": type(exc).__name__ == "TooLarge"})
    except ImportError as exc:      # also "cannot import name" of a package's missing submodule
        if not (exc.name or "").startswith("calculator"):
            return json.dumps({"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"})
        # A worker started with the engine's first part (generator/engine/assets.py) fetches the
        # whole engine and asks again: nothing of a module it lacks has run.
        return json.dumps({"ok": False, "missing": exc.name, "error": f"the engine's part {exc.name} is not here yet"})
    except RecursionError:
        return json.dumps({"ok": False, "error": "the input is nested too deeply to read"})
    except Exception as exc:  # a bug must still reach the page as a message, not a dead worker
        return json.dumps({"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"})
    return json.dumps({"ok": True, "result": result}, sort_keys=True)
