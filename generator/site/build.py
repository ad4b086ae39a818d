"""Build the static site: MkDocs turns ``build/docs`` into pages, then the generator finishes them.

The steps after MkDocs are the generator's own, not MkDocs hooks, so that another site builder
reading the same ``mkdocs.yml`` (ARCHITECTURE.md, "The builder") needs only its build command changed:

1. :func:`generator.site.generate.generate` writes ``build/docs`` (done before, by the caller);
2. MkDocs builds ``site/`` from it (``mkdocs.yml``: theme, navigation, Markdown extensions);
3. :mod:`generator.site.finish` adds glossary links and moved-anchor markers to every page, and
   :mod:`generator.site.csp` the Content-Security-Policy;
4. the small pages get the site's address (:func:`generator.pages.link_pages.set_root`) and
   :func:`generator.data.urls.write_url_list` writes ``urls.txt``, every page and anchor of the build;
   :mod:`generator.site.offline` fills in the service worker's lists and writes the ``.gz`` copies;
5. :func:`generator.data.urls.check_site`: no published URL may disappear.
"""
from __future__ import annotations

import json
import mimetypes
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:          # Windows: no lock (one test process there)
    fcntl = None  # type: ignore[assignment]

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from ..pages import link_pages
from ..images import share_images
from ..data import urls
from .csp import add_policy
from .finish import finish_pages, shed_css_comments
from .minify import minify_scripts
from .generate import ENGINE_INFO, MEMO, generate, inputs_mtime, is_stale
from .offline import make_offline_copy
from ..paths import DATA_DIR, OUT_DIR, REPO_ROOT, SITE_DIR

CONFIG = REPO_ROOT / "mkdocs.yml"
SITE_STAMP = OUT_DIR.parent / ".site-built"
SITE_LOCK = OUT_DIR.parent / ".site-lock"
SITE_BUILT_FOR = OUT_DIR.parent / ".site-url"      # the SITE_URL site/ was last built with (JSON)


def build_site(site_dir: Path = SITE_DIR, docs_dir: Path = OUT_DIR, data_dir: Path = DATA_DIR, *,
               offline: bool = True, serve_url: str | None = None) -> None:
    """Build ``site_dir`` from the generated ``docs_dir``, and finish its pages.

    ``offline``: the pages load the service worker and the build makes the offline copy (not
    under live reload, which must never be answered from a cache). ``serve_url``: the address
    of the development server, when serving.
    """
    cfg = load_config(str(CONFIG), strict=True, site_dir=str(site_dir), docs_dir=str(docs_dir))
    cfg.extra["offline"] = offline     # overrides/main.html loads offline.js only then
    cfg.extra["og_card"] = share_images.default_image()   # pages without an image of their own show this
    if serve_url:
        cfg.site_url = serve_url
    mkdocs_build(cfg, serve_url=serve_url)
    finish_site(Path(site_dir), Path(docs_dir), Path(data_dir), cfg.site_name, offline=offline,
                site_url=None if serve_url else cfg.site_url, csp=serve_url is None, minify=serve_url is None)


def finish_site(site_dir: Path, docs_dir: Path, data_dir: Path, site_name: str, *, offline: bool,
                site_url: str | None = None, csp: bool = True, minify: bool = True) -> None:
    """The generator's steps after the site builder: finished pages, the Content-Security-Policy
    on every page (``csp``; not under live reload, whose script is inline), then the offline copy
    (``site_url``: the site's address, when known). The site's own scripts are minified
    (``minify``; not under live reload, where the sources are easier to follow)."""
    finish_pages(site_dir, docs_dir, urls.load_moves(data_dir / "moves.yaml"), site_name)
    shed_css_comments(site_dir)
    if minify:
        minify_scripts(site_dir, MEMO)
    if csp:
        add_policy(site_dir)
    link_pages.set_root(site_dir, site_url)        # the small pages' addresses
    urls.write_url_list(site_dir, site_url)        # /urls.txt
    if offline:
        make_offline_copy(site_dir, json.loads(ENGINE_INFO.read_text(encoding="utf-8")), MEMO)


def make_site() -> Path:
    """Build ``site/`` from ``build/docs`` and check that every published URL still lands."""
    SITE_BUILT_FOR.unlink(missing_ok=True)      # unknown until this build is done
    build_site()
    problems = urls.check_site(SITE_DIR)   # no published URL may disappear
    if problems:
        raise SystemExit(f"error: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    SITE_BUILT_FOR.write_text(json.dumps({"site_url": os.environ.get("SITE_URL")}))
    SITE_STAMP.write_text(str(time.time()))
    return SITE_DIR


def built_for() -> str | None:
    """The SITE_URL ``site/`` was last built with by :func:`make_site` (None: none was set);
    raises LookupError when that is not known (a site built before this was recorded)."""
    try:
        return json.loads(SITE_BUILT_FOR.read_text(encoding="utf-8"))["site_url"]
    except (OSError, ValueError, KeyError) as exc:
        raise LookupError("how site/ was built is not recorded") from exc


@contextmanager
def one_builder() -> Iterator[None]:
    """Held by one process at a time (an exclusive lock on ``build/.site-lock``). The two test
    processes of ``pytest -n 2`` both find ``site/`` out of date after an input has changed: without
    it, both rebuilt it at once and read each other's half-built pages; with it, the second waits,
    then finds the site up to date."""
    SITE_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(SITE_LOCK, "a", encoding="utf-8") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)      # let go when the file is closed
        yield


def ensure_site() -> Path:
    """Build ``site/`` unless it is already up to date with every input (used by tests)."""
    with one_builder():
        if is_stale() or not SITE_STAMP.exists() or not (SITE_DIR / "index.html").exists() \
                or float(SITE_STAMP.read_text() or 0) < inputs_mtime():
            generate()
            make_site()
    return SITE_DIR


def register_mime_types() -> None:
    """Pyodide needs .wasm served as application/wasm and .mjs as JavaScript; the app manifest
    has its own type."""
    mimetypes.add_type("application/wasm", ".wasm")
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("application/manifest+json", ".webmanifest")
    os.environ.setdefault("DRAGONDICE_MIME", "1")
