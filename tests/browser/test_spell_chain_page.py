"""A spell that passes from target to target (Plasma Arc, seed 003), in real Chromium: paid for in the
magic part, "Roll for it" turns the roll into the first target's save roll alone; the engine's answer
offers the next target's roll ("Roll the next target"), whose spell input says it is a later target;
the share link of that roll opens the same answer again. The numbers are hand-worked in
tests/engine/test_spell_effects.py; here the page must show what the CPython engine answers."""
from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page

from calculator import Engine
from tests.browser.expecting import expect
from tests.browser.test_magic_page import ENGINE_TIMEOUT, wait_input, wait_magic
from tests.browser.test_spell_roll_page import pct, reopen_by_share_link, shown

ARMY = [{"die": "dracolem/silver-draco-adeptus", "rolled": "3 magic"},
        {"die": "dracolem/silver-draco-magus", "rolled": "3 magic"},
        {"die": "dracolem/silver-draco-mystic", "rolled": "2 magic"}]


def assert_shows(page: Page, engine: Engine, data: dict) -> None:
    want = engine.resolve(data)["spell"]
    got = shown(page)
    assert not got["hidden"] and got["title"] == "Plasma Arc"
    assert got["outcome"] == want["outcome"]
    assert got["text"].lower().startswith(want["text"].lower())
    for odds in want["odds"].values():
        assert any(t == odds["label"] + ": " + pct(odds["chance"]) for t in got["odds"]), (odds, got["odds"])


def test_plasma_arc_leads_from_the_first_target_to_the_next_with_a_share_link(page: Page, engine: Engine):
    roll = {"roll": "magic", "terrain": "highland", "army": ARMY, "cast": [{"spell": "plasma-arc"}], "seed": 0}
    page.goto("calculator/?magic=" + quote(json.dumps(roll)))
    wait_magic(page, roll)
    page.locator("[data-calc-roll-for='plasma-arc']").click()
    first = {"roll": "individual", "against": "magic", "spell": "plasma-arc", "terrain": "highland",
             "army": [{"die": ARMY[0]["die"]}], "seed": 0}
    wait_input(page, "[data-calc-results]", first)
    expect(page.locator("[data-calc-spell-roll]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert_shows(page, engine, first)
    # The first target's roll always passes the arc on: the page offers the next target's roll.
    page.locator("[data-calc-spell-next]").click()
    later = {**first, "spell": {"id": "plasma-arc", "after_first": True}}
    wait_input(page, "[data-calc-results]", later)
    expect(page.locator("[data-calc-spell-roll]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert_shows(page, engine, later)
    assert (page.locator("[data-calc-spell-next]").count() == 1) == ("next" in engine.resolve(later)["spell"])
    # Its share link opens the same later target's roll.
    reopen_by_share_link(page, later)
    assert_shows(page, engine, later)
