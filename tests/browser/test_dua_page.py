"""The Dead Unit Area a magic roll reads, in real Chromium: the engine's plan names Bone Magic for an
Undead army and Magic Negation for opposing Frostwings; the page asks for the Undead in the DUA and
the Frostwings' dice and DUA, sends them as the input's in_dua and negation, shows the CPython
engine's answer, and the share link opens the same input again. The numbers themselves are
hand-worked in tests/engine/test_dua_abilities.py."""
from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page

from calculator import Engine
from tests.browser.expecting import expect
from tests.browser.test_magic_page import ENGINE_TIMEOUT, wait_input, wait_magic

ARMY = [{"die": "undead/heucuva", "rolled": "3 magic"}, {"die": "undead/apparition", "rolled": "2 magic"},
        {"die": "undead/ghoul", "rolled": "id"}]


def total_shown(page: Page) -> int:
    return int(page.locator("[data-calc-magic-total]").get_attribute("data-calc-magic-total"))


def test_the_dua_of_bone_magic_and_magic_negation_from_the_magic_part(page: Page, engine: Engine):
    roll = {"roll": "magic", "terrain": "coastland", "army": ARMY, "seed": 0}
    page.goto("calculator/?magic=" + quote(json.dumps(roll)))
    wait_magic(page, roll)
    assert total_shown(page) == engine.resolve(roll)["magic"]["total"]
    # Bone Magic: the Undead in the player's DUA.
    page.locator("[data-calc-dua='undead']").fill("1")
    page.locator("[data-calc-dua='undead']").dispatch_event("change")
    bone = {**roll, "in_dua": {"undead": 1}}
    wait_magic(page, bone)
    assert total_shown(page) == engine.resolve(bone)["magic"]["total"]
    # Magic Negation: a Frostwing Magus showing 3 magic, then two Frostwings in their DUA.
    page.locator("[data-calc-negation-die='frostwings']").select_option("frostwings/magus")
    page.locator("[data-calc-negation-face='frostwings']").select_option("3 magic")
    page.locator("[data-calc-negation-add='frostwings']").click()
    neg = {**bone, "negation": {"army": [{"die": "frostwings/magus", "rolled": "3 magic"}], "in_dua": {"frostwings": 0}}}
    wait_magic(page, neg)
    page.locator("[data-calc-negation-dua='frostwings']").fill("2")
    page.locator("[data-calc-negation-dua='frostwings']").dispatch_event("change")
    neg["negation"]["in_dua"] = {"frostwings": 2}
    wait_magic(page, neg)
    want = engine.resolve(neg)
    assert total_shown(page) == want["magic"]["total"] == want["totals"]["magic"]
    # The share link holds both: opened afresh, the same input and total.
    link = page.evaluate("() => location.hash")
    assert link.startswith("#s=1.")
    page.goto("about:blank")
    page.goto("calculator/" + link)
    wait_magic(page, neg)
    assert total_shown(page) == want["magic"]["total"]
    expect(page.locator("[data-calc-negation='frostwings'] > li")).to_have_count(1, timeout=ENGINE_TIMEOUT)
