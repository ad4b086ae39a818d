"""The engine's memory snapshot in real Chromium (generator/engine/snapshot.py, engine-worker.js): once
the offline copy keeps it, the next visit, online or offline, starts from it and answers as
CPython does; a snapshot that is missing or whose bytes are not the build's is never used, and
the engine starts the usual way with the same answers; a first visit on a slow link never fetches it.

Which start the worker took is read from its own marks ("snapshot" once it has checked the bytes
it starts from). Each test has a fresh browser context: nothing is cached when it begins.
"""
from __future__ import annotations

import gzip
import json
import re

import pytest
from playwright.sync_api import Page, expect

from calculator.engine import Engine
from calculator.slim import engine_data
from generator.site.generate import ENGINE_INFO
from tests.browser.modules import ENGINE
from tests.browser.test_offline import (  # noqa: F401 - fixtures: this module's own site copy and server
    browser_context_args, site_copy, site_url)

ENGINE_TIMEOUT = 120_000
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}, {"die": "coral-elves/sharpshooter"}]}
SNAPSHOT = re.compile(r"/assets/engine/engine-[0-9a-f]+\.bin")
RESOLVE = f"async (roll) => {ENGINE}.call('resolve', roll)"
# Until the snapshot is in the offline copy's cache (the service worker keeps it in the
# background after the rest of the site), or the time is up.
UNTIL_KEPT = """async ([name, url, timeout]) => {
  for (const end = Date.now() + timeout; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await (await caches.open(name)).match(new URL(url, location.origin + "/").href)) return true;
  }
  return false;
}"""


@pytest.fixture(scope="module")
def snapshot_info() -> dict:
    return json.loads(ENGINE_INFO.read_text(encoding="utf-8"))["snapshot"]


@pytest.fixture(scope="module")
def cpython_answer(bundle) -> dict:
    """The same roll in CPython, as the worker's JSON carries it."""
    return json.loads(json.dumps(Engine(engine_data(bundle)).resolve(ROLL), sort_keys=True))


def start(page: Page) -> dict:
    """Open the calculator; when the engine is ready, the worker's marks."""
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    return page.workers[0].evaluate("timings")


def answer(page: Page) -> dict:
    return page.evaluate(RESOLVE, json.dumps(ROLL))


def kept_by_offline_copy(page: Page, info: dict) -> bool:
    expect(page.locator("html")).to_have_attribute("data-offline", "site", timeout=ENGINE_TIMEOUT)
    return page.evaluate(UNTIL_KEPT, [info["cache"], info["url"], ENGINE_TIMEOUT])


def test_next_visit_and_offline_start_from_the_kept_snapshot(page: Page, context, snapshot_info, cpython_answer):
    start(page)
    assert kept_by_offline_copy(page, snapshot_info)
    marks = start(page)                     # second visit, online: from the device
    assert "snapshot" in marks, marks
    assert answer(page) == cpython_answer
    context.set_offline(True)
    marks = start(page)
    assert "snapshot" in marks, marks
    assert answer(page) == cpython_answer
    context.set_offline(False)


def corrupt(blob: bytes) -> bytes:
    middle = len(blob) // 2
    return blob[:middle] + bytes([blob[middle] ^ 0xFF]) + blob[middle + 1:]


@pytest.mark.parametrize("failure", ["missing", "corrupt"])
def test_a_snapshot_missing_or_not_the_builds_is_never_used(page: Page, context, site_copy, snapshot_info,
                                                             cpython_answer, failure):
    # Every request for the snapshot (its .gz copy or the file itself, by the engine worker or
    # the offline copy) answers 404, or bytes one bit away from the build's (size unchanged).
    raw = (site_copy / snapshot_info["url"]).read_bytes()
    bad = corrupt(raw)
    bad_packed = gzip.compress(bad, mtime=0) if failure == "corrupt" else b""   # once: seconds of a core each time
    asked = []

    def serve(route):
        asked.append(route.request.url)
        if failure == "missing":
            route.fulfill(status=404, body="not found")
        else:
            packed = route.request.url.endswith(".gz")
            route.fulfill(status=200, body=bad_packed if packed else bad,
                          headers={"Content-Type": "application/gzip" if packed else "application/octet-stream"})

    context.route(SNAPSHOT, serve)
    for visit in ("first", "second"):
        marks = start(page)
        assert "snapshot" not in marks, (visit, marks)
        assert answer(page) == cpython_answer
        if visit == "second":
            break
        # The offline copy asks for it in the background: a corrupt one is kept (and must be
        # refused from the device next time); a missing one is asked for and not kept.
        if failure == "corrupt":
            assert kept_by_offline_copy(page, snapshot_info)
        elif not asked:
            context.wait_for_event("request", predicate=lambda r: SNAPSHOT.search(r.url) is not None,
                                   timeout=ENGINE_TIMEOUT)
    assert asked


def test_a_first_visit_on_a_slow_link_never_fetches_the_snapshot(page: Page, context, requests_log):
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 85,
                                                   "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8})
    marks = start(page)
    assert "snapshot" not in marks and "in:data" in marks, marks
    assert not [u for u in requests_log.urls if SNAPSHOT.search(u)]
