"""Serve a built site over HTTP on a free loopback port (never file://)."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

from generator.build import register_mime_types

BUILT_FOR = b"http://127.0.0.1:8000/"   # mkdocs.yml's default site_url


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, except that sitemap.xml names this server's origin.

    mkdocs-material's instant navigation only follows links under the sitemap's origin
    (host *and* port); a deployment sets SITE_URL, this test server stands in for it.
    """

    origin = BUILT_FOR

    def do_GET(self) -> None:  # noqa: N802 - stdlib naming
        if self.path.split("?")[0] == "/sitemap.xml":
            body = (Path(self.directory) / "sitemap.xml").read_bytes().replace(BUILT_FOR, self.origin)
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
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
        handler_cls.origin = self.url.encode()
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
