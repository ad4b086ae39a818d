"""What the build gives the calculator's worker, the service worker and a static host: file lists
that match the files, .gz and .br copies that match their originals, the slim engine data and page
catalogue, and an installable web app (manifest and icons)."""
from __future__ import annotations

import gzip
import hashlib
import json
import re
import struct
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

from calculator.slim import engine_data
from generator.engine.assets import CATALOGUE_FIELDS, PROVENANCE


def constants(path: Path, name: str) -> dict:
    text = path.read_text(encoding="utf-8")
    match = re.search(r"const " + name + r" = (\{.*?\n\});", text, re.S)
    assert match, f"{path.name}: {name} was not filled in by the build"
    return json.loads(match.group(1))


@pytest.fixture(scope="module")
def engine(site) -> dict:
    return constants(site / "assets" / "js" / "engine" / "engine-worker.js", "ENGINE")


@pytest.fixture(scope="module")
def offline(site) -> dict:
    return constants(site / "sw.js", "OFFLINE")


def test_worker_knows_each_download_and_its_size(site, engine):
    assert set(engine["files"]) == {"loader", "script", "wasm", "stdlib", "code", "data"}
    for f in engine["files"].values():
        assert (site / f["url"]).stat().st_size == f["size"], f["url"]
        if "packed" in f:           # the worker reads the .gz copy (the scripts: where it may run them from a blob)
            assert (site / (f["url"] + ".gz")).stat().st_size == f["packed"], f["url"]
    assert {k for k, f in engine["files"].items() if "packed" in f} == {"loader", "script", "wasm", "stdlib", "code", "data"}
    assert not (site / "assets" / "engine" / "manifest.json").exists()     # nothing to fetch first


def test_worker_runs_the_page_s_own_unpacking_function(site):
    # Written once, in packed.js; the build copies it into the classic worker (no module import).
    worker = (site / "assets" / "js" / "engine" / "engine-worker.js").read_text(encoding="utf-8")
    packed = (site / "assets" / "js" / "engine" / "packed.js").read_text(encoding="utf-8")
    function = re.search(r"export (async function unpacked\(.*?\n\}\n)", packed, re.S)
    assert function and function.group(1) in worker
    assert worker.count("async function unpacked(") == 1 and "@packed-unpacked@" not in worker
    source = (Path(__file__).resolve().parents[2] / "docs" / "assets" / "js" / "engine" / "engine-worker.js").read_text()
    assert "async function unpacked(" not in source and "new DecompressionStream" not in source


def test_service_worker_lists_match_the_site(site, engine, offline):
    assert {k: v for k, v in offline["caches"].items() if k != "pages"} == engine["caches"]
    for kind in ("runtime", "engine"):
        assert sorted(offline[kind]) == sorted(f["url"] for f in engine["files"].values() if f["cache"] == kind)
    pages = offline["precache"]
    for rel in pages:
        assert (site / (rel + "index.html" if rel.endswith("/") or rel == "" else rel)).is_file(), rel
    assert {"", "sai/rend/", "rules/die-roll-resolution/", "calculator/", "404.html", "sitemap.xml",
            "search/index.json", "assets/engine/catalogue.json.gz", "assets/js/engine/engine-worker.js",
            "manifest.webmanifest"} <= set(pages)
    assert len([p for p in pages if p.endswith("/")]) == len(list(site.rglob("index.html"))) - 1
    # Nothing of Pyodide or the engine's own files in the pages cache: pages never fetch them.
    # (but the calculator page's catalogue, which the page reads from its .gz copy).
    assert not [p for p in pages if p.startswith("pyodide/") or re.search(r"\.(wasm|whl|zip|gz|map)$", p)
                and p != "assets/engine/catalogue.json.gz"]
    # Nor what no page reads: the records for programs and the cards of link previews.
    assert not [p for p in pages if p.startswith(("api/", "assets/og/", "data/"))]
    assert re.fullmatch(r"dd-pages-[0-9a-f]{16}", offline["caches"]["pages"])


def test_gz_copies_match_their_files(site):
    copies = sorted(site.rglob("*.gz"))
    names = {p.relative_to(site).as_posix() for p in copies}
    assert {"pyodide/pyodide.asm.wasm.gz", "pyodide/pyodide.asm.js.gz", "assets/engine/engine-data.json.gz",
            "assets/engine/catalogue.json.gz", "search/index.json.gz", "index.html.gz",
            "calculator/index.html.gz"} <= names
    for gz in copies:
        if gz.name == "sitemap.xml.gz":         # MkDocs' own
            continue
        original = gz.with_name(gz.name[:-3])
        assert gzip.decompress(gz.read_bytes()) == original.read_bytes(), gz
        assert gz.stat().st_size <= 0.9 * original.stat().st_size


def test_br_copies_match_their_files_and_are_smaller_than_the_gz_copies(site, engine):
    # The worker's big downloads (those it reads packed, of 256 kB or more) have a .br copy, which
    # the worker asks for first: it must unpack to the very file, and be worth asking for.
    copies = {p.relative_to(site).as_posix() for p in site.rglob("*.br")}
    told = {f["url"] + ".br": f for f in [*engine["files"].values(), engine["first"]] if "br" in f}
    assert copies == set(told)
    assert {"pyodide/pyodide.asm.wasm.br", "pyodide/pyodide.asm.js.br", "assets/engine/python_stdlib.zip.br",
            "assets/engine/engine-first.zip.br", "assets/engine/engine.zip.br"} <= copies
    for rel, f in told.items():
        packed = (site / rel).read_bytes()
        assert len(packed) == f["br"], rel
        assert brotli.decompress(packed) == (site / f["url"]).read_bytes(), rel
        assert len(packed) < (site / (f["url"] + ".gz")).stat().st_size, rel


def test_worker_knows_its_brotli_decoder(site, engine):
    # Served from the site itself (never another origin), checked by its SHA-256 from its .gz copy.
    d = engine["decoder"]
    wasm = (site / d["url"]).read_bytes()
    assert wasm[:4] == b"\0asm" and len(wasm) == d["size"] and hashlib.sha256(wasm).hexdigest() == d["sha256"]
    assert gzip.decompress((site / (d["url"] + ".gz")).read_bytes()) == wasm and d["packed"] > 0
    script = (site / d["script"]).read_text(encoding="utf-8")
    assert "export class BrotliDecStream" in script and "initSync" in script and "http" not in script
    assert (site / d["url"]).parent.joinpath("LICENSE-MIT.txt").is_file()


def test_engine_data_is_the_slim_bundle(site, bundle):
    data = json.loads((site / "assets" / "engine" / "engine-data.json").read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(engine_data(bundle)))
    assert (site / "assets" / "engine" / "engine-data.json").stat().st_size < \
        (site / "data" / "dragondice.json").stat().st_size / 2


def test_page_catalogue_keeps_what_the_page_reads(site, bundle):
    """The fields the calculator page shows of each kind it reads (names, faces, elements), never
    where a fact comes from; spells come with the engine's vocabulary (what each changes)."""
    cat = json.loads((site / "assets" / "engine" / "catalogue.json").read_text(encoding="utf-8"))
    for kind, keep in CATALOGUE_FIELDS.items():
        assert cat[kind] == [{k: v for k, v in e.items() if k in keep} for e in bundle[kind]], kind
        assert all(f in keep for e in cat[kind] for f in e), kind
    assert all(not set(PROVENANCE) & set(e) for e in cat["dice"])
    assert {m["id"] for m in cat["calculator"]["spell_modifiers"]} <= {s["id"] for s in bundle["spells"]}
    assert cat["calculator"]["spell_modifiers"]
    assert "rulings" not in cat and "examples" not in cat and "rules" not in cat and "spells" not in cat


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def test_web_app_manifest_and_icons(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        path = site / icon["src"]
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert f"{w}x{h}" == icon["sizes"], icon["src"]
        else:
            assert path.read_text(encoding="utf-8").startswith("<svg")
    assert png_size(site / "assets" / "icons" / "apple-touch-icon.png") == (180, 180)


def test_every_page_links_the_manifest_and_only_the_calculator_starts_a_worker_early(site):
    for page in site.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        assert 'rel="manifest"' in html, page
        if 'class="dd-permalink"' in html:
            assert "<script" not in html, page   # a part's own small page sends the reader on, no script
            continue
        assert "offline.js" in html, page
        early = "early-worker.js" in html
        assert early == ("data-engine=" in html), page
        if early:     # in <head>, before the stylesheets, as an async module (it waits for nothing)
            tag = re.search(r"<script[^>]*early-worker\.js[^>]*>", html).group(0)
            assert 'type="module"' in tag and " async" in tag, tag
            assert html.index(tag) < html.index('rel="stylesheet"') < html.index("</head>")
