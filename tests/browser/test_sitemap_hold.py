"""The theme's sitemap request waits for the engine on a page with one (issue 52, a first answer on
a slow link): the theme's instant navigation asks for sitemap.xml as a page opens, which on a slow
link shared the link with the engine's download before a first answer. On the calculator it is
asked for once the engine is up or has failed; on a page without the engine at once; and instant
navigation from the calculator works once it has come.

The runtime's WebAssembly is held on its way (Playwright's routing, the worker's requests too) and
let go when the test says; every wait is for the page, never a sleep."""
from __future__ import annotations

import re

from playwright.sync_api import Page, Route

from tests.browser.expecting import expect
from tests.browser.test_calculator import ROLL, share_hash

ENGINE_TIMEOUT = 120_000
WASM = re.compile(r"/pyodide/pyodide\.asm\.wasm(\.gz|\.br)?$")
# The theme's own request (the offline copy's service worker may fetch the file too, later).
SITEMAP = ("performance.getEntriesByType('resource').find((e) =>"
           " e.name.endsWith('/sitemap.xml') && e.initiatorType === 'xmlhttprequest')")
ASKED = f"() => !!{SITEMAP}"
# When the roll's answer was first drawn (the results marked resolved), on the page's own clock.
WATCH_ANSWER = """new MutationObserver(() => {
  const r = document.querySelector("[data-calc-results]");
  if (r && r.dataset.state === "resolved" && window.__answerAt === undefined) window.__answerAt = performance.now();
}).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ["data-state"] });"""


def theme_asks(page: Page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/sitemap.xml")
            and r.resource_type == "xhr" else None)
    return asked


def hold_wasm(page: Page) -> list[Route]:
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.context.route(WASM, hold)
    return held


def open_held(page: Page, held: list[Route], path: str = "calculator/") -> None:
    """The calculator opened, its page scripts run, the engine waiting on its WebAssembly."""
    page.goto(path)
    page.wait_for_load_state("load")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "loading")
    page.wait_for_function("() => document.documentElement.classList.contains('js')")  # the theme's script ran
    for _ in range(600):                     # the worker asks for the WebAssembly (at most 60 s)
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the runtime's WebAssembly was not asked for"
    page.evaluate("() => fetch('manifest.webmanifest').then((r) => r.text())")   # one more round trip


def test_the_calculator_asks_for_the_sitemap_once_its_engine_is_up_and_idle(page: Page):
    """A link to a roll: the sitemap is asked for only after its answer is drawn."""
    asked = theme_asks(page)
    held = hold_wasm(page)
    page.add_init_script(WATCH_ANSWER)
    open_held(page, held, "calculator/" + share_hash(ROLL))
    assert not asked, "the theme asked for the sitemap while the engine was still downloading"
    for route in held:
        route.continue_()
    page.context.unroute(WASM)
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.wait_for_function(ASKED, timeout=ENGINE_TIMEOUT)
    assert len(asked) == 1
    assert page.evaluate(f"() => window.__answerAt !== undefined && {SITEMAP}.startTime >= window.__answerAt"), \
        "the sitemap was asked for before the link's answer was drawn"
    # Instant navigation from the calculator, the sitemap in: the page is swapped in, not loaded.
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Open data").first.click()
    expect(page.locator("#calculator")).to_have_count(0)
    page.wait_for_url(re.compile(r"/open-data/$"))
    assert page.evaluate("window.__sameDocument === true")


def test_an_engine_that_failed_lets_the_sitemap_go(page: Page):
    asked = theme_asks(page)
    page.context.route(WASM, lambda route: route.fulfill(status=404, body="no"))
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "error", timeout=ENGINE_TIMEOUT)
    page.wait_for_function(ASKED, timeout=ENGINE_TIMEOUT)
    assert len(asked) == 1


def test_a_page_without_the_engine_asks_at_once(page: Page):
    asked = theme_asks(page)
    held = hold_wasm(page)                   # should a page start the engine, it stays unready
    page.goto("rules/")
    page.wait_for_function(ASKED)
    assert len(asked) == 1
    for route in held:
        route.continue_()
