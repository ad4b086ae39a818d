"""Generate the MkDocs source tree (``build/docs``) from ``docs/`` and ``data/``.

``build/docs`` = the hand-written pages of ``docs/`` + generated pages + the open data bundle +
the calculator's files (:mod:`generator.engine.assets`) + the app icons. Files are only written
when their bytes change, and stale files are removed, so live reload does not loop on its own
output.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from ..data import urls
from ..images.app_icons import app_icons
from ..data.load import load_dataset
from ..data.dataset import Dataset
from ..engine.assets import (PACKED, WORKER, Memo, brotli_copies, decoder_files, describe, engine_files, gzip_copy,
                             worker_script)
from ..pages.render import render_pages
from ..paths import BUILD_DIR, DATA_DIR, DOCS_DIR, OUT_DIR, REPO_ROOT
from ..engine.snapshot import describe_snapshot, snapshot_file

PYODIDE_DIR = REPO_ROOT / "node_modules" / "pyodide"
DECODER_DIR = REPO_ROOT / "node_modules" / "brotli-dec-wasm"
# The files of the npm package that the browser needs (no packages: the engine is pure Python).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
INPUT_DIRS = ("data", "docs", "generator", "calculator", "overrides")
# What the service worker must know of the engine's files (read by generator.site.offline).
ENGINE_INFO = BUILD_DIR / "engine.json"
MEMO = Memo(BUILD_DIR / "cache")


class Output:
    """Collects the files of one generation and writes only what changed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.expected: set[Path] = set()
        self.written = 0

    def put(self, rel: str, data: str | bytes) -> None:
        path = self.root / rel
        raw = data.encode("utf-8") if isinstance(data, str) else data
        self.expected.add(path)
        if path.exists() and path.read_bytes() == raw:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        self.written += 1

    def copy(self, rel: str, src: Path) -> None:
        path = self.root / rel
        self.expected.add(path)
        if path.exists() and path.stat().st_size == src.stat().st_size and path.stat().st_mtime >= src.stat().st_mtime:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, path)
        self.written += 1

    def prune(self) -> None:
        """Remove files that this generation did not produce (renamed or deleted pages)."""
        if not self.root.exists():
            return
        for path in sorted(self.root.rglob("*"), reverse=True):
            if path.is_file() and path not in self.expected:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


def pyodide_version() -> str:
    return json.loads((PYODIDE_DIR / "package.json").read_text())["version"]


def generate(out_dir: Path = OUT_DIR, data_dir: Path = DATA_DIR) -> Dataset:
    """Regenerate ``out_dir``; raise :class:`~generator.errors.DataError` on bad data."""
    if not (PYODIDE_DIR / "pyodide.asm.wasm").exists():
        raise SystemExit("error: node_modules/pyodide is missing; run 'npm ci' (make does this)")
    ds = load_dataset(data_dir)
    out = Output(out_dir)
    moves = urls.load_moves(Path(data_dir) / "moves.yaml")
    pictures: dict[str, bytes] = {}
    pages = render_pages(ds, tuple((m.old, m.new) for m in moves), pictures, MEMO)
    for src in sorted(DOCS_DIR.rglob("*")):
        rel = src.relative_to(DOCS_DIR).as_posix()
        if src.is_file() and rel != WORKER and rel not in pages:   # a hand-written page comes with its card
            out.copy(rel, src)
    bundle = ds.bundle()
    out.put("data/dragondice.json", json.dumps(bundle, ensure_ascii=False, separators=(",", ":")))
    for name, schema in ds.schemas().items():
        out.put(f"data/schema/{name}", json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    put_engine(out, bundle)
    for rel, data in app_icons(MEMO).items():
        out.put(rel, data)
    for rel, text in pages.items():
        out.put(rel, text)
    for rel, png in pictures.items():
        out.put(rel, png)   # link-preview images (og:image), one per page
    for rel, text in urls.redirect_files(moves).items():
        out.put(rel, text)   # moved pages keep their old URL (data/moves.yaml)
    out.prune()
    (out_dir.parent / ".generated").write_text(str(time.time()))
    return ds


def put_engine(out: Output, bundle: dict) -> None:
    """The runtime, the engine, its data and the worker that knows their sizes and caches."""
    for name in PYODIDE_FILES:
        out.copy(f"pyodide/{name}", PYODIDE_DIR / name)
    files = engine_files(REPO_ROOT, PYODIDE_DIR, bundle, MEMO)
    for rel, data in files.items():
        out.put(rel, data)
    # The .br copies of the worker's big downloads and the decoder it unpacks them with.
    extra = {**brotli_copies(files, PYODIDE_DIR, MEMO), **decoder_files(DECODER_DIR)}
    for rel, data in extra.items():
        out.put(rel, data)
    info = describe(files, PYODIDE_DIR, pyodide_version(), MEMO, extra)
    # The engine's memory snapshot (generator.engine.snapshot), which the worker may start from instead.
    url, blob = snapshot_file(PYODIDE_DIR, files, MEMO)
    out.put(url, blob)
    packed = gzip_copy(url, blob, MEMO)
    info["snapshot"] = describe_snapshot(url, blob, None if packed is None else len(packed))
    info["caches"]["snapshot"] = info["snapshot"]["cache"]
    out.put(WORKER, worker_script((DOCS_DIR / WORKER).read_text(encoding="utf-8"), info,
                                  (DOCS_DIR / PACKED).read_text(encoding="utf-8")))
    ENGINE_INFO.parent.mkdir(parents=True, exist_ok=True)
    ENGINE_INFO.write_text(json.dumps(info, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def inputs_mtime() -> float:
    newest = 0.0
    for name in INPUT_DIRS:
        for path in (REPO_ROOT / name).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                newest = max(newest, path.stat().st_mtime)
    return newest


def is_stale() -> bool:
    stamp = OUT_DIR.parent / ".generated"
    return not stamp.exists() or float(stamp.read_text() or 0) < inputs_mtime()
