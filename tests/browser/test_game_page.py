"""The game page (/game/) in real Chromium at phone width (390 px): a game started from two forces kept
by the army builder, a maneuver and a melee made with the faces picked on the page, the board checked
against the command line's state for the same setup and moves, undo, a reload that keeps the game, a
refused move that says why beside its button, deleting a game that can be brought back, and tampered
?game= links answered in words without running anything. Every check waits for the engine's answer
to THIS game (the play section's data-input), never for a time."""
from __future__ import annotations

import base64
import functools
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.kept import put_text
from tests.browser.links import module_page
from tests.browser.offline_wait import WAIT_FOR_CONTROL
from tests.browser.origin import guarded_context
from tests.browser.test_accessibility import violations
from tests.browser.test_phone_targets import MIN, SMALL_TARGETS

pytestmark = pytest.mark.shared_context

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

ALICE = {"size": 24, "terrains": {"home": "highland-tower", "frontier": "coastland-city"},
         "armies": {"home": ["amazons/seer"], "horde": ["amazons/soldier"], "campaign": ["amazons/warrior", "amazons/runner"]},
         "summoning_pool": ["red-drake"]}
BOB = {"size": 24, "terrains": {"home": "swampland-temple", "frontier": "flatland-castle"},
       "armies": {"home": ["coral-elves/trooper"], "horde": ["coral-elves/fighter"], "campaign": ["coral-elves/archer"]},
       "summoning_pool": ["blue-drake"]}
FORCES = {"version": 1, "current": "fa",
          "forces": [{"id": "fa", "name": "Alice", "force": ALICE}, {"id": "fb", "name": "Bob", "force": BOB}]}


def player(name: str, force: dict) -> dict:
    return {"name": name, **{k: v for k, v in force.items() if k != "size"}}


# The same game written by hand: what the page's clicks below make (the faces by their words).
SETUP = {"size": 24, "frontier": "alice", "first": "alice", "faces": {"alice": 2, "bob": 3, "frontier": 5},
         "players": [player("alice", ALICE), player("bob", BOB)]}
MANEUVER = {"move": "maneuver", "army": "alice.campaign", "direction": "up",
            "faces": {"alice.campaign.1": "3 maneuver", "alice.campaign.2": "2 maneuver", "bob.campaign.1": "2 melee"}}
MELEE = {"move": "melee", "army": "alice.campaign", "target": "bob.campaign", "counter_attack": True,
         "faces": {"alice.campaign.1": {"attack": "3 melee"}, "alice.campaign.2": {"attack": "1 melee"},
                   "bob.campaign.1": {"save": "2 id"}}}

BOARD_JS = """() => {
  const ids = (root, sel) => [...root.querySelectorAll(sel || 'li[data-die]')].map((li) => li.dataset.die).sort();
  const out = { terrains: {}, armies: {}, players: {} };
  document.querySelectorAll('[data-game-terrain]').forEach((t) => {
    const d = t.querySelector('[data-game-dragons]');
    out.terrains[t.dataset.gameTerrain] = { face: Number(t.dataset.face), controller: t.dataset.controller || null,
      dragons: d ? ids(d) : [] };
  });
  document.querySelectorAll('[data-game-army]').forEach((a) => {
    out.armies[a.dataset.gameArmy] = { terrain: a.dataset.terrain, dice: ids(a) };
  });
  document.querySelectorAll('[data-game-area]').forEach((a) => {
    const [p, k] = a.dataset.gameArea.split('.');
    (out.players[p] = out.players[p] || {})[k] = ids(a);
  });
  const t = document.querySelector('[data-turn]');
  out.turn = { number: Number(t.dataset.turn), player: t.dataset.player, phase: t.dataset.phase };
  return out;
}"""


def cli_state(moves: list[dict]) -> dict:
    """The command line's state for SETUP and these moves (python -m calculator game -)."""
    return cli_answer(moves)["state"]


def cli_answer(moves: list[dict]) -> dict:
    """The command line's whole answer for SETUP and these moves."""
    return json.loads(_cli_answer(json.dumps({"setup": SETUP, "moves": moves})))


@functools.lru_cache(maxsize=None)
def _cli_answer(game: str) -> str:
    """Asked once per game: the same game gives the same answer (a fresh copy is read each time)."""
    run = subprocess.run([sys.executable, "-m", "calculator", "game", "-"], input=game,
                         capture_output=True, text=True, cwd=ROOT, check=True, timeout=120)
    return run.stdout


def board_of(state: dict) -> dict:
    """What the board shows of a state: the armies at terrains, each terrain, each play area, the turn."""
    return {
        "terrains": {t: {"face": v["face"], "controller": v["controller"], "dragons": sorted(v["dragons"])}
                     for t, v in state["terrains"].items()},
        "armies": {a: {"terrain": v["terrain"], "dice": sorted(v["dice"])} for a, v in state["armies"].items()
                   if v["dice"] and v["terrain"] in state["terrains"]},
        "players": {p: {k: sorted(v[k]) for k in ("dua", "bua", "reserve", "pool")} for p, v in state["players"].items()},
        "turn": {k: state["turn"][k] for k in ("number", "player", "phase")},
    }


def wait_moves(page: Page, n: int) -> None:
    """Wait until the board shows the engine's answer to the kept game with n moves."""
    page.wait_for_function("""(n) => { const s = document.querySelector('[data-game-play]');
        return !!s && !s.hidden && s.dataset.state === 'resolved' && JSON.parse(s.dataset.input).moves.length === n; }""",
                           arg=n, timeout=ENGINE_TIMEOUT)


def play_maneuver(page: Page) -> None:
    """MANEUVER, clicked: alice's Campaign army turns the frontier up (3 + 2) against bob's 2 Melee."""
    page.locator('[data-open-move="maneuver"][data-army="alice.campaign"]').click()
    pick_face(page, "alice.campaign.1", "3 Maneuver")
    pick_face(page, "alice.campaign.2", "2 Maneuver")
    pick_face(page, "bob.campaign.1", "2 Melee")
    page.locator("[data-game-submit]").click()
    wait_moves(page, 1)


def pick_face(page: Page, die: str, label: str, roll: str = "") -> None:
    sel = f'select[data-face-of="{die}"]' + (f'[data-roll="{die}-{roll}"]' if roll else "")
    page.locator(sel).select_option(label=label)


def start_game(page: Page) -> None:
    """Alice's and Bob's forces kept as the army builder keeps them (put there from a page that keeps
    nothing, kept.put_text: the game page is opened once, its engine started once), and SETUP started."""
    put_text(page, "dd-army-forces", json.dumps(FORCES))
    page.goto("game/")
    expect(page.locator("#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    fill_setup(page)


def open_game_link(page: Page, link: str) -> None:
    """Open ``link`` ("game/?game=...") with a page load. (Read in place through the page's popstate
    listener, as Back brings a link, the theme's instant navigation also answers the synthetic event
    and swaps a fresh page in: a race that failed about 1 run in 8 on a loaded machine.)"""
    assert link.startswith("game/"), link
    page.goto(link)


@pytest.fixture(scope="module")
def linked(browser, site_url):
    """One game page for the tampered links (links.module_page): each loaded on it in turn."""
    yield from module_page(browser, site_url)


@pytest.fixture(scope="module")
def started(browser, site_url):
    """One game page with SETUP started, for the tampered files: each imported on it in turn."""
    for page in module_page(browser, site_url):
        start_game(page)
        yield page


@pytest.fixture(scope="module")
def in_play(browser, site_url):
    """One phone-sized game page with SETUP started, for the tests that make no move on it (a refused
    move, a game deleted and brought back, axe in each scheme in turn; axe is injected as a script of
    its own: the page's policy is bypassed)."""
    for page in module_page(browser, site_url, bypass_csp=True, **PHONE):
        start_game(page)
        yield page


def fill_setup(page: Page, faces: bool = True) -> None:
    """SETUP, picked in the setup form shown (Alice's and Bob's forces kept), and the game started;
    without ``faces``, the starting faces are left empty (the engine rolls them)."""
    expect(page.locator("[data-game-setup]")).to_be_visible()
    page.locator('[data-setup-force="1"]').select_option(label="Bob")
    for i, name in ((0, "alice"), (1, "bob")):
        box = page.locator(f'[data-setup-name="{i}"]')
        box.fill(name)
        box.press("Tab")
    page.locator("[data-setup-frontier]").select_option(label="alice’s proposal: Coastland City")
    page.locator("[data-setup-first]").select_option(label="alice")
    for key, face in (("a", "2"), ("b", "3"), ("frontier", "5")) if faces else ():
        page.locator(f'[data-setup-face="{key}"]').fill(face)
    page.locator("[data-game-start]").click()
    wait_moves(page, 0)


@pytest.mark.browser_context_args(**PHONE)
def test_starting_faces_left_empty_are_rolled_for_the_players(page: Page):
    # The boxes left empty go to the engine as null, with a seed: it rolls those dice (p.8), and the
    # board shows the faces the command line gives for the same setup.
    put_text(page, "dd-army-forces", json.dumps(FORCES))
    page.goto("game/")
    expect(page.locator("#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    fill_setup(page, faces=False)
    sent = json.loads(page.locator("[data-game-play]").get_attribute("data-input"))
    assert sent["setup"]["faces"] == {"alice": None, "bob": None, "frontier": None}
    assert isinstance(sent["setup"]["seed"], int)
    state = json.loads(_cli_answer(json.dumps(sent)))["state"]
    assert all(1 <= t["face"] <= 6 for t in state["terrains"].values())
    assert page.evaluate(BOARD_JS) == board_of(state)


@pytest.mark.browser_context_args(**PHONE)
def test_play_a_maneuver_and_a_melee_then_undo_and_reload(page: Page):
    start_game(page)
    sent = json.loads(page.locator("[data-game-play]").get_attribute("data-input"))
    assert sent["setup"] == SETUP
    assert page.evaluate(BOARD_JS) == board_of(cli_state([]))

    # The maneuver: alice's Campaign army turns the frontier up, bob's counter-maneuvers.
    play_maneuver(page)
    assert page.evaluate(BOARD_JS) == board_of(cli_state([MANEUVER]))

    # The melee at bob's Campaign army, every face picked.
    page.locator('[data-open-move="melee"][data-army="alice.campaign"][data-target="bob.campaign"]').click()
    pick_face(page, "alice.campaign.1", "3 Melee", "attack")
    pick_face(page, "alice.campaign.2", "1 Melee", "attack")
    pick_face(page, "bob.campaign.1", "2 ID", "save")
    page.locator("[data-game-submit]").click()
    wait_moves(page, 2)
    after = cli_state([MANEUVER, MELEE])
    assert page.evaluate(BOARD_JS) == board_of(after)
    # What the melee did, shown at once: the move as the list of moves made names it, then the
    # engine's words for each packet of damage (4 melee against the Archer's 2 ID as saves).
    last = page.locator("[data-game-last]")
    named = page.locator("[data-game-log] li").last.text_content()
    expect(last.locator("p")).to_have_text(f"Last move: {named}.")
    damage = [d["text"] for d in cli_answer([MANEUVER, MELEE])["log"][-1]["answer"]["damage"]]
    assert damage and last.locator("li").all_text_contents() == damage
    moves = json.loads(page.locator("[data-game-play]").get_attribute("data-input"))["moves"]
    assert [(m["move"], m.get("army"), m.get("target")) for m in moves] == [
        ("maneuver", "alice.campaign", None), ("melee", "alice.campaign", "bob.campaign")]

    # Undo drops the melee: the board is the state after the maneuver again; redo brings it back.
    page.locator("[data-game-undo]").click()
    wait_moves(page, 1)
    assert page.evaluate(BOARD_JS) == board_of(cli_state([MANEUVER]))
    # Undone, the last move is the maneuver again, told by the engine's reason.
    expect(last.locator("li")).to_have_text([cli_answer([MANEUVER])["log"][-1]["answer"]["why"]])
    page.locator("[data-game-redo]").click()
    wait_moves(page, 2)
    assert page.evaluate(BOARD_JS) == board_of(after)
    page.locator("[data-game-undo]").click()
    wait_moves(page, 1)

    # Kept on the device: a reload shows the same game, undone move and all.
    page.reload()
    wait_moves(page, 1)
    assert page.evaluate(BOARD_JS) == board_of(cli_state([MANEUVER]))
    expect(page.locator("[data-game-pick] option:checked")).to_have_text("Alice against Bob")


def test_share_link_and_file_carry_the_whole_game(browser, site_url, tmp_path):
    # The game after the maneuver, opened from its share link in a fresh browser (nothing kept there)
    # and from its exported file: the same board as the command line's state for SETUP + MANEUVER.
    foreign: list[str] = []
    errors: list[str] = []
    page = guarded_context(browser, site_url, foreign, **PHONE).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(60_000)
    start_game(page)
    play_maneuver(page)
    want = board_of(cli_state([MANEUVER]))
    page.locator("[data-game-share]").click()
    link = page.locator("[data-game-link]").input_value()
    with page.expect_download() as got:
        page.locator("[data-game-export]").click()
    path = tmp_path / "game.json"
    got.value.save_as(path)

    other = guarded_context(browser, site_url, foreign, **PHONE).new_page()
    other.on("pageerror", lambda e: errors.append(str(e)))
    other.set_default_timeout(60_000)
    other.goto(link)
    wait_moves(other, 1)
    assert other.evaluate(BOARD_JS) == want
    expect(other.locator("[data-game-pick] option:checked")).to_have_text("Alice against Bob")
    other.wait_for_function("() => !location.search.includes('game=')")    # a reload shows the kept game

    third = guarded_context(browser, site_url, foreign, **PHONE).new_page()
    third.set_default_timeout(60_000)
    third.goto("game/")
    expect(third.locator("#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    third.locator("[data-game-import]").set_input_files(str(path))
    wait_moves(third, 1)
    assert third.evaluate(BOARD_JS) == want
    assert not errors and not foreign



def test_kept_game_opens_offline(browser, site_url):
    # Once the page's offline copy is kept, a kept game is replayed with the network gone.
    foreign: list[str] = []
    context = guarded_context(browser, site_url, foreign, service_workers="allow", **PHONE)
    page = context.new_page()
    page.set_default_timeout(60_000)
    start_game(page)
    expect(page.locator("#game")).to_have_attribute("data-engine-saved", "yes", timeout=ENGINE_TIMEOUT)
    page.evaluate(WAIT_FOR_CONTROL)
    context.set_offline(True)
    page.reload()
    wait_moves(page, 0)
    assert page.evaluate(BOARD_JS) == board_of(cli_state([]))
    assert page.evaluate("navigator.onLine") is False
    context.close()
    assert not foreign


def test_a_refused_move_says_why_beside_its_button(in_play: Page):
    page = in_play
    wait_moves(page, 0)
    page.locator('[data-open-move="edit"]').click()
    form = page.locator('[data-game-move-form="edit"]')
    form.locator('input[name="dd-game-edit"][value="terrain"]').check()
    form.locator('[data-field="terrain"]').select_option("frontier")
    form.locator('[data-field="face"]').fill("9")
    form.locator('[data-field="reason"]').fill("a test")
    form.locator("[data-game-submit]").click()
    why = form.locator("[data-game-refused]")
    expect(why).to_have_attribute("data-state", "refused", timeout=ENGINE_TIMEOUT)
    text = why.text_content()
    assert text.startswith("Not allowed: ") and "9" in text, text
    assert "moves[" not in text and "error" not in text, text     # the field path is left out
    # Nothing was kept: the game still has no move.
    assert json.loads(page.locator("[data-game-play]").get_attribute("data-input"))["moves"] == []


def test_a_deleted_game_can_be_brought_back(in_play: Page):
    page = in_play
    wait_moves(page, 0)
    page.locator("[data-game-delete]").click()
    expect(page.locator("[data-game-setup]")).to_be_visible()
    status = page.locator("[data-game-kept-status]")
    expect(status).to_contain_text("is deleted")
    status.locator("[data-game-undelete]").click()
    wait_moves(page, 0)
    expect(page.locator("[data-game-pick] option:checked")).to_have_text("Alice against Bob")


def b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


TAMPERED = [
    "game/?game=1.%25%25%25",                                            # not base64
    "game/?game=" + quote('{"setup": "<img src=x onerror=window.__pwned=1>"}'),   # not a setup
    "game/?game=" + quote(json.dumps({"setup": {**SETUP, "players": [player("<script>window.__pwned=1</script>", ALICE),
                                                                       player("bob", BOB)]}, "moves": []})),
    "game/?game=1." + b64(json.dumps({"setup": SETUP, "moves": [{"move": "melee", "army": "bob.home", "target": "alice.home"}]})),
]


@pytest.mark.parametrize("link", TAMPERED)
def test_a_tampered_link_is_answered_in_words(linked: Page, link: str):
    page = linked
    open_game_link(page, link)
    message = page.locator("[data-game-message]")
    expect(message).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("could not be", timeout=ENGINE_TIMEOUT)
    text = message.text_content()
    assert "Traceback" not in text and "internal error" not in text, text
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#game img, #game script").count() == 0


def small_targets(page: Page) -> list[str]:
    """The game's controls under 44 px. A link preview the pointer opened (it may rest on a rule link
    of the form drawn under the button it clicked) is the site's card, not the game's: left out."""
    page.evaluate("() => document.querySelectorAll('.dd-preview').forEach((card) => card.setAttribute('hidden', ''))")
    return page.evaluate(SMALL_TARGETS, MIN)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_game_in_play_has_no_serious_violation_and_big_targets(in_play: Page, scheme: str):
    page = in_play
    page.emulate_media(color_scheme=scheme)
    page.locator('[data-open-move="maneuver"][data-army="alice.campaign"]').click()
    expect(page.locator('[data-game-move-form="maneuver"]')).to_be_visible()
    assert violations(page) == []
    assert small_targets(page) == []
    page.locator('[data-open-move="magic"][data-army="alice.home"]').click()
    expect(page.locator('[data-game-move-form="magic"]')).to_be_visible()
    assert violations(page) == []
    assert small_targets(page) == []
    # "Import a file" (a label around its hidden file input) has its words in its middle, as a button.
    off = page.locator("label.dd-army-import").evaluate("""(label) => { const box = label.getBoundingClientRect();
        const range = document.createRange(); range.selectNodeContents(label.firstChild); const words = range.getBoundingClientRect();
        return Math.abs((words.top + words.bottom) / 2 - (box.top + box.bottom) / 2); }""")
    assert off <= 2, off


TAMPERED_FILES = [
    b"\x89PNG not a game at all",                                              # not JSON
    b'{"setup": "<img src=x onerror=window.__pwned=1>"}',                      # not a game
    json.dumps({"setup": {**SETUP, "players": [player("<script>window.__pwned=1</script>", ALICE),
                                               player("bob", BOB)]}, "moves": []}).encode(),
    json.dumps({"setup": SETUP, "moves": [{"move": "melee", "army": "bob.home", "target": "alice.home"}]}).encode(),
]


@pytest.mark.parametrize("content", TAMPERED_FILES)
def test_a_tampered_file_is_answered_in_words_and_keeps_what_was_kept(started: Page, content: bytes):
    """A game file that is not one, or whose game the rules refuse (a melee by the player who is not
    marching), is answered in words beside the import; no script runs and the kept games stay.
    The files are imported in turn on one page with the game started (`started`)."""
    page = started
    kept = page.evaluate("() => localStorage.getItem('dd-games')")
    assert kept and json.loads(kept)["games"]
    page.evaluate("() => { document.querySelector('[data-game-status]').textContent = ''; }")   # an earlier file's words
    page.locator("[data-game-import]").set_input_files(files=[{"name": "game.json", "mimeType": "application/json",
                                                               "buffer": content}])
    message = page.locator("[data-game-status]")       # beside the import, where the player is
    expect(message).to_contain_text("could not be", timeout=ENGINE_TIMEOUT)
    text = message.text_content()
    assert "Traceback" not in text and "internal error" not in text, text
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#game img, #game script").count() == 0
    assert page.evaluate("() => localStorage.getItem('dd-games')") == kept
