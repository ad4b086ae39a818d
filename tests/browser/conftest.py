"""Browser fixtures: the built site on a loopback port, Debian Chromium through Playwright,
and a guard that fails any test in which a request leaves the site's origin.

The guard only listens: the browser itself is told to send everything but loopback through a
proxy that is not there (``NOWHERE``), so a stray request fails at once instead of hanging, and
no request is held up on its way to the test process (intercepting every request cost the offline
tests a quarter of their time, and turns the browser's own cache off)."""
from __future__ import annotations

import re
from pathlib import Path

import playwright
import pytest
from playwright.sync_api import Error as PlaywrightError

from generator.site.build import ensure_site
from tests.browser.links import module_page
from tests.browser.origin import NO_OFFLINE_COPY, RequestLog
from tests.site_server import SiteServer

CHROMIUM = "/usr/bin/chromium"
# Loopback goes straight to the site (Chromium never sends 127.0.0.1 through a proxy); any other
# address, by name or by number, is sent to this port, where nothing listens.
NOWHERE = "http://127.0.0.1:9"
# The browser's own windows drawn as web pages: every new headless window (each test's context)
# loads the address bar's popup in a renderer of its own, and on a 2-core machine that took about
# a core for the first second of every page the tests and benchmarks open (a trace of a first
# visit to the calculator: 1.2 s of that renderer's work in its first 1.2 s). A player's browser
# does that when it starts or opens a window, not when a link to the site opens a tab.
BROWSER_UI_PAGES = ["PreloadTopChromeWebUI", "WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"]


def playwright_disabled_features() -> list[str]:
    """The features Playwright turns off itself, read from its driver (pinned with it): Chromium
    keeps only the last --disable-features it is given, so ours must repeat them."""
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8")
    match = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
    names = re.findall(r'"(\w+)"', re.sub(r"//[^\n]*", "", match.group(1))) if match else []
    if not names:
        raise RuntimeError(f"Playwright's list of the features it turns off is no longer in {bundle}: "
                           "tests/browser/conftest.py reads it from there")
    return names


# Flags: no sandbox as root; no background traffic to Google services on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", f"--proxy-server={NOWHERE}",
    "--disable-features=" + ",".join(playwright_disabled_features() + BROWSER_UI_PAGES),
]


# What a host lets a browser keep a file for (DEPLOYING.md; GitHub Pages: 10 minutes): a build just
# made would otherwise have every page load of a shared context ask again for each of its files.
HOST_CACHE_SECONDS = 600


@pytest.fixture(scope="session")
def site_url():
    with SiteServer(ensure_site(), cache_for=HOST_CACHE_SECONDS) as server:
        yield server.url


# "dom=SELECTOR": the page's own querySelectorAll. Playwright's "css" looks for shadow roots in every
# element of the page each time it queries (the site has none), which costs 30-90 ms of the page's
# main thread a query on the army builder and the dice list (30,000 elements): a test that clicks
# and waits there a hundred times spent seconds of CPU on it. The results are the same on this site.
DOM_SELECTORS = """{
  query(root, selector) { return root.querySelector(selector); },
  queryAll(root, selector) { return Array.from(root.querySelectorAll(selector)); },
}"""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright):
    playwright.selectors.register("dom", DOM_SELECTORS)      # before any context: each reads it when made
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, site_url):
    return {**browser_context_args, **NO_OFFLINE_COPY, "base_url": site_url}


# Everything a test may leave in its context's storage, for Chromium's Storage.clearDataForOrigin:
# all but the cache the engine keeps its files in (cache_storage), which is what sharing is for.
LEFT_BEHIND = "cookies,file_systems,indexeddb,local_storage,websql,service_workers"


def clear_left_behind(context, url: str) -> None:
    """Close the pages of `context` and clear what they kept for the site at `url` (all but the
    engine's cache). The clearing is carried by the test's own last page once it has left the site
    (its timers gone, as in a closed page, so nothing it writes comes after): a blank page of its
    own cost a renderer's start, about 0.1 s of a core, after every test of a shared context."""
    *others, carrier = context.pages or [context.new_page()]
    for page in others:
        page.close()
    try:
        carrier.goto("about:blank")
    except PlaywrightError:             # a page that crashed or hangs: a blank page of its own
        carrier.close()
        carrier = context.new_page()
    context.new_cdp_session(carrier).send("Storage.clearDataForOrigin",
                                          {"origin": url.rstrip("/"), "storageTypes": LEFT_BEHIND})
    carrier.close()


def pytest_configure(config):
    config.addinivalue_line("markers", "shared_context(share=True): the module's tests share one browser "
                                       "context (see the context fixture); False on a test gives it its own")


@pytest.fixture(scope="module")
def kept_contexts(browser):
    """The contexts a shared_context module's tests share, by the arguments they were made with."""
    kept: dict[str, object] = {}
    yield kept
    for context in kept.values():
        context.close()


@pytest.fixture
def context(request, new_context, browser, browser_context_args, kept_contexts, site_url):
    """Each test's browser context: a new one, or in a module marked ``shared_context`` one shared by
    the module's tests made with the same arguments. A new context starts with nothing kept, so each
    page in it downloads the engine and starts Python from the beginning (about 2 s of a core on
    this machine); in a shared one the engine's files, and its memory snapshot, are read from the
    browser's cache after the first test, as on a player's second visit. What a test leaves behind
    (local storage, cookies, permissions, the pages it opened) is cleared after it, so the next test
    starts as in a browser of its own; the first visit itself is tested in modules of their own
    (test_engine_client.py, test_offline.py). A test that needs the network, not the cache (one
    that changes a file on its way), is marked ``shared_context(False)``: a context of its own."""
    marked = request.node.get_closest_marker("shared_context")
    if marked is None or marked.args[:1] == (False,):
        yield new_context()
        return
    marker = next(request.node.iter_markers("browser_context_args"), None)
    args = {**browser_context_args, **(marker.kwargs if marker else {})}
    key = repr(sorted(args.items()))
    if key not in kept_contexts:
        kept_contexts[key] = browser.new_context(**args)
    shared = kept_contexts[key]
    yield shared
    clear_left_behind(shared, site_url)
    shared.clear_cookies()
    shared.clear_permissions()
    if args.get("permissions"):          # those the context was made with stay, as in a context of its own
        shared.grant_permissions(args["permissions"])
    shared.set_offline(False)
    shared.unroute_all(behavior="ignoreErrors")     # a route the test set would answer the next test's requests


@pytest.fixture(scope="module")
def calc(browser, site_url):
    """One calculator page for a module's tests that each open a link on it in place
    (links.module_page, links.open_afresh): the engine starts once per module."""
    yield from module_page(browser, site_url)


@pytest.fixture
def requests_log(context, site_url):
    """Every request of the test's context (its pages, workers and service worker), recorded."""
    log = RequestLog(site_url)
    context.on("request", log.on_request)
    yield log
    context.remove_listener("request", log.on_request)
    assert not log.foreign, f"requests left the site's origin: {sorted(set(log.foreign))}"


@pytest.fixture
def page(page, requests_log):
    """Every browser test's page is origin-guarded."""
    page.set_default_timeout(60_000)
    return page
