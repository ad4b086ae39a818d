"""After the site is built: the service worker's lists and the ``.gz`` copies (run by generator.site.build).

``site/sw.js`` gets this build's cache names and the list of what the ``pages`` cache holds
(every page and asset a visit can ask for, but none of Pyodide, so pages without a calculator
never fetch it), and of that list the ``core``: the shared assets (scripts, styles, icons), the
home page, the 404 page and the pages that compute. The service worker takes over once it holds
the core, which is quick; the rest of the site follows in the background. Files that compress get a ``<file>.gz`` beside them, for hosts that serve
precompressed files (DEPLOYING.md). ``python -m generator serve`` does neither: the service
worker then removes itself, so live reload is never answered from a cache.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..pages import api_records
from ..images import share_images
from ..engine.assets import DECODER_DIR, PACKED, UNPACKED, WHOLE, Memo, gzip_copy, packed_function, worth_gzip

PLACEHOLDER = "/* @offline@ */ null"
# Never in the pages cache: the runtime and engine (their own caches), the open data downloads and
# records (a record per thing, for programs), the images forums draw in link previews, the search's
# other languages, source maps and the compressed copies (and the brotli decoder the engine worker
# reads only the .br copies with, which it keeps unpacked). No page reads any of them, and the
# records and images alone were two files in three of the list.
SKIP_PREFIXES = ("pyodide/", "data/", f"{api_records.DIR}/", f"{share_images.DIR}/", "assets/javascripts/lunr/",
                 "assets/engine/", f"{DECODER_DIR}/")
# The calculator page reads its catalogue from the .gz copy (assets/js/engine/packed.js).
KEEP = ("assets/engine/catalogue.json.gz",)
SKIP_SUFFIXES = (".map", ".gz", ".br")
SKIP_FILES = ("sw.js",)
# The core: what every page loads and the pages the engine runs on (found by their data-engine root).
CORE_PREFIXES = ("assets/js/", "assets/css/", "assets/stylesheets/", "assets/javascripts/bundle.", "assets/theme/",
                 "assets/icons/", "assets/images/", "assets/engine/")
CORE_FILES = ("", "404.html", "manifest.webmanifest", "sitemap.xml")
ENGINE_ROOT = b"data-engine"


def make_offline_copy(site: Path, engine: dict[str, Any], memo: Memo) -> None:
    """Write the ``.gz`` copies (the pages cache lists one: the catalogue's), fill in
    ``site/sw.js``'s lists, then write its own ``.gz`` copy again."""
    precompress(site, memo)
    write_service_worker(site, engine)
    gzip_beside(site / "sw.js", memo)


def page_url(rel: str) -> str:
    """``sai/rend/index.html`` -> ``sai/rend/``: pages are asked for by their folder."""
    if rel == "index.html":
        return ""
    return rel[:-len("index.html")] if rel.endswith("/index.html") else rel


def precache_list(site: Path) -> list[tuple[str, Path]]:
    out = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel in SKIP_FILES or rel == "sitemap.xml.gz":
            continue
        if rel not in KEEP and (rel.endswith(SKIP_SUFFIXES) or rel.startswith(SKIP_PREFIXES)):
            continue
        out.append((page_url(rel), path))
    return out


def is_core(url: str, path: Path) -> bool:
    if url in CORE_FILES or url.startswith(CORE_PREFIXES):
        return True
    return path.name == "index.html" and ENGINE_ROOT in path.read_bytes()


def offline_constants(site: Path, engine: dict[str, Any]) -> dict[str, Any]:
    files = precache_list(site)
    h = hashlib.sha256()
    for url, path in files:
        h.update(url.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    by_cache: dict[str, list[str]] = {"runtime": [], "engine": []}
    for f in engine["files"].values():
        by_cache[f["cache"]].append(f["url"])
    # What the service worker needs to keep the engine itself, from any page (sw.js keepEngine).
    kept = {f["url"]: {"type": f["type"], "sha256": f["sha256"], "packed": "packed" in f}
            for f in engine["files"].values()}
    return {
        "caches": {"pages": f"dd-pages-{h.hexdigest()[:16]}", **engine["caches"]},
        "precache": [url for url, _ in files],
        "core": [url for url, path in files if is_core(url, path)],
        "snapshot": engine["snapshot"]["url"],      # kept once the rest is (generator.engine.snapshot)
        "files": kept,
        **by_cache,
    }


def write_service_worker(site: Path, engine: dict[str, Any]) -> None:
    path = site / "sw.js"
    source = path.read_text(encoding="utf-8")
    for mark in (PLACEHOLDER, UNPACKED, WHOLE):
        if mark not in source:
            raise SystemExit(f"error: docs/sw.js lost its '{mark}' line; the build fills it in")
    constants = json.dumps(offline_constants(site, engine), indent=1)
    function = packed_function((site / PACKED).read_text(encoding="utf-8"), "unpacked")
    packed = (site / PACKED).read_text(encoding="utf-8")
    path.write_text(source.replace(PLACEHOLDER, constants, 1).replace(UNPACKED, function, 1)
                    .replace(WHOLE, packed_function(packed, "whole"), 1), encoding="utf-8")


def precompress(site: Path, memo: Memo) -> None:
    """``<file>.gz`` beside each file that gzip makes at least a tenth smaller."""
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel == "sitemap.xml" or not worth_gzip(rel, path.stat().st_size):
            continue
        gzip_beside(path, memo)


def gzip_beside(path: Path, memo: Memo) -> None:
    packed = gzip_copy(path.name, path.read_bytes(), memo)
    if packed is not None:
        path.with_name(path.name + ".gz").write_bytes(packed)
