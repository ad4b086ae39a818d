"""The site loads offline, the calculator's engine starts in a Web Worker, instant navigation works."""
from __future__ import annotations

import re

import pytest
from tests.browser.expecting import expect

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core CI machine


def test_home_page_loads_with_no_foreign_requests(page, requests_log):
    page.goto("./")
    expect(page).to_have_title(re.compile("Dragon Dice"))
    expect(page.locator("h1")).to_contain_text("Dragon Dice Rules Reference")
    assert any(url.endswith("/") for url in requests_log.urls)
    assert not any("fonts.googleapis" in url for url in requests_log.urls)


# The site's own policy refuses a foreign fetch before it is even asked for; the guard is tried
# beneath it, on requests that are asked for.
@pytest.mark.browser_context_args(bypass_csp=True)
def test_a_request_leaving_the_origin_fails_at_once_and_is_seen(page, requests_log):
    # The guard can fail: foreign addresses, by name and by number, from the page and from a
    # worker, are each refused by the browser (never answered, never hanging) and recorded.
    page.goto("./")
    expect(page.locator("h1")).to_be_visible()
    foreign = ["http://example.org/a.js", "http://203.0.113.7/b.js", "https://cdn.example.com/c.js"]
    got = page.evaluate("""async (urls) => {
        const one = (u) => fetch(u).then((r) => "answered " + r.status, () => "refused");
        const page = await Promise.all(urls.map(one));
        const src = "onmessage = async (e) => postMessage(await fetch(e.data).then((r) => 'answered ' + r.status, () => 'refused'));";
        const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
        const worker = await new Promise((ok) => { w.onmessage = (e) => ok(e.data); w.postMessage(urls[0] + "?w"); });
        return [...page, worker]; }""", foreign)
    assert got == ["refused"] * 4
    assert sorted(set(requests_log.foreign)) == sorted(foreign + [foreign[0] + "?w"])
    requests_log.foreign.clear()           # seen: the guard's own check after the test passes


def test_calculator_reaches_ready_from_own_origin(page, requests_log):
    page.goto("calculator/")
    root = page.locator("#calculator")
    expect(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    # Player words: no tool name or version (it once said "Engine ready: Python 3.13.2 (Pyodide 0.29.5)").
    label = root.locator("[data-engine-label]")
    expect(label).to_have_text("The calculator is ready.")
    assert not re.search(r"Python|Pyodide|\d+\.\d+", label.text_content())
    # The worker's own downloads are seen by the request log, so the origin check covers them.
    # Each big download comes as its .br copy (the worker unpacks it with the site's own decoder).
    assert any(url.endswith("/pyodide/pyodide.asm.wasm.br") for url in requests_log.urls)
    assert any(url.endswith("/assets/engine/engine-first.zip.br") for url in requests_log.urls)   # its first part
    # This host sends no Content-Security-Policy header, so the worker runs the runtime's scripts
    # from the unpacked .br copies (a blob: URL): the 1 MB script itself is never asked for.
    assert any(url.endswith("/pyodide/pyodide.asm.js.br") for url in requests_log.urls)
    assert not any(url.endswith(("/pyodide/pyodide.asm.js", "/pyodide/pyodide.js")) for url in requests_log.urls)


def test_instant_navigation_from_home_to_calculator(page):
    page.goto("./")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Calculator").first.click()
    root = page.locator("#calculator")
    expect(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    # navigation.instant swaps the page without a full reload: our marker survives.
    assert page.evaluate("window.__sameDocument === true")
    assert page.url.endswith("/calculator/")
