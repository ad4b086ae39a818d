"""The calculator page in real Chromium: army building, face picking, the trace against the
CPython engine, share and ?roll= links, tampered links, keyboard labels and phone width."""
from __future__ import annotations

import base64
import gzip
import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from tests.browser.expecting import expect

# The tests share a browser context (tests/browser/conftest.py): after the first, the engine starts
# from the browser's cache; each test still starts with nothing kept.
pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core CI machine

ROLL = {
    "roll": "missile", "terrain": "flatland",
    "army": [
        {"die": "amazons/spearer", "rolled": 6, "rerolled": [3]},
        {"die": "coral-elves/sharpshooter", "rolled": 3},
        {"species": "goblins", "health": 2, "die_type": "unit", "rolled": "2 missile"},
    ],
    "modifiers": [{"op": "subtract", "result": "missile", "amount": 2, "source": "Test penalty"}],
    "seed": 7,
}


def share_hash(data: dict) -> str:
    raw = base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return "#s=1." + raw


def results(page: Page):
    return page.locator("[data-calc-results]")


def wait_resolved(page: Page) -> dict:
    """Wait for a rendered trace; return the input it was computed from."""
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    expect(results(page)).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    return json.loads(results(page).get_attribute("data-input"))


def page_trace(page: Page) -> tuple[dict, list[tuple[str, list[str], str]]]:
    """Totals and, per step, its title link text, entry texts and subtotal line."""
    totals = json.loads(results(page).get_attribute("data-totals"))
    steps = page.evaluate("""() => Array.from(document.querySelectorAll('.dd-calc-step')).map((li) => [
        li.querySelector('.dd-calc-step-title').textContent,
        Array.from(li.querySelectorAll('.dd-calc-entries > li')).map((e) => e.dataset.text),
        (li.querySelector('.dd-calc-subtotal') || {}).textContent || ''])""")
    return totals, [tuple(s) for s in steps]


def assert_matches_engine(page: Page, engine: Engine, data: dict) -> None:
    expected = engine.resolve(data)
    totals, steps = page_trace(page)
    assert totals == expected["totals"]
    assert [s[0] for s in steps] == [f"Step {st['step']}: {st['title']}" for st in expected["steps"]]
    assert [s[1] for s in steps] == [[e["text"] for e in st["entries"]] for st in expected["steps"]]
    # every step links to its rule anchor, relative to the page
    hrefs = page.eval_on_selector_all(".dd-calc-step-title a", "els => els.map((a) => a.getAttribute('href'))")
    assert hrefs == [f"../rules/die-roll-resolution/#step-{n}" for n in range(1, 11)]


def test_build_army_by_clicking_matches_cpython(page: Page, engine: Engine):
    page.goto("calculator/")
    page.locator("[data-calc-roll]").select_option("missile")
    page.locator("[data-calc-terrain]").select_option("flatland")
    for species, unit in [("amazons", "amazons/spearer"), ("coral-elves", "coral-elves/sharpshooter"),
                          ("dwarves", "dwarves/warlord")]:
        page.locator("[data-calc-species]").select_option(species)
        page.locator("[data-calc-unit]").select_option(unit)
        page.locator("[data-calc-add]").click()
    units = page.locator("[data-calc-units] > li")
    expect(units).to_have_count(3)
    expect(page.locator("[data-calc-health]")).to_have_text("(3 dice, 9 health)")
    # The ID face is marked; faces are toggle buttons.
    expect(units.nth(0).locator(".dd-face-id")).to_have_count(1)
    units.nth(0).locator('.dd-calc-picker').first.locator('[data-face="6"]').click()      # Bullseye
    expect(units.nth(0).locator('.dd-calc-picker').first.locator('[data-face="6"]')).to_have_attribute("aria-pressed", "true")
    # Bullseye rolls again in a missile roll: the engine's plan of the input says so (the page holds
    # no rule), and a second picker appears once the engine has answered.
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    reroll = units.nth(0).locator(".dd-calc-reroll")
    expect(reroll).to_have_count(1, timeout=ENGINE_TIMEOUT)
    reroll.locator('[data-face="3"]').click()
    units.nth(1).locator('[data-face="3"]').click()
    units.nth(2).locator('[data-face="1"]').click()                                       # ID
    page.locator("[data-calc-op]").select_option("subtract")
    page.locator("[data-calc-amount]").fill("2")
    page.locator("[data-calc-result]").select_option("missile")
    page.locator("[data-calc-op-add]").click()
    wait_resolved(page)
    # The trace follows the last change (debounced): wait for the one with the modifier.
    page.wait_for_function("""() => { const r = document.querySelector('[data-calc-results]');
        return r.dataset.state === 'resolved' && JSON.parse(r.dataset.input).modifiers; }""", timeout=ENGINE_TIMEOUT)
    data = json.loads(results(page).get_attribute("data-input"))
    assert data["army"] == [{"die": "amazons/spearer", "rolled": 6, "rerolled": [3]},
                            {"die": "coral-elves/sharpshooter", "rolled": 3}, {"die": "dwarves/warlord", "rolled": 1}]
    assert data["modifiers"] == [{"op": "subtract", "result": "missile", "amount": 2}]
    assert_matches_engine(page, engine, data)
    # The non-result effect is reported with its SAI linked.
    expect(results(page).locator(".dd-calc-effects a[href='../sai/bullseye/']")).to_have_count(1)
    # The address bar holds the same roll.
    assert "#s=1." in page.url


def test_share_link_restores_the_same_trace(page: Page, engine: Engine):
    page.goto("calculator/" + share_hash(ROLL))
    data = wait_resolved(page)
    assert data == ROLL
    first = page_trace(page)
    assert_matches_engine(page, engine, ROLL)
    # The page's own link, opened afresh, gives the same trace.
    link = page.url
    page.goto("./")
    page.goto(link)
    wait_resolved(page)
    assert page_trace(page) == first
    expect(page.locator("[data-calc-units] > li")).to_have_count(3)
    expect(page.locator('[data-calc-units] > li').nth(0).locator('[data-face="6"]').first).to_have_attribute("aria-pressed", "true")


def test_roll_query_link_resolves(page: Page, engine: Engine):
    data = {"roll": "save", "against": "melee", "terrain": "coastland",
            "army": [{"die": "coral-elves/gryphon", "rolled": 1}, {"die": "amazons/spearer", "rolled": "3 save"}]}
    page.goto("calculator/?roll=" + quote(json.dumps(data)))
    sent = wait_resolved(page)
    assert sent["army"] == data["army"]
    assert json.loads(results(page).get_attribute("data-totals")) == engine.resolve(sent)["totals"]
    assert engine.resolve(sent)["totals"] == engine.resolve(data)["totals"]


TAMPERED = [
    "#s=1.<script>window.__pwned=1</script>",
    share_hash({"roll": "melee", "army": [{"species": "<img src=x onerror=\"window.__pwned=1\">", "rolled": "2 melee"}]}),
    "?roll=" + quote('{"roll":"melee","army":[{"die":"<script>window.__pwned=1</script>","rolled":1}]}'),
    share_hash(ROLL)[:40],                                   # truncated
]


def test_tampered_link_shows_message_and_runs_nothing(page: Page):
    page.goto("calculator/")
    expect(page.locator("[data-calc-form]")).to_be_visible()
    scripts_before = page.evaluate("document.scripts.length")     # the plain page's, for every link below
    for name, link in zip(["script-hash", "img-onerror", "roll-script", "truncated"], TAMPERED, strict=True):
        page.goto("./")               # each link opens a page anew (not a change of the address in place)
        page.goto("calculator/" + link)
        message = page.locator("[data-calc-message]")
        expect(message).to_be_visible()
        expect(message).to_contain_text("could not be read")
        expect(page.locator("[data-calc-units] > li")).to_have_count(0)
        # Until every image the page holds has loaded or failed: an injected one would have run its handler.
        page.wait_for_function("() => [...document.images].every((i) => i.complete)")
        assert page.evaluate("typeof window.__pwned") == "undefined", name
        assert page.evaluate("document.scripts.length") == scripts_before, name
        assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0, name
        assert "__pwned" not in page.evaluate("Array.from(document.scripts).map((s) => s.textContent).join()"), name


def test_link_text_is_rendered_as_text(page: Page):
    data = dict(ROLL, modifiers=[{"op": "add", "result": "missile", "amount": 1,
                                  "source": "<img src=x onerror=window.__pwned=1>"}])
    page.goto("calculator/" + share_hash(data))
    wait_resolved(page)
    expect(page.locator("[data-calc-modlist]")).to_contain_text("<img src=x onerror=window.__pwned=1>")
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0


def test_engine_error_is_shown(page: Page):
    # A link the engine refuses: the engine's line in the link's message, and the calculator starts empty.
    data = {"roll": "melee", "army": [{"species": "goblins", "rolled": "3 meele"}]}
    page.goto("calculator/" + share_hash(data))
    expect(page.locator("[data-calc-message]")).to_contain_text(
        "This share link could not be read (army[0].rolled: unknown icon 'meele' in '3 meele')", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-units] > li")).to_have_count(0)


def test_usable_while_loading_and_every_control_labelled(page: Page):
    page.goto("calculator/")
    # Army building works before the engine is ready (it usually is not, this early).
    page.locator("[data-calc-species]").select_option("amazons")
    page.locator("[data-calc-add]").click()
    expect(page.locator("[data-calc-units] > li")).to_have_count(1)
    unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll(
        '#calculator select, #calculator input, #calculator button')).filter((c) => !c.closest('[hidden]')).filter((c) =>
        !((c.labels && c.labels.length) || c.getAttribute('aria-label') || c.getAttribute('aria-labelledby') ||
          c.textContent.trim())).map((c) => c.outerHTML)""")
    assert unlabelled == []
    assert page.locator("[data-calc-results]").get_attribute("aria-live") == "polite"
    expect(page.locator("section#chances")).to_be_hidden()
    wait_resolved(page)


def test_phone_width_has_no_horizontal_overflow(page: Page):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto("calculator/" + share_hash(ROLL))
    wait_resolved(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # The total sits below the dice and modifiers: one tap brings it into view, with the focus.
    results = page.locator("[data-calc-results]")
    assert results.bounding_box()["y"] > 740
    page.locator("[data-calc-to-result]").click()
    expect(results).to_be_focused()
    page.wait_for_function("""() => { const r = document.querySelector('[data-calc-results]').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight; }""")      # in view once any smooth scroll ends


def test_instant_navigation_binds_once_and_reuses_the_worker(page: Page):
    page.goto("./")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Calculator").first.click()
    expect(page.locator("[data-calc-form]")).to_be_visible()
    page.locator("[data-calc-add]").click()
    data = wait_resolved(page)
    assert len(data["army"]) == 1
    page.get_by_role("link", name="Open data").first.click()
    expect(page.locator("#calculator")).to_have_count(0)
    page.get_by_role("link", name="Calculator").first.click()
    expect(page.locator("[data-calc-form]")).to_be_visible()
    # Bound once: one click adds one die; the engine is already up, so the trace comes at once.
    page.locator("[data-calc-add]").click()
    expect(page.locator("[data-calc-units] > li")).to_have_count(1)
    assert len(wait_resolved(page)["army"]) == 1
    assert page.evaluate("window.__sameDocument === true")


@pytest.mark.shared_context(False)     # the catalogue from the network, through the route, not from the cache
def test_a_limit_the_engine_does_not_publish_stops_the_page(page: Page):
    """The page never invents a limit: with one missing from the catalogue it says so, and shows no form."""
    def without_text_limit(route):
        response = route.fetch()
        catalogue = json.loads(gzip.decompress(response.body()))     # the page reads the .gz copy
        del catalogue["calculator"]["limits"]["input"]["text"]
        route.fulfill(response=response, json=catalogue)            # sent unpacked: read as it is

    page.route("**/assets/engine/catalogue.json.gz", without_text_limit)
    page.goto("calculator/")
    message = page.locator("[data-calc-message]")
    # Waited for as long as the engine's answer (the changed catalogue comes through this process).
    expect(message).to_contain_text("could not be loaded (the engine publishes no limit for text)", timeout=ENGINE_TIMEOUT)
    expect(message).to_be_visible()
    expect(page.locator("[data-calc-form]")).to_be_hidden()


QUIET_ROLL = {"roll": "melee", "terrain": "highland", "seed": 0,
              "army": [{"die": "amazons/war-chief", "rolled": "4 melee"}, {"die": "amazons/warrior", "rolled": 1}]}


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_steps_that_change_nothing_take_one_line(page: Page):
    # A War Chief's 4 melee and a Warrior's ID (2 melee, health 2) at Highland, no modifier, no SAI:
    # only step 1 (the roll) and step 5 (the subtotal: 6 melee) do anything; each other step has
    # one entry and the subtotal of the step before, and shows its title and entry side by side.
    page.goto("calculator/?roll=" + quote(json.dumps(QUIET_ROLL)))
    assert wait_resolved(page) == QUIET_ROLL
    quiet = page.evaluate("""() => [...document.querySelectorAll('.dd-calc-step')]
        .filter((li) => li.classList.contains('dd-calc-step--quiet')).map((li) => Number(li.dataset.step))""")
    assert quiet == [2, 3, 4, 6, 7, 8, 9, 10]
    step3 = page.locator('.dd-calc-step[data-step="3"]')
    title, entry = (step3.locator(sel).bounding_box() for sel in (".dd-calc-step-title", ".dd-calc-entries"))
    # Side by side: on one line (their middles level; the title's link is a phone's 44 px target, taller
    # than the entry's text) and the entry after the title.
    middle = lambda box: box["y"] + box["height"] / 2  # noqa: E731
    assert abs(middle(title) - middle(entry)) < 4 and entry["x"] > title["x"] + title["width"]
    assert page.locator('.dd-calc-step[data-step="5"] .dd-calc-subtotal').text_content() == "Subtotal: 6 melee"
