"""Serve a built site over HTTP on a free loopback port (never file://)."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from xml.sax.saxutils import escape

from generator.build import register_mime_types


def sitemap(root: Path, origin: str) -> bytes:
    """A sitemap listing every page of the site at ``origin``, as a SITE_URL build would.

    mkdocs-material's instant navigation only follows links the sitemap lists, with their host
    *and* port. A build without SITE_URL lists no page (a sitemap may not hold relative
    addresses), and a build for a public address names that address: this test server stands
    in for a deployment at its own origin either way.
    """
    pages = sorted(p.parent.relative_to(root).as_posix() for p in root.rglob("index.html"))
    urls = "".join(f"<url><loc>{escape(origin + ('' if d == '.' else d + '/'))}</loc></url>\n" for d in pages)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"{urls}</urlset>\n").encode()


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, except that sitemap.xml lists every page at this server's origin."""

    sitemap = b""

    def do_GET(self) -> None:  # noqa: N802 - stdlib naming
        if self.path.split("?")[0] == "/sitemap.xml":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(self.sitemap)))
            self.end_headers()
            self.wfile.write(self.sitemap)
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


class SiteServer:
    """``with SiteServer(path) as srv: srv.url`` -> ``http://127.0.0.1:<port>/``."""

    def __init__(self, root: Path) -> None:
        register_mime_types()
        handler_cls = type("Handler", (_Handler,), {})
        handler = functools.partial(handler_cls, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        handler_cls.sitemap = sitemap(Path(root), self.url)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
