"""Dragon attacks in the calculator's exchange mode, in real Chromium: hand-worked dragon attacks as
?exchange= links, one built by clicking, a refused link (the CLI's message) and the odds of the
dragons killed and of the army's losses. Rulebook v4.01d p.17 (dragon faces, automatic saves),
p.28-29 (the army's combination response, damage as close as possible)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

from calculator import Engine

from tests.browser.expecting import expect
from tests.browser.test_exchange_page import ENGINE_TIMEOUT, cli_error, close, exchange_link, highlighted, \
    listed_dead, odds_shown, results, show
from tests.browser.links import open_afresh
from tests.engine.test_dragons import summary

# The tests share a browser context (tests/browser/conftest.py): after the first, the engine starts
# from the browser's cache; each test still starts with nothing kept. Those that open a link share
# one calculator page (`calc`): each opens its link on it in place.
pytestmark = pytest.mark.shared_context


def dragon_attack(dragons: list, army: list, terrain: str = "highland") -> dict:
    return {"attack": "dragon", "terrain": terrain, "seed": 1, "attacker": {"dragons": dragons},
            "defender": {"army": army}}


def unit(die: str, face: str) -> dict:
    return {"die": die, "rolled": {"response": face}}


def page_summary(page: Page) -> dict:
    expect(results(page)).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    return json.loads(page.locator("[data-exchange-summary]").get_attribute("data-exchange-summary"))


CASES = [
    # The Red Drake's Claws: 6 damage. The army's response (save, melee and missile at once): War
    # Chief 4 melee, Warrior 2 save, Soldier 1 save: 3 saves, 4 melee, short of the 5 health + 5
    # automatic saves that kill the drake. 6 - 3 = 3 damage: the War Chief (3), the fewest units.
    ("claws", dragon_attack([{"die": "red-drake", "rolled": {"dragon": "claws"}}],
                            [unit("amazons/war-chief", "4 melee"), unit("amazons/warrior", "2 save"),
                             unit("amazons/soldier", "1 save")]),
     summary(dragon_damage=6, response_save=3, response_melee=4, army_damage=3), [0], 0),
    # Three War Chiefs with 4 melee each: 12 melee >= 10 kills the drake; its 6 damage, with no save,
    # kills two War Chiefs (3 + 3), simultaneously.
    ("dragon-killed", dragon_attack([{"die": "red-drake", "rolled": {"dragon": "claws"}}],
                                    [unit("amazons/war-chief", "4 melee")] * 3),
     summary(dragon_damage=6, response_melee=12, army_damage=6, dragons_killed=1), [0, 1], 1),
]


@pytest.mark.parametrize("data,expected,dead,dragons", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_dragon_attack_links(calc: Page, data: dict, expected: dict, dead: list, dragons: int):
    page = calc
    show(page, data)
    got = page_summary(page)
    assert {k: got[k] for k in expected} == expected and got["attacks_army"] == [0]
    assert highlighted(page, "defender") == dead and listed_dead(page, "defender") == dead
    expect(page.locator('[data-exchange-form] li.dd-ex-dragon.dd-ex-killed')).to_have_count(dragons)
    expect(page.locator('.dd-ex-loss[data-side="attacker"] li.dd-ex-dead')).to_have_count(dragons)
    expect(page.locator('.dd-ex-roll-result[data-roll="dragon"]')).to_contain_text("Claws")
    assert "#x=1." in page.url
    expect(page.locator("[data-ex-attack]")).to_have_value("dragon")


def test_build_a_dragon_attack_by_clicking(page: Page, bundle: dict):
    page.goto("calculator/#exchange")
    page.locator("[data-ex-attack]").select_option("dragon")
    page.locator("[data-ex-terrain]").select_option("highland")
    attacker = page.locator('[data-ex-side="attacker"]')
    attacker.locator("#dd-ex-attacker-dragon").select_option("red-drake")
    attacker.locator('[data-key="ex-add-dragon"]').click()
    faces = next(d for d in bundle["dragons"] if d["id"] == "red-drake")["faces"]
    claws = 1 + next(j for j, f in enumerate(faces) if f["icon"] == "claws")
    attacker.locator(f'li.dd-ex-dragon [data-face="{claws}"]').click()
    defender = page.locator('[data-ex-side="defender"]')
    defender.locator("#dd-ex-defender-species").select_option("amazons")
    defender.locator("#dd-ex-defender-unit").select_option("amazons/war-chief")
    for _ in range(3):
        defender.locator('[data-key="ex-add-defender"]').click()
    chief = next(d for d in bundle["dice"] if d["id"] == "amazons/war-chief")["faces"]
    melee4 = 1 + next(j for j, f in enumerate(chief) if (f["icon"], f["count"]) == ("melee", 4))
    for i in range(3):
        defender.locator(f'li.dd-ex-unit[data-unit="{i}"] [data-roll="response"] [data-face="{melee4}"]').click()
    # As the second case above: 12 melee kill the drake, its 6 damage kill two War Chiefs.
    # Wait for the result of the input with all three faces picked (a face rolled for you could
    # also be 4 melee, so the total alone does not say which input was resolved).
    page.wait_for_function("""(face) => { const r = document.querySelector('[data-exchange-results]');
        if (!r || r.dataset.state !== 'resolved' || !r.dataset.input) return false;
        const army = JSON.parse(r.dataset.input).defender.army;
        return army.length === 3 && army.every((u) => (u.rolled || {}).response === face); }""",
                           arg=melee4, timeout=ENGINE_TIMEOUT)
    got = page_summary(page)
    assert {k: got[k] for k in CASES[1][2]} == CASES[1][2]
    sent = json.loads(results(page).get_attribute("data-input"))
    assert sent["attacker"] == {"dragons": [{"die": "red-drake", "rolled": {"dragon": claws}}]}


def test_refused_dragon_link_shows_the_cli_message(calc: Page):
    data = dragon_attack([{"die": "red-drake", "rolled": {"dragon": "hoof"}}], [unit("amazons/soldier", "1 save")])
    expected = cli_error(data)
    assert expected.startswith("attacker.dragons[0].rolled.dragon")
    page = calc
    open_afresh(page, exchange_link(data))
    expect(page.locator("[data-calc-message] [data-exchange-error]")).to_have_text(expected, timeout=ENGINE_TIMEOUT)


def test_dragon_attack_odds(calc: Page):
    # The drake's Claws (6) fixed; a lone Soldier (health 1) responds, its face left to chance. Its
    # faces: ID, 1 save, 1 melee, 1 melee, 1 maneuver, 2 melee; 1 melee or the ID can never reach the
    # drake's 10, so the ID counts as a save: 1 save with 2/6, else none. Damage 5 (2/6) or 6 (4/6),
    # the Soldier dies either way; no dragon dies.
    data = dragon_attack([{"die": "red-drake", "rolled": {"dragon": "claws"}}], [{"die": "amazons/soldier"}])
    page = calc
    show(page, data)
    got = odds_shown(page)
    assert close(got[("defender", "damage")], {5: 2 / 6, 6: 4 / 6})
    assert close(got[("defender", "killed")], {1: 1.0})
    assert close(got[("attacker", "dragons_killed")], {0: 1.0})


def _hand_worked_dragon_attacks(bundle: dict) -> list[dict]:
    """Every dragon attack the engine tests work out by hand (tests/engine/test_dragons.py),
    recorded from those tests as the parity corpus is: the page must show what they assert."""
    from calculator import Engine
    from tests.parity.recorded import record

    engine = Engine(bundle)
    out, seen = [], set()
    for cmd, data in record("tests.engine.test_dragons", engine):
        key = json.dumps(data, sort_keys=True)
        if cmd != "exchange" or key in seen or not isinstance(data, dict) or data.get("attack") != "dragon":
            continue
        seen.add(key)
        try:
            answer = engine.exchange(data)
        except Exception:          # the tests of bad input: another test covers the page's message
            continue
        out.append({"data": data, "summary": answer["summary"]})
    return out


def test_every_hand_worked_dragon_attack_as_a_link(calc: Page, bundle: dict):
    cases = _hand_worked_dragon_attacks(bundle)
    assert len(cases) >= 8, "the engine tests hold at least 8 hand-worked dragon attacks"
    # Each swapped into the same page's address (tests/browser/links.py): each is read by the page's
    # ?exchange= reader all the same; the page's answer to THIS input is read.
    page = calc
    for case in cases:
        show(page, case["data"])
        assert page_summary(page) == case["summary"], case["data"]


def test_the_face_rolled_for_a_dragon_is_outlined_once(calc: Page, bundle: dict):
    # A Red Drake with no face given: the engine rolls it. It has four Claws faces; a seed that rolls
    # Claws is looked up in CPython (the same seed rolls the same in the browser), and the page then
    # outlines one face, the first Claws, and says what was rolled.
    engine = Engine(bundle)
    army = [unit("amazons/war-chief", "3 save")]
    seed, data = next((s, d) for s in range(1, 200) for d in [dict(dragon_attack([{"die": "red-drake"}], army), seed=s)]
                      if engine.exchange(d)["dragons"][0]["icons"] == ["claws"])
    faces = next(d for d in bundle["dragons"] if d["id"] == "red-drake")["faces"]
    assert sum(f["icon"] == "claws" for f in faces) > 1
    first_claws = 1 + next(j for j, f in enumerate(faces) if f["icon"] == "claws")
    page = calc
    show(page, data)
    page_summary(page)
    assert json.loads(results(page).get_attribute("data-input"))["seed"] == seed
    rolled = page.locator("li.dd-ex-dragon .dd-face-rolled")
    expect(rolled).to_have_count(1)
    expect(rolled).to_have_attribute("data-face", str(first_claws))
    expect(rolled).to_have_attribute("aria-label", re.compile(r"\(rolled for you\)$"))
    expect(page.locator("li.dd-ex-dragon .dd-calc-picker-note").first).to_contain_text("Rolled for you: Claws")
