"""A dragon tamed or controlled on the turns after (rulebook v4.01d p.62) in the calculator's dragon
mode, in Chromium at phone width: each dragon offers the engine's choices (free, tamed, controlled by
a champion of the army it attacks), the choice goes into the input as the engine's own key, and the
answer follows it."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.test_dragon_page import dragon_attack, page_summary, unit
from tests.browser.test_exchange_page import ENGINE_TIMEOUT, exchange_link, results

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# The Red Drake's Claws: 6 damage; the Thug's response shows 1 melee (no save): 6 damage kills it (p.17,
# p.29). Tamed by a champion of that army, the drake "will not attack an army containing the unit that
# tamed it", and with no other dragon there it attacks nothing: no roll, no damage (p.62).
DATA = dragon_attack([{"die": "red-drake", "rolled": {"dragon": "claws"}}], [unit("goblins/thug", "1 melee")])


@pytest.mark.browser_context_args(**PHONE)
def test_a_tamed_dragon_chosen_on_the_page_does_not_attack(page: Page):
    page.goto(exchange_link(DATA))
    free = page_summary(page)
    assert free["dragon_damage"] == 6 and free["army_damage"] == 6
    choice = page.locator('[data-dragon-bond="0"]')
    expect(choice).to_have_value("")
    labels = choice.locator("option").all_text_contents()
    assert len(labels) == 3 and "Tamed" in labels[1] and "Controlled" in labels[2]
    choice.select_option(index=1)
    page.wait_for_function("""() => { const r = document.querySelector('[data-exchange-results]');
        if (!r || r.dataset.state !== 'resolved' || !r.dataset.input) return false;
        return JSON.parse(r.dataset.input).attacker.dragons[0].tamed === true; }""", timeout=ENGINE_TIMEOUT)
    tamed = page_summary(page)
    assert tamed["dragon_damage"] == 0 and tamed["army_damage"] == 0 and tamed["attacks_army"] == []
    sent = json.loads(results(page).get_attribute("data-input"))
    assert sent["attacker"]["dragons"][0] == {"die": "red-drake", "rolled": {"dragon": "claws"}, "tamed": True}
    box = choice.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    # The share link keeps it: opened afresh, the choice is shown again.
    link = page.evaluate("() => location.hash")
    page.goto("about:blank")
    page.goto("calculator/" + link)
    expect(page.locator('[data-dragon-bond="0"]')).to_have_value("tamed", timeout=ENGINE_TIMEOUT)
