"""Browser fixtures: the built site on a loopback port, Debian Chromium through Playwright,
and a guard that fails any test in which a request leaves the site's origin."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from generator.build import ensure_site
from tests.site_server import SiteServer

CHROMIUM = "/usr/bin/chromium"
# Flags: no sandbox as root; no background traffic to Google services on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions",
]


@pytest.fixture(scope="session")
def site_url():
    with SiteServer(ensure_site()) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, site_url):
    return {**browser_context_args, "base_url": site_url}


class RequestLog:
    """Every URL the browser context asked for, and those that left the origin."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.urls: list[str] = []
        self.foreign: list[str] = []

    def record(self, url: str) -> None:
        self.urls.append(url)
        scheme = urlsplit(url).scheme
        if scheme in ("data", "blob", "about"):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)


@pytest.fixture
def requests_log(context, site_url):
    parts = urlsplit(site_url)
    log = RequestLog(f"{parts.scheme}://{parts.netloc}")
    context.on("request", lambda request: log.record(request.url))

    # Block (and record) anything foreign, so a stray CDN link fails fast instead of hanging.
    def guard(route):
        log.record(route.request.url)
        if route.request.url.startswith(log.origin + "/"):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", guard)
    yield log
    assert not log.foreign, f"requests left the site's origin: {sorted(set(log.foreign))}"


@pytest.fixture
def page(page, requests_log):
    """Every browser test's page is origin-guarded."""
    page.set_default_timeout(60_000)
    return page
