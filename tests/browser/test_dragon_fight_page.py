"""Dragons fighting dragons in the calculator's dragon attack, in real Chromium: hand-worked fights
(tests/engine/test_dragon_fights.py, rulebook v4.01d p.17) opened as links show each dragon's faces and
fate in the engine's words, the share link the page writes opens the same fight again, and the exact
odds of a fight with one face given are drawn."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import open_afresh, wait_answer
from tests.browser.test_exchange_page import ENGINE_TIMEOUT, close, odds_shown, results, show
from tests.engine.test_dragon_fights import CASES, attack, d


def fight_shown(page: Page) -> list[tuple[str, str, str]]:
    expect(results(page)).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    items = page.locator(".dd-ex-fight li")
    return [(i.get_attribute("data-damage"), i.get_attribute("data-taken"), i.get_attribute("data-status"))
            for i in items.all()]


def test_a_dragon_fight_as_a_link_and_its_share_link(calc: Page):
    page = calc
    for name in ("both-die", "white-doubled", "wing-flies"):
        _, data, expected, _, _ = next(c for c in CASES if c[0] == name)
        show(page, data)
        got = fight_shown(page)
        assert got == [(str(a), str(b), s) for a, b, s in expected], name
        # The engine's sentence for each dragon, as it is.
        expect(page.locator(".dd-ex-fight li").first).to_contain_text("automatic saves")
    # The page's own share link (the address it writes) opens the same fight (after another, in the same page).
    link = page.url
    assert "#x=1." in link
    show(page, next(c for c in CASES if c[0] == "both-die")[1])
    open_afresh(page, "calculator/" + link.split("/calculator/", 1)[1])
    wait_answer(page, "[data-exchange-results]", next(c for c in CASES if c[0] == "wing-flies")[1], ENGINE_TIMEOUT)
    assert fight_shown(page) == [("5", "6", "flies away"), ("6", "5", "survives")]
    assert json.loads(results(page).get_attribute("data-input")) == next(c for c in CASES if c[0] == "wing-flies")[1]


def test_dragon_fight_odds(calc: Page):
    # The Red Drake's Jaws given (12 kills the Blue Drake); the Blue Drake rolls: it reaches 10 damage and
    # kills the Red Drake too with 257/1296 (worked out in tests/engine/test_dragon_fights.py).
    page = calc
    show(page, attack(d("red-drake", "jaws"), d("blue-drake")))
    got = odds_shown(page)
    assert close(got[("fight", "fight")], {1: 1 - 257 / 1296, 2: 257 / 1296})
    red = page.locator('.dd-ex-fight-odds li[data-dragon="0"]')
    assert float(red.get_attribute("data-killed")) == pytest.approx(257 / 1296, abs=1e-9)
    expect(red).to_contain_text("Red Drake")
