"""Several dragons at one terrain in the calculator's dragon attack, in real Chromium: each
hand-worked case of the p.17 targeting table (tests/engine/test_turn_rules.py) opened as a link
shows who attacks whom in the engine's words, and only the dragons attacking the army roll."""
from __future__ import annotations

import json

from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import open_in_place, wait_answer
from tests.browser.test_exchange_page import ENGINE_TIMEOUT, exchange_link, results
from tests.engine.test_turn_rules import TARGET_CASES


def test_who_attacks_whom_as_a_link(page: Page, subtests):
    # The first opened afresh, the others swapped into the same page's address (tests/browser/links.py):
    # each is read by the page's ?exchange= reader all the same, and its own answer is waited for.
    for name, data, targets, attacks, words in (c[:5] for c in TARGET_CASES):
        with subtests.test(name):
            open_in_place(page, exchange_link(data))
            wait_answer(page, "[data-exchange-results]", data, ENGINE_TIMEOUT)
            items = page.locator(".dd-ex-targets li")
            # The words of THIS input's dragons (each case names its own dragons), one line per dragon.
            expect(items).to_have_count(len(words), timeout=ENGINE_TIMEOUT)
            for i, w in enumerate(words):
                expect(items.nth(i)).to_contain_text(w, timeout=ENGINE_TIMEOUT)
                expect(items.nth(i)).to_have_attribute("data-target", str(targets[i]))
            expect(results(page)).to_have_attribute("data-state", "resolved")
            summary = json.loads(page.locator("[data-exchange-summary]").get_attribute("data-exchange-summary"))
            assert summary["attacks_army"] == attacks
            # Only the dragons that attack the army have a roll in the list of rolls.
            expect(page.locator('.dd-ex-roll-result[data-roll="dragon"]')).to_have_count(len(attacks))
            # The summary table lists numbers only (whom each dragon attacks is said above).
            expect(page.locator('.dd-ex-summary tr[data-key="attacks_army"]')).to_have_count(0)
