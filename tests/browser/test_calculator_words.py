"""The calculator speaks to players: a save roll picked in the form is against melee (the attack a
player means; it once defaulted to "Other"), and the first step names each face by its icon
("rolled 4 Melee", "rolled 3 ID"; it once said "rolled 3 id")."""
from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.browser.page_kinds import ENGINE_TIMEOUT, open_kind


def test_a_save_roll_picked_in_the_form_is_against_melee(page: Page):
    open_kind(page, "roll")
    page.locator("[data-calc-roll]").select_option("save")
    against = page.locator("[data-calc-against]")
    expect(against).to_be_visible()
    expect(against).to_have_value("melee")
    results = page.locator("[data-calc-results]")
    page.wait_for_function("""() => { const s = document.querySelector('[data-calc-results]');
        return s.dataset.state === 'resolved' && JSON.parse(s.dataset.input).roll === 'save'; }""", timeout=ENGINE_TIMEOUT)
    assert json.loads(results.get_attribute("data-input"))["against"] == "melee"


def test_the_first_step_names_faces_in_words(page: Page):
    open_kind(page, "roll")            # War Chief rolled "4 melee", Warrior its face 1 (ID)
    step = page.locator(".dd-calc-step").first
    expect(step).to_contain_text("rolled 4 Melee")
    expect(step).to_contain_text("ID")
    assert " id" not in step.text_content().replace(" ID", "")
