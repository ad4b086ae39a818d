"""The engine's memory snapshot in real Chromium (generator/engine/snapshot.py, engine-worker.js) when
it is not the build's: a snapshot that is missing or whose bytes are not the build's is never used,
and the engine starts the usual way with the same answers; a first visit on a slow link never
fetches it. (Once the offline copy keeps the build's, the next visit, online or offline, starts from
it: test_offline.py.)

Which start the worker took is read from its own marks ("snapshot" once it has checked the bytes
it starts from).
"""
from __future__ import annotations

import gzip
import re

import pytest
from playwright.sync_api import Page

from tests.browser.test_offline import (  # noqa: F401 - fixtures: this module's own site copy and server
    ENGINE_TIMEOUT, answer, browser_context_args, cpython_answer, first_visit, guard_visits, kept_by_offline_copy,
    site_copy, site_url, snapshot_info, start)

SNAPSHOT = re.compile(r"/assets/engine/engine-[0-9a-f]+\.bin")
# What the device keeps of the engine (the runtime, the engine and its data, its snapshot), not the
# offline copy's pages.
FORGET_ENGINE = """async () => {
  for (const name of await caches.keys()) if (/^dd-(runtime|engine|snapshot)-/.test(name)) await caches.delete(name);
}"""


def corrupt(blob: bytes) -> bytes:
    middle = len(blob) // 2
    return blob[:middle] + bytes([blob[middle] ^ 0xFF]) + blob[middle + 1:]


class Snapshots:
    """Answers every request for the snapshot (its .gz copy or the file itself, by the engine worker
    or the offline copy): 404 while `failure` is "missing", else bytes one bit away from the build's
    (size unchanged). Never the build's own, from the context's first request to its last."""

    def __init__(self, raw: bytes) -> None:
        self.failure = "missing"
        self.bad = corrupt(raw)
        self.bad_packed = gzip.compress(self.bad, compresslevel=1, mtime=0)     # once, and fast: any gzip will do
        self.asked: list[str] = []

    def serve(self, route) -> None:  # noqa: ANN001 - a Playwright Route
        self.asked.append(route.request.url)
        if self.failure == "missing":
            route.fulfill(status=404, body="not found")
        else:
            packed = route.request.url.endswith(".gz")
            route.fulfill(status=200, body=self.bad_packed if packed else self.bad,
                          headers={"Content-Type": "application/gzip" if packed else "application/octet-stream"})


class TestASnapshotNotTheBuilds:
    """The cases share one browser context, so the offline copy of the site's pages (the costly part)
    is filled once, by the first. Each case begins with nothing of the engine kept on the device (the
    second drops what the first left: the runtime, the engine, any snapshot), so its first visit
    downloads the engine, and the snapshot as the link is fast, as on a player's first visit.
    The corrupt case comes first: the offline copy may still be at work from the case before (keeping
    a snapshot when a page of it asked), which the missing case's checks allow (a snapshot kept then
    is one of the bad ones), and the corrupt case's wait for the copy it keeps would not."""

    @pytest.fixture(scope="class")
    def bad_snapshots(self, browser, site_url, site_copy, snapshot_info):
        with first_visit(browser, site_url) as visit:
            snapshots = Snapshots((site_copy / snapshot_info["url"]).read_bytes())
            visit.context.route(SNAPSHOT, snapshots.serve)
            yield visit, snapshots

    @pytest.mark.parametrize("failure", ["corrupt", "missing"])
    def test_a_snapshot_missing_or_not_the_builds_is_never_used(self, bad_snapshots, snapshot_info, cpython_answer,
                                                                 failure):
        visit, snapshots = bad_snapshots
        page = visit.page
        snapshots.failure = failure
        if page.url.startswith(visit.log.origin):
            page.evaluate(FORGET_ENGINE)
        snapshots.asked.clear()
        for which in ("first", "second"):
            marks = start(page)
            assert "snapshot" not in marks, (which, marks)
            assert answer(page) == cpython_answer
            if which == "second":
                break
            # The offline copy asks for it in the background: a corrupt one is kept (and must be
            # refused from the device next time); a missing one is asked for and not kept.
            if failure == "corrupt":
                assert kept_by_offline_copy(page, snapshot_info)
            elif not snapshots.asked:
                visit.context.wait_for_event("request", predicate=lambda r: SNAPSHOT.search(r.url) is not None,
                                             timeout=ENGINE_TIMEOUT)
        assert snapshots.asked


def test_a_first_visit_on_a_slow_link_never_fetches_the_snapshot(page: Page, context, requests_log):
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 85,
                                                   "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8})
    marks = start(page)
    assert "snapshot" not in marks and "in:data" in marks, marks
    assert not [u for u in requests_log.urls if SNAPSHOT.search(u)]
