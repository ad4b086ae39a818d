"""After the site is built: the service worker's lists and the ``.gz`` copies (run by generator.build).

``site/sw.js`` gets this build's cache names and the list of what the ``pages`` cache holds
(every page and asset a visit can ask for, but none of Pyodide, so pages without a calculator
never fetch it). Files that compress get a ``<file>.gz`` beside them, for hosts that serve
precompressed files (README "Deploying"). ``python -m generator serve`` does neither: the service
worker then removes itself, so live reload is never answered from a cache.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .engine_assets import Memo, gzip_bytes, worth_gzip

PLACEHOLDER = "/* @offline@ */ null"
# Never in the pages cache: the runtime and engine (their own caches), the open data downloads,
# the search's other languages, source maps and the compressed copies.
SKIP_PREFIXES = ("pyodide/", "data/", "assets/javascripts/lunr/", "assets/engine/")
KEEP = ("assets/engine/catalogue.json",)
SKIP_SUFFIXES = (".map", ".gz", ".br")
SKIP_FILES = ("sw.js",)
BIG = 256 * 1024          # compressing these takes long enough to be worth remembering


def make_offline_copy(site: Path, engine: dict[str, Any], memo: Memo) -> None:
    """Fill in ``site/sw.js``'s lists, then write the ``.gz`` copies (of ``sw.js`` too)."""
    write_service_worker(site, engine)
    precompress(site, memo)


def page_url(rel: str) -> str:
    """``sai/rend/index.html`` -> ``sai/rend/``: pages are asked for by their folder."""
    if rel == "index.html":
        return ""
    return rel[:-len("index.html")] if rel.endswith("/index.html") else rel


def precache_list(site: Path) -> list[tuple[str, Path]]:
    out = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel in SKIP_FILES or rel.endswith(SKIP_SUFFIXES) or rel == "sitemap.xml.gz":
            continue
        if rel.startswith(SKIP_PREFIXES) and rel not in KEEP:
            continue
        out.append((page_url(rel), path))
    return out


def offline_constants(site: Path, engine: dict[str, Any]) -> dict[str, Any]:
    files = precache_list(site)
    h = hashlib.sha256()
    for url, path in files:
        h.update(url.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    by_cache: dict[str, list[str]] = {"runtime": [], "engine": []}
    for f in engine["files"].values():
        by_cache[f["cache"]].append(f["url"])
    return {
        "caches": {"pages": f"dd-pages-{h.hexdigest()[:16]}", **engine["caches"]},
        "precache": [url for url, _ in files],
        **by_cache,
    }


def write_service_worker(site: Path, engine: dict[str, Any]) -> None:
    path = site / "sw.js"
    source = path.read_text(encoding="utf-8")
    if PLACEHOLDER not in source:
        raise SystemExit(f"error: docs/sw.js lost its '{PLACEHOLDER}' line; the build fills it in")
    constants = json.dumps(offline_constants(site, engine), indent=1)
    path.write_text(source.replace(PLACEHOLDER, constants, 1), encoding="utf-8")


def precompress(site: Path, memo: Memo) -> None:
    """``<file>.gz`` beside each file that gzip makes at least a tenth smaller."""
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel == "sitemap.xml" or not worth_gzip(rel, path.stat().st_size):
            continue
        data = path.read_bytes()
        if len(data) >= BIG:
            packed = memo.get("gzip:" + hashlib.sha256(data).hexdigest(), lambda d=data: gzip_bytes(d))
        else:
            packed = gzip_bytes(data)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
