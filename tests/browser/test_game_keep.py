"""The game page keeps what the players made (issue 52), in real Chromium at 390 px: damaged kept
games are set aside as they were and said in words while the page goes on working; two tabs on one
kept game never overwrite each other silently; a game link or file is read by the engine (its `read`
and `game`, as `python -m calculator game` reads it), so a refusal is the command line's own line,
a text that is no game at all said in the player's words first, and nothing kept is changed."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from calculator.core.errors import InputError
from calculator.core.jsontext import read_json
from tests.browser.expecting import expect
from tests.browser.kept import NOT_JSON, errors_of, open_by_history, put_text, second_tab, stored, swap_once
from tests.browser.test_game_page import (ENGINE_TIMEOUT, FORCES, PHONE, SETUP, fill_setup, play_maneuver, small_targets,
                                          start_game, wait_moves)

pytestmark = pytest.mark.shared_context

KEY = "dd-games"

# Kept games damaged by hand or by another program: not JSON at all; or entries each damaged in one
# way (a game whose setup is a text: not readable; a name that is an object and a move that is a number).
DAMAGED = {
    "not-json": NOT_JSON,
    "entries": json.dumps({"version": 1, "current": "b", "games": [
        {"id": "a", "name": "Old", "game": {"setup": "not a setup"}},
        {"id": "b", "name": {"first": "Alice"}, "game": {"setup": SETUP, "moves": [5]}}]}),
}


@pytest.mark.browser_context_args(**PHONE)
@pytest.mark.parametrize("name", list(DAMAGED))
def test_damaged_kept_games_are_set_aside_and_said_in_words(page: Page, name: str):
    errors = errors_of(page)
    put_text(page, "dd-army-forces", json.dumps(FORCES))
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, DAMAGED[name]])
    page.goto("game/")
    message = page.locator("[data-game-message]")
    expect(message).to_contain_text("damaged", timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("set aside")
    expect(message).to_be_in_viewport()
    # What could not be read is set aside as it was, not overwritten.
    assert stored(page, KEY + "-damaged") == DAMAGED[name]
    # The page works: a game (the one read, else a new one) is played and kept.
    if name == "not-json":
        expect(page.locator("#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
        fill_setup(page)
    else:
        wait_moves(page, 0)
        assert "[object Object]" not in page.locator("[data-game-pick]").inner_text()
    play_maneuver(page)
    assert [m["move"] for m in kept_game(page)["game"]["moves"]] == ["maneuver"]
    assert stored(page, KEY + "-damaged") == DAMAGED[name]
    assert not errors, errors


def kept_game(page: Page) -> dict:
    data = json.loads(stored(page, KEY))
    return next(g for g in data["games"] if g["id"] == data["current"])


@pytest.mark.browser_context_args(**PHONE)
def test_two_tabs_on_one_game_never_overwrite_each_other_silently(page: Page):
    errors = errors_of(page)
    start_game(page)
    other = second_tab(page, errors, "game/")
    wait_moves(other, 0)
    # The other tab makes a move and keeps it.
    play_maneuver(other)
    theirs = kept_game(page)["game"]["moves"]
    assert [m["move"] for m in theirs] == ["maneuver"]
    # This tab hears of it, in words, with a choice, on screen.
    clash = page.locator("[data-kept-clash]")
    expect(clash).to_contain_text("changed in another tab")
    expect(clash).to_be_in_viewport()
    assert small_targets(page) == []
    # A change made here meanwhile (a new name) does not overwrite the other tab's save.
    page.locator("[data-game-name]").fill("Mine")
    page.locator("[data-game-name]").press("Tab")
    assert kept_game(page)["name"] == "Alice against Bob"
    assert kept_game(page)["game"]["moves"] == theirs
    # The player chooses: keep this tab's game (no move, the new name).
    clash.get_by_role("button", name="Keep this tab's").click()
    expect(clash).to_be_hidden()
    assert kept_game(page)["name"] == "Mine" and kept_game(page)["game"]["moves"] == []
    # Now the other tab hears of it, and takes this tab's game.
    other_clash = other.locator("[data-kept-clash]")
    expect(other_clash).to_contain_text("changed in another tab")
    other_clash.get_by_role("button", name="Show the other tab's").click()
    wait_moves(other, 0)
    expect(other.locator("[data-game-name]")).to_have_value("Mine")
    # Once more the other tab keeps a move; this tab, its own change unanswered, starts a new game:
    # this tab's version is kept as an entry of its own, said beside the list of kept games.
    play_maneuver(other)
    expect(clash).to_contain_text("changed in another tab")
    page.locator("[data-game-name]").fill("Mine again")
    page.locator("[data-game-name]").press("Tab")
    page.locator("[data-game-new]").click()
    left = page.locator("[data-kept-left]")
    expect(left).to_have_text("This tab's changes to “Mine again” are kept as “Mine again (this tab)”.")
    expect(left).to_be_in_viewport()
    expect(clash).to_have_count(0)
    games = {g["name"]: g["game"]["moves"] for g in json.loads(stored(page, KEY))["games"]}
    assert games["Mine again (this tab)"] == []                              # this tab's: renamed, no move
    assert [m["move"] for m in games["Mine"]] == ["maneuver"]                # the other tab's, untouched
    assert not errors, errors



def refusal(engine: Engine, text: str) -> str:
    """The page's words for a text the engine refuses: the line `python -m calculator game` prints
    after "error: ", a text that is not JSON at all said first as what it means to the player."""
    with pytest.raises(InputError) as err:
        engine.game(read_json(text))
    line = str(err.value)
    return f"it is not a game from this site, or it is damaged ({line})" if err.value.field == "input" else line


REFUSED = {
    "not-json": "{the game: alice",
    "setup-text": '{"setup": "a setup"}',
    "moves-not-a-list": json.dumps({"setup": SETUP, "moves": {"move": "maneuver"}}),
    "given-twice": '{"setup": ' + json.dumps(SETUP) + ', "setup": {}}',
    "out-of-turn": json.dumps({"setup": SETUP, "moves": [{"move": "melee", "army": "bob.home", "target": "alice.home"}]}),
}


@pytest.mark.browser_context_args(**PHONE)
def test_game_links_are_read_by_the_engine_and_refused_in_its_words(page: Page, engine: Engine):
    # One game page, each link opened on it in place as Back or Forward brings one (read by the
    # page's openLink, as on a load; links opened with a page load: test_game_page.py's tampered
    # links): the page and its engine load once, not once a link. Its message is emptied before
    # each, so that the words waited for are this link's.
    errors = errors_of(page)
    message = page.locator("[data-game-message]")
    page.goto("game/")
    expect(page.locator("#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    swap_once(page, "#game", "gameBound", ENGINE_TIMEOUT)
    for text in REFUSED.values():
        page.evaluate("() => { const m = document.querySelector('[data-game-message]'); m.textContent = ''; m.hidden = true; }")
        open_by_history(page, "?game=" + quote(text))
        expect(message).to_have_text("This game link could not be used: " + refusal(engine, text) + ".", timeout=ENGINE_TIMEOUT)
        expect(message).to_be_in_viewport()
        assert stored(page, KEY) is None
    assert not errors, errors


@pytest.mark.browser_context_args(**PHONE)
def test_game_files_are_read_by_the_engine_and_refused_beside_the_import(page: Page, engine: Engine):
    errors = errors_of(page)
    start_game(page)
    before = stored(page, KEY)
    status = page.locator("[data-game-status]")
    files = {**{k: '{"name": "Imported", "game": ' + v + "}" for k, v in REFUSED.items()}, "bare": REFUSED["setup-text"]}
    for key, text in files.items():
        try:        # the file is read first (a key given twice is named inside it); then its game
            value = read_json(text)
            why = refusal(engine, json.dumps(value.get("game", value)))
        except InputError as err:
            why = f"it is not a game from this site, or it is damaged ({err})" if err.field == "input" else str(err)
        page.locator("[data-game-import]").scroll_into_view_if_needed()
        page.locator("[data-game-import]").set_input_files(files=[{"name": "game.json", "mimeType": "application/json",
                                                                   "buffer": text.encode()}])
        expect(status).to_have_text("This file could not be imported: " + why + ".", timeout=ENGINE_TIMEOUT)
        expect(status).to_be_in_viewport()
        assert stored(page, KEY) == before, key
    # A force's file is not a game: said so in words.
    page.locator("[data-game-import]").set_input_files(files=[{"name": "force.json", "mimeType": "application/json",
        "buffer": json.dumps({"name": "Alice", "force": FORCES["forces"][0]["force"]}).encode()}])
    expect(status).to_have_text("This file could not be imported: it is not a game (it has no setup).",
                                timeout=ENGINE_TIMEOUT)
    assert stored(page, KEY) == before
    assert not errors, errors


@pytest.mark.browser_context_args(**PHONE)
def test_a_deleted_game_comes_back_after_a_reload(page: Page):
    errors = errors_of(page)
    start_game(page)
    page.locator("[data-game-delete]").click()
    expect(page.locator("[data-game-setup]")).to_be_visible()
    assert json.loads(stored(page, KEY))["games"] == []
    page.reload()
    status = page.locator("[data-game-kept-status]")
    expect(status).to_contain_text("“Alice against Bob” is deleted.")
    expect(status).to_be_in_viewport()
    status.locator("[data-game-undelete]").click()
    wait_moves(page, 0)
    expect(status).to_contain_text("is back")
    assert [g["name"] for g in json.loads(stored(page, KEY))["games"]] == ["Alice against Bob"]
    assert not errors, errors
