"""Issue 52, nothing a player made is lost, at 390 px: the calculator's "Clear the army" took every
die away at one tap with no word and no way back. Now the note beside the button says how many dice
went and offers "Bring them back" (a 44 px target), still after a reload, and brings the army back
whole."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_accessibility import violations

ENGINE_TIMEOUT = 120_000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ARMY = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "amazons/warrior", "rolled": 5}]


def army(page: Page) -> list:
    return json.loads(page.locator("#calculator").get_attribute("data-input"))["army"]


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)     # axe is injected as a script of its own
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_cleared_army_is_said_beside_the_button_and_comes_back(page: Page, scheme: str):
    page.emulate_media(color_scheme=scheme)
    page.goto("calculator/?roll=" + quote(json.dumps({"roll": "melee", "army": ARMY, "seed": 1})))
    results = page.locator("[data-calc-results]")
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    before = army(page)
    assert [u["die"] for u in before] == [u["die"] for u in ARMY]
    clear = page.locator("[data-calc-clear]")
    clear.click()
    expect(page.locator("[data-calc-units] > li")).to_have_count(0)
    note = page.locator("[data-calc-cleared]")
    expect(note).to_have_attribute("role", "status")
    expect(note).to_contain_text("The army’s 2 dice are cleared.")
    expect(note).to_be_in_viewport()
    # Beside the control: the note starts within a line of the button.
    gap = page.evaluate("""() => document.querySelector('[data-calc-cleared]').getBoundingClientRect().top
        - document.querySelector('[data-calc-clear]').getBoundingClientRect().bottom""")
    assert gap < 40, gap
    assert violations(page) == []
    page.reload()                                          # still offered after a reload
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-units] > li")).to_have_count(0)
    back = page.locator("[data-calc-cleared] [data-calc-unclear]")
    expect(back).to_have_text("Bring them back")
    box = back.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
    back.click()
    expect(note).to_have_text("The army’s 2 dice are back.")
    expect(page.locator("[data-calc-units] > li")).to_have_count(2)
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    assert army(page) == before                            # whole: the same dice with the same faces
