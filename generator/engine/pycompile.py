"""Python bytecode made by the browser's own Python (Pyodide under Node, at build time).

Pyodide's standard library is Python source: at start-up it compiles every module it imports,
which takes longer than anything else it does after the download. Shipping bytecode compiled
by the same Pyodide (``.pyc`` files, "unchecked hash" form, so they are used as they are) starts
Python several times faster. If Node cannot run Pyodide, the build says so and ships source.
"""
from __future__ import annotations

import json
import sys
import tempfile
import zipfile
from pathlib import Path

from ..node import NodeFailed, run_node

SCRIPT = Path(__file__).with_name("js") / "pycompile.mjs"


def compile_sources(sources: dict[str, bytes], strip: tuple[str, ...] = (),
                    docless: tuple[str, ...] = ()) -> tuple[dict[str, bytes], str] | None:
    """``{"a/b.py": source}`` -> ``({"a/b.py": pyc}, cache_tag)``, or None when Node fails.
    Sources whose path starts with one of ``strip`` lose their docstrings and asserts (``-OO``),
    those under one of ``docless`` their docstrings only (their asserts stay)."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        with zipfile.ZipFile(src, "w") as zf:
            for name, data in sources.items():
                zf.writestr(name, data)
        try:
            tag = run_node(SCRIPT, str(src), str(out), json.dumps(list(strip)), json.dumps(list(docless)), makes=out)
        except NodeFailed as exc:
            print(f"warning: could not precompile Python in Pyodide ({exc.reason}); shipping source",
                  file=sys.stderr)
            return None
        with zipfile.ZipFile(out) as zf:
            return {n[:-1]: zf.read(n) for n in zf.namelist()}, tag.strip()
