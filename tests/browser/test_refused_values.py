"""Issue 52, nothing silent: a value the calculator cannot use is refused beside its field, in
words, and the note leaves once the value is good. The wish list's "Times" (0, -1, 2.5, 999) and a
modifier's amount (-3, 1000000, empty, 2.5, and 0, which would add nothing) at 390 px. The numbers in
the notes are the engine's own limits (calculator.core.limits), not the page's."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator.core.limits import LIMITS
from tests.browser.expecting import expect
from tests.browser.refusals import no_note, note_of

pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 120_000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CORAL_AIR = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"},
             {"die": "coral-elves/evoker", "rolled": "2 magic"}]


def wish(page: Page) -> list:
    """The wish list the page holds now (the magic part's input as the page last sent it)."""
    return json.loads(page.locator("#calculator").get_attribute("data-input")).get("cast")


@pytest.mark.browser_context_args(**PHONE)
def test_a_bad_times_is_refused_beside_its_box(page: Page):
    roll = {"terrain": "coastland", "army": CORAL_AIR, "seed": 0}
    page.goto("calculator/?magic=" + quote(json.dumps(roll)))
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    magic = page.locator("[data-calc-magic]")
    magic.locator('tr[data-spell="wind-walk"] button').click()
    times = magic.locator('[data-key="wish-times-0"]')
    expect(times).to_have_value("1", timeout=ENGINE_TIMEOUT)
    top = str(LIMITS["cast_times"])
    for bad in ("0", "-1", "2.5", "999", ""):
        times.fill(bad)
        times.dispatch_event("change")
        note = note_of(page, times)
        expect(note).to_have_text(f"Give a whole number from 1 to {top} (the wish list still counts it once).")
        expect(times).to_have_value(bad)                        # left in the box, to be mended
        assert wish(page) == [{"spell": "wind-walk"}]           # nothing computed with it
    times.fill("2")                                             # good: the note leaves as it is typed
    no_note(page, times)
    times.dispatch_event("change")
    page.wait_for_function("() => (JSON.parse(document.querySelector('#calculator').dataset.input).cast || [])[0].times === 2")
    expect(magic.locator('[data-key="wish-times-0"]')).to_have_value("2", timeout=ENGINE_TIMEOUT)
    no_note(page, magic.locator('[data-key="wish-times-0"]'))


@pytest.mark.browser_context_args(**PHONE)
def test_a_bad_modifier_amount_is_refused_beside_its_box(page: Page):
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    amount = page.locator("[data-calc-amount]")
    add = page.locator("[data-calc-op-add]")
    mods = page.locator("[data-calc-modlist] > li")
    top = str(LIMITS["amount"])
    page.locator("[data-calc-op]").select_option("add")
    page.locator("[data-calc-result]").select_option("melee")
    for bad, words in (("-3", f"Give a whole number from 1 to {top}."), ("1000000", f"Give a whole number from 1 to {top}."),
                       ("", f"Give an amount: a whole number from 1 to {top}."),
                       ("2.5", f"Give a whole number from 1 to {top}."),
                       ("0", f"0 changes nothing: give a whole number from 1 to {top}.")):
        amount.fill(bad)
        add.click()
        note = note_of(page, amount)
        expect(note).to_have_text(words)
        expect(mods).to_have_count(0)                           # not dropped in silence, not rounded
    amount.fill("2")                                            # good: the note leaves as it is typed
    no_note(page, amount)
    add.click()
    expect(mods).to_have_count(1)
    assert json.loads(page.locator("#calculator").get_attribute("data-input"))["modifiers"] == [
        {"op": "add", "result": "melee", "amount": 2}]
    no_note(page, amount)


@pytest.mark.browser_context_args(**PHONE)
def test_a_bad_amount_in_an_exchange_is_refused_beside_its_box(page: Page):
    # A divide starts at 1 (the engine publishes each op's smallest amount): dividing by 0 is
    # refused beside the box, before anything reaches the engine.
    page.goto("calculator/")
    page.locator('[data-calc-mode="exchange"]').click()
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.locator(".dd-ex-mods", has=page.locator("#dd-ex-attacker-op")).locator("summary").click()
    page.locator("#dd-ex-attacker-op").select_option("divide")
    amount = page.locator("#dd-ex-attacker-amount")
    amount.fill("0")
    page.locator('[data-key="ex-op-attacker"]').click()
    expect(note_of(page, amount)).to_have_text(f"Give a whole number from 1 to {LIMITS['amount']}.")
    amount.fill("2")
    no_note(page, amount)
