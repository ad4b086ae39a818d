"""The engine package imports and answers inside the pinned Pyodide, run by Node."""
from __future__ import annotations

import json
import sys

from calculator import webworker


def test_calculator_imports_in_pyodide(pyodide, repo_root):
    pinned = json.loads((repo_root / "package.json").read_text())["dependencies"]["pyodide"]
    out = pyodide([("version", "null")])
    assert out["pyodide"] == pinned
    answer = json.loads(out["answers"][0])
    assert answer["ok"] is True
    # Pyodide ships its own CPython; the engine runs there and here.
    assert answer["result"]["python"].startswith("3.")
    assert json.loads(webworker.dispatch("version", "null"))["result"]["python"] == sys.version.split()[0]
