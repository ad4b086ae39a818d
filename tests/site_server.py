"""Serve a built site over HTTP on a free loopback port (never file://)."""
from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path
from xml.sax.saxutils import escape

from generator.site.build import register_mime_types


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
    precompressed = False             # serve a file's .gz copy when the browser accepts gzip
    mounts: dict[str, str] = {}       # URL prefix -> another directory (benchmarks)
    counter: "ByteCounter | None" = None
    extra_headers: dict[str, str] = {}   # sent with every response (a host's Content-Security-Policy)
    cache_for = 0                     # seconds a browser may keep a file other than a page or sw.js

    def setup(self) -> None:
        super().setup()
        if self.counter is not None:
            self.wfile = _CountingWriter(self.wfile, self.counter)

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        if self.cache_for:
            self.send_header("Cache-Control", self._cache_control())
        super().end_headers()

    @property
    def url_path(self) -> str:
        """The request's path without its query (and fragment, which a browser never sends)."""
        return self.path.split("?")[0].split("#")[0]

    def _cache_control(self) -> str:
        """As DEPLOYING.md asks of a host: pages and sw.js revalidated on every visit (a new build is
        found at once), every other file kept for a while (GitHub Pages keeps them 10 minutes)."""
        url_path = self.url_path
        page = url_path.endswith("/") or url_path.endswith(".html") or url_path.endswith("/sw.js")
        return "no-cache" if page else f"max-age={self.cache_for}"

    def translate_path(self, path: str) -> str:
        for prefix, directory in self.mounts.items():
            if path.startswith(prefix):
                rel = path[len(prefix):].split("?")[0].split("#")[0]
                return os.path.join(directory, *[p for p in rel.split("/") if p not in ("", ".", "..")])
        return super().translate_path(path)

    def _send_gzip_copy(self) -> bool:
        """Like a host with precompressed files (nginx gzip_static): send ``<file>.gz``."""
        url_path = self.url_path
        if "gzip" not in self.headers.get("Accept-Encoding", "") or url_path == "/sitemap.xml":
            return False
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not url_path.endswith("/"):      # the stdlib handler redirects to the slash form
                return False
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path + ".gz"):
            return False
        body = Path(path + ".gz").read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
        self.end_headers()
        self.wfile.write(body)
        return True

    def do_GET(self) -> None:  # noqa: N802 - stdlib naming
        if self.precompressed and self._send_gzip_copy():
            return
        if self.url_path == "/sitemap.xml":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(self.sitemap)))
            self.end_headers()
            self.wfile.write(self.sitemap)
            return
        super().do_GET()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing address gets the site's own 404 page, with status 404, as static hosts do."""
        page = os.path.join(self.directory, "404.html")
        if code == 404 and self.command == "GET" and os.path.isfile(page):
            with open(page, "rb") as f:
                body = f.read()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


class ByteCounter:
    """Bytes the server has written (headers and bodies): what crossed the wire."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.sent += n

    def reset(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


class _CountingWriter:
    def __init__(self, inner, counter: ByteCounter) -> None:  # noqa: ANN001 - a socket writer
        self.inner = inner
        self.counter = counter

    def write(self, data: bytes) -> int:
        self.counter.add(len(data))
        return self.inner.write(data)

    def __getattr__(self, name: str):  # noqa: ANN204 - flush, close, closed ...
        return getattr(self.inner, name)


class _Server(http.server.ThreadingHTTPServer):
    """A browser that drops a download it no longer needs (a page closed, a request cancelled)
    is not an error of the site: say nothing of it."""

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 - socketserver's signature
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """``with SiteServer(path) as srv: srv.url`` -> ``http://127.0.0.1:<port>/``.

    ``precompressed=True`` serves the build's ``.gz`` copies as a configured host would;
    ``mounts`` serves other directories under URL prefixes; ``headers`` are sent with every
    response; ``cache_for`` (seconds) lets the browser keep every file but the pages and sw.js that
    long, as a host does (without it, a file's age decides: a build made a minute ago had each page
    load ask again for all its sixty-odd files); ``srv.bytes`` counts bytes sent.
    """

    def __init__(self, root: Path, precompressed: bool = False, mounts: dict[str, Path] | None = None,
                 headers: dict[str, str] | None = None, cache_for: int = 0) -> None:
        register_mime_types()
        self.bytes = ByteCounter()
        handler_cls = type("Handler", (_Handler,), {
            "precompressed": precompressed, "counter": self.bytes, "extra_headers": dict(headers or {}), "cache_for": cache_for,
            "mounts": {k: str(v) for k, v in (mounts or {}).items()}})
        handler = functools.partial(handler_cls, directory=str(root))
        self.httpd = _Server(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        handler_cls.sitemap = sitemap(Path(root), self.url)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
