"""What a browser test's context asked for, and which of it left the site's origin (the conftest's
guard, and the army tests' own contexts, fail a test on any)."""
from __future__ import annotations

from urllib.parse import urlsplit


class RequestLog:
    """Every URL the browser context asked for, and those that left the origin."""

    def __init__(self, site_url: str, foreign: list[str] | None = None) -> None:
        parts = urlsplit(site_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.urls: list[str] = []
        self.foreign: list[str] = [] if foreign is None else foreign

    def record(self, url: str) -> None:
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)
