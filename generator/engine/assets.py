"""The calculator's files in ``build/docs``: what the engine worker downloads, and how.

- ``pyodide/``: the pinned runtime from npm (the browser loads ``pyodide.js``, ``pyodide.asm.js``
  and ``pyodide.asm.wasm``; the rest is there for other tools and the benchmark).
- ``assets/engine/python_stdlib.zip``: the standard library cut down to what the engine can
  import (:mod:`generator.engine.stdlib`), as bytecode compiled by the same Pyodide
  (:mod:`generator.engine.pycompile`): 1.4 MB instead of 2.4 MB, and Python starts several times faster.
- ``assets/engine/engine.zip``: ``calculator/`` as bytecode only, which Python imports straight
  from the zip (zipimport, as it imports the standard library): nothing to unpack.
- ``assets/engine/engine-first.zip``: the part of it a first roll needs (:func:`first_modules`),
  a third of its size: a first visit's worker starts with it and fetches the whole zip once
  the page is idle after its first answer, or at once when a call needs a module it lacks.
- ``assets/engine/engine-data.json``: the slim engine bundle (:func:`calculator.slim.engine_data`).
- ``assets/engine/catalogue.json``: what the calculator page shows (names, dice, faces, SAIs,
  spells, terrains), without the rules texts, rulings, examples and provenance that only the
  pages and the open data bundle need.

The worker learns these URLs, their sizes and its cache names from constants written into
``engine-worker.js`` (no manifest to fetch first). Files that compress get a ``.gz`` copy
beside them: hosts that serve precompressed files send them, and the worker itself asks for the
``.gz`` copy of each big download it reads as data (the wasm, both zips, the rules data) and
unpacks it as it arrives, so a plain host that sends files as they are sends the small copies too.
The worker's big downloads also get a ``.br`` copy (:func:`brotli_copy`, a fifth smaller than
Zopfli's gzip), which the worker asks for first and unpacks with the site's own brotli decoder
(:data:`DECODER`, from npm), since the browsers' DecompressionStream has no brotli; without it,
the ``.gz`` copy. Both zips are
stored uncompressed for that reason: one gzip over the whole zip packs better than each file
apart, and Python then reads each module without inflating it.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any, Callable, TypeVar

import brotli  # type: ignore[import-untyped]  # no type hints shipped
import zopfli.gzip  # type: ignore[import-untyped]  # no type hints shipped

from calculator.engine import Engine
from calculator.slim import engine_data

from .pycompile import compile_sources
from .stdlib import slim_stdlib

ENGINE_DIR = "assets/engine"
WORKER = "assets/js/engine/engine-worker.js"
PLACEHOLDER = "/* @engine-files@ */ null"
PACKED = "assets/js/engine/packed.js"
UNPACKED = "/* @packed-unpacked@ */"
DENSE = "/* @packed-dense@ */"
WHOLE = "/* @packed-whole@ */"
# The kinds of the open data bundle that the calculator page reads; fields that only record
# where a fact comes from are left out. A kind the page starts to read is added here.
CATALOGUE_KINDS = ("meta", "calculator", "icons", "sais", "species", "dice", "terrain_types", "terrains", "dragons")
# Of these, the fields the page shows (names, faces, elements); None: the whole entry.
CATALOGUE_FIELDS: dict[str, tuple[str, ...] | None] = {
    "icons": ("id", "name", "kind", "rule"), "sais": ("id", "name"), "species": ("id", "name", "elements"),
    "dice": ("id", "name", "species", "kind", "size", "health", "die", "element", "faces"),
    "terrain_types": ("id", "name", "elements"), "terrains": ("id", "name", "type", "category", "advanced", "elements", "eighth_face", "faces"),
    "dragons": ("id", "name", "form", "dragon_type", "elements", "health", "automatic_saves", "faces"),
}
PROVENANCE = ("source", "flags_source", "octgn_name", "octgn_names", "octgn_color", "history", "notes")
# Worth a .gz copy: text, wasm, the engine's stored zips (a deflated zip gains too little to
# keep the copy: see MAX_RATIO) and its memory snapshot (generator.engine.snapshot).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".webmanifest", ".zip",
                ".bin")
MAX_RATIO = 0.9
# Where the worker writes the engine's zip in Pyodide's file system and imports it from (the
# worker's constants carry it; generator.engine.snapshot makes the snapshot with it there).
ENGINE_ZIP = "/lib/dragondice_engine.zip"
BIG = 256 * 1024          # compressing these takes long enough to be worth remembering
MIN_GZIP = 1024
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
# What the worker downloads: key -> (URL below the site root, label, MIME type, cache).
DOWNLOADS = {
    "loader": ("pyodide/pyodide.js", "Python loader", "text/javascript", "runtime"),
    "script": ("pyodide/pyodide.asm.js", "Python runtime (script)", "text/javascript", "runtime"),
    "wasm": ("pyodide/pyodide.asm.wasm", "Python runtime", "application/wasm", "runtime"),
    "stdlib": (f"{ENGINE_DIR}/python_stdlib.zip", "Python standard library", "application/zip", "runtime"),
    "code": (f"{ENGINE_DIR}/engine.zip", "Calculator engine", "application/zip", "engine"),
    "data": (f"{ENGINE_DIR}/engine-data.json", "Rules data", "application/json", "engine"),
}

# The big files among these are packed with Zopfli, not gzip -9: a gzip stream any browser
# unpacks, about 4 % smaller (the wasm 2.82 -> 2.71 MB), for a slower build (18 s for the wasm,
# remembered; 3 s for the engine's zip). They are what a first visit fetches before its first
# answer; on a slow link each 200 kB is a second.
FIRST = (f"{ENGINE_DIR}/engine-first.zip", *DOWNLOADS["code"][1:])     # named as the engine to the player
ZOPFLI = tuple(url.rsplit("/", 1)[-1] for url, *_ in (*DOWNLOADS.values(), FIRST))
# The same big files (those of at least BIG bytes) get a .br copy too: brotli at its best quality,
# with a 4 MB window (smaller than 16 MB's on the 8.6 MB wasm: 2.12 MB, Zopfli 2.71 MB; the stdlib
# 0.64 MB, Zopfli 0.82 MB), for 27 s of CPU once (remembered), 18 s of it the wasm's.
BROTLI = {"quality": 11, "lgwin": 22}
# The brotli decoder the worker unpacks the .br copies with (npm brotli-dec-wasm, pinned in
# package.json): its script (an ES module the worker imports) and its WebAssembly, copied as they are.
DECODER_DIR = "brotli-dec-wasm"
DECODER = {"script": f"{DECODER_DIR}/brotli_dec_wasm.js", "url": f"{DECODER_DIR}/brotli_dec_wasm_bg.wasm",
           "license": f"{DECODER_DIR}/LICENSE-MIT.txt"}
# The engine's modules a first roll imports: measured in a fresh CPython (the engine is pure
# Python, so Pyodide imports the same) that loads the data, warms the single roll as the worker's
# "warm" does first, then plans and resolves each example roll. stdin: {"data", "rolls"}.
MEASURE_FIRST = """
import json, sys
from calculator import webworker
from calculator.magic import offer
from calculator.roll import plan, resolve
request = json.load(sys.stdin)
webworker.dispatch("load", request["data"])
for text in request["rolls"]:
    webworker.dispatch("plan", text)
    webworker.dispatch("resolve", text)
webworker.dispatch("read", "{}")
print(json.dumps(sorted(m for m in sys.modules if m == "calculator" or m.startswith("calculator."))))
"""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


Made = TypeVar("Made", bytes, bytes | None)   # what a remembered step makes


class Memo:
    """Results of slow, pure steps (gzip -9 of the 8.6 MB wasm, the stdlib cut) kept on disk
    by the hash of their inputs, so that live reload stays fast."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, key: str, make: Callable[[], Made]) -> Made:
        """The remembered result, else ``make()`` (a None result is not remembered; a step that
        always makes bytes is typed as giving bytes)."""
        path = self.folder / digest(key.encode())
        if path.exists():
            return path.read_bytes()
        data = make()
        if data is None:
            return None
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        return data


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def worth_gzip(name: str, size: int) -> bool:
    return name.endswith(COMPRESSIBLE) and size >= MIN_GZIP


def gzip_copy(name: str, data: bytes, memo: Memo) -> bytes | None:
    """The ``.gz`` copy the build writes beside ``name``, or None when it makes none (too small,
    not compressible, or less than a tenth smaller). Remembered, so the slow wasm is packed once;
    the big downloads of the engine worker (:data:`ZOPFLI`) by Zopfli."""
    if not worth_gzip(name, len(data)):
        return None
    if len(data) >= BIG and name.rsplit("/", 1)[-1] in ZOPFLI:
        packed = memo.get("zopfli:" + digest(data), lambda: bytes(zopfli.gzip.compress(data)))
    elif len(data) >= BIG:
        packed = memo.get("gzip:" + digest(data), lambda: gzip_bytes(data))
    else:
        packed = gzip_bytes(data)
    return packed if packed is not None and len(packed) <= MAX_RATIO * len(data) else None


def brotli_copy(name: str, data: bytes, memo: Memo) -> bytes | None:
    """The ``.br`` copy the build writes beside one of the worker's big downloads (:data:`ZOPFLI`
    of at least :data:`BIG` bytes), else None. Remembered, as the Zopfli copies are."""
    if len(data) < BIG or name.rsplit("/", 1)[-1] not in ZOPFLI:
        return None
    key = f"brotli-q{BROTLI['quality']}-w{BROTLI['lgwin']}:" + digest(data)
    return memo.get(key, lambda: bytes(brotli.compress(data, **BROTLI)))


def download_bytes(url: str, files: dict[str, bytes], pyodide_dir: Path) -> bytes:
    """A download's bytes: generated (``files``) or Pyodide's (``pyodide/<name>``)."""
    return files[url] if url in files else (pyodide_dir / url.split("/", 1)[1]).read_bytes()


def brotli_copies(files: dict[str, bytes], pyodide_dir: Path, memo: Memo) -> dict[str, bytes]:
    """The ``.br`` copies of the worker's downloads, by path below the site root."""
    out: dict[str, bytes] = {}
    for url in (*(u for u, *_ in DOWNLOADS.values()), FIRST[0]):
        packed = brotli_copy(url, download_bytes(url, files, pyodide_dir), memo)
        if packed is not None:
            out[url + ".br"] = packed
    return out


def catalogue(bundle: dict[str, Any]) -> dict[str, Any]:
    """The calculator page's catalogue: :data:`CATALOGUE_KINDS` without provenance fields."""
    out: dict[str, Any] = {}
    for kind in CATALOGUE_KINDS:
        value = bundle.get(kind)
        keep = CATALOGUE_FIELDS.get(kind)
        if isinstance(value, list):
            value = [{k: v for k, v in e.items() if k not in PROVENANCE and (keep is None or k in keep)}
                     if isinstance(e, dict) else e for e in value]
        if value is not None:
            out[kind] = value
    return out


def compact_json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def zip_bytes(files: dict[str, bytes], stored: bool = False) -> bytes:
    """A zip with fixed dates; ``stored``: uncompressed (its .gz copy packs it, see above)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in files.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                        compress_type=zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED,
                        compresslevel=None if stored else 9)
    return out.getvalue()


def unzip_bytes(blob: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def python_files(repo: Path, pyodide_dir: Path, memo: Memo) -> tuple[bytes, dict[str, bytes]]:
    """The cut-down stdlib zip and the engine's files for its zip (``calculator/...``), as
    bytecode when Pyodide could compile them (else as source)."""
    full = pyodide_dir / "python_stdlib.zip"
    engine = {p.relative_to(repo).as_posix(): p.read_bytes() for p in sorted((repo / "calculator").rglob("*.py"))
              if "__pycache__" not in p.parts}
    key = digest(full.read_bytes()) + digest(b"".join(k.encode() + v for k, v in engine.items())) + \
        digest((repo / "generator" / "engine" / "stdlib.py").read_bytes())
    stdlib = unzip_bytes(memo.get("stdlib:" + key, lambda: slim_stdlib(full, repo / "calculator", "calculator.webworker")[0]))
    stdlib = {n: d for n, d in stdlib.items() if not n.endswith("/")}     # zipimport needs no folders
    sources = {n: d for n, d in stdlib.items() if n.endswith(".py")}
    key += digest((repo / "generator" / "engine" / "js" / "pycompile.mjs").read_bytes())
    # The standard library without its docstrings and asserts (python -OO), but Pyodide's own
    # modules, which read docstrings; the engine without its docstrings (it never reads one), its
    # asserts kept.
    strip = tuple(n for n in sources if not n.startswith(KEEP_DOCSTRINGS))
    compiled = memo.get("pyc-oo-docless:" + key, lambda: _compiled_zip({**sources, **engine}, strip, ("calculator/",)))
    if compiled is None:
        return zip_bytes(stdlib, stored=True), engine
    pycs = unzip_bytes(compiled)
    pycs.pop("CACHE_TAG")
    lib = memo.get("stdlib-pyc-oo-stored:" + key, lambda: zip_bytes(
        {(n + "c" if n in sources else n): (pycs[n] if n in sources else d) for n, d in stdlib.items()}, stored=True))
    # Bytecode only, beside no source: zipimport loads ``calculator/engine.pyc`` as it is.
    return lib, {name + "c": pycs[name] for name in engine}


def _compiled_zip(sources: dict[str, bytes], strip: tuple[str, ...], docless: tuple[str, ...]) -> bytes | None:
    result = compile_sources(sources, strip, docless)
    if result is None:
        return None
    pycs, tag = result
    return zip_bytes({**pycs, "CACHE_TAG": tag.encode()})


def _module(path: str) -> str:
    """``calculator/roll/__init__.pyc`` -> ``calculator.roll``."""
    return path.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")


def first_modules(repo: Path, data: bytes, rolls: list[str], memo: Memo) -> set[str]:
    """The engine's modules a first roll imports (:data:`MEASURE_FIRST`), remembered by their inputs."""
    sources = b"".join(p.as_posix().encode() + p.read_bytes() for p in sorted((repo / "calculator").rglob("*.py")))
    request = json.dumps({"data": data.decode("utf-8"), "rolls": rolls})

    def measure() -> bytes:
        proc = subprocess.run([sys.executable, "-c", MEASURE_FIRST], input=request, capture_output=True,
                              text=True, cwd=repo, timeout=300)
        if proc.returncode != 0:
            raise SystemExit(f"error: could not list the modules of a first roll ({proc.stderr.strip()[-300:]})")
        return proc.stdout.encode()
    found = memo.get("first:" + digest(sources + request.encode() + MEASURE_FIRST.encode()), measure)
    return set(json.loads(found))


def engine_files(repo: Path, pyodide_dir: Path, bundle: dict[str, Any], memo: Memo) -> dict[str, bytes]:
    """The generated engine files by path below the site root (the runtime is copied apart)."""
    stdlib, code = python_files(repo, pyodide_dir, memo)
    data = engine_data(bundle)
    Engine(data)            # every entry made and checked once: the worker's engine makes them lazily
    rolls = [json.dumps(example["input"]) for example in bundle.get("examples", [])]
    first = first_modules(repo, compact_json(data), rolls, memo)
    return {
        f"{ENGINE_DIR}/engine.zip": zip_bytes(code, stored=True),
        FIRST[0]: zip_bytes({n: c for n, c in code.items() if _module(n) in first}, stored=True),
        f"{ENGINE_DIR}/python_stdlib.zip": stdlib,
        f"{ENGINE_DIR}/engine-data.json": compact_json(data),
        f"{ENGINE_DIR}/catalogue.json": compact_json(catalogue(bundle)),
    }


def describe(files: dict[str, bytes], pyodide_dir: Path, version: str, memo: Memo,
             extra: dict[str, bytes] | None = None) -> dict[str, Any]:
    """The worker's constants: each download's URL, size and type, its ``.gz`` copy's size when
    the worker may read it packed (the scripts only where no Content-Security-Policy reaches the
    worker: engine-worker.js) and its ``.br`` copy's, the brotli decoder (``extra``: the ``.br``
    copies and :func:`decoder_files`, by path), and this build's cache names."""
    extra = extra or {}
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    table: dict[str, Any] = {}
    hashes: dict[str, list[str]] = {"runtime": [], "engine": []}
    for key, (url, label, mime, cache) in DOWNLOADS.items():
        data = download_bytes(url, files, pyodide_dir)
        # sha256: of the file's own bytes, which the workers check before they keep or run it
        table[key] = {"url": url, "label": label, "type": mime, "size": len(data), "cache": cache,
                      "sha256": digest(data)}
        packed = gzip_copy(url, data, memo)
        if packed is not None:
            table[key]["packed"] = len(packed)      # at url + ".gz"
            if url + ".br" in extra:
                table[key]["br"] = len(extra[url + ".br"])      # at url + ".br"
        hashes[cache].append(digest(data))
    first = files[FIRST[0]]
    packed = gzip_copy(FIRST[0], first, memo)
    br = extra.get(FIRST[0] + ".br")
    return {
        # the engine's zip a first visit starts with (not kept: the whole zip is, once fetched)
        "first": {"url": FIRST[0], "label": FIRST[1], "type": FIRST[2], "size": len(first), "sha256": digest(first),
                  **({} if packed is None else {"packed": len(packed)}),
                  **({} if packed is None or br is None else {"br": len(br)})},
        **({"decoder": describe_decoder(extra, memo)} if DECODER["url"] in extra else {}),
        "pyodide": version,
        "files": table,
        "caches": {name: f"dd-{name}-{digest(''.join(h).encode())[:16]}" for name, h in hashes.items()},
        # Pyodide reads only the lock file's "info" (its ABI check) when no package is loaded:
        # passing it saves the 122 kB pyodide-lock.json download.
        "lockfile": {"info": lock["info"], "packages": {}},
        "zip_path": ENGINE_ZIP,
    }


def decoder_files(package: Path) -> dict[str, bytes]:
    """The brotli decoder's files (:data:`DECODER`) from its npm package, by path below the site root."""
    found = {rel: package / "pkg" / rel.rsplit("/", 1)[1] for rel in (DECODER["script"], DECODER["url"])}
    found[DECODER["license"]] = package / DECODER["license"].rsplit("/", 1)[1]
    if not all(path.is_file() for path in found.values()):
        raise SystemExit("error: node_modules/brotli-dec-wasm is missing or changed; run 'npm ci' (make does this)")
    return {rel: path.read_bytes() for rel, path in found.items()}


def describe_decoder(extra: dict[str, bytes], memo: Memo) -> dict[str, Any]:
    """The decoder's constants: its script, its WebAssembly (checked by SHA-256, read from its .gz copy)."""
    wasm = extra[DECODER["url"]]
    packed = gzip_copy(DECODER["url"], wasm, memo)
    return {"script": DECODER["script"], "url": DECODER["url"], "label": "Calculator unpacker", "size": len(wasm),
            "sha256": digest(wasm), **({} if packed is None else {"packed": len(packed)})}


def worker_script(source: str, constants: dict[str, Any], packed: str) -> str:
    """The worker with its constants and, from ``packed`` (the text of packed.js), the functions
    that unpack a .gz stream and the memory snapshot's pages, so that every script runs the same."""
    for mark in (PLACEHOLDER, UNPACKED, DENSE, WHOLE):
        if mark not in source:
            raise SystemExit(f"error: docs/{WORKER} lost its '{mark}' line; the build fills it in")
    return (source.replace(PLACEHOLDER, json.dumps(constants, indent=1), 1)
            .replace(UNPACKED, packed_function(packed, "unpacked"), 1).replace(DENSE, packed_function(packed, "dense"), 1)
            .replace(WHOLE, packed_function(packed, "whole"), 1))


def packed_function(packed: str, name: str) -> str:
    """packed.js's function ``name``, without ``export``: for the classic scripts (the engine
    worker, the service worker), which cannot import a module."""
    found = re.search(rf"^export (async )?function {name}\(", packed, re.M)
    end = packed.find("\n}\n", found.start()) if found else -1
    if found is None or end < 0:
        raise SystemExit(f"error: docs/{PACKED} lost its '{name}(...)' function, which the workers run too")
    return packed[found.start() + len("export "):end + 2]
