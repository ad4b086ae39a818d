"""The engine's memory snapshot: Pyodide's memory once Python is up, the engine imported from its
zip, its data loaded and what a first roll or exchange needs imported (calculator.webworker's
"warm"), made at build time by the pinned Pyodide under Node
(``generator/engine/js/snapshot.mjs``; Pyodide 0.29's ``_makeSnapshot`` / ``makeMemorySnapshot`` /
``_loadSnapshot`` options, which it leaves undocumented).

The engine worker can start from it instead of starting Python, importing the engine and loading
the data (engine-worker.js says when it does). The file's name and the worker's constants carry
the SHA-256 of its bytes, which the worker checks before using them; the snapshot is made from
this build's own runtime, standard library, engine and data (the memo key holds all of them), and
Pyodide itself refuses a snapshot of another runtime build. A build that cannot make it fails:
it never ships without it, nor with a stale one.

The memory is 20 MB, but a third of its 4 KB pages are all zeros, so the site ships it without
them (``sparse``): "DDSP", the page size and the memory's size (each 4 bytes, little-endian), a
map with a bit for each page (set: the page follows), then the pages that are not all zeros, in
order. Gzipped it is no smaller, but the worker unpacks 13 MB instead of 20 before it puts the
pages back in place (packed.js's ``dense``), and the device keeps 13 MB instead of 20.
"""
from __future__ import annotations

import json
import struct
import tempfile
from pathlib import Path
from typing import Any

from ..node import NodeFailed, run_node
from .assets import ENGINE_DIR, ENGINE_ZIP, Memo, digest

SCRIPT = Path(__file__).with_name("js") / "snapshot.mjs"
RUNTIME = ("pyodide.asm.wasm", "pyodide.asm.js", "pyodide.mjs", "package.json")
MAGIC = b"DDSP"
PAGE = 4096
HEAD = struct.Struct("<4sII")      # MAGIC, the page size, the memory's size


def sparse(memory: bytes) -> bytes:
    """The memory as the site ships it: without its pages that are all zeros (see above)."""
    n = -(-len(memory) // PAGE)
    bitmap, pages, zeros = bytearray(-(-n // 8)), [], bytes(PAGE)
    for i in range(n):
        page = memory[i * PAGE:(i + 1) * PAGE]
        if page != zeros[:len(page)]:
            bitmap[i >> 3] |= 1 << (i & 7)
            pages.append(page)
    return HEAD.pack(MAGIC, PAGE, len(memory)) + bytes(bitmap) + b"".join(pages)


def dense(shipped: bytes) -> bytes:
    """The memory from what ``sparse`` made of it (packed.js's ``dense`` does the same in the worker)."""
    magic, page, size = HEAD.unpack_from(shipped) if len(shipped) >= HEAD.size else (b"", 0, 0)
    if magic != MAGIC or page <= 0:
        raise ValueError("not a memory snapshot as the site ships it")
    n = -(-size // page)
    out, at = bytearray(size), HEAD.size + -(-n // 8)
    for i in range(n):
        if shipped[HEAD.size + (i >> 3)] >> (i & 7) & 1:
            end = min(page, size - i * page)
            if at + end > len(shipped):
                raise ValueError("a memory snapshot cut short")
            out[i * page:i * page + end] = shipped[at:at + end]
            at += end
    if at != len(shipped):
        raise ValueError("a memory snapshot whose pages do not add up")
    return bytes(out)


def make(stdlib: bytes, code: bytes, data: bytes) -> bytes:
    """A new snapshot of the engine loaded with ``data``; SystemExit (the build stops) on failure."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = [Path(tmp) / name for name in ("stdlib.zip", "engine.zip", "engine-data.json")]
        for path, blob in zip(paths, (stdlib, code, data)):
            path.write_bytes(blob)
        out = Path(tmp) / "snapshot.bin"
        try:
            said = run_node(SCRIPT, *map(str, paths), ENGINE_ZIP, str(out), makes=out)
        except NodeFailed as exc:
            raise SystemExit(f"error: could not make the engine's memory snapshot under Node ({exc.reason})") from None
        if not json.loads(said or "{}").get("ok"):
            raise SystemExit(f"error: the engine's memory snapshot did not load the data ({said[:200]})")
        return out.read_bytes()


def snapshot_file(pyodide_dir: Path, files: dict[str, bytes], memo: Memo) -> tuple[str, bytes]:
    """``(path below the site root, bytes)`` of this build's snapshot as the site ships it
    (``sparse``), made once per set of inputs."""
    stdlib, code, data = (files[f"{ENGINE_DIR}/{n}"] for n in ("python_stdlib.zip", "engine.zip", "engine-data.json"))
    key = "".join(digest((pyodide_dir / name).read_bytes()) for name in RUNTIME)
    key += digest(stdlib) + digest(code) + digest(data) + digest(SCRIPT.read_bytes()) + ENGINE_ZIP
    memory = memo.get("snapshot:" + digest(key.encode()), lambda: make(stdlib, code, data))
    assert memory is not None
    blob = sparse(memory)
    return f"{ENGINE_DIR}/engine-{digest(blob)[:16]}.bin", blob


def describe_snapshot(url: str, blob: bytes, packed: int | None) -> dict[str, Any]:
    """The worker's constants for the snapshot: where it is, its size (and its .gz copy's), the
    SHA-256 it must have, and the cache that keeps it (named by that hash)."""
    sha = digest(blob)
    entry: dict[str, Any] = {"url": url, "label": "Calculator, ready to start", "size": len(blob), "sha256": sha,
                             "cache": f"dd-snapshot-{sha[:16]}"}
    if packed is not None:
        entry["packed"] = packed
    return entry
