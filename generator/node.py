"""The build's Node scripts (Pyodide under Node for the bytecode and the memory snapshot, terser for
the site's scripts), started one way and failing one way: ``NodeFailed`` with a reason a person can
read. Each caller decides what a failure means for the build (``engine.pycompile`` ships source
instead, ``engine.snapshot`` and ``site.minify`` stop the build).
"""
from __future__ import annotations

import subprocess
from pathlib import Path

TIMEOUT_S = 600        # long enough for the slowest (the memory snapshot); a script that hangs ends here


class NodeFailed(Exception):
    """A Node script that could not start, ran out of time, failed, or wrote nothing."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def reason_of(stderr: str) -> str:
    """The line of a failed script's stderr that says why: the last one naming an error (Node ends an
    uncaught error's report with its own version line, which says nothing), else the last line.

    >>> reason_of("file:///x.mjs:3\\n  throw new Error('no wasm');\\nError: no wasm\\n    at f (x.mjs:3)\\n\\nNode.js v20.19.2")
    'Error: no wasm'
    >>> reason_of("")
    'no output'
    """
    lines = [line.strip() for line in stderr.strip().splitlines()] or ["no output"]
    return next((line for line in reversed(lines) if "Error" in line), lines[-1])


def run_node(script: Path, *args: str, stdin: str | None = None, makes: Path | None = None,
             timeout: float = TIMEOUT_S, cwd: Path | None = None) -> str:
    """``script`` run under Node with ``args``: its standard output. ``makes``: a file it must write
    (not empty). Raises NodeFailed, never a traceback of the subprocess."""
    try:
        proc = subprocess.run(["node", str(script), *args], input=stdin, capture_output=True, text=True,
                              timeout=timeout, cwd=cwd)
    except (OSError, subprocess.TimeoutExpired) as exc:   # no Node on the PATH, or a script that hangs
        raise NodeFailed(str(exc)) from None
    if proc.returncode != 0:
        raise NodeFailed(reason_of(proc.stderr))
    if makes is not None and (not makes.exists() or makes.stat().st_size == 0):
        named = reason_of(proc.stderr)          # a warning of Node's is no reason: only a line naming an error
        raise NodeFailed(f"it wrote no {makes.name}" + (f" ({named})" if "Error" in named else ""))
    return proc.stdout
