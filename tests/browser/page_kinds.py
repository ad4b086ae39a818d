"""One page of every kind the site has, and the calculator in each of its modes with an answer
shown: what the accessibility, Content-Security-Policy and phone-target tests visit."""
from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page, expect

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine

PAGES = {
    "home": "./",
    "sai": "sai/rend/",
    "sai-list": "sai/",
    "spell": "spells/blizzard/",
    "species": "species/amazons/",
    "die": "dice/amazons/",
    "dice-list": "dice/",
    "rules": "rules/x-values/",
    "glossary": "glossary/",
    "rulings": "rulings/",
    "army": "army/",
    "game": "game/",
}

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
MODES = {
    "roll": "calculator/?roll=" + quote(json.dumps(ROLL)),
    "exchange": "calculator/?exchange=" + quote(json.dumps(EXCHANGE)),
    "magic": "calculator/?magic=" + quote(json.dumps(MAGIC)),
    "maneuver": "calculator/?maneuver=" + quote(json.dumps(MANEUVER)),
}


def wait_answer(page: Page, mode: str) -> None:
    """Wait until the calculator shows the engine's answer to this mode's input (and its chances)."""
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    if mode == "exchange":
        section = page.locator("[data-exchange-results]")
        expect(section).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
        sent = json.loads(section.get_attribute("data-input"))
        assert sent["attacker"]["army"][0]["die"] == "amazons/war-chief", sent
        expect(page.locator("#exchange-odds")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
        return
    if mode == "maneuver":
        section = page.locator("[data-maneuver-results]")
        expect(section).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
        sent = json.loads(section.get_attribute("data-input"))
        assert sent["maneuvering"]["army"][0]["die"] == "amazons/runner", sent
        return
    section = page.locator("[data-calc-magic]" if mode == "magic" else "[data-calc-results]")
    expect(section).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    sent = json.loads(section.get_attribute("data-input"))
    want = MAGIC if mode == "magic" else ROLL
    assert [u["die"] for u in sent["army"]] == [u["die"] for u in want["army"]], sent
    if mode == "roll":
        expect(page.locator("#chances")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)


def open_kind(page: Page, kind: str) -> None:
    """Open one page kind (a key of PAGES or MODES) and wait until it shows what it is for."""
    if kind in MODES:
        page.goto(MODES[kind])
        wait_answer(page, kind)
    else:
        page.goto(PAGES[kind])
        expect(page.locator("article h1")).to_be_visible()


KINDS = [*PAGES, *MODES]
