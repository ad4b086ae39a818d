"""A damage spell paid for in the calculator's magic part leads into the roll it calls for, in real
Chromium: "Roll for it" turns the magic roll into the target's save roll against Hailstorm (the
engine's cast.rolls), the spell's part shows the CPython engine's outcome and exact chances, and the
share link of that roll opens the same answer again. The numbers themselves are hand-worked in
tests/engine/test_spell_effects.py."""
from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page

from calculator import Engine
from tests.browser.expecting import expect
from tests.browser.test_magic_page import ENGINE_TIMEOUT, wait_input, wait_magic

ARMY = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"}]


def shown(page: Page) -> dict:
    return page.evaluate("""() => { const s = document.querySelector('[data-calc-spell-roll]');
        const o = s.querySelector('[data-calc-spell-outcome]');
        return { hidden: s.hidden, title: s.querySelector('h2').textContent,
          outcome: o ? JSON.parse(o.dataset.calcSpellOutcome) : null, text: o ? o.textContent : null,
          odds: Array.from(s.querySelectorAll('[data-calc-spell-odds] > li')).map((li) => li.textContent) }; }""")


def pct(p: float) -> str:
    return "100%" if p >= 0.9995 else f"{p * 100:.1f}%"


def assert_spell_matches(page: Page, engine: Engine, data: dict) -> None:
    want = engine.resolve(data)["spell"]
    got = shown(page)
    assert not got["hidden"] and got["title"] == "Hailstorm"
    assert got["outcome"] == want["outcome"]
    assert got["text"].lower().startswith(want["text"].lower())
    for field, odds in want["odds"].items():
        line = next(t for t in got["odds"] if t.startswith(odds["label"] + ":"))
        for k, p in odds["distribution"].items():
            assert f"{k} ({pct(p)})" in line, (field, line)



def reopen_by_share_link(page: Page, roll: dict) -> None:
    """Open the page's share link (a #s= link) afresh, until it shows ``roll`` for its spell."""
    link = page.evaluate("() => location.hash")
    assert link.startswith("#s=1.")
    page.goto("about:blank")
    page.goto("calculator/" + link)
    wait_input(page, "[data-calc-results]", roll)
    expect(page.locator("[data-calc-spell-roll]")).to_be_visible(timeout=ENGINE_TIMEOUT)

def test_a_paid_damage_spell_leads_into_its_save_roll_with_its_odds_and_a_share_link(page: Page, engine: Engine):
    roll = {"roll": "magic", "terrain": "coastland", "army": ARMY, "cast": [{"spell": "hailstorm"}], "seed": 0}
    page.goto("calculator/?magic=" + quote(json.dumps(roll)))
    wait_magic(page, roll)
    rolls = engine.resolve(roll)["cast"]["rolls"]
    assert [r["spell"] for r in rolls] == ["hailstorm"]
    page.locator("[data-calc-roll-for='hailstorm']").click()
    # The same dice, their faces dropped (the target rolls afresh), in the roll the engine named.
    save = {"roll": "save", "against": "magic", "spell": "hailstorm", "terrain": "coastland",
            "army": [{"die": u["die"]} for u in ARMY], "seed": 0}
    assert rolls[0]["input"] == {"roll": "save", "against": "magic", "spell": "hailstorm"}
    wait_input(page, "[data-calc-results]", save)
    expect(page.locator("[data-calc-spell-roll]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-roll]")).to_have_value("save")
    assert_spell_matches(page, engine, save)
    # The share link holds the spell: opened afresh, it shows the same roll and odds.
    reopen_by_share_link(page, save)
    assert_spell_matches(page, engine, save)
    # "Not for a spell": the roll stays, the spell's part goes.
    page.locator("[data-calc-spell-stop]").click()
    expect(page.locator("[data-calc-spell-roll]")).to_be_hidden(timeout=ENGINE_TIMEOUT)
