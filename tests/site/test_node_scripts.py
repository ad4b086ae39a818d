"""The build's Node scripts fail in words (generator/node.py): a script that throws, exits without
its file, hangs or finds no Node gives a reason a person can read, and each step of the build
does with it what it should (the bytecode step ships source, the snapshot and minify steps stop
the build). The scripts here are small stand-ins written for each test."""
from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import generator.node
from generator.engine import pycompile, snapshot
from generator.node import NodeFailed, run_node
from generator.site import minify

THROWS = "throw new Error('the runtime is missing');\n"
ECHOES = "let s = ''; process.stdin.on('data', (d) => { s += d; });\n" \
         "process.stdin.on('end', () => { process.stdout.write(JSON.stringify(JSON.parse(s).map((f) => f.code))); });\n"


def script(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "stand-in.mjs"
    path.write_text(body, encoding="utf-8")
    return path


def test_the_reasons_doctests():
    assert doctest.testmod(generator.node).failed == 0


def test_a_script_that_throws_is_named_by_its_error_not_nodes_version_line(tmp_path):
    with pytest.raises(NodeFailed) as failed:
        run_node(script(tmp_path, THROWS))
    assert failed.value.reason == "Error: the runtime is missing"


def test_a_script_that_writes_nothing_says_so(tmp_path):
    with pytest.raises(NodeFailed) as failed:
        run_node(script(tmp_path, "process.stdout.write('done');\n"), makes=tmp_path / "out.bin")
    assert failed.value.reason == "it wrote no out.bin"


def test_a_warning_is_not_given_as_the_reason(tmp_path):
    body = "console.warn('(node:1) ExperimentalWarning: something is experimental');\n"
    with pytest.raises(NodeFailed) as failed:
        run_node(script(tmp_path, body), makes=tmp_path / "out.bin")
    assert failed.value.reason == "it wrote no out.bin"


def test_a_script_that_hangs_is_stopped(tmp_path):
    with pytest.raises(NodeFailed, match="timed out after 0.5 seconds"):
        run_node(script(tmp_path, "setInterval(() => {}, 1000);\n"), timeout=0.5)


def test_no_node_on_the_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(NodeFailed, match="No such file or directory: 'node'"):
        run_node(script(tmp_path, THROWS))


def test_a_script_reads_its_input_and_its_output_is_returned(tmp_path):
    files = [{"code": "let a = 1;"}, {"code": "b();"}]
    out = run_node(script(tmp_path, ECHOES), stdin=json.dumps(files), cwd=tmp_path)
    assert json.loads(out) == ["let a = 1;", "b();"]


def test_the_bytecode_step_ships_source_and_warns(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(pycompile, "SCRIPT", script(tmp_path, THROWS))
    assert pycompile.compile_sources({"a.py": b"x = 1\n"}) is None
    assert capsys.readouterr().err == ("warning: could not precompile Python in Pyodide "
                                       "(Error: the runtime is missing); shipping source\n")


def test_the_snapshot_step_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshot, "SCRIPT", script(tmp_path, THROWS))
    with pytest.raises(SystemExit, match=r"^error: could not make the engine's memory snapshot under Node "
                                         r"\(Error: the runtime is missing\)$"):
        snapshot.make(b"", b"", b"{}")


def test_the_snapshot_step_stops_when_the_data_did_not_load(tmp_path, monkeypatch):
    # The stand-in writes the snapshot file, as snapshot.mjs does, and says the data did not load.
    body = "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[6], 'x');\n" \
           "process.stdout.write(JSON.stringify({ ok: false, error: 'no data' }));\n"
    monkeypatch.setattr(snapshot, "SCRIPT", script(tmp_path, body))
    with pytest.raises(SystemExit, match=r"^error: the engine's memory snapshot did not load the data "
                                         r"\(\{\"ok\":false,\"error\":\"no data\"\}\)$"):
        snapshot.make(b"", b"", b"{}")


def test_the_minify_step_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.setattr(minify, "SCRIPT", script(tmp_path, THROWS))
    with pytest.raises(SystemExit, match=r"^error: could not minify the site's scripts \(Error: the runtime is missing\)$"):
        minify.run_terser([{"code": "a();", "module": False}])
