"""The runtime the site ships (generator/engine/stdlib.py's cut-down standard library, precompiled by
generator/engine/pycompile.py, and the engine's zip of bytecode) gives, in Pyodide under Node, exactly
the answers of the stock Pyodide runtime, and holds every module Pyodide imports to start."""
from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from generator.site.build import ENGINE_INFO, ensure_site
from tests.engine.force_cases import CASES

REPO_ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_site_runtime.mjs")
STOCK = REPO_ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def run(request: dict) -> dict:
    """The calls in Pyodide under Node, the engine's zip where the site's worker writes it."""
    request = {**request, "zip_path": json.loads(ENGINE_INFO.read_text(encoding="utf-8"))["zip_path"]}
    proc = subprocess.run(["node", str(RUNNER)], input=json.dumps(request), capture_output=True,
                          text=True, cwd=REPO_ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


def module_names(zip_path: Path) -> set[str]:
    with zipfile.ZipFile(zip_path) as zf:
        names = [n for n in zf.namelist() if n.endswith((".py", ".pyc"))]
    return {n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__") for n in names}


@pytest.fixture(scope="module")
def runs(bundle):
    site = ensure_site()
    engine = site / "assets" / "engine"
    calls = [("load", (engine / "engine-data.json").read_text(encoding="utf-8"))]
    for example in bundle["examples"]:
        calls += [("resolve", json.dumps(example["input"])), ("distribution", json.dumps(example["input"]))]
    calls += [("resolve", "{not json"), ("resolve", json.dumps({"roll": "sideways", "army": []})),
              ("distribution", json.dumps({"roll": "melee", "army": [{"die": "no/such-die"}]}))]
    # The army builder's forces (tests/engine/force_cases.py) and a force naming an unknown die.
    calls += [("force", json.dumps(case["input"])) for case in CASES]
    calls += [("force", json.dumps({"size": 24, "armies": {"home": ["no/such-die"]}}))]
    code = str(engine / "engine.zip")
    shipped = run({"stdlib": str(engine / "python_stdlib.zip"), "engine": code, "calls": calls})
    stock = run({"stdlib": None, "engine": code, "calls": calls})
    return engine, shipped, stock


@pytest.fixture(scope="module")
def calls_after_load(bundle):
    calls = [("resolve", json.dumps(example["input"])) for example in bundle["examples"]]
    calls += [("distribution", json.dumps(example["input"])) for example in bundle["examples"]]
    calls += [("force", json.dumps(case["input"])) for case in CASES]
    calls += [("resolve", "{not json"), ("distribution", json.dumps({"roll": "melee", "army": [{"die": "no/such-die"}]}))]
    return calls + [("warm", "null")]      # imports from the engine's zip after the start


def test_snapshot_started_engine_answers_as_cpython(calls_after_load):
    """The build's memory snapshot (generator/engine/snapshot.py: the engine imported, its data loaded,
    "warm" done), started in Pyodide under Node as the worker starts it, answers every call with
    the same JSON as the usual start and as CPython; "loaded" repeats the answer of the "load" in
    the snapshot, and "warm" finds nothing left to import."""
    import calculator.webworker as webworker

    site = ensure_site()
    engine = site / "assets" / "engine"
    info = json.loads(ENGINE_INFO.read_text(encoding="utf-8"))["snapshot"]
    data = (engine / "engine-data.json").read_text(encoding="utf-8")
    request = {"stdlib": str(engine / "python_stdlib.zip"), "engine": str(engine / "engine.zip")}
    usual = run({**request, "calls": [("load", data), *calls_after_load]})
    started = run({**request, "snapshot": str(site / info["url"]), "calls": [("loaded", "null"), *calls_after_load]})
    kept = (webworker._engine, webworker._loaded)
    try:
        cpython = [webworker.dispatch("load", data), *(webworker.dispatch(c, p) for c, p in calls_after_load)]
    finally:
        webworker._engine, webworker._loaded = kept
    assert json.loads(started["answers"][0]) == json.loads(usual["answers"][0])
    assert json.loads(started["answers"][0])["result"]["entries"] == json.loads(cpython[0])["result"]["entries"]
    assert started["answers"][1:-1] == usual["answers"][1:-1] == cpython[1:-1]
    # "warm" names the modules it imported (in this process, other tests imported them already):
    # after the usual start's calls, the exchange's odds are still to import; in the snapshot, nothing.
    assert "calculator.exchange.odds" in json.loads(usual["answers"][-1])["result"]
    assert json.loads(started["answers"][-1]) == {"ok": True, "result": []}
    assert any('"ok": false' in a for a in started["answers"])      # the error paths ran too


def test_shipped_runtime_answers_like_the_stock_one(runs):
    _, shipped, stock = runs
    assert json.loads(shipped["answers"][0])["ok"], shipped["answers"][0]
    assert shipped["answers"] == stock["answers"]
    assert any('"ok": false' in a for a in shipped["answers"])      # the error paths ran too


def test_shipped_stdlib_holds_what_pyodide_and_the_engine_import(runs):
    engine, shipped, stock = runs
    have = module_names(engine / "python_stdlib.zip")
    in_stock = module_names(STOCK)
    used = (set(stock["modules"]) | set(stock["boot_modules"])) & in_stock
    assert used - have == set()
    assert len(have) < len(in_stock) / 2


def test_shipped_stdlib_is_bytecode_and_smaller(runs):
    engine, _, _ = runs
    with zipfile.ZipFile(engine / "python_stdlib.zip") as zf:
        names = zf.namelist()
    assert not [n for n in names if n.endswith(".py")]
    assert len([n for n in names if n.endswith(".pyc")]) > 100
    # Stored uncompressed, so that its .gz copy (what the worker downloads) packs the whole zip:
    # that copy is what crosses the link, and it is smaller than Pyodide's own zip.
    with zipfile.ZipFile(engine / "python_stdlib.zip") as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
    assert (engine / "python_stdlib.zip.gz").stat().st_size < STOCK.stat().st_size


def test_engine_zip_is_bytecode_only(runs):
    engine, shipped, _ = runs
    with zipfile.ZipFile(engine / "engine.zip") as zf:
        names = zf.namelist()
    assert "calculator/webworker.pyc" in names
    assert not [n for n in names if not (n.startswith("calculator/") and n.endswith(".pyc"))]
    assert "calculator.webworker" in shipped["modules"]


def test_first_part_answers_a_first_roll_then_the_whole_engine_the_rest(bundle):
    """The engine's first part (engine-first.zip, which a first visit's worker starts with) answers
    every example roll's plan and resolve as CPython does; a call that needs a module it lacks
    answers "missing" (the worker then fetches the whole engine), and once the whole zip is written
    over it as the worker writes it, the same call answers as CPython, and "warm" imports the rest."""
    import calculator.webworker as webworker

    engine = ensure_site() / "assets" / "engine"
    data = (engine / "engine-data.json").read_text(encoding="utf-8")
    rolls = [json.dumps(example["input"]) for example in bundle["examples"]]
    calls = [("load", data), ("warm", "null")] + [(c, r) for r in rolls for c in ("plan", "resolve")]
    later = [("distribution", rolls[0]), ("exchange", json.dumps({"attacker": {}, "defender": {}}))]
    out = run({"stdlib": str(engine / "python_stdlib.zip"), "engine": str(engine / "engine-first.zip"),
               "calls": [*calls, *later], "whole": str(engine / "engine.zip"), "then": [*later, ("warm", "null")]})
    kept = (webworker._engine, webworker._loaded)
    try:
        cpython = [webworker.dispatch(c, p) for c, p in [*calls, *later]]
    finally:
        webworker._engine, webworker._loaded = kept
    assert json.loads(out["answers"][1])["missing"].startswith("calculator.exchange")   # warm: the roll's part only
    assert out["answers"][2:len(calls)] == cpython[2:len(calls)]
    first_later = out["answers"][len(calls):]
    assert all("missing" in json.loads(a) or a == c for a, c in zip(first_later, cpython[len(calls):]))
    assert json.loads(first_later[0])["missing"].startswith("calculator.roll.")      # the chances' part
    assert json.loads(out["then"][0])["result"] == [json.loads(ENGINE_INFO.read_text(encoding="utf-8"))["zip_path"]]
    assert out["then"][1:-1] == cpython[len(calls):]
    assert "calculator.exchange.odds" in json.loads(out["then"][-1])["result"]
    with zipfile.ZipFile(engine / "engine-first.zip") as first, zipfile.ZipFile(engine / "engine.zip") as whole:
        assert set(first.namelist()) < set(whole.namelist())
    assert (engine / "engine-first.zip.gz").stat().st_size < (engine / "engine.zip.gz").stat().st_size / 2
