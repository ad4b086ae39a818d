"""'Copy as forum post' on a 390 px phone: in each calculator mode, in the army builder and on the
game page (the board shown) the control is reachable, asks the engine for the post of the answer shown, copies it and says
"Copied" on the button pressed; the clipboard then holds that post, with the link back to it."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import module_page, open_afresh
# GAME: alice's Campaign army took the Frontier Terrain's die up to 7 (Melee) and killed both of bob's
# Campaign Thugs (worked out in forum_cases.py).
from tests.engine.forum_cases import GAME

pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "permissions": ["clipboard-read", "clipboard-write"]}

ROLL = {"roll": "melee", "terrain": "highland", "army": [{"die": "amazons/warrior", "rolled": "2 melee"}], "seed": 1}
EXCHANGE = {"attack": "melee", "terrain": "highland", "seed": 1,
            "attacker": {"army": [{"die": "amazons/soldier", "rolled": {"attack": "2 melee"}}]},
            "defender": {"army": [{"die": "coral-elves/fighter", "rolled": {"save": "1 id"}}]}}
MANEUVER = {"terrain": {"die": "coastland-tower", "face": 7},
            "maneuvering": {"army": [{"die": "amazons/runner", "rolled": "2 maneuver"}]},
            "opposing": [{"army": [{"die": "coral-elves/trooper", "rolled": "id"}]}], "direction": "up", "seed": 1}
FORCE = {"size": 24, "terrains": {"home": "coastland-city", "frontier": "flatland-castle"},
         "armies": {"home": ["coral-elves/gryphon", "coral-elves/sharpshooter", "items/water-flicker-foil"],
                    "horde": ["amazons/centaur", "amazons/javelineer", "amazons/soldier", "items/fire-vorpal-sword"],
                    "campaign": ["undead/mummy", "undead/revenant", "undead/wraith", "undead/wraith"]},
         "summoning_pool": ["red-drake"]}


def link(path: str, key: str, value: dict) -> str:
    return f"{path}?{key}=" + quote(json.dumps(value, separators=(",", ":")))


FORMATS = {"BBCode": "bbcode", "Markdown": "markdown", "Plain text": "text"}


def copy(page: Page, holder: str, source: str, label: str) -> str:
    """Open the holder's menu with a tap, press one format of one answer; wait for "Copied" on that
    button (never for a time) and answer what the clipboard holds."""
    menu = page.locator(f'dom=[data-forum="{holder}"] details.dd-forum')
    summary = menu.locator("dom=summary")
    summary.scroll_into_view_if_needed()
    reachable(page, summary)
    if menu.get_attribute("open") is None:
        summary.tap()
    button = menu.locator(f'dom=[data-forum-source="{source}"] [data-forum-format="{FORMATS[label]}"]')
    expect(button).to_have_text(label)
    button.scroll_into_view_if_needed()
    reachable(page, button)
    button.tap()
    expect(button).to_have_text("Copied", timeout=ENGINE_TIMEOUT)
    return page.evaluate("navigator.clipboard.readText()")


def reachable(page: Page, target) -> None:
    """Inside the phone's width, at least 44 px tall (a finger's tap, as tests/browser/test_phone_targets.py asks), and not covered at its centre."""
    box = target.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 43.5, box
    hit = page.evaluate("""([x, y, el]) => { const hit = document.elementFromPoint(x, y);
        return !hit ? "nothing" : el === hit || el.contains(hit) ? "" : hit.outerHTML.slice(0, 300); }""",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, target.element_handle()])
    if hit:
        page.screenshot(path="/tmp/ft/covered.png")
    assert hit == "", hit


@pytest.fixture(scope="module")
def phone_calc(browser, site_url):
    """One calculator page on the phone for the calculator's modes, each test's link opened on it in
    place (links.open_afresh: its answers marked old first): the engine starts once, not once a mode."""
    yield from module_page(browser, site_url, **PHONE)


def test_a_roll_is_copied_as_a_bbcode_post(phone_calc: Page):
    page = phone_calc
    open_afresh(page, link("calculator/", "roll", ROLL))
    expect(page.locator("dom=[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    text = copy(page, "roll", "roll", "BBCode")
    assert text.startswith("[b]Melee roll at Highland[/b]\n\nTotal: 2 melee\n\n")
    assert "[tr][td]5. Subtotal[/td][td]Warrior: 2 melee (normal icons)[/td][td]2 melee[/td][/tr]" in text
    href = page.evaluate("location.href")
    assert "#s=1." in href and text.endswith(f"[url={href}]Open this roll in the calculator[/url]\n")


def test_an_exchange_and_its_odds_are_copied(phone_calc: Page):
    page = phone_calc
    open_afresh(page, link("calculator/", "exchange", EXCHANGE))
    expect(page.locator("dom=[data-exchange-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    text = copy(page, "exchange", "exchange", "Plain text")
    assert text.startswith("Melee attack at Highland\n") and "Save roll | Defending army | Fighter: rolled 1 ID" in text
    expect(page.locator("dom=#exchange-odds")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    text = copy(page, "exchange", "odds", "Markdown")
    assert text.startswith("**Odds of a melee attack at Highland**\n") and "| 1 | 100.0% | 100.0% |" in text


def test_a_maneuver_is_copied_as_markdown(phone_calc: Page):
    page = phone_calc
    open_afresh(page, link("calculator/", "maneuver", MANEUVER))
    expect(page.locator("dom=[data-maneuver-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    text = copy(page, "maneuver", "maneuver", "Markdown")
    assert text.startswith("**Maneuver at Coastland Tower**\n")
    assert "| Maneuver roll | Maneuvering army | Runner: rolled 2 Maneuver | 2 maneuver |" in text


@pytest.mark.browser_context_args(**PHONE)
def test_a_force_is_copied_from_the_army_builder(page: Page):
    page.goto(link("army/", "force", FORCE))
    expect(page.locator("dom=[data-army-problems]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    text = copy(page, "force", "force", "BBCode")
    assert text.startswith("[b]A 24-point force[/b]\n") and "[tr][td][/td][td]Horde army: total[/td][td]9[/td][/tr]" in text
    assert "[url=" in text and "/army/?force=1." in text


@pytest.mark.browser_context_args(**PHONE)
def test_a_games_board_is_copied_from_the_game_page(page: Page):
    page.goto(link("game/", "game", GAME))
    expect(page.locator("dom=[data-game-play]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    text = copy(page, "game", "game", "Plain text")
    assert text.startswith("Turn 1: alice, Second march phase\n")
    assert "the Frontier Terrain | Coastland City | 7 (Melee)" in text
    assert "alice's Campaign army | the Frontier Terrain | Soldier (Amazons), Runner (Amazons)" in text
    assert "- Melee by alice's Campaign army against bob's Campaign army." in text
    assert "Open this game in the calculator: " in text and "/game/?game=1." in text


def test_a_spells_roll_is_copied_as_the_post_written_by_hand(phone_calc: Page):
    # The roll Firebolt calls for (forum_cases.py: the Thug's 1 melee, no save: killed), opened as the
    # magic mode's "Roll for it" leaves it; each format is the post written out by hand, its link this page's.
    from tests.engine.forum_cases import LINK, SPELL_ROLL
    from tests.engine.forum_texts import SPELL_ROLL as POSTS

    page = phone_calc
    open_afresh(page, link("calculator/", "roll", SPELL_ROLL))
    expect(page.locator("dom=[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(page.locator("dom=[data-calc-spell-roll]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    for label, fmt in FORMATS.items():
        text = copy(page, "roll", "roll", label)
        href = page.evaluate("location.href")
        assert text == POSTS[fmt].replace(LINK, href)
