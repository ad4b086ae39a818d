"""A game's move worked out in the calculator and brought back, in Chromium at phone width (390 px):
the first hand-worked game of tests/engine/game_cases.py (its maneuver, then its melee with the
counter-attack). From each move's form on /game/, "Work it out in the calculator" opens the
calculator's matching mode with the question the engine makes of the move (the armies, their
terrain and the faces picked, from the game's state); its "Use in the game" makes the move on
/game/. The kept game is then replayed by the engine in this process: the board is that answer's,
and it meets the case's hand-worked state (game_cases.py, p.11). Each wait is for THIS move's
answer (the calculator's section showing this input, the game board with this many moves)."""
from __future__ import annotations

import copy
import json

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import CANON_JS, canon
from tests.browser.test_game_sequences import (ENGINE_TIMEOUT, BY_ID, check, fill_form, phone_game_page, play, start,
                                               wait_game)

pytestmark = pytest.mark.shared_context

CASE = BY_ID["march-maneuver-melee-counter"]
SPELL = BY_ID["spell-changes-a-roll-then-ends"]
DRAGON = BY_ID["dragon-summoned-and-attacks"]
# Where each mode shows the input it answered, and the section that says it is resolved.
SECTION = {"maneuver": ("[data-maneuver-results]", "[data-maneuver-results]"),
           "exchange": ("[data-exchange-results]", "[data-exchange-results]"),
           "resolve": ("#calculator", "[data-calc-results]")}


def forces() -> dict:
    out = [{"id": f"{case['id']}-{p['name']}", "name": f"{case['id']} {p['name']}",
            "force": {"size": case["setup"]["size"], **{k: v for k, v in p.items() if k != "name"}}}
           for case in (CASE, SPELL, DRAGON) for p in case["setup"]["players"]]
    return {"version": 1, "current": out[0]["id"], "forces": out}


@pytest.fixture(scope="module")
def game_page(browser, site_url):
    yield from phone_game_page(browser, site_url, forces())


def as_kept(x, command: str):
    """The input as the calculator keeps it: a side without spells has no modifiers list; a single
    roll leaves out every empty part."""
    if isinstance(x, dict):
        return {k: as_kept(v, command) for k, v in x.items()
                if not (v in ([], {}) and (k == "modifiers" or command == "resolve"))}
    return [as_kept(v, command) for v in x] if isinstance(x, list) else x


def round_trip(page: Page, engine, case: dict, move: dict, n: int) -> dict:
    """The move's form filled in on /game/, worked out in the calculator, and used in the game."""
    form = fill_form(page, move, {})
    form.locator("[data-game-calc]").click()
    page.wait_for_url("**/calculator/**", timeout=ENGINE_TIMEOUT)
    asked = page.evaluate("() => JSON.parse(sessionStorage.getItem('dd-game-ask'))")
    kept = page.evaluate("() => { const k = JSON.parse(localStorage.getItem('dd-games'));"
                         " return k.games.find((g) => g.id === k.current).game; }")
    # The engine's question for the move the page asked about (its faces and seed): what the calculator shows.
    question = engine.game({**copy.deepcopy(kept), "calculator": asked["move"]})["calculator"]
    page.wait_for_function("([sel, done, want]) => { " + CANON_JS + """
        const s = document.querySelector(sel);
        const d = document.querySelector(done);
        return !!s && !!d && d.dataset.state === 'resolved' && !!s.dataset.input && canon(JSON.parse(s.dataset.input)) === want; }""",
                           arg=[*SECTION[question["command"]], canon(as_kept(question["input"], question["command"]))],
                           timeout=ENGINE_TIMEOUT)
    page.locator("[data-calc-game-use]").click()
    page.wait_for_url("**/game/", timeout=ENGINE_TIMEOUT)
    wait_game(page, case["setup"], n)
    return check(page, engine, case["setup"], {})


def test_a_maneuver_and_a_melee_worked_out_in_the_calculator(game_page: Page, engine):
    start(game_page, CASE["id"], CASE["setup"])
    maneuver, melee = CASE["moves"]
    game = round_trip(game_page, engine, CASE, maneuver, 1)
    # p.11: 1 + 2 maneuvers against 1 + 1: the frontier turns up 6 -> 7 (game_cases.py, its first case).
    assert game["moves"][0]["direction"] == "up"
    check(game_page, engine, CASE["setup"], {"terrains": {"frontier": {"face": 7, "controller": None}},
                                            "turn": {"phase": "first-march", "number": 1}})
    game = round_trip(game_page, engine, CASE, melee, 2)
    assert game["moves"][1]["casualties"] == melee["casualties"]
    check(game_page, engine, CASE["setup"], CASE["expect"])


def test_a_spell_worked_out_in_the_calculator(game_page: Page, engine):
    # p.44: the Seer's 2 magic pay for Stone Skin on alice's home army, until alice's turn 3 begins
    # (game_cases.py, spell-changes-a-roll-then-ends, after its first move).
    start(game_page, SPELL["id"], SPELL["setup"])
    game = round_trip(game_page, engine, SPELL, SPELL["moves"][0], 1)
    assert game["moves"][0]["cast"] == [{"spell": "stone-skin", "target": "alice.home"}]
    check(game_page, engine, SPELL["setup"], dict(SPELL["prefixes"])[1])


def test_a_dragon_attack_worked_out_in_the_calculator(game_page: Page, engine):
    # p.17: the Red Drake summoned to the frontier attacks bob's campaign army as bob's turn 2 begins:
    # Claws, 6 damage against 2 saves: both Thugs die (game_cases.py, dragon-summoned-and-attacks).
    start(game_page, DRAGON["id"], DRAGON["setup"])
    summon, end, attack = DRAGON["moves"]
    play(game_page, DRAGON["setup"], summon, 1, {})
    play(game_page, DRAGON["setup"], end, 2, {})
    round_trip(game_page, engine, DRAGON, attack, 3)
    check(game_page, engine, DRAGON["setup"], DRAGON["expect"])
