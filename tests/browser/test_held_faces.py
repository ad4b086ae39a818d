"""The terrain faces an army holds (an eighth face it controls, or its minor terrain's face) can be
set in the single roll and on each side of an exchange, not only in a maneuver; a link that holds
one shows it. Each total below is worked by hand from the rulebook (v4.01d p.15) and the dice data."""
from __future__ import annotations

import json

from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import open_afresh
from tests.browser.page_kinds import ENGINE_TIMEOUT
from tests.browser.test_calculator_words import answer_shown, exchange_shown, roll_link
from tests.browser.test_exchange_page import exchange_link
import pytest

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

# The tests share one calculator page (the conftest's calc), each link opened on it in place
# (links.open_afresh: the answers an earlier test left are marked old first): the engine starts once.

# Amazon War Chief rolled ID (3 ID results: its health) and Soldier rolled 1 save.
ARMY = [{"die": "amazons/war-chief", "rolled": "id"}, {"die": "amazons/soldier", "rolled": "1 save"}]


def roll_answer(page: Page, check: str) -> dict:
    """The totals of the roll's answer to the input whose JSON makes `check` (on `inp`) true."""
    answer_shown(page, "[data-calc-results]", check)
    return json.loads(page.locator("[data-calc-results]").get_attribute("data-totals"))


def test_an_eighth_face_picked_in_the_roll_form_doubles_id(calc: Page):
    page = calc
    open_afresh(page, roll_link({"roll": "save", "terrain": "coastland-tower", "seed": 0, "army": ARMY}))
    # no face held: 3 ID + 1 save = 4 saves
    assert roll_answer(page, "!inp.eighth_faces")["save"] == 4
    page.locator('[data-key="held-eighth-roll"]').select_option(label="Tower")
    # the controller's ID results are doubled in any roll (p.15): 3 x 2 + 1 = 7 saves
    assert roll_answer(page, "inp.eighth_faces && inp.eighth_faces[0] === 'tower'")["save"] == 7
    expect(page.locator('[data-held="roll"] .dd-held-eighth a')).to_have_text("What Tower does")
    page.locator('[data-key="held-eighth-roll"]').select_option("")
    assert roll_answer(page, "!inp.eighth_faces && inp.army.length === 2")["save"] == 4


def test_a_minor_terrain_in_a_link_is_shown_and_can_be_changed(calc: Page):
    page = calc
    open_afresh(page, roll_link({"roll": "save", "terrain": "coastland", "seed": 0, "army": ARMY,
                         "minor_terrain": "double-saves"}))
    # Double Saves doubles ID results in a save roll (p.15): 3 x 2 + 1 = 7
    assert roll_answer(page, "inp.minor_terrain === 'double-saves'")["save"] == 7
    expect(page.locator('[data-key="mv-minor-face-roll"]')).to_have_value("double-saves")
    page.locator('[data-key="mv-minor-roll"]').select_option("")
    assert roll_answer(page, "!inp.minor_terrain && inp.army.length === 2")["save"] == 4


def test_each_side_of_an_exchange_holds_its_own_faces(calc: Page):
    page = calc
    # Melee: the attacker's Amazon Warrior rolled ID (2 ID: its health), the defender's Soldier
    # rolled 1 save. Without faces: 2 melee, 1 save, 1 damage. With Tower held by the attacker,
    # its ID doubles (p.15): 4 melee, 1 save, 3 damage.
    open_afresh(page, exchange_link({"attack": "melee", "terrain": "coastland-tower", "seed": 0,
                             "attacker": {"army": [{"die": "amazons/warrior", "rolled": "id"}]},
                             "defender": {"army": [{"die": "amazons/soldier", "rolled": "1 save"}]}}))
    exchange_shown(page, "!inp.attacker.eighth_faces")
    box = page.locator('[data-ex-side="attacker"]')
    box.locator("summary").click()
    box.locator('[data-key="held-eighth-attacker"]').select_option(label="Tower")
    exchange_shown(page, "inp.attacker.eighth_faces && inp.attacker.eighth_faces[0] === 'tower'")
    result = page.locator("[data-exchange-results]")
    expect(result).to_contain_text("3 damage")
    assert "eighth_faces" not in json.loads(result.get_attribute("data-input"))["defender"]


def test_an_sai_of_the_owners_choice_can_be_split_in_the_roll_form(calc: Page):
    page = calc
    # Dragon attack roll (melee, missile and saves counted), the Fireshadow rolled Create Fireminions, worth 4
    # (the dice data) of the owner's choice. Split 1 melee, 3 saves (p.28): totals melee 1, save 3.
    open_afresh(page, roll_link({"roll": "dragon_attack", "seed": 0,
                         "army": [{"die": "firewalkers/fireshadow", "rolled": "create-fireminions"}]}))
    roll_answer(page, "inp.army.length === 1 && !inp.army[0].choose")
    page.locator('[data-key="choose-0-create-fireminions"]').select_option("split")
    # a split starts with all 4 where the default puts them (saves)
    assert roll_answer(page, "inp.army[0].choose && typeof inp.army[0].choose['create-fireminions'] === 'object'")["save"] == 4
    expect(page.locator('[data-split="create-fireminions"] legend')).to_have_text("Share its 4 results")
    # Create Fireminions may make magic or maneuver results too (p.31), but the army attacked by a dragon
    # counts melee, missile and saves (p.17): only those three are offered to share.
    shares = page.locator('[data-split="create-fireminions"] input').evaluate_all("(els) => els.map((e) => e.dataset.key)")
    assert shares == ["split-0-create-fireminions-" + t for t in ("melee", "missile", "save")]
    page.locator('[data-key="split-0-create-fireminions-save"]').fill("3")
    page.locator('[data-key="split-0-create-fireminions-save"]').press("Tab")
    # 3 saves name 3 of the 4 results: the engine refuses and names the field
    page.wait_for_function("""() => { const s = document.querySelector('[data-calc-results]');
        return s && s.textContent.includes('choose.create-fireminions') && s.textContent.includes('generated 4'); }""",
                           timeout=ENGINE_TIMEOUT)
    page.locator('[data-key="split-0-create-fireminions-melee"]').fill("1")
    page.locator('[data-key="split-0-create-fireminions-melee"]').press("Tab")
    totals = roll_answer(page, "(inp.army[0].choose || {})['create-fireminions'] && "
                               "inp.army[0].choose['create-fireminions'].melee === 1")
    assert totals["melee"] == 1 and totals["save"] == 3
