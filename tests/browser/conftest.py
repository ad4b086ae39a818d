"""Browser fixtures: the built site on a loopback port, Debian Chromium through Playwright,
and a guard that fails any test in which a request leaves the site's origin.

The guard only listens: the browser itself is told to send everything but loopback through a
proxy that is not there (``NOWHERE``), so a stray request fails at once instead of hanging, and
no request is held up on its way to the test process (intercepting every request cost the offline
tests a quarter of their time, and turns the browser's own cache off)."""
from __future__ import annotations

import pytest

from generator.build import ensure_site
from tests.browser.origin import NO_OFFLINE_COPY, RequestLog
from tests.site_server import SiteServer

CHROMIUM = "/usr/bin/chromium"
# Loopback goes straight to the site (Chromium never sends 127.0.0.1 through a proxy); any other
# address, by name or by number, is sent to this port, where nothing listens.
NOWHERE = "http://127.0.0.1:9"
# Flags: no sandbox as root; no background traffic to Google services on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", f"--proxy-server={NOWHERE}",
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
    return {**browser_context_args, **NO_OFFLINE_COPY, "base_url": site_url}


@pytest.fixture
def requests_log(context, site_url):
    """Every request of the test's context (its pages, workers and service worker), recorded."""
    log = RequestLog(site_url).watch(context)
    yield log
    assert not log.foreign, f"requests left the site's origin: {sorted(set(log.foreign))}"


@pytest.fixture
def page(page, requests_log):
    """Every browser test's page is origin-guarded."""
    page.set_default_timeout(60_000)
    return page
