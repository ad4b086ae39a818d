"""The forum command in Pyodide under Node (the browser's worker, loaded with the browser's slim
data) answers every post byte for byte as CPython does with the whole bundle, and the same one line
for a bad request."""
from __future__ import annotations

import json

from calculator import webworker
from calculator.slim import engine_data
from tests.engine import forum_cases as C
from tests.engine import forum_texts as T
from tests.engine.test_forum import CASES


def _requests(bundle: dict) -> list[dict]:
    from calculator import Engine

    out = [{"command": command, "input": inp, "format": fmt, "link": C.LINK}
           for command, inp, _ in CASES.values() for fmt in ("bbcode", "markdown", "text")]
    # As the page asks: with the answer it shows (the odds are not computed again).
    out.append({"command": "exchange-odds", "input": C.ODDS, "answer": Engine(bundle).exchange_odds(C.ODDS),
                "format": "markdown", "link": C.LINK})
    out.append({"command": "resolve", "input": C.ROLL, "format": "html"})
    return out


def test_every_post_is_the_same_in_pyodide(bundle, pyodide):
    requests = _requests(bundle)
    calls = [("load", json.dumps(engine_data(bundle)))] + [("forum", json.dumps(r)) for r in requests]
    out = pyodide(calls)
    assert json.loads(out["answers"][0])["ok"], out["answers"][0]
    assert json.loads(webworker.dispatch("load", json.dumps(bundle)))["ok"]
    theirs = out["answers"][1:]
    assert len(theirs) == len(requests) == 3 * len(CASES) + 2
    for request, got in zip(requests, theirs):
        assert got == webworker.dispatch("forum", json.dumps(request)), request
    posts = [json.loads(got)["result"]["text"] for got in theirs[:3 * len(CASES)]]
    assert posts == [texts[fmt] for _, _, texts in CASES.values() for fmt in ("bbcode", "markdown", "text")]
    assert json.loads(theirs[-2])["result"]["text"] == T.ODDS["markdown"]
    assert json.loads(theirs[-1]) == {"ok": False, "error": "format: expected one of bbcode, markdown, text, got 'html'",
                                      "field": "format", "too_large": False}
