"""``python -m generator serve``: the site on a development server that rebuilds it on every change.

A change under ``data/``, ``docs/``, ``generator/``, ``calculator/`` or ``overrides/`` (or to
``mkdocs.yml``) regenerates ``build/docs`` when needed and rebuilds the site the way
``python -m generator build`` does, but into a temporary folder and without the offline copy:
its service worker removes itself, so live reload is never answered from a cache. MkDocs'
live-reload server reloads the open pages.
"""
from __future__ import annotations

import logging
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.livereload import LiveReloadServer

from .build import CONFIG, build_site, register_mime_types
from ..errors import DataError
from .generate import INPUT_DIRS, generate, is_stale
from ..paths import REPO_ROOT

log = logging.getLogger("generator.site.serve")


def rebuild(site_dir: Path, serve_url: str) -> None:
    """Regenerate ``build/docs`` if an input changed, then build the site to serve.

    Bad data is one line naming the file, the entry and the field (the server prints a
    SystemExit as it is), as ``python -m generator check`` says it.
    """
    log.info("Building the site...")
    try:
        if is_stale():
            generate()
        build_site(site_dir, offline=False, serve_url=serve_url)
    except DataError as exc:
        raise SystemExit(f"error: {exc}") from None


def serve(dev_addr: str) -> None:
    """Serve the site on ``dev_addr`` (``127.0.0.1:8000``) until interrupted."""
    host, _, port = dev_addr.rpartition(":")
    # SITE_URL's path (DEPLOYING.md) is where the pages live, here too.
    mount_path = "/" + urlsplit(os.environ.get("SITE_URL") or "/").path.strip("/")
    mount_path = mount_path.rstrip("/") + "/"
    serve_url = f"http://{host}:{port}{mount_path}"
    site_dir = Path(tempfile.mkdtemp(prefix="dragondice-site-"))
    register_mime_types()
    server = LiveReloadServer(builder=lambda: rebuild(site_dir, serve_url), host=host, port=int(port),
                              root=str(site_dir), mount_path=mount_path)
    server.error_handler = lambda code: _error_page(site_dir, code)
    try:
        rebuild(site_dir, serve_url)
        for name in (*INPUT_DIRS, CONFIG.name):
            server.watch(str(REPO_ROOT / name))
        try:
            server.serve()
        except KeyboardInterrupt:
            log.info("Shutting down...")
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)


def _error_page(site_dir: Path, code: int) -> bytes | None:
    page = site_dir / f"{code}.html"
    return page.read_bytes() if code in (404, 500) and page.is_file() else None
