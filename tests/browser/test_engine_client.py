"""The engine client (engine.js) in real Chromium: a long Chances computation never holds up
a roll, calls have a time budget and can be cancelled, and loading shows the bytes received."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

from generator.site.generate import ENGINE_INFO
from tests.browser.expecting import expect
from tests.browser.modules import ENGINE
from tests.browser.origin import guarded_context
from tests.browser.slow import SLOW_ODDS

ENGINE_TIMEOUT = 120_000
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}, {"die": "amazons/spearer", "rolled": 2}]}
SMALL = {"roll": "melee", "army": [{"die": "amazons/spearer"}]}

RUN = """async ([cmd, payload, opts]) => {
  try { return { ok: await ENGINE.call(cmd, payload, opts || {}) }; }
  catch (err) { return { name: err.name, message: err.message }; }
}""".replace("ENGINE", ENGINE)
# Start a slow distribution, wait until the second worker is computing it, then roll.
ROLL_DURING_SLOW = """async ([slow, roll, budget]) => {
  const E = ENGINE;
  let slowEnd = null;
  const slowCall = E.call("distribution", slow, { timeout: budget }).then(
    () => (slowEnd = "answered"), (err) => (slowEnd = err.name + ": " + err.message));
  while (E.busy().background !== "distribution" && slowEnd === null) await new Promise((r) => setTimeout(r, 20));
  if (slowEnd !== null) return { precondition: slowEnd };
  const rolled = await E.call("resolve", roll);
  const slowWhenRolled = slowEnd;
  await slowCall;
  return { totals: rolled.totals, slowWhenRolled, slowEnd };
}""".replace("ENGINE", ENGINE)


@pytest.fixture(scope="module")
def slow_input(bundle) -> dict:
    """A save roll of 13 monsters against a delayed Choke: inside the bound (so it is computed, not
    refused), but its exact chances take seconds in CPython and longer in Pyodide."""
    monsters = [d["id"] for d in bundle["dice"] if d["kind"] == "monster"][:13]
    return {"roll": "save", "against": "melee", "delayed": [{"sai": "choke", "x": 2}],
            "army": [{"die": m} for m in monsters]}


def ready(page: Page) -> None:
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)


@pytest.fixture(scope="module")
def shared_calculator(browser, site_url):
    """One calculator page, its engine started once, for the tests that only call the engine and
    read its answers (each waits for its own calls to end): a page each cost an engine start."""
    foreign: list[str] = []
    context = guarded_context(browser, site_url, foreign)
    page = context.new_page()
    page.set_default_timeout(60_000)
    ready(page)
    budgets = page.evaluate(f"async () => ({{ ...{ENGINE}.budgets }})")
    yield page, foreign, budgets
    context.close()


@pytest.fixture
def calculator(shared_calculator):
    """The shared calculator page, its engine ready (an earlier test may have restarted it), with
    the site's time budgets again after the test, and no request of it left the site's origin."""
    page, foreign, budgets = shared_calculator
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    yield page
    page.evaluate(f"async (b) => {{ Object.assign({ENGINE}.budgets, b); }}", budgets)
    assert not foreign, f"requests left the site's origin: {sorted(set(foreign))}"


def test_long_chances_never_hold_up_a_roll(calculator: Page, slow_input):
    page = calculator
    out = page.evaluate(ROLL_DURING_SLOW, [slow_input, ROLL, 2000])
    assert "precondition" not in out, f"the slow input is no longer slow ({out}): choose another"
    assert out["totals"] == {"melee": 5}    # spearer (health 3): face 1 is its ID (3 melee), face 2 shows 2 melee
    assert out["slowWhenRolled"] is None           # the roll came back while the chances ran
    assert out["slowEnd"] == "TimeoutError: it took longer than 2 seconds to compute, so the calculator stopped it"
    # The stopped worker was replaced: chances work again.
    again = page.evaluate(RUN, ["distribution", SMALL])
    assert sum(again["ok"]["distribution"].values()) == pytest.approx(1.0)


def test_a_refusal_names_the_field_the_engine_named(calculator: Page):
    # Issue 52: the worker used to drop the field of the engine's answer; the page needs it to mark
    # the field the line is about (and to tell a bound's refusal from a mistake).
    page = calculator
    out = page.evaluate("""async (bad) => {
      try { await ENGINE.call("resolve", bad); return "answered"; }
      catch (err) { return { message: err.message, field: err.field, tooLarge: err.tooLarge || false }; }
    }""".replace("ENGINE", ENGINE), {"roll": "melee", "army": [{"species": "amazons", "health": 99, "rolled": "id"}]})
    assert out == {"message": "army[0].health: expected a whole number from 1 to 20, got 99",
                   "field": "army[0].health", "tooLarge": False}


def test_a_running_call_can_be_cancelled(calculator: Page, slow_input):
    page = calculator
    out = page.evaluate("""async (slow) => {
      const E = ENGINE;
      const ac = new AbortController();
      const call = E.call("distribution", slow, { signal: ac.signal }).then(() => "answered", (e) => e.name + ": " + e.message);
      while (E.busy().background !== "distribution") await new Promise((r) => setTimeout(r, 20));
      ac.abort();
      return call;
    }""".replace("ENGINE", ENGINE), slow_input)
    assert out == "AbortError: the calculation was cancelled"
    assert "ok" in page.evaluate(RUN, ["distribution", SMALL])


def test_a_newer_chances_call_replaces_a_waiting_one(page: Page):
    # A page of its own: the first call waits while the chances' worker starts (on the shared
    # page, an earlier test has started it, and the call would run at once).
    ready(page)
    out = page.evaluate("""async ([a, b]) => {
      const E = ENGINE;
      const first = E.call("distribution", a).then(() => "answered", (e) => e.name + ": " + e.message);
      const second = E.call("distribution", b).then((o) => o.result, (e) => e.name + ": " + e.message);
      return [await first, await second];
    }""".replace("ENGINE", ENGINE), [SMALL, ROLL])
    assert out == ["AbortError: a newer calculation replaced this one", "melee"]


def test_a_roll_over_its_budget_stops_with_a_message_and_the_engine_restarts(calculator: Page, slow_input):
    page = calculator
    # Exact odds that take seconds, in the main worker (as a roll is): a 1 ms budget always runs out.
    out = page.evaluate(RUN, ["exchange-odds", SLOW_ODDS, {"timeout": 1}])
    assert out == {"name": "TimeoutError",
                   "message": "it took longer than 1 ms to compute, so the calculator stopped it"}
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    assert page.evaluate(RUN, ["resolve", ROLL])["ok"]["totals"] == {"melee": 5}


def test_chances_panel_says_when_it_stopped(calculator: Page, slow_input):
    page = calculator
    page.evaluate(f"async () => {{ {ENGINE}.budgets.distribution = 1000; }}")
    # Replace the address without a history step (as the page's own links do), then tell the page:
    # setting location.hash would make the site's instant navigation load the page again.
    page.evaluate("""(h) => { history.replaceState(history.state, "", "#" + h);
        window.dispatchEvent(new HashChangeEvent("hashchange")); }""", "s=1." + _b64(slow_input))
    expect(page.locator("[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(page.locator("#chances")).to_contain_text(
        "it took longer than 1 second to compute, so the calculator stopped it", timeout=ENGINE_TIMEOUT)


def _b64(data: dict) -> str:
    import base64
    import json
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def test_loading_shows_bytes_received_per_file(page: Page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    # A slow link (2 Mbit/s) so the download can be watched; the worker's requests are throttled too.
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                   "downloadThroughput": 250_000, "uploadThroughput": 250_000})
    page.goto("calculator/", wait_until="commit")
    label = page.locator("[data-engine-label]")
    expect(label).to_have_text(re.compile(r"^Downloading the calculator: \d+\.\d of \d+\.\d MB…$"), timeout=ENGINE_TIMEOUT)
    files = page.locator("[data-engine-files] li")
    # The wasm comes as its .br copy: the bytes counted are those that cross the link.
    wasm = json.loads(ENGINE_INFO.read_text())["files"]["wasm"]
    total = f"{wasm['br'] / 1e6:.1f}".replace(".", "\\.")
    expect(files.filter(has_text="Python runtime:")).to_have_text(re.compile(rf"^Python runtime: \d+\.\d of {total} MB$"))
    assert files.count() == 6
    progress = page.evaluate(f"async () => {ENGINE}.state.progress")
    assert 0 < progress["loaded"] < progress["total"]
    assert {f["id"] for f in progress["files"]} == {"loader", "script", "wasm", "stdlib", "code", "data"}
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                   "downloadThroughput": -1, "uploadThroughput": -1})
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-engine-files]")).to_be_hidden()
    assert page.evaluate(f"async () => {ENGINE}.state.progress.stage") == "ready"


def test_engine_files_wait_for_the_runtime_on_a_slow_link(page: Page):
    # On a 9 Mbit/s link the engine's code and data start downloading only once the runtime's
    # files (loader, script, wasm, standard library) are all in: Python starts while they arrive,
    # instead of the runtime's last bytes sharing the link with them. The worker's own marks (the
    # order of its steps, not their times): "rest" when the engine's files may start, "in:..."
    # when a file's last byte was read.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 85,
                                                   "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8})
    page.goto("calculator/", wait_until="commit")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    marks = page.workers[0].evaluate("timings")
    runtime = [marks["in:" + key] for key in ("loader", "script", "wasm", "stdlib")]
    assert marks["rest"] >= max(runtime), marks
    assert marks["in:code"] >= marks["rest"] and marks["in:data"] >= marks["rest"], marks
