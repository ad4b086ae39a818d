"""Run engine calls in Pyodide under Node (the same pinned npm package the site ships).

Pyodide starts once per test process (:class:`PyodideNode`, the session fixture ``pyodide`` in
tests/parity/conftest.py) and answers every module's calls: each start took seconds of the
machine, and the calls of one test do not depend on another's (each list begins with "load",
as the site's worker does)."""
from __future__ import annotations

import json
import subprocess
import tempfile
import threading
from pathlib import Path

from generator.engine.wheel import build_wheel

REPO_ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_pyodide.mjs")
TIMEOUT = 300      # seconds for one list of calls, Pyodide's start included


class PyodideNode:
    """One Node process with Pyodide and the engine's wheel; :meth:`run` answers a list of calls."""

    def __init__(self, tmp_dir: Path) -> None:
        self.wheel = build_wheel(REPO_ROOT / "calculator", tmp_dir)
        self.stderr = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self.proc = subprocess.Popen(["node", str(RUNNER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True, cwd=REPO_ROOT)
        self.starts = 1

    def run(self, calls: list[tuple[str, str]]) -> dict:
        """Answer each ``(cmd, json payload)`` with ``calculator.webworker.dispatch`` in Pyodide."""
        self.proc.stdin.write(json.dumps({"wheel": str(self.wheel), "calls": calls}) + "\n")
        self.proc.stdin.flush()
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(self.proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(TIMEOUT)
        if not line or not line[0]:
            self.close()
            self.stderr.seek(0)
            raise AssertionError(f"node/pyodide failed ({self.proc.returncode}):\n{self.stderr.read()[-4000:]}")
        return json.loads(line[0])

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.stderr.close()
