"""One page of every kind the site has, and the calculator in each of its modes with an answer
shown: what the accessibility, Content-Security-Policy and phone-target tests visit."""
from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import MARK_OLD, open_in_place

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine

PAGES = {
    "home": "./",
    "sai": "sai/rend/",
    "sai-list": "sai/",
    "spell": "spells/blizzard/",
    "species": "species/amazons/",
    "die": "dice/amazons/",
    "dice-list": "dice/",
    "die-page": "dice/amazons/war-chief/",
    "terrains": "terrains/",
    "dragons": "dragons/",
    "rules": "rules/x-values/",
    "glossary": "glossary/",
    "rulings": "rulings/",
    "army": "army/",
    "game": "game/",
    "open-data": "open-data/",
    "not-found": "no-such-page/",
    "search": "sai/",          # with the header's search box open on its results (open_kind)
}
SEARCH_QUERY = "charm"

# The calculator in each mode, opened by a link with this input; `wait_answer` waits for its answer.
ROLL = {"roll": "melee", "terrain": "highland", "seed": 0,
        "army": [{"die": "amazons/war-chief", "rolled": "4 melee"}, {"die": "amazons/warrior", "rolled": 1}]}
EXCHANGE = {"attack": "melee", "terrain": "highland", "seed": 0,
            "attacker": {"army": [{"die": "amazons/war-chief", "rolled": {"attack": "4 melee", "counter_save": "3 save"}}]},
            "defender": {"army": [{"die": "coral-elves/trooper", "rolled": {"save": "2 save", "counter": "3 melee"}}]}}
MAGIC = {"terrain": "coastland", "seed": 0, "army": [{"die": "coral-elves/enchanter", "rolled": "4 magic"}]}
MANEUVER = {"terrain": {"die": "coastland-tower", "face": 3}, "direction": "up", "seed": 0,
            "maneuvering": {"army": [{"die": "amazons/runner", "rolled": "2 maneuver"}]},
            "opposing": [{"army": [{"die": "coral-elves/trooper", "rolled": "id"}]}]}

# Five attackers against four defenders: the exchange's odds chart at its widest everyday size.
FIVE = ["amazons/war-chief", "amazons/warrior", "amazons/soldier", "amazons/runner", "amazons/envoy"]
FOUR = ["coral-elves/trooper", "coral-elves/guard", "coral-elves/protector", "coral-elves/fighter"]
FIVE_AGAINST_FOUR = {"attack": "melee", "terrain": "highland", "seed": 0,
                     "attacker": {"army": [{"die": d} for d in FIVE]},
                     "defender": {"army": [{"die": d} for d in FOUR]}}
# Two dragons attack an army (two of one colour: they do not fight each other, p.17): the army's
# damage can reach some 140, most of it a long tail of tiny chances.
DRAGONS = {"attack": "dragon", "terrain": "highland", "seed": 1,
           "attacker": {"dragons": [{"die": "red-drake"}, {"die": "red-drake"}]},
           "defender": {"army": [{"die": d} for d in FIVE[:4]]}}
ADVISE = {"terrain": {"die": "coastland-city", "face": 6, "controller": None, "home": False},
          "army": {"name": "alice.campaign", "army": [{"die": "amazons/warrior"}], "modifiers": [], "in_dua": {}},
          "opposing": [{"name": "bob.campaign", "army": [{"die": "amazons/soldier"}]}], "size": 24}
# The save roll a paid Hailstorm calls for (what "Roll for it" opens), with the spell's part shown.
SPELL_ROLL = {"roll": "save", "against": "magic", "spell": "hailstorm", "terrain": "coastland", "seed": 0,
              "army": [{"die": "coral-elves/enchanter"}, {"die": "coral-elves/conjurer"}]}
MODES = {
    "roll": "calculator/?roll=" + quote(json.dumps(ROLL)),
    "exchange": "calculator/?exchange=" + quote(json.dumps(EXCHANGE)),
    "exchange-odds": "calculator/?exchange=" + quote(json.dumps(FIVE_AGAINST_FOUR)),
    "dragon": "calculator/?exchange=" + quote(json.dumps(DRAGONS)),
    "magic": "calculator/?magic=" + quote(json.dumps(MAGIC)),
    "spell-roll": "calculator/?roll=" + quote(json.dumps(SPELL_ROLL)),
    "maneuver": "calculator/?maneuver=" + quote(json.dumps(MANEUVER)),
    "advise": "calculator/?advise=" + quote(json.dumps(ADVISE)),
}


# What each mode's answer is shown in, and the part that shows its chances (None: no chances).
SHOWN = {"roll": ("[data-calc-results]", "#chances"), "spell-roll": ("[data-calc-results]", "#chances"),
         "magic": ("[data-calc-magic]", None), "maneuver": ("[data-maneuver-results]", None),
         "exchange": ("[data-exchange-results]", "#exchange-odds"),
         "exchange-odds": ("[data-exchange-results]", "#exchange-odds"),
         "dragon": ("[data-exchange-results]", "#exchange-odds"), "advise": ("[data-advise-results]", None)}
LINKED = {"roll": ROLL, "spell-roll": SPELL_ROLL, "magic": MAGIC, "maneuver": MANEUVER, "exchange": EXCHANGE,
          "exchange-odds": FIVE_AGAINST_FOUR, "dragon": DRAGONS}


def first_die(data: dict) -> str:
    """The first die of an input's first army (each mode names its armies differently)."""
    for key in ("army", "attacker", "maneuvering"):
        if key in data:
            side = data[key]
            side = side if isinstance(side, list) else side.get("army") or side.get("dragons")
            return side[0]["die"]
    raise KeyError(data)


def wait_answer(page: Page, mode: str) -> None:
    """Wait until the calculator shows the engine's answer to this mode's input (and its chances)."""
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    answer, odds = SHOWN[mode]
    section = page.locator(answer)
    done = "done" if mode == "advise" else "resolved"
    expect(section).to_have_attribute("data-state", done, timeout=ENGINE_TIMEOUT)
    if mode in LINKED:
        sent = json.loads(section.get_attribute("data-input"))
        assert first_die(sent) == first_die(LINKED[mode]), sent
    if odds:
        expect(page.locator(odds)).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    if mode == "spell-roll":
        expect(page.locator("[data-calc-spell-roll]")).to_be_visible(timeout=ENGINE_TIMEOUT)


def open_kind(page: Page, kind: str) -> None:
    """Open one page kind (a key of PAGES or MODES) and wait until it shows what it is for. A calculator
    mode opened on the calculator page already shown is swapped in place: the engine starts once."""
    if kind in MODES:
        if "/calculator/" in page.url:
            page.evaluate(MARK_OLD)
        open_in_place(page, MODES[kind])
        wait_answer(page, kind)
        return
    page.goto(PAGES[kind])
    expect(page.locator("article h1")).to_be_visible()
    if kind == "search":
        open_search(page)


def open_search(page: Page) -> None:
    """The header's search box, opened (by its button on a phone) and showing its results."""
    opener = page.locator(".dd-search__open")
    if opener.is_visible():
        opener.click()
    box = page.locator(".dd-search__input")
    box.fill(SEARCH_QUERY)
    page.wait_for_function("q => document.querySelector('.dd-search').getAttribute('data-query') === q", arg=SEARCH_QUERY)
    expect(page.locator(".dd-search__result a").first).to_be_visible()


KINDS = [*PAGES, *MODES]
