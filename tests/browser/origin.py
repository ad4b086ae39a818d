"""What a browser test's context asked for, and which of it left the site's origin (the conftest's
guard, and the contexts a test opens of its own, fail a test on any)."""
from __future__ import annotations

from urllib.parse import urlsplit


class RequestLog:
    """Every URL the browser context asked for, and those that left the origin."""

    def __init__(self, site_url: str, foreign: list[str] | None = None) -> None:
        parts = urlsplit(site_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.urls: list[str] = []
        self.foreign: list[str] = [] if foreign is None else foreign

    def watch(self, context) -> "RequestLog":  # noqa: ANN001 - a Playwright BrowserContext
        """Record every request of ``context`` (its pages, workers and service worker)."""
        context.on("request", self.on_request)
        return self

    def on_request(self, request) -> None:  # noqa: ANN001 - a Playwright Request
        self.record(request.url)

    def record(self, url: str) -> None:
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)


# No service worker unless a test asks for one: once the engine is ready, the site's worker fills
# the whole offline copy (some 550 pages) in the background, which would load the machine under
# every test; the offline tests allow it.
NO_OFFLINE_COPY = {"service_workers": "block"}


def guarded_context(browser, site_url: str, foreign: list[str], **args):
    """A browser context of a test's own, guarded like the conftest's: a request leaving the site
    is recorded in ``foreign`` (the test fails on any)."""
    context = browser.new_context(**{**NO_OFFLINE_COPY, "base_url": site_url, **args})
    RequestLog(site_url, foreign).watch(context)
    return context
