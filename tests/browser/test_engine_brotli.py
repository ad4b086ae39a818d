"""The engine's big downloads as their .br copies (issue 52: a first visit's bytes on a slow link), in
real Chromium: the worker asks for each .br copy and unpacks it with the site's own brotli decoder
(brotli.js); without the decoder or without the .br copies it reads the .gz copies, and a .br copy
that is not brotli is answered in words, with a way to try again. Every wait is for the page's state.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

from generator.site.generate import ENGINE_INFO
from tests.browser.expecting import expect
from tests.browser.modules import ENGINE

ENGINE_TIMEOUT = 120_000
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 2}]}
DECODER = re.compile(r"/brotli-dec-wasm/")
BR = re.compile(r"\.br$")


@pytest.fixture(scope="module")
def info() -> dict:
    return json.loads(ENGINE_INFO.read_text(encoding="utf-8"))


@pytest.fixture
def bodies(context) -> dict:
    """Each finished request's URL -> the bytes of its body as they came over the wire."""
    sizes: dict = {}

    def done(request) -> None:  # noqa: ANN001 - a Playwright Request
        sizes[request.url] = sizes.get(request.url, 0) + request.sizes()["responseBodySize"]
    context.on("requestfinished", done)
    yield sizes
    context.remove_listener("requestfinished", done)


def rolls_two(page: Page) -> None:
    """The engine ready, and a roll answered: an Amazon spearer's face 2 shows 2 melee (its card)."""
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    out = page.evaluate(f"async (roll) => {ENGINE}.call('resolve', roll)", ROLL)
    assert out["totals"] == {"melee": 2}


def asked(requests_log, end: str) -> int:
    return sum(url.endswith(end) for url in requests_log.urls)


def test_a_first_visit_downloads_the_br_copies(page: Page, requests_log, bodies, info):
    page.goto("calculator/")
    rolls_two(page)
    runtime = [info["files"][k] for k in ("wasm", "stdlib")] + [info["first"]]
    for f in runtime:
        # once, as the .br copy, which came over the wire at its own size; neither other copy asked for
        assert [asked(requests_log, f["url"] + end) for end in (".br", ".gz", "")] == [1, 0, 0], f["url"]
        sent = [n for url, n in bodies.items() if url.endswith("/" + f["url"] + ".br")]
        assert sent == [f["br"]], f["url"]
    # The decoder's WebAssembly, read from its .gz copy, is what brotli costs: less than it spares.
    assert asked(requests_log, info["decoder"]["url"] + ".gz") == 1
    assert info["decoder"]["packed"] < sum(info["files"][k]["packed"] - info["files"][k]["br"] for k in ("wasm", "stdlib"))


def test_without_the_decoder_the_gz_copies_are_read(page: Page, context, requests_log, info):
    context.route(DECODER, lambda route: route.fulfill(status=404, body="no"))
    page.goto("calculator/")
    rolls_two(page)
    for f in (info["files"]["wasm"], info["files"]["stdlib"], info["first"]):
        assert asked(requests_log, f["url"] + ".gz") == 1, f["url"]


def test_without_the_br_copies_the_gz_copies_are_read(page: Page, context, requests_log, info):
    context.route(BR, lambda route: route.fulfill(status=404, body="no"))
    page.goto("calculator/")
    rolls_two(page)
    for f in (info["files"]["wasm"], info["files"]["stdlib"], info["first"]):
        assert (asked(requests_log, f["url"] + ".br"), asked(requests_log, f["url"] + ".gz")) == (1, 1), f["url"]


def test_a_br_copy_that_is_not_brotli_is_said_and_can_be_tried_again(page: Page, context, info):
    stdlib = re.compile(re.escape(info["files"]["stdlib"]["url"]) + r"\.br$")
    context.route(stdlib, lambda route: route.fulfill(status=200, body=bytes(range(256)) * 64,
                                                      headers={"Content-Type": "application/octet-stream"}))
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "error", timeout=ENGINE_TIMEOUT)
    expect(page.locator("#calculator [data-engine-label]")).to_have_text(
        "The engine could not start: a file of the calculator arrived damaged or incomplete "
        f"({info['files']['stdlib']['label']})")
    context.unroute(stdlib)
    page.get_by_role("button", name="Try again").click()
    rolls_two(page)
