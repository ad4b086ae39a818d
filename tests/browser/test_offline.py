"""Offline and second visits in real Chromium: after one visit to the calculator, or to any page
(issue 52), the site and the engine work with the network off, and every page says so; a new build
replaces the old caches; a page without a calculator fetches nothing of Pyodide itself (the
service worker keeps it in the background).

This module serves its own copy of the built site (a new build is simulated by editing the copy),
with the .gz copies served as a configured host would. The conftest's origin guard covers the
service worker's own requests too: Playwright reports them with the context's.
"""
from __future__ import annotations

import gzip
import json
import re
import shutil
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from generator.site.build import ensure_site
from tests.browser.offline_wait import WAIT_FOR_CONTROL
from tests.browser.test_army_page import shown
from tests.engine.force_cases import base
from tests.site_server import SiteServer

ENGINE_TIMEOUT = 120_000
SAI = "rend"
OFFLINE_PAGES = ("", f"sai/{SAI}/", "rules/die-roll-resolution/", "calculator/")
PYODIDE_OR_ENGINE = re.compile(r"/pyodide/|/assets/engine/(?!catalogue\.json)")

WAIT_FOR_SW = """async () => {
  const reg = await navigator.serviceWorker.ready;             // installed (the core cached) and active
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  // The rest of the site is cached in the background: the service worker says when it is done.
  while (document.documentElement.dataset.offline !== "site") await new Promise((r) => setTimeout(r, 100));
  return reg.active.scriptURL;
}"""


@pytest.fixture(scope="module")
def site_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("offline") / "site"
    shutil.copytree(ensure_site(), root)
    return root


@pytest.fixture(scope="module")
def site_url(site_copy):
    """Overrides the conftest's: this module's own server (the guard follows it)."""
    with SiteServer(site_copy, precompressed=True) as server:
        yield server.url


@pytest.fixture(scope="module")
def browser_context_args(site_url):
    return {"base_url": site_url, "service_workers": "allow"}


def engine_ready(page: Page) -> None:
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)


def visit_calculator_once(page: Page) -> None:
    page.goto("calculator/")
    engine_ready(page)
    # The engine worker has kept the runtime, engine and data; the service worker the pages.
    expect(page.locator("#calculator")).to_have_attribute("data-engine-saved", "yes", timeout=ENGINE_TIMEOUT)
    page.evaluate(WAIT_FOR_SW)


UNTIL_CACHES = """async ([present, gone, timeout]) => {
  for (const end = Date.now() + timeout; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const keys = await caches.keys();
    const reg = await navigator.serviceWorker.getRegistration();
    if (keys.includes(present) && !keys.includes(gone) && reg.active && reg.active.state === "activated") return true;
  }
  return false;
}"""


def cache_names(page: Page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def test_site_and_engine_work_offline_after_one_visit(page: Page, context, requests_log):
    from_sw = []
    context.on("request", lambda r: from_sw.append(r.url) if r.service_worker else None)
    visit_calculator_once(page)
    # (and, once kept in the background, the engine's snapshot: test_offline_snapshot.py)
    assert [n.split("-")[1] for n in cache_names(page) if "-snapshot-" not in n] == ["engine", "pages", "runtime"]
    # The guard saw the service worker's own requests (its precache), so none can slip past it.
    assert any(u.endswith("/sai/" + SAI + "/") for u in from_sw), from_sw[:5]
    context.set_offline(True)
    for url in OFFLINE_PAGES:
        page.goto(url)
        expect(page.locator("article h1")).to_be_visible()
    engine_ready(page)
    assert page.locator("[data-engine-label]").text_content() == "The calculator is ready."
    # A roll resolves offline.
    page.goto("calculator/?roll=" + quote(json.dumps({"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}]})))
    engine_ready(page)
    expect(page.locator("[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    context.set_offline(False)


def test_a_rule_page_readies_the_army_builder_and_the_calculator_offline(page: Page, context):
    """Issue 52: one rule page seen, and nothing else; once its foot says the site is ready
    offline, the army builder checks a force's points and the calculator answers a roll offline."""
    page.goto("rules/die-roll-resolution/")
    expect(page.locator("[data-offline-status]")).to_have_text("Ready offline", timeout=ENGINE_TIMEOUT)
    context.set_offline(True)
    # The base force of tests/engine/force_cases.py: home 8, horde 9, campaign 7 points (p.3, p.59).
    force = base()
    page.goto("army/?force=" + quote(json.dumps(force)))
    expect(page.locator("[data-offline-status]")).to_have_text("Ready offline", timeout=ENGINE_TIMEOUT)
    points = shown(page, force)["pts"]
    assert (points["home"], points["horde"], points["campaign"]) == ("8 points", "9 points", "7 points")
    # Spearer (amazons, health 3): face 1 is its ID icon, 3 melee at its health (p.11); face 2, 2 melee.
    page.goto("calculator/?roll=" + quote(json.dumps({"roll": "melee", "army": [
        {"die": "amazons/spearer", "rolled": 1}, {"die": "amazons/spearer", "rolled": 2}]})))
    engine_ready(page)
    expect(page.locator("[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    context.set_offline(False)


def test_engine_offline_before_first_visit_says_why(page: Page, context):
    """Offline before the engine could be kept (the service worker holds the core of the site, and
    had no time to keep the rest): a clear message."""
    page.goto("")
    page.evaluate(WAIT_FOR_CONTROL)
    context.set_offline(True)
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "error", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-engine-label]")).to_have_text(
        "The engine could not start: you are offline, and the calculator is kept on this device only "
        "after one visit online")
    context.set_offline(False)


def test_pages_without_calculator_fetch_nothing_of_pyodide(page: Page, context, requests_log):
    own: list[str] = []         # the page's own requests and its workers', not the service worker's
    context.on("request", lambda r: None if r.service_worker else own.append(r.url))
    page.goto("")
    page.evaluate(WAIT_FOR_SW)          # registered in idle time, pages and engine kept
    page.goto(f"sai/{SAI}/")
    page.wait_for_load_state("networkidle")
    assert [u for u in own if PYODIDE_OR_ENGINE.search(u)] == []
    assert any(u.endswith("/sai/") for u in requests_log.urls)     # the precache did run
    assert any(PYODIDE_OR_ENGINE.search(u) for u in requests_log.urls)      # and kept the engine


def rewrite(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    gz = path.with_name(path.name + ".gz")
    if gz.exists():
        gz.write_bytes(gzip.compress(text.encode("utf-8")))


def test_new_build_replaces_old_caches(page: Page, context, site_copy):
    visit_calculator_once(page)
    old = cache_names(page)
    # A "new build": a changed home page and rules data give new pages and engine caches.
    sw_text = (site_copy / "sw.js").read_text(encoding="utf-8")
    pages_cache = re.search(r'"pages": "(dd-pages-\w+)"', sw_text).group(1)
    engine_cache = re.search(r'"engine": "(dd-engine-\w+)"', sw_text).group(1)
    rewrite(site_copy / "index.html", "</h1>", " (new build)</h1>")
    rewrite(site_copy / "sw.js", pages_cache, pages_cache + "-2")
    for path in (site_copy / "sw.js", site_copy / "assets" / "js" / "engine" / "engine-worker.js"):
        rewrite(path, engine_cache, engine_cache + "-2")
    page.goto("")                   # offline.js registers again: the browser finds the new sw.js
    assert page.evaluate(UNTIL_CACHES, [pages_cache + "-2", pages_cache, ENGINE_TIMEOUT])
    page.goto("calculator/")
    engine_ready(page)
    expect(page.locator("#calculator")).to_have_attribute("data-engine-saved", "yes", timeout=ENGINE_TIMEOUT)
    new = cache_names(page)
    assert pages_cache not in new and engine_cache not in new
    assert {pages_cache + "-2", engine_cache + "-2"} <= set(new)
    assert [n for n in old if n.startswith("dd-runtime")] == [n for n in new if n.startswith("dd-runtime")]
    context.set_offline(True)
    page.goto("")
    expect(page.locator("article h1")).to_contain_text("(new build)")
    context.set_offline(False)


def test_site_is_installable(page: Page, context):
    """Chromium's own check for "add to home screen" finds nothing missing (a test browser is
    always incognito, which it reports and which a player's browser is not). It asks for the manifest
    and a service worker controlling the page, not for the rest of the site in the cache."""
    page.goto("")
    page.evaluate(WAIT_FOR_CONTROL)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}
