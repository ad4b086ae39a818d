"""Issue 52, nothing silent, at 390 px: the fields that still dropped, rounded or put back a bad value
without a word (a die's health and face typed by hand, the force size, "at least k" of the advice)
now refuse it beside the box in words and the note leaves once the value is good; "Use in a ... roll"
from the magic mode opens the roll the cast spells change, unrolled; a ruling point's copy button
names the point; an SAI page explains "Save*" and "works in the DUA" in the rules' own words.
Every bound named in a note is the engine's (calculator.core.limits, the advice's vocabulary)."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
import yaml
from playwright.sync_api import Page

from calculator import Engine
from calculator.advise.words import K_RANGE
from calculator.core.limits import LIMITS
from tests.browser.expecting import expect
from tests.browser.links import module_page, open_afresh
from tests.browser.refusals import change, no_note, note_of
from tests.engine.advise_cases import CASES

pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 180_000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
RULES = yaml.safe_load((Path(__file__).resolve().parents[2] / "data" / "rules.yaml").read_text(encoding="utf-8"))


@pytest.mark.browser_context_args(**PHONE)
def test_a_hand_typed_dies_health_and_face_are_refused_beside_their_boxes(page: Page):
    page.goto("calculator/")
    expect(page.locator("dom=#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.get_by_text("A die not in the catalogue").click()
    health, face = page.locator("dom=[data-calc-inline-health]"), page.locator("dom=[data-calc-inline-face]")
    add, units = page.locator("dom=[data-calc-inline-add]"), page.locator("dom=[data-calc-units] > li")
    face.fill("2 melee")
    top = LIMITS["health"]
    for bad in ("0", "-1", "999", "2.5", str(top + 1)):
        health.fill(bad)
        add.click()
        expect(note_of(page, health)).to_have_text(f"Give its health as a whole number from 1 to {top}.")
        expect(health).to_have_value(bad)                  # left in the box to be mended, not dropped
        expect(units).to_have_count(0)                     # no die added with another health
    health.fill("3")                                       # good: the note leaves as it is typed
    no_note(page, health)
    face.fill("")
    add.click()
    expect(note_of(page, face)).to_have_text("Write the face it rolled, like “2 melee” or “bullseye”.")
    expect(units).to_have_count(0)
    face.fill("2 melee")
    no_note(page, face)
    add.click()
    expect(units).to_have_count(1)
    assert json.loads(page.locator("dom=#calculator").get_attribute("data-input"))["army"][0]["health"] == 3


@pytest.mark.browser_context_args(**PHONE)
def test_a_bad_force_size_is_refused_beside_its_box(page: Page):
    page.goto("army/")
    size = page.locator("dom=[data-army-size]")
    problems = page.locator("dom=[data-army-problems]")
    change(size, "24")
    expect(problems).to_contain_text("of its 24 points", timeout=ENGINE_TIMEOUT)
    top = LIMITS["force_size"]
    for bad in ("99999", "-5", "0", "2.5"):
        change(size, bad)
        expect(note_of(page, size)).to_have_text(
            f"Give the force size as a whole number of points from 1 to {top}. The force is still checked at 24 points.")
        expect(size).to_have_value(bad)
        expect(problems).to_contain_text("of its 24 points")      # nothing computed with it
        expect(problems).not_to_contain_text("expected a whole number")
    size.fill("36")                                          # good: the note leaves as it is typed
    no_note(page, size)
    size.dispatch_event("change")
    expect(problems).to_contain_text("of its 36 points", timeout=ENGINE_TIMEOUT)
    no_note(page, size)


@pytest.fixture(scope="module")
def phone_calc(browser, site_url):
    """One calculator page on the phone for the tests that open a link on it (links.open_afresh: the
    answers an earlier test left marked old first): the engine starts once for them."""
    yield from module_page(browser, site_url, **PHONE)


def test_a_bad_at_least_k_in_the_advice_is_refused_beside_its_box(phone_calc: Page):
    page = phone_calc
    case = next(c for c in CASES if c["id"] == "contract-example")
    link = base64.urlsafe_b64encode(json.dumps(case["input"]).encode()).decode().rstrip("=")
    open_afresh(page, "calculator/#a=1." + link)
    expect(page.locator("dom=[data-advise-results]")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    page.locator("dom=[data-advise-sort]").select_option("kill_at_least")
    k = page.locator("dom=[data-advise-k]")
    expect(k).to_have_value("1")
    for bad in ("0", "-1", "2.5", str(K_RANGE["to"] + 1)):
        change(k, bad)
        expect(note_of(page, k)).to_have_text(
            f"Give a whole number from {K_RANGE['from']} to {K_RANGE['to']}. The table still shows at least 1.")
        expect(k).to_have_value(bad)                          # not put back in silence
    k.fill("2")
    no_note(page, k)


CORAL = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"},
         {"die": "coral-elves/evoker", "rolled": "2 magic"}]


@pytest.mark.parametrize("roll, spell, against", [("save", "watery-double", "melee"), ("maneuver", "wind-walk", None)])
def test_use_in_a_roll_opens_the_roll_the_spell_changes(phone_calc: Page, engine: Engine, roll: str, spell: str, against):
    # v4.01d p.44: Watery Double gives the target army 1 save result, Wind Walk 4 maneuver results; so
    # the first changes save rolls, the second maneuver rolls, and neither a melee roll. A save roll
    # opened from here is against a melee attack (the engine's first suggestion for a save roll).
    cast = {"roll": "magic", "terrain": "coastland", "army": CORAL, "seed": 0,
            "cast": [{"spell": "watery-double"}, {"spell": "wind-walk"}]}
    page = phone_calc
    open_afresh(page, "calculator/?magic=" + quote(json.dumps(cast)))
    buttons = page.locator("dom=[data-calc-magic] [data-calc-use-roll]")
    expect(buttons).to_have_count(2, timeout=ENGINE_TIMEOUT)
    button = page.locator(f'dom=[data-calc-use-roll="{roll}"]')
    expect(button).to_have_text(f"Use in a {roll} roll")
    button.click()
    expect(page.locator("dom=[data-calc-roll]")).to_have_value(roll)
    page.wait_for_function("(r) => { const i = JSON.parse(document.querySelector('#calculator').dataset.input); "
                           "const s = document.querySelector('[data-calc-results]'); "
                           "return i.roll === r && s.dataset.state === 'resolved'; }", arg=roll, timeout=ENGINE_TIMEOUT)
    sent = json.loads(page.locator("dom=[data-calc-results]").get_attribute("data-input"))
    assert sent["modifiers"] == [{"spell": spell}]          # the spell that changes this roll, no other
    assert sent.get("against") == against
    assert all("rolled" not in u and "rerolled" not in u for u in sent["army"])   # unrolled: no magic face kept
    assert sent["seed"] != 0                                 # and a new roll, not the magic roll's seed
    out = engine.resolve(sent)
    assert json.loads(page.locator("dom=[data-calc-results]").get_attribute("data-totals")) == out["totals"]
    results = page.locator("dom=[data-calc-results]")
    expect(results).not_to_contain_text("does not change")
    name = {"watery-double": "Watery Double", "wind-walk": "Wind Walk"}[spell]
    expect(results).to_contain_text(name + ": +" + ("1 save" if spell == "watery-double" else "4 maneuver"))


@pytest.mark.browser_context_args(**PHONE)
def test_a_ruling_points_copy_button_names_the_point(page: Page):
    page.goto("rulings/")
    button = page.locator("dom=#monster-sais-charm-a > .dd-copy")
    expect(button).to_have_attribute("aria-label", "Copy link to Monster SAIs: Charm, point A")
    expect(page.locator("dom=#monster-sais-charm-e-2 > .dd-copy")).to_have_attribute(
        "aria-label", "Copy link to Monster SAIs: Charm, point E (second)")


def rule_part(ident: str) -> str:
    return next(p["text"] for r in RULES["rules"] for key in ("types", "points") for p in r.get(key, []) if p["id"] == ident)


@pytest.mark.browser_context_args(**PHONE)
def test_an_sai_page_explains_save_star_and_the_dua(page: Page):
    page.goto("sai/bash/")                     # Applies: Dragon Attack, Save*; its save clauses work in the DUA
    marks = page.locator("dom=.dd-marks")
    expect(marks).to_be_visible()
    save = marks.locator('dom=dd[data-mark="sai-application-save"]')
    dua = marks.locator('dom=dd[data-mark="sai-general-rules-2"]')
    expect(save).to_contain_text(" ".join(rule_part("sai-application-save").split()))
    expect(dua).to_contain_text(" ".join(rule_part("sai-general-rules-2").split()))
    expect(save.locator("dom=a[href*='sai-application-save']")).to_have_count(1)
    expect(dua.locator("dom=a[href*='sai-general-rules-2']")).to_have_count(1)
    expect(marks.locator("dom=dt")).to_have_text(["Save*", "works in the DUA"])


@pytest.mark.browser_context_args(**PHONE)
def test_the_games_setup_marks_the_box_the_engine_refuses(page: Page, engine: Engine):
    from calculator.core.errors import InputError
    from tests.browser.test_game_page import FORCES, SETUP
    bad = {**SETUP, "faces": {**SETUP["faces"], "frontier": 0}}
    with pytest.raises(InputError) as err:          # the engine's bounds of a starting face
        engine.game({"setup": bad, "moves": []})
    assert err.value.field == "setup.faces.frontier"
    lo, hi = re.search(r"whole number from (\d+) to (\d+)", err.value.message).groups()
    page.goto("game/")
    page.evaluate("(s) => localStorage.setItem('dd-army-forces', JSON.stringify(s))", FORCES)
    page.reload()
    expect(page.locator("dom=#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.locator('dom=[data-setup-force="1"]').select_option(label="Bob")
    for i, name in ((0, "alice"), (1, "bob")):
        page.locator(f'dom=[data-setup-name="{i}"]').fill(name)
        page.locator(f'dom=[data-setup-name="{i}"]').press("Tab")
    size = page.locator("dom=[data-setup-size]")
    size.fill("99999")
    for key, face in (("a", "2"), ("b", "3"), ("frontier", "0")):
        page.locator(f'dom=[data-setup-face="{key}"]').fill(face)
    page.locator("dom=[data-game-start]").click()
    expect(note_of(page, size)).to_have_text(f"Give a whole number from 1 to {LIMITS['force_size']}.", timeout=ENGINE_TIMEOUT)
    size.fill("24")                                   # good: the note leaves as it is typed
    no_note(page, size)
    page.locator("dom=[data-game-start]").click()
    frontier = page.locator('dom=[data-setup-face="frontier"]')
    expect(note_of(page, frontier)).to_have_text(f"Give a whole number from {lo} to {hi}.", timeout=ENGINE_TIMEOUT)
    frontier.fill(hi)
    no_note(page, frontier)


def test_an_exchanges_typed_face_the_engine_refuses_is_marked_beside_its_box(phone_calc: Page, engine: Engine):
    from calculator.core.errors import InputError
    good = {"attack": "melee", "attacker": {"army": [{"species": "amazons", "die_type": "unit", "rolled": {"attack": "3 melee"}}]},
            "defender": {"army": [{"die": "coral-elves/trooper"}]}, "seed": 1}
    bad = json.loads(json.dumps(good))
    bad["attacker"]["army"][0]["rolled"]["attack"] = "3 meele"
    with pytest.raises(InputError) as err:           # what the engine says of the typed face, and where
        engine.exchange(bad)
    assert err.value.field == "attacker.army[0].rolled"
    page = phone_calc
    open_afresh(page, "calculator/?exchange=" + quote(json.dumps(good)))
    results = page.locator("dom=[data-exchange-results]")
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    box = page.locator('dom=input[data-key^="ex-in-attacker-0-"]').first
    expect(box).to_have_value("3 melee")
    change(box, "3 meele")
    box = page.locator('dom=input[data-key^="ex-in-attacker-0-"]').first
    expect(results).to_have_attribute("data-state", "error", timeout=ENGINE_TIMEOUT)
    # Beside its box, read with it; read out once, by the result's error line.
    expect(note_of(page, box, read_out=False)).to_have_text(err.value.message)
    expect(results.locator("dom=[role=alert]")).to_contain_text(err.value.message)
    change(box, "2 melee")                           # good: the answer comes, the note goes
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(page.locator("dom=[data-refused]")).to_have_count(0)
