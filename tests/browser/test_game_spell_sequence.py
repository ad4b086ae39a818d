"""A damage spell cast in the game, clicked through on /game/ at phone width (390 px) as
tests/browser/test_game_sequences.py clicks its games: the magic move's form, the spell and its
target picked, then the target's roll (the faces the page offers once the engine's plan says the
spell calls for a roll); the unit killed is shown in its owner's Dead Unit Area, and the board is
the engine's answer to the kept game, which meets the hand-worked case (game_spell_cases.py, p.44,
p.29)."""
from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.test_game_sequences import ENGINE_TIMEOUT, check, fill_form, phone_game_page, start, wait_game
from tests.engine.game_spell_cases import SPELL_CASES

CASE = next(c for c in SPELL_CASES if c["id"] == "lightning-strike-kills")


def forces() -> dict[str, Any]:
    out = [{"id": f"{CASE['id']}-{p['name']}", "name": f"{CASE['id']} {p['name']}",
            "force": {"size": CASE["setup"]["size"], **{k: v for k, v in p.items() if k != "name"}}}
           for p in CASE["setup"]["players"]]
    return {"version": 1, "current": out[0]["id"], "forces": out}


@pytest.fixture(scope="module")
def game_page(browser, site_url):
    yield from phone_game_page(browser, site_url, forces())


def test_lightning_strike_clicked_through_kills_the_unit(game_page: Page, engine):
    # p.44 Lightning Strike: three Seers' 6 air magic; bob's Thug shows 1 melee, no save: killed (p.29).
    start(game_page, CASE["id"], CASE["setup"])
    [move] = CASE["moves"]
    form = fill_form(game_page, move, {})
    part = form.locator("[data-cast-roll]")
    expect(part).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(part.locator("legend")).to_contain_text("save")      # the engine's words for the roll it calls for
    form.locator("[data-game-submit]").click()
    wait_game(game_page, CASE["setup"], 1)
    game = check(game_page, engine, CASE["setup"], CASE["expect"])
    # the face picked is kept by its place on the die: the Thug's third face, 1 melee (data/dice)
    assert game["moves"][0]["cast"][0]["faces"] == {"bob.campaign.1": 3}
    dua = game_page.locator('[data-game-area="bob.dua"] li[data-die]')
    expect(dua).to_have_count(1)
    assert dua.get_attribute("data-die") == "bob.campaign.1"
