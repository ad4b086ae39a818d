"""The engine's start when its files do not arrive as built (issue 52), in real Chromium: a runtime
refused (404, 500), cut short or changed on the way, a damaged engine, or a download that stalls.
Each is answered in words on the calculator's status line within its start, with a "Try again"
button that, once the files come whole, starts the engine.

The site's files are altered on their way with Playwright's routing (the engine worker's own
requests are routed too); every wait is for the page's words, never a sleep.
"""
from __future__ import annotations

import gzip
import json
import re

import brotli  # type: ignore[import-untyped]
import pytest
from playwright.sync_api import Page, Route

from generator.site.generate import ENGINE_INFO
from tests.browser.expecting import expect
from tests.browser.modules import ENGINE

ENGINE_TIMEOUT = 120_000
# Each file is asked for as its .br copy first, then its .gz copy, then as it is: a route matches all.
WASM = re.compile(r"/pyodide/pyodide\.asm\.wasm(\.gz|\.br)?$")
CODE = re.compile(r"/assets/engine/engine(-first)?\.zip(\.gz|\.br)?$")     # the engine's first part and the whole
DAMAGED = "The engine could not start: a file of the calculator arrived damaged or incomplete ({})"


@pytest.fixture(scope="module")
def labels() -> dict:
    files = json.loads(ENGINE_INFO.read_text(encoding="utf-8"))["files"]
    return {key: f["label"] for key, f in files.items()}


def status(page: Page):
    return page.locator("#calculator [data-engine-label]")


def try_again_starts_the_engine(page: Page, context, pattern: re.Pattern) -> None:
    """Once the files come whole again, the button starts the engine, and a roll is answered."""
    context.unroute(pattern)
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    expect(page.get_by_role("button", name="Try again")).to_have_count(0)
    rolled = page.evaluate(f"async () => {ENGINE}.call('resolve', "
                           "{roll: 'melee', army: [{die: 'amazons/spearer', rolled: 2}]})")
    assert rolled["totals"] == {"melee": 2}       # spearer: face 2 shows 2 melee (its card)


def open_calculator(page: Page) -> None:
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "error", timeout=ENGINE_TIMEOUT)


@pytest.mark.parametrize("code", [404, 500])
def test_a_refused_runtime_is_said_and_can_be_tried_again(page: Page, context, labels, code):
    context.route(WASM, lambda route: route.fulfill(status=code, body="no"))
    open_calculator(page)
    expect(status(page)).to_have_text(f"The engine could not start: the calculator could not be downloaded "
                                      f"({labels['wasm']}: the site answered with error {code})")
    try_again_starts_the_engine(page, context, WASM)


def cut_short(route: Route) -> None:
    body = route.fetch().body()
    route.fulfill(status=200, body=body[:len(body) // 2], headers={"Content-Type": "application/octet-stream"})


# Packed again at the lowest effort: any level unpacks the same, and brotli's default (11) took the
# test process some 15 s of a core on the runtime's wasm.
PACKINGS = {"gz": (gzip.decompress, lambda data: gzip.compress(data, compresslevel=1)),
            "br": (brotli.decompress, lambda data: brotli.compress(data, quality=0))}


def changed(route: Route) -> None:
    """The file's own bytes with a stretch in the middle changed (packed again when it was)."""
    body = route.fetch().body()
    unpack, pack = PACKINGS.get(route.request.url.rsplit(".", 1)[-1], (bytes, bytes))
    data = bytearray(unpack(body))
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(b ^ 0x5A for b in data[middle:middle + 64])
    out = pack(bytes(data))
    route.fulfill(status=200, body=out, headers={"Content-Type": "application/octet-stream"})


@pytest.mark.parametrize("alter", [cut_short, changed], ids=["cut-short", "changed"])
def test_a_damaged_runtime_is_said_and_can_be_tried_again(page: Page, context, labels, alter):
    context.route(WASM, alter)
    open_calculator(page)
    expect(status(page)).to_have_text(DAMAGED.format(labels["wasm"]))
    try_again_starts_the_engine(page, context, WASM)


def test_a_damaged_engine_is_said_before_ready(page: Page, context, labels):
    # It used to say "ready" (the engine starts from its memory snapshot, without its zip), then
    # answer the next link with "internal error: EOFError".
    context.route(CODE, changed)
    open_calculator(page)
    expect(status(page)).to_have_text(DAMAGED.format(labels["code"]))
    try_again_starts_the_engine(page, context, CODE)


def test_a_stalled_download_is_said_and_can_be_tried_again(page: Page, context):
    held: list[Route] = []
    context.route(WASM, lambda route: held.append(route))     # never answered: the link went quiet
    page.goto("calculator/", wait_until="commit")
    # A short budget for the test (30 s on the site); the start is watched against it as it goes.
    expect(page.locator("#calculator")).to_have_attribute("data-engine-bound", "1")     # the engine client is in
    page.evaluate(f"async () => {{ {ENGINE}.budgets.stall = 1000; }}")
    expect(status(page)).to_have_text("The engine could not start: the download stopped: nothing arrived for "
                                      "1 second", timeout=ENGINE_TIMEOUT)
    for route in held:
        route.abort()
    page.evaluate(f"async () => {{ {ENGINE}.budgets.stall = 30000; }}")     # the site's again
    try_again_starts_the_engine(page, context, WASM)
