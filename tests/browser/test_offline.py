"""Offline and second visits in real Chromium: after one visit to the calculator, or to any page
(issue 52), the site and the engine work with the network off, and every page says so; the next
visit, online or offline, starts from the engine's memory snapshot the offline copy kept; a new
build replaces the old caches; a page without a calculator fetches nothing of Pyodide itself (the
service worker keeps it in the background).

This module serves its own copy of the built site (a new build is simulated by editing the copy),
with the .gz copies served as a configured host would. Filling the offline copy (some 1,300 files)
is the costly part, so each first visit is made once, in a browser context of its own (a class of
tests below), and its tests check in turn what that one visit left on the device: the context lives
as long as its class. Every request of such a context is recorded, the service worker's own too
(Playwright reports them with the context's), and a test fails on any that left the site's origin.
"""
from __future__ import annotations

import gzip
import json
import os
import re
import shutil
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page

from calculator.engine import Engine
from calculator.slim import engine_data
from generator.site.build import ensure_site
from generator.site.generate import ENGINE_INFO
from tests.browser.expecting import expect
from tests.browser.links import open_in_place
from tests.browser.modules import ENGINE
from tests.browser.offline_wait import WAIT_FOR_CONTROL
from tests.browser.origin import RequestLog
from tests.browser.test_army_page import shown
from tests.engine.force_cases import base
from tests.site_server import SiteServer

ENGINE_TIMEOUT = 120_000
SAI = "rend"
OFFLINE_PAGES = ("", f"sai/{SAI}/", "rules/die-roll-resolution/", "calculator/")
PYODIDE_OR_ENGINE = re.compile(r"/pyodide/|/assets/engine/(?!catalogue\.json)")
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}, {"die": "coral-elves/sharpshooter"}]}
RESOLVE = f"async (roll) => {ENGINE}.call('resolve', roll)"

WAIT_FOR_SW = """async () => {
  const reg = await navigator.serviceWorker.ready;             // installed (the core cached) and active
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  // The rest of the site is cached in the background: the service worker says when it is done.
  while (document.documentElement.dataset.offline !== "site") await new Promise((r) => setTimeout(r, 100));
  return reg.active.scriptURL;
}"""
# Until the snapshot is in the offline copy's cache (the service worker keeps it in the
# background after the rest of the site), or the time is up.
UNTIL_KEPT = """async ([name, url, timeout]) => {
  for (const end = Date.now() + timeout; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await (await caches.open(name)).match(new URL(url, location.origin + "/").href)) return true;
  }
  return false;
}"""


def link_or_copy(src: str, dst: str) -> None:
    """A file of the site's copy: a hard link (no bytes copied) where the file system allows it.
    rewrite() below replaces a file rather than writing into it, so the built site is never changed."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


@pytest.fixture(scope="module")
def site_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("offline") / "site"
    shutil.copytree(ensure_site(), root, copy_function=link_or_copy)
    return root


@pytest.fixture(scope="module")
def site_url(site_copy):
    """Overrides the conftest's: this module's own server (the guard follows it)."""
    with SiteServer(site_copy, precompressed=True) as server:
        yield server.url


@pytest.fixture(scope="module")
def browser_context_args(site_url):
    return {"base_url": site_url, "service_workers": "allow"}


@dataclass
class Visit:
    """A browser context of its own (a first visit: nothing kept when it opens), its page, and
    every request it made (`worker`: those of the service worker; `own`: the pages' and their workers')."""
    context: BrowserContext
    page: Page
    log: RequestLog
    worker: list[str] = field(default_factory=list)
    own: list[str] = field(default_factory=list)
    first_worker: list[str] = field(default_factory=list)     # those of the first visit itself
    first_own: list[str] = field(default_factory=list)

    def settled(self) -> "Visit":
        """The first visit is over: what it asked for so far is kept apart."""
        self.first_worker, self.first_own = list(self.worker), list(self.own)
        return self


OPEN: list[Visit] = []      # the visits of the class of tests running


@contextmanager
def first_visit(browser, site_url: str):
    context = browser.new_context(base_url=site_url, service_workers="allow")
    visit = Visit(context, context.new_page(), RequestLog(site_url).watch(context))
    context.on("request", lambda r: (visit.worker if r.service_worker else visit.own).append(r.url))
    visit.page.set_default_timeout(60_000)
    OPEN.append(visit)
    try:
        yield visit
    finally:
        OPEN.remove(visit)
        context.close()


@pytest.fixture(autouse=True)
def guard_visits():
    """After each test: the visits it used are online again, and none of their requests left the origin."""
    yield
    for visit in OPEN:
        visit.context.set_offline(False)
        foreign = list(visit.log.foreign)
        visit.log.foreign.clear()
        assert not foreign, f"requests left the site's origin: {sorted(set(foreign))}"


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


def start(page: Page) -> dict:
    """Open the calculator; when the engine is ready, the worker's marks ("snapshot" once it has
    checked the bytes it starts from)."""
    page.goto("calculator/")
    engine_ready(page)
    return page.workers[0].evaluate("timings")


def answer(page: Page) -> dict:
    return page.evaluate(RESOLVE, json.dumps(ROLL))


@pytest.fixture(scope="module")
def snapshot_info() -> dict:
    return json.loads(ENGINE_INFO.read_text(encoding="utf-8"))["snapshot"]


@pytest.fixture(scope="module")
def cpython_answer(bundle) -> dict:
    """The same roll in CPython, as the worker's JSON carries it."""
    return json.loads(json.dumps(Engine(engine_data(bundle)).resolve(ROLL), sort_keys=True))


def kept_by_offline_copy(page: Page, info: dict) -> bool:
    expect(page.locator("html")).to_have_attribute("data-offline", "site", timeout=ENGINE_TIMEOUT)
    return page.evaluate(UNTIL_KEPT, [info["cache"], info["url"], ENGINE_TIMEOUT])


class TestBeforeTheOfflineCopyIsKept:
    """One visit to the home page, offline as soon as the service worker controls it (it holds the
    core of the site, and had no time to keep the rest)."""

    @pytest.fixture(scope="class")
    def home(self, browser, site_url):
        with first_visit(browser, site_url) as visit:
            visit.page.goto("")
            visit.page.evaluate(WAIT_FOR_CONTROL)
            yield visit

    def test_engine_offline_before_first_visit_says_why(self, home):
        page = home.page
        home.context.set_offline(True)
        page.goto("calculator/")
        expect(page.locator("#calculator")).to_have_attribute("data-engine", "error", timeout=ENGINE_TIMEOUT)
        expect(page.locator("[data-engine-label]")).to_have_text(
            "The engine could not start: you are offline, and the calculator is kept on this device only "
            "after one visit online")

    def test_site_is_installable(self, home):
        """Chromium's own check for "add to home screen" finds nothing missing (a test browser is
        always incognito, which it reports and which a player's browser is not). It asks for the manifest
        and a service worker controlling the page, not for the rest of the site in the cache."""
        page = home.page
        page.goto("")
        page.evaluate(WAIT_FOR_CONTROL)
        cdp = home.context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
        assert errors <= {"in-incognito"}


class TestAfterOneRulePage:
    """Issue 52: one rule page seen, and nothing else, until its foot says the site is ready offline."""

    @pytest.fixture(scope="class")
    def rule_page(self, browser, site_url):
        with first_visit(browser, site_url) as visit:
            visit.page.goto("rules/die-roll-resolution/")
            expect(visit.page.locator("[data-offline-status]")).to_have_text("Ready offline", timeout=ENGINE_TIMEOUT)
            yield visit.settled()

    def test_pages_without_calculator_fetch_nothing_of_pyodide(self, rule_page):
        page = rule_page.page
        before = len(rule_page.own)
        page.goto(f"sai/{SAI}/")            # another page, once the offline copy is kept
        page.wait_for_load_state("networkidle")
        own = rule_page.first_own + rule_page.own[before:]    # not the service worker's
        assert [u for u in own if PYODIDE_OR_ENGINE.search(u)] == []
        assert any(u.endswith("/sai/") for u in rule_page.log.urls)     # the precache did run
        assert any(PYODIDE_OR_ENGINE.search(u) for u in rule_page.log.urls)      # and kept the engine

    def test_a_rule_page_readies_the_army_builder_and_the_calculator_offline(self, rule_page):
        """Once the rule page's foot says the site is ready offline, the army builder checks a
        force's points and the calculator answers a roll offline."""
        page = rule_page.page
        rule_page.context.set_offline(True)
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


class TestAfterOneVisitToTheCalculator:
    """One visit to the calculator, until the offline copy is kept; the last test makes a new build."""

    @pytest.fixture(scope="class")
    def calculator(self, browser, site_url):
        with first_visit(browser, site_url) as visit:
            visit_calculator_once(visit.page)
            yield visit.settled()

    def test_site_and_engine_work_offline_after_one_visit(self, calculator):
        page = calculator.page
        # (and, once kept in the background, the engine's snapshot: the next test)
        assert [n.split("-")[1] for n in cache_names(page) if "-snapshot-" not in n] == ["engine", "pages", "runtime"]
        # The guard saw the service worker's own requests (its precache), so none can slip past it.
        assert any(u.endswith("/sai/" + SAI + "/") for u in calculator.first_worker), calculator.first_worker[:5]
        calculator.context.set_offline(True)
        for url in OFFLINE_PAGES:           # the calculator last
            page.goto(url)
            expect(page.locator("article h1")).to_be_visible()
        engine_ready(page)
        assert page.locator("[data-engine-label]").text_content() == "The calculator is ready."
        # A roll resolves offline: a link to it, opened on the calculator shown.
        open_in_place(page, "calculator/?roll=" + quote(json.dumps(
            {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}]})))
        expect(page.locator("[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)

    def test_next_visit_and_offline_start_from_the_kept_snapshot(self, calculator, snapshot_info, cpython_answer):
        page = calculator.page
        assert kept_by_offline_copy(page, snapshot_info)
        marks = start(page)                     # next visit, online: from the device
        assert "snapshot" in marks, marks
        assert answer(page) == cpython_answer
        calculator.context.set_offline(True)
        marks = start(page)
        assert "snapshot" in marks, marks
        assert answer(page) == cpython_answer

    def test_new_build_replaces_old_caches(self, calculator, site_copy):
        page = calculator.page
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
        calculator.context.set_offline(True)
        page.goto("")
        expect(page.locator("article h1")).to_contain_text("(new build)")


def rewrite(path, old: str, new: str) -> None:
    """Edit a file of the site's copy: a new file in its place (the old may be a link to the built site's)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    text = text.replace(old, new)
    path.unlink()
    path.write_text(text, encoding="utf-8")
    gz = path.with_name(path.name + ".gz")
    if gz.exists():
        gz.unlink()
        gz.write_bytes(gzip.compress(text.encode("utf-8")))
