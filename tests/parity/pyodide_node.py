"""Run engine calls in Pyodide under Node (the same pinned npm package the site ships)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from generator.wheel import build_wheel

REPO_ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_pyodide.mjs")


def run_in_pyodide(calls: list[tuple[str, str]], tmp_dir: Path) -> dict:
    """Answer each ``(cmd, json payload)`` with ``calculator.webworker.dispatch`` in Pyodide."""
    wheel = build_wheel(REPO_ROOT / "calculator", tmp_dir)
    proc = subprocess.run(
        ["node", str(RUNNER)], input=json.dumps({"wheel": str(wheel), "calls": calls}),
        capture_output=True, text=True, cwd=REPO_ROOT, timeout=300,
    )
    if proc.returncode != 0:
        raise AssertionError(f"node/pyodide failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout)
