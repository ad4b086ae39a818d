"""The calculator's exchange, maneuver and advice scripts come after a first roll's answer (issue 52:
a first visit's bytes on a slow link), in real Chromium: a link to a roll is answered while those
scripts are held back on their way, and a mode opened before they are in opens once they come.
Every wait is for the page's state.
"""
from __future__ import annotations

import json
import re
from urllib.parse import quote

from playwright.sync_api import Page, Route
from tests.browser.expecting import expect

ENGINE_TIMEOUT = 120_000
LATER = re.compile(r"/assets/js/calc/calc-(exchange|maneuver|advise)\.js$")
# Two Amazon spearers showing faces 1 and 2: 1 and 2 melee (their card), 3 in all.
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}, {"die": "amazons/spearer", "rolled": 2}]}


def test_a_roll_link_is_answered_before_the_other_modes_scripts_come(page: Page, context):
    held: list[Route] = []
    context.route(LATER, lambda route: held.append(route))      # not answered until the roll's answer is drawn
    page.goto("calculator/?roll=" + quote(json.dumps(ROLL)))
    results = page.locator("#calculator [data-calc-results]")
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(results).to_contain_text("3")
    # The exchange's button, pressed while its script is still held, opens the exchange once it comes.
    page.locator('[data-calc-mode="exchange"]').click()
    expect(page.locator('[data-calc-panel="exchange"]')).to_be_hidden()
    for _ in range(600):            # the three scripts asked for (Playwright hands over their routes meanwhile)
        if len(held) == 3:
            break
        page.wait_for_timeout(100)
    assert len(held) == 3, held
    for route in held:
        route.continue_()
    context.unroute(LATER)
    expect(page.locator('[data-calc-panel="exchange"]')).to_be_visible()
    expect(page.locator('[data-calc-mode="exchange"]')).to_have_attribute("aria-pressed", "true")
