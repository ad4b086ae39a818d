"""The calculator's magic part in real Chromium: the hand-worked magic rolls of
tests/engine/test_magic.py opened as share links show the CPython engine's total, castable spells and
verdict on the wish list; a wish list built by clicking, "Use in a roll", tampered ?magic= links and
the Reserve Area checkbox. Every check waits for the magic part of THIS input (its data-input)."""
from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from calculator.core.errors import InputError
from tests.browser.expecting import expect
from tests.browser.links import CANON_JS, canon, open_afresh
from tests.parity.recorded import record

# Every test opens a link: they share one calculator page (`calc`), each opening its link on it in place.
ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core CI machine


def wait_input(page: Page, selector: str, expected: dict) -> None:
    """Wait until the section `selector` shows the engine's answer to exactly this input."""
    page.wait_for_function("(want) => { " + CANON_JS + """
        const s = document.querySelector('""" + selector + """');
        return !!s && s.dataset.state === 'resolved' && !!s.dataset.input && canon(JSON.parse(s.dataset.input)) === want; }""",
                           arg=canon(expected), timeout=ENGINE_TIMEOUT)

CORAL_AIR = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "coral-elves/conjurer", "rolled": "3 magic"},
             {"die": "coral-elves/evoker", "rolled": "2 magic"}]


def share_hash(data: dict) -> str:
    return "#s=1." + base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def magic(page: Page):
    return page.locator("[data-calc-magic]")


def wait_magic(page: Page, expected: dict) -> None:
    """Wait until the magic part shows the answer to exactly this input."""
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    wait_input(page, "[data-calc-magic]", expected)


def page_magic(page: Page) -> dict:
    """What the magic part shows: total, castable rows (spell, cost, most times), verdict and its text."""
    return page.evaluate("""() => { const m = document.querySelector('[data-calc-magic]');
        const v = m.querySelector('[data-calc-verdict]');
        const t = m.querySelector('[data-calc-magic-total]');
        return { total: t ? Number(t.dataset.calcMagicTotal) : null,
          castable: Array.from(m.querySelectorAll('.dd-calc-castable tbody tr')).map((tr) => [tr.dataset.spell,
            Number(tr.children[2].textContent), Number(tr.children[3].textContent),
            tr.querySelector('a').getAttribute('href')]),
          verdict: v ? v.dataset.calcVerdict : null, text: v ? v.textContent : null,
          pools: Array.from(m.querySelectorAll('.dd-calc-pools > li')).map((li) => [li.dataset.pool,
            Number(li.querySelector('strong').textContent), !!li.querySelector('.dd-calc-badge')]),
          hidden: m.hidden }; }""")


def assert_magic_matches(page: Page, engine: Engine, data: dict) -> dict:
    want = engine.resolve(data)
    got = page_magic(page)
    assert not got["hidden"]
    assert got["total"] == want["magic"]["total"]
    assert got["pools"] == [[" ".join(map(str, p["units"])), p["amount"], p["cantrip_only"]] for p in want["magic"]["pools"]]
    assert [c[:3] for c in got["castable"]] == [[c["spell"], c["cost"], c["max_times"]] for c in want["castable"]]
    assert all(c[3] == f"../spells/{c[0]}/" for c in got["castable"])
    if "cast" in want:
        assert got["verdict"] == ("ok" if want["cast"]["ok"] else "no")
        if want["cast"]["ok"]:
            assert got["text"].endswith(f"; {want['cast']['left']} left.")
        else:
            assert want["cast"]["why"] in got["text"]
    else:
        assert got["verdict"] is None
    return want


def hand_worked(engine: Engine) -> list[dict]:
    """The single-roll inputs of tests/engine/test_magic.py the engine answers with a magic part."""
    out, seen = [], set()
    for cmd, data in record("tests.engine.test_magic", engine):
        if cmd != "resolve" or canon(data) in seen:
            continue
        seen.add(canon(data))
        try:
            answer = engine.resolve(data)
        except InputError:
            continue
        if "magic" in answer:
            out.append(data)
    return out


def test_hand_worked_magic_rolls_match_cpython(calc: Page, engine: Engine):
    # Each opened as a ?magic= link (the share link of the magic mode; #s= links are tested below).
    cases = hand_worked(engine)
    assert len(cases) >= 15
    with_cast = [c for c in cases if "cast" in c]
    assert len(with_cast) >= 15
    # Each swapped into the same page's address (tests/browser/links.py): each is read by the page's
    # ?magic= reader all the same, and its own answer is waited for.
    page = calc
    for data in cases:
        expected = {**data, "seed": data.get("seed", 0)}
        link = "calculator/?magic=" + quote(json.dumps(expected))
        open_afresh(page, link)
        wait_magic(page, expected)
        assert_magic_matches(page, engine, expected)


def test_wish_list_by_clicking(calc: Page, engine: Engine):
    roll = {"roll": "magic", "terrain": "coastland", "army": CORAL_AIR, "seed": 0}
    page = calc
    open_afresh(page, "calculator/?magic=" + quote(json.dumps({k: v for k, v in roll.items() if k != "roll"})))
    wait_magic(page, roll)
    assert_magic_matches(page, engine, roll)
    expect(magic(page).get_by_role("link", name="Spells and casting")).to_have_attribute("href", "../rules/spells-and-casting/")
    # Filtered by element: only the air spells of the answer, as the engine's plan gives their elements.
    element = {s["spell"]: s["element"] for s in engine.plan(roll)["magic"]["spells"]}
    all_rows = [c["spell"] for c in engine.resolve(roll)["castable"]]
    magic(page).locator("[data-calc-magic-filter]").select_option("water")
    expect(magic(page).locator(".dd-calc-castable tbody tr")).to_have_count(len([s for s in all_rows if element[s] == "water"]))
    magic(page).locator("[data-calc-magic-filter]").select_option("")
    expect(magic(page).locator(".dd-calc-castable tbody tr")).to_have_count(len(all_rows))
    # Wind Walk (4 air) from 9 air: can be paid, 5 left.
    magic(page).locator('tr[data-spell="wind-walk"] button').click()
    step = {**roll, "cast": [{"spell": "wind-walk"}]}
    wait_magic(page, step)
    assert_magic_matches(page, engine, step)
    expect(magic(page).locator("[data-calc-verdict]")).to_have_text("Wind Walk: can be paid; 5 left.")
    # And Hailstorm (2 air): 4 + 2 of 9, 3 left.
    magic(page).locator('tr[data-spell="hailstorm"] button').click()
    step = {**roll, "cast": [{"spell": "wind-walk"}, {"spell": "hailstorm"}]}
    wait_magic(page, step)
    assert_magic_matches(page, engine, step)
    expect(magic(page).locator("[data-calc-verdict]")).to_have_text("Wind Walk and Hailstorm: can be paid; 3 left.")
    # Wind Walk twice and Hailstorm: 10 of 9, the engine's reason is shown (test_unaffordable_wish_list).
    times = magic(page).locator('[data-key="wish-times-0"]')
    times.fill("2")
    times.dispatch_event("change")
    step = {**roll, "cast": [{"spell": "wind-walk", "times": 2}, {"spell": "hailstorm"}]}
    wait_magic(page, step)
    want = assert_magic_matches(page, engine, step)
    expect(magic(page).locator("[data-calc-verdict]")).to_have_text("Cannot be paid: " + want["cast"]["why"])
    # Wind Walk, cast twice, may be combined on one target; Hailstorm, cast once, offers no such choice.
    expect(magic(page).locator('[data-key="wish-combined-0"]')).to_have_count(1)
    expect(magic(page).locator('[data-key="wish-combined-1"]')).to_have_count(0)
    # Remove Hailstorm: Wind Walk twice, 1 left.
    magic(page).locator('[data-key="wish-remove-1"]').click()
    step = {**roll, "cast": [{"spell": "wind-walk", "times": 2}]}
    wait_magic(page, step)
    assert_magic_matches(page, engine, step)
    expect(magic(page).locator("[data-calc-verdict]")).to_have_text("Wind Walk ×2: can be paid; 1 left.")
    # Combined on one target (Wind Walk is cumulative): the same 8 of 9, one copy of the spell per casting carried.
    magic(page).locator('[data-key="wish-combined-0"]').check()
    step = {**roll, "cast": [{"spell": "wind-walk", "times": 2, "combined": True}]}
    wait_magic(page, step)
    want = assert_magic_matches(page, engine, step)
    assert want["cast"]["carry"][0]["modifiers"] == [{"spell": "wind-walk"}] * 2
    expect(magic(page).locator("[data-calc-verdict]")).to_have_text("Wind Walk ×2 (combined): can be paid; 1 left.")
    # The address bar holds the wish list: opened again (after the roll without it), the same answer.
    link = page.url
    assert "#s=1." in link
    open_afresh(page, "calculator/?magic=" + quote(json.dumps({k: v for k, v in roll.items() if k != "roll"})))
    wait_magic(page, roll)
    open_afresh(page, "calculator/" + link.split("/calculator/", 1)[1])
    wait_magic(page, step)
    assert_magic_matches(page, engine, step)


def test_use_in_a_roll_applies_the_spells(calc: Page, engine: Engine):
    # v4.01d p.44: Wind Walk adds 4 maneuver results, Blizzard takes 3 melee results at its terrain:
    # each opens the roll it changes, Blizzard a melee roll (with Blizzard alone), unrolled.
    army = [{"die": "coral-elves/enchanter", "rolled": "4 magic"}, {"die": "firewalkers/sunflare", "rolled": "3 magic"}]
    roll = {"roll": "magic", "terrain": "coastland", "army": army,
            "cast": [{"spell": "wind-walk"}, {"spell": "blizzard"}], "seed": 0}
    page = calc
    open_afresh(page, "calculator/?magic=" + quote(json.dumps(roll)))
    wait_magic(page, roll)
    want = assert_magic_matches(page, engine, roll)
    mods = [m for c in want["cast"]["carry"] for m in c["modifiers"]]
    assert mods == [{"spell": "wind-walk"}, {"spell": "blizzard"}]
    expect(magic(page).locator("[data-calc-use-roll]")).to_have_count(2)
    magic(page).locator('[data-calc-use-roll="melee"]').click()
    page.wait_for_function("() => { const s = document.querySelector('[data-calc-results]'); "
                           "return s.dataset.state === 'resolved' && JSON.parse(s.dataset.input).roll === 'melee'; }",
                           timeout=ENGINE_TIMEOUT)
    melee = json.loads(page.locator("[data-calc-results]").get_attribute("data-input"))
    assert melee["modifiers"] == [{"spell": "blizzard"}]
    assert [u["die"] for u in melee["army"]] == [u["die"] for u in army] and all("rolled" not in u for u in melee["army"])
    expect(page.locator("[data-calc-roll]")).to_have_value("melee")
    expect(page.locator("[data-calc-modlist] > li")).to_have_count(1)
    expect(page.locator("[data-calc-modlist]")).to_contain_text("Blizzard")
    out = engine.resolve(melee)
    assert json.loads(page.locator("[data-calc-results]").get_attribute("data-totals")) == out["totals"]
    texts = page.eval_on_selector_all(".dd-calc-entries > li", "els => els.map((e) => e.dataset.text)")
    assert texts == [e["text"] for st in out["steps"] for e in st["entries"]]
    assert any("Blizzard" in t for t in texts)


@pytest.mark.parametrize("raw, words", [
    ('{"army": [{"die": "coral-elves/enchanter", "rolled": "4 magic"}], "cast": "<img src=x onerror=window.__pwned=1>"}',
     "This magic link could not be read (wish list: not a list of spells)"),
    ('{"army": [{"die": "coral-elves/enchanter", "rolled": "4 magic"}], "cast": [{"spell": "hailstorm", "times": 99}]}',
     "This magic link could not be read (wish list, spell 1: times out of range)"),
    ('{"army": "<script>window.__pwned=1</script>"}', "This magic link could not be read (army: not a list of dice)"),
    ('{"army": [', "This magic link could not be read"),
])
def test_tampered_magic_link_shows_words(calc: Page, raw: str, words: str):
    page = calc
    open_afresh(page, "calculator/?magic=" + quote(raw))
    message = page.locator("[data-calc-message]")
    expect(message).to_be_visible()
    expect(message).to_contain_text(words)
    expect(message).to_contain_text("The calculator starts empty.")
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#calculator img, #calculator script").count() == 0


def test_unknown_spell_in_a_magic_link_is_the_engines_error_as_text(calc: Page):
    evil = '<img src=x onerror="window.__pwned=1">'
    page = calc
    open_afresh(page, "calculator/?magic=" + quote(json.dumps(
        {"army": [{"die": "coral-elves/enchanter", "rolled": "4 magic"}], "cast": [{"spell": evil}]})))
    # The engine reads the link before the page uses it: its line, as text, in the link's message.
    message = page.locator("[data-calc-message]")
    expect(message).to_contain_text(f"This magic link could not be read (cast[0].spell: unknown spell '{evil}')",
                                    timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-units] > li")).to_have_count(0)
    expect(magic(page)).to_be_hidden()
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#calculator img").count() == 0


def test_reserve_area_checkbox_changes_the_castable_spells(calc: Page, engine: Engine):
    roll = {"roll": "magic", "army": [{"die": "coral-elves/enchanter", "rolled": "4 magic"}], "seed": 0}
    page = calc
    open_afresh(page, "calculator/?magic=" + quote(json.dumps(roll)))
    wait_magic(page, roll)
    away = assert_magic_matches(page, engine, roll)
    page.locator("[data-calc-reserve]").check()
    reserve = {**roll, "reserve": True}
    wait_magic(page, reserve)
    there = assert_magic_matches(page, engine, reserve)
    # test_reserve_area_spells: only Wind Walk, Watery Double and Resurrect Dead from the Reserve Area.
    assert [c["spell"] for c in there["castable"]] == ["wind-walk", "watery-double", "resurrect-dead"]
    assert [c["spell"] for c in away["castable"]] != [c["spell"] for c in there["castable"]]
    expect(page.locator("[data-calc-terrain]")).to_have_value("reserve")
    page.locator("[data-calc-reserve]").uncheck()
    wait_magic(page, roll)
    assert_magic_matches(page, engine, roll)


def test_combining_a_spell_not_known_to_be_cumulative_is_allowed_with_the_engines_warning(calc: Page, engine: Engine):
    # Hailstorm (2 air) twice from 9 air: 4 paid, 5 left; our sources do not mark it cumulative, so
    # combining it on one target is allowed with a warning in words (the engine's, shown as it is).
    roll = {"roll": "magic", "terrain": "coastland", "army": CORAL_AIR, "seed": 0,
            "cast": [{"spell": "hailstorm", "times": 2}]}
    page = calc
    open_afresh(page, "calculator/" + share_hash(roll))
    wait_magic(page, roll)
    box = magic(page).locator('[data-key="wish-combined-0"]')
    box.check()
    step = {**roll, "cast": [{"spell": "hailstorm", "times": 2, "combined": True}]}
    wait_magic(page, step)
    want = assert_magic_matches(page, engine, step)
    assert want["cast"]["ok"] and want["cast"]["left"] == 5
    assert want["cast"]["warnings"]
    for text in want["cast"]["warnings"]:
        expect(magic(page).locator(".dd-calc-warnings")).to_contain_text(text if isinstance(text, str) else text["text"])
