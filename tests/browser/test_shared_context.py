"""The browser context that the tests of a ``shared_context`` module share (tests/browser/conftest.py):
the second test gets the same context as the first, with nothing the first kept there (local
storage, cookies, IndexedDB, permissions, its pages), but with the engine's files still in the
browser's cache. The two tests run in this order (a module stays together, in order)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page
from tests.browser.expecting import expect

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine
pytestmark = pytest.mark.shared_context

FIRST: list = []            # the first test's context

KEEP_JS = """async () => {
    localStorage.setItem('left', '1');
    document.cookie = 'left=1; path=/';
    await new Promise((done, fail) => { const r = indexedDB.open('left'); r.onsuccess = () => { r.result.close(); done(); };
                                        r.onerror = fail; }); }"""
LEFT_JS = """async () => ({ storage: localStorage.getItem('left'), cookie: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name),
    cached: (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).length)))
        .reduce((a, b) => a + b, 0) })"""


def test_a_test_leaves_things_behind(page: Page):
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.evaluate(KEEP_JS)
    page.context.grant_permissions(["clipboard-read"])
    left = page.evaluate(LEFT_JS)
    assert left["storage"] == "1" and "left=1" in left["cookie"] and "left" in left["databases"], left
    assert left["cached"] > 0, left          # the engine's files, kept by the worker
    FIRST.append(page.context)


def test_the_next_test_finds_none_of_them(page: Page):
    assert FIRST and page.context is FIRST[0]
    assert page.context.pages == [page]
    page.goto("calculator/")
    left = page.evaluate(LEFT_JS)
    assert left["storage"] is None and "left=1" not in left["cookie"] and "left" not in left["databases"], left
    assert left["cached"] > 0, left          # what sharing is for
    assert page.evaluate("navigator.permissions.query({ name: 'clipboard-read' }).then((p) => p.state)") != "granted"
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
