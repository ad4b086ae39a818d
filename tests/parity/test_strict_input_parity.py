"""The careless and hostile inputs of tests/engine/test_strict_input.py give the same one line in
Pyodide (the browser's worker) as in CPython: a link nested 2,000 levels deep, refused by the command
line at once, is refused by the worker before its parser recurses, not after a long stall."""
from __future__ import annotations

import json

from calculator import webworker
from tests.engine.test_strict_input import CASES


def test_the_worker_in_pyodide_answers_the_same_line(bundle, pyodide):
    calls = [("load", json.dumps(bundle))] + [(command, text) for _, command, text, _, _ in CASES]
    calls.append(("read", '{"army": [], "x": ' + "[" * 5000 + "]" * 5000 + "}"))
    out = pyodide(calls)
    assert json.loads(out["answers"][0])["ok"], out["answers"][0]
    webworker.dispatch("load", json.dumps(bundle))
    for (cmd, text), got in zip(calls[1:], out["answers"][1:]):
        answer = json.loads(got)
        assert answer["ok"] is False, (cmd, text[:80], answer)
        assert got == webworker.dispatch(cmd, text), (cmd, text[:80])
    for (name, _, _, field, words), got in zip(CASES, out["answers"][1:]):
        assert json.loads(got)["error"].startswith(field + ": ") and words in got, (name, got)
