"""The engine in two parts on a first visit (issue 52), in real Chromium: the worker starts with the
engine's first part (what a first roll imports, engine-first.zip) and fetches the whole engine only
once it has answered and is idle, or at once when a call needs a module the first part lacks; the
device keeps the whole engine, never the first part. Every wait is for the page's state.
"""
from __future__ import annotations

import json

from playwright.sync_api import Page

from generator.site.generate import ENGINE_INFO
from tests.browser.expecting import expect
from tests.browser.modules import ENGINE

ENGINE_TIMEOUT = 120_000
# Each asked for as its .br copy (the smallest; the worker unpacks it: brotli.js).
FIRST = "/assets/engine/engine-first.zip.br"
WHOLE = "/assets/engine/engine.zip.br"
# An Amazon spearer showing its face 2, which shows 2 melee (its card, as test_engine_start.py reads it).
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 2}]}
FORCE = {"size": 24, "armies": {"home": ["amazons/spearer"]}}
KEPT = """async ([cache, url]) => {
  const hit = await (await caches.open(cache)).match(new URL(url, new URL("..", location.href)).href);   // from calculator/
  return hit ? (await hit.arrayBuffer()).byteLength : 0;
}"""


def asked(requests_log, end: str) -> int:
    return sum(url.endswith(end) for url in requests_log.urls)


def test_first_roll_from_the_first_part_then_the_whole_engine(page: Page, requests_log):
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    # The roll is answered by the first part; a force's check (the army builder's), whose modules
    # neither the first part nor the memory snapshot holds, waits for the whole engine, then answers.
    out = page.evaluate(f"async ([roll, force]) => {{ const e = {ENGINE}; const r = await e.call('resolve', roll);"
                        " return [r, await e.call('force', force)]; }", [ROLL, FORCE])
    assert out[0]["totals"] == {"melee": 2}
    assert "armies.home[0]" in out[1]["costs"]
    assert asked(requests_log, FIRST) == 1
    assert asked(requests_log, WHOLE) == 1
    # Once kept, "saved" says so; the device keeps the whole engine under its own address.
    expect(page.locator("#calculator")).to_have_attribute("data-engine-saved", "yes", timeout=ENGINE_TIMEOUT)
    info = json.loads(ENGINE_INFO.read_text(encoding="utf-8"))
    code = info["files"]["code"]
    cache = info["caches"][code["cache"]]
    assert page.evaluate(KEPT, [cache, code["url"]]) == code["size"]
    assert page.evaluate(KEPT, [cache, info["first"]["url"]]) == 0


def test_an_idle_worker_fetches_the_whole_engine_by_itself(page: Page, requests_log):
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    expect(page.locator("#calculator")).to_have_attribute("data-engine-saved", "yes", timeout=ENGINE_TIMEOUT)
    assert asked(requests_log, WHOLE) == 1
    # The rest of the engine is there: a force's check imports straight from it, nothing more is fetched.
    out = page.evaluate(f"async (force) => {ENGINE}.call('force', force)", FORCE)
    assert "armies.home[0]" in out["costs"]
    assert asked(requests_log, WHOLE) == 1


def test_other_pages_and_links_start_with_the_whole_engine(page: Page, requests_log):
    # The army builder checks forces at once, and an exchange's link needs the exchange room: their
    # workers start with the whole engine, never with the first part.
    page.goto("army/")
    expect(page.locator("#army")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    assert (asked(requests_log, FIRST), asked(requests_log, WHOLE)) == (0, 1)
    page.goto("calculator/?exchange={}")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    assert asked(requests_log, FIRST) == 0
