"""The calculator never loses an army at one tap (issue 52), in real Chromium at 390 px: "Clear the
army" and "Use this army" (a force kept by the army builder over the dice already listed) set the
dice aside on the device; the note saying so stands just above the dice, where the player is
looking, and its "Bring them back" still works after a reload."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.kept import FULL_JS, errors_of, put_kept
from tests.browser.test_accessibility import violations
from tests.browser.test_phone_targets import MIN, SMALL_TARGETS
from tests.browser.test_calculator import ENGINE_TIMEOUT, ROLL, share_hash, wait_resolved
from tests.engine.test_exchange import melee, u

pytestmark = pytest.mark.shared_context

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def dice_of(army: list) -> list:
    return [{k: v for k, v in unit.items() if k in ("die", "species", "health", "die_type")} for unit in army]


def wait_army(page: Page, dice: list) -> None:
    page.wait_for_function("(want) => { const s = document.querySelector('#calculator').dataset.input;"
                           " return !!s && JSON.stringify(JSON.parse(s).army.map((u) => u.die || u.species)) === want; }",
                           arg=json.dumps([d.get("die") or d.get("species") for d in dice], separators=(",", ":")), timeout=ENGINE_TIMEOUT)


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)     # axe is injected as a script of its own
@pytest.mark.parametrize("scheme", ["light", "dark"])   # dark: the tapped button's words on the theme's orange
def test_a_cleared_army_comes_back_even_after_a_reload(page: Page, scheme: str):
    page.emulate_media(color_scheme=scheme)
    errors = errors_of(page)
    page.goto("calculator/" + share_hash(ROLL))
    sent = wait_resolved(page)
    assert dice_of(sent["army"]) == dice_of(ROLL["army"])
    page.locator("[data-calc-clear]").click()
    wait_army(page, [])
    note = page.locator('[data-calc-army-undo="roll"]')
    expect(note).to_contain_text("The army's 3 dice")
    expect(note).to_contain_text("were cleared")
    expect(note).to_be_in_viewport()
    # The note and its button: no serious violation, a 44 px target.
    assert violations(page) == []
    assert page.evaluate(SMALL_TARGETS, MIN) == []
    # A reload (the address now names an empty army) still offers them.
    page.reload()
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    wait_army(page, [])
    expect(note).to_contain_text("were cleared")
    note.get_by_role("button", name="Bring them back").click()
    wait_army(page, ROLL["army"])
    expect(note).to_contain_text("are back")
    assert dice_of(wait_resolved(page)["army"]) == dice_of(ROLL["army"])
    assert not errors, errors


@pytest.mark.browser_context_args(**PHONE)
def test_dice_brought_back_while_the_link_is_still_read_stay(page: Page):
    """The address names the cleared (empty) army; "Bring them back" tapped before the engine has
    read that address wins: the link's empty roll, read later, does not take the dice away again."""
    errors = errors_of(page)
    page.goto("calculator/" + share_hash(ROLL))
    wait_resolved(page)
    page.locator("[data-calc-clear]").click()
    wait_army(page, [])
    held: list = []

    def hold(route) -> None:                                   # noqa: ANN001 - Playwright's Route
        held.append(route)

    page.context.route("**/engine-worker*.js", hold)           # the engine cannot wake until let go
    page.reload()
    expect(page.locator("[data-calc-results]")).to_have_attribute("data-state", "opening")  # the address waits for it
    page.locator('[data-calc-army-undo="roll"]').get_by_role("button", name="Bring them back").click()
    assert held, "the engine's worker was not asked for"
    for route in held:
        route.continue_()
    page.context.unroute("**/engine-worker*.js", hold)
    # The engine answers in turn: the address's roll (read, then dropped), then the dice brought back.
    assert dice_of(wait_resolved(page)["army"]) == dice_of(ROLL["army"])
    assert dice_of(json.loads(page.locator("#calculator").get_attribute("data-input"))["army"]) == dice_of(ROLL["army"])
    assert not errors, errors


RAIDERS = {"size": 24, "armies": {"home": ["amazons/soldier", "amazons/centaur"], "horde": [], "campaign": []},
           "summoning_pool": []}
EXCHANGE = melee([u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
                 [u("coral-elves/protector", save="3 save", counter="4 melee")])


def wait_attackers(page: Page, dice: list[str]) -> None:
    page.wait_for_function("(want) => { const s = document.querySelector('[data-exchange-results]');"
                           " return !!s && s.dataset.state === 'resolved' && !!s.dataset.input &&"
                           " JSON.stringify(JSON.parse(s.dataset.input).attacker.army.map((u) => u.die)) === want; }",
                           arg=json.dumps(dice, separators=(",", ":")), timeout=ENGINE_TIMEOUT)


@pytest.mark.browser_context_args(**PHONE)
def test_a_kept_army_used_over_an_exchange_side_can_be_undone(page: Page):
    errors = errors_of(page)
    put_kept(page, "dd-army-forces", [{"id": "a", "name": "Raiders", "force": RAIDERS}], "a")
    page.goto("calculator/?exchange=" + quote(json.dumps(EXCHANGE)))
    wait_attackers(page, ["amazons/war-chief"])
    side = page.locator('[data-ex-side="attacker"]')
    side.locator("[data-calc-kept]").select_option(index=0)
    side.locator("[data-calc-kept-use]").click()
    wait_attackers(page, RAIDERS["armies"]["home"])
    note = side.locator('[data-calc-army-undo="attacker"]')
    expect(note).to_contain_text("The army's die (")
    expect(note).to_contain_text(") was replaced")
    expect(note).to_be_in_viewport()
    note.get_by_role("button", name="Bring them back").click()
    wait_attackers(page, ["amazons/war-chief"])
    # What stood (the kept army) is set aside in turn: nothing is lost either way.
    expect(note).to_contain_text("The army's 2 dice")
    expect(note).to_contain_text("were replaced")
    assert not errors, errors


@pytest.mark.browser_context_args(**PHONE)
def test_a_cleared_army_comes_back_while_the_storage_is_full(page: Page):
    """A browser storage that is full cannot keep the dice past a reload; the page keeps them until
    it is left, so "Bring them back" still works."""
    errors = errors_of(page)
    page.add_init_script("(" + FULL_JS + ")()")
    page.goto("calculator/" + share_hash(ROLL))
    wait_resolved(page)
    page.evaluate("window.__full = true")
    page.locator("[data-calc-clear]").click()
    wait_army(page, [])
    note = page.locator('[data-calc-army-undo="roll"]')
    expect(note).to_contain_text("were cleared")
    assert page.evaluate("() => localStorage.getItem('dd-calc-army-roll')") is None
    note.get_by_role("button", name="Bring them back").click()
    wait_army(page, ROLL["army"])
    assert not errors, errors
