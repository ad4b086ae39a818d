"""The hand-worked games of tests/engine/game_cases.py clicked through on /game/ in Chromium at phone
width (390 px), as a player plays them: the two forces kept by the army builder, the setup form, each
move's button among the moves open now and its form (the faces picked from each die's faces, the
spell and its target, the dice and where they go), one browser page for every sequence, each one
begun with the page's own "New game". At the end of each, the game the page keeps (its setup and
moves) is replayed by the engine in this process: the board the page shows (terrains, armies, play
areas, spells in force, turn, winner, the moves open) is that answer's, and the answer meets the
case's own hand-worked expectation (game_cases.py, with the rulebook pages cited there). Each wait
is for THIS move's answer: the kept game with this setup and this many moves, drawn."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

from tests.browser.expecting import expect
from tests.browser.kept import put_text
from tests.browser.origin import guarded_context
from tests.browser.test_game_page import board_of as state_board
from tests.engine.game_cases import CASES, REFUSED, state_matches

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# The sequences clicked: a march with maneuver, melee and counter-attack; missiles at another
# terrain; a spell that changes a roll and ends; an eighth face captured and its doubled IDs; a
# terrain captured and a win; Foul Stench's cap at 36 points; a Deadlands; a dragon summoned and its
# attack; a reserves move; the Tower at a Reserve army; an army out-maneuvered from its eighth face.
CLICKED = ["march-maneuver-melee-counter", "missile-at-another-terrain", "missile-from-the-frontier-at-a-horde",
           "spell-changes-a-roll-then-ends", "eighth-face-doubles-ids", "two-eighth-faces-win",
           "last-units-killed-win", "foul-stench-cap-36-points", "deadlands-counts-in-the-dua",
           "dragon-summoned-and-attacks", "reserves-retreat-then-reinforce", "tower-shoots-a-reserve-army",
           "out-maneuvered-from-the-eighth-face", "terrain-spell-changes-every-roll-there"]
BY_ID = {c["id"]: c for c in CASES}
REFUSED_BY_ID = {c["id"]: c for c in REFUSED}


def forces() -> dict[str, Any]:
    """Every player's force of the clicked cases, kept as the army builder keeps them."""
    out = []
    for cid in CLICKED + ["magic-does-not-pay"]:
        case = BY_ID.get(cid) or REFUSED_BY_ID[cid]
        for p in case["setup"]["players"]:
            force = {"size": case["setup"]["size"], **{k: v for k, v in p.items() if k != "name"}}
            out.append({"id": f"{cid}-{p['name']}", "name": f"{cid} {p['name']}", "force": force})
    return {"version": 1, "current": out[0]["id"], "forces": out}


CANON_JS = """(x) => { const c = (v) => Array.isArray(v) ? v.map(c) : v && typeof v === 'object'
  ? Object.keys(v).sort().reduce((o, k) => { o[k] = c(v[k]); return o; }, {}) : v; return JSON.stringify(c(x)); }"""


def canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def wait_game(page: Page, setup: dict, n: int) -> None:
    """Wait until the board is drawn from the engine's answer to the kept game of this setup with n moves."""
    page.wait_for_function("""([setup, n]) => { const canon = %s;
        const s = document.querySelector('[data-game-play]');
        if (!s || s.hidden || s.dataset.state !== 'resolved' || !s.dataset.input) return false;
        const game = JSON.parse(s.dataset.input);
        return game.moves.length === n && canon(game.setup) === setup; }""" % CANON_JS,
                           arg=[canon(setup), n], timeout=ENGINE_TIMEOUT)


BOARD_JS = """() => {
  const ids = (root) => [...root.querySelectorAll('li[data-die]')].map((li) => li.dataset.die).sort();
  const out = { terrains: {}, armies: {}, players: {} };
  document.querySelectorAll('[data-game-terrain]').forEach((t) => {
    const d = t.querySelector('[data-game-dragons]');
    out.terrains[t.dataset.gameTerrain] = { face: Number(t.dataset.face), controller: t.dataset.controller || null,
      dragons: d ? ids(d) : [] };
  });
  document.querySelectorAll('[data-game-army]').forEach((a) => { out.armies[a.dataset.gameArmy] = { terrain: a.dataset.terrain, dice: ids(a) }; });
  document.querySelectorAll('[data-game-area]').forEach((a) => {
    const [p, k] = a.dataset.gameArea.split('.');
    (out.players[p] = out.players[p] || {})[k] = ids(a);
  });
  const t = document.querySelector('[data-turn]');
  out.turn = { number: Number(t.dataset.turn), player: t.dataset.player, phase: t.dataset.phase };
  out.effects = [...document.querySelectorAll('[data-effect]')].map((e) => [e.dataset.effect, Number(e.dataset.expires)]).sort();
  const w = document.querySelector('[data-game-winner]');
  out.winner = w ? w.dataset.gameWinner : null;
  out.open = [...document.querySelectorAll('[data-open-move]')].map((b) => [b.dataset.openMove, b.dataset.army || null,
    b.dataset.target || null, b.dataset.terrain || null, b.dataset.step || null].join('|')).sort();
  return out;
}"""


def board_of(answer: dict) -> dict:
    """What the board shows of the engine's answer: the state's board (as test_game_page reads it),
    the spells in force, the winner and the open moves."""
    state = answer["state"]
    return {**state_board(state), "effects": sorted([e["spell"], e["expires"]] for e in state["effects"]),
            "winner": state["winner"],
            "open": sorted("|".join(m.get(k) or "" for k in ("move", "army", "target", "terrain", "step"))
                           for m in answer["open"])}


def phone_game_page(browser, site_url, kept_forces: dict[str, Any]):
    """One phone-sized /game/ page with these forces kept as the army builder keeps them, the engine
    ready; no request leaves the site and no script error happens while it is used."""
    foreign: list[str] = []
    errors: list[str] = []
    context = guarded_context(browser, site_url, foreign, **PHONE)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(60_000)
    put_text(page, "dd-army-forces", json.dumps(kept_forces))      # from a page that keeps nothing: one game page load
    page.goto("game/")
    expect(page.locator("#game")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    yield page
    context.close()
    assert not foreign, foreign
    assert not errors, errors


@pytest.fixture(scope="module")
def game_page(browser, site_url):
    """One phone-sized page for every sequence, with the cases' forces kept by the army builder."""
    yield from phone_game_page(browser, site_url, forces())


def start(page: Page, cid: str, setup: dict) -> None:
    """The page's "New game", then the setup form filled in from the two kept forces."""
    page.locator("[data-game-new]").click()
    box = page.locator("[data-game-setup]")
    expect(box).to_be_visible()
    for i, p in enumerate(setup["players"]):
        box.locator(f'[data-setup-force="{i}"]').select_option(label=f"{cid} {p['name']}")
        name = box.locator(f'[data-setup-name="{i}"]')
        name.fill(p["name"])
        name.press("Tab")
    box.locator("[data-setup-size]").fill(str(setup["size"]))
    box.locator("[data-setup-frontier]").select_option(index=[p["name"] for p in setup["players"]].index(setup["frontier"]))
    box.locator("[data-setup-first]").select_option(label=setup["first"])
    for key, owner in (("a", setup["players"][0]["name"]), ("b", setup["players"][1]["name"]), ("frontier", "frontier")):
        box.locator(f'[data-setup-face="{key}"]').fill(str(setup["faces"][owner]))
    box.locator("[data-game-start]").click()
    wait_game(page, setup, 0)


def face_list(move: dict, form: Locator) -> list[tuple[str, str | None, str]]:
    """A move's faces as (die, roll or None for the die's first roll, face word)."""
    out = []
    for key, val in (move.get("faces") or {}).items():
        if isinstance(val, list) and key.split(".")[1] in ("home", "horde", "campaign"):   # by position: setup order
            dice = [f"{key}.{i + 1}" for i in range(len(val))]
        elif isinstance(val, list):    # a Reserve army: the dice its form lists
            shown = form.locator(f'[data-faces-of="{key}"] select[data-face-of]').evaluate_all("(s) => s.map((x) => x.dataset.faceOf)")
            dice = list(dict.fromkeys(shown))[:len(val)]
        else:
            dice, val = [key], [val]
        for die, face in zip(dice, val):
            if isinstance(face, dict):
                out.extend((die, roll, str(f)) for roll, f in face.items())
            else:
                out.append((die, None, str(face)))
    return out


def pick_face(form: Locator, die: str, roll: str | None, word: str) -> None:
    """Pick the face of this die (in this roll) whose words are the case's ("1 maneuver", "id")."""
    sel = form.locator(f'select[data-face-of="{die}"]' + (f'[data-roll="{die}-{roll}"]' if roll else "")).first
    value = sel.evaluate("""(s, w) => { const o = [...s.options].find((o) => { const t = o.text.toLowerCase();
        return o.value && (t === w || t === '1 ' + w); }); return o ? o.value : null; }""", word.lower())
    assert value, (die, roll, word)
    sel.select_option(value)


def open_button(page: Page, move: dict) -> Locator:
    sel = f'[data-open-move="{move["move"]}"]'
    for key in ("army", "target", "terrain", "step"):
        if move.get(key) and move["move"] != "edit":      # an edit's fields are its form's
            sel += f'[data-{key}="{move[key]}"]'
    return page.locator(sel)


def fill_form(page: Page, move: dict, faces: dict[str, dict[str, int]]) -> Locator:
    """Click the move's button and fill in its form as the case's move says; the form."""
    open_button(page, move).click()
    form = page.locator(f'[data-game-move-form="{move["move"]}"]')
    expect(form).to_be_visible()
    kind = move["move"]
    if kind == "maneuver":
        form.locator(f'input[name="dd-game-direction"][value="{move["direction"]}"]').check()
        if move.get("opposed_by") == []:
            for box in form.locator('[data-checks="opposed"] input').all():
                box.uncheck()
    elif kind == "edit" and "terrain" in move:
        form.locator('input[name="dd-game-edit"][value="terrain"]').check()
        form.locator('[data-field="terrain"]').select_option(move["terrain"])
        form.locator('[data-field="face"]').fill(str(move["face"]))
    elif kind == "edit":
        for die in move["dice"]:
            form.locator(f'[data-checks="dice"] input[value="{die}"]').check()
        form.locator('[data-field="to"]').select_option(move["to"])
    elif kind == "summon":
        form.locator('[data-field="dragon"]').select_option(move["dragon"])
        form.locator('[data-field="to"]').select_option(move["to"])
    elif kind == "reserves":
        for die in move["dice"]:
            form.locator(f'[data-checks="dice"] input[value="{die}"]').check()
        if move.get("to"):
            form.locator('[data-field="to"]').select_option(move["to"])
    elif kind == "minor":
        if move.get("bury"):
            form.locator('[data-field-check="bury"]').check()
        else:
            form.locator('[data-field="die"]').select_option(move["die"])
            form.locator('[data-field="face"]').fill(str(faces[move["die"]][move["face"]]))   # the number on the die
    elif kind == "magic":
        row = form.locator("[data-cast-row]").first
        for cast in move["cast"]:
            expect(row.locator(f'[data-cast-spell] option[value="{cast["spell"]}"]')).to_be_attached(timeout=ENGINE_TIMEOUT)
            row.locator("[data-cast-spell]").select_option(cast["spell"])
            row.locator("[data-cast-target]").select_option(cast["target"])
            for die, face in (cast.get("faces") or {}).items():      # the target's roll (by die id)
                for roll, word in zip(("spell", "again"), face if isinstance(face, list) else [face]):
                    pick_face(row.locator("[data-cast-roll]"), die, roll, word)
    elif kind in ("melee", "missile") and move.get("casualties"):
        form.locator("[data-casualties-part] summary").click()
        expect(form.locator('[data-casualties-part] a[href*="damage-allocation"]')).to_have_count(1)   # the rule it follows
        for event, dice in move["casualties"].items():
            for die in dice:
                form.locator(f'[data-casualties="{event}"] input[value="{die}"]').check()
    if "reason" in move or kind in ("edit", "summon"):
        form.locator('[data-field="reason"]').fill(move.get("reason") or "by hand")
    for die, roll, word in face_list(move, form):
        pick_face(form, die, roll, word)
    return form


def play(page: Page, setup: dict, move: dict, n: int, faces: dict[str, dict[str, int]]) -> None:
    """One move made on the page; waits for the board of the game with it (n moves)."""
    if move["move"] in ("end-turn", "end-phase"):
        open_button(page, move).click()
    else:
        fill_form(page, move, faces).locator("[data-game-submit]").click()
    wait_game(page, setup, n)


def check(page: Page, engine, setup: dict, expect_state: dict) -> dict:
    """The kept game is the page's; its board is the engine's answer to it, which meets the case."""
    game = json.loads(page.locator("[data-game-play]").get_attribute("data-input"))
    kept = page.evaluate("() => { const k = JSON.parse(localStorage.getItem('dd-games'));"
                         " return k.games.find((g) => g.id === k.current).game; }")
    assert kept == game
    assert game["setup"] == setup
    answer = engine.game(copy.deepcopy(game))
    assert page.evaluate(BOARD_JS) == board_of(answer)
    assert state_matches(answer, expect_state) == []
    return game


def minor_faces(bundle: dict, case: dict) -> dict[str, dict[str, int]]:
    """Each face of each minor terrain in the players' Summoning Pools, as the number a player reads
    on the die: {die id: {face word: number}}."""
    terrains = {t["id"]: t for t in bundle["terrains"]}
    out: dict[str, dict[str, int]] = {}
    for p in case["setup"]["players"]:
        for n, die in enumerate(p["summoning_pool"], 1):
            faces = terrains.get(die, {}).get("faces", [])
            out[f"{p['name']}.pool.{n}"] = {f["icon"]: i for i, f in reversed(list(enumerate(faces, 1)))}
    return out


def shape(moves: list[dict]) -> list[tuple]:
    return [tuple(m.get(k) for k in ("move", "army", "target", "terrain", "step", "direction", "dragon", "to", "casualties"))
            for m in moves]


@pytest.mark.parametrize("cid", CLICKED)
def test_a_hand_worked_game_clicked_through(game_page: Page, engine, bundle, cid: str):
    case = BY_ID[cid]
    faces = minor_faces(bundle, case)
    start(game_page, cid, case["setup"])
    prefixes = dict(case.get("prefixes", []))
    for n, move in enumerate(case["moves"], 1):
        play(game_page, case["setup"], move, n, faces)
        if n in prefixes:
            check(game_page, engine, case["setup"], prefixes[n])
    game = check(game_page, engine, case["setup"], case["expect"])
    assert shape(game["moves"]) == shape(case["moves"])


def test_a_refused_move_is_not_kept(game_page: Page, engine, bundle):
    # p.44: the Seer's 1 magic does not pay for Stone Skin (2): refused beside the form's button, in
    # words, and the game keeps no move.
    case = REFUSED_BY_ID["magic-does-not-pay"]
    start(game_page, "magic-does-not-pay", case["setup"])
    form = fill_form(game_page, case["moves"][0], {})
    form.locator("[data-game-submit]").click()
    why = form.locator("[data-game-refused]")
    expect(why).to_have_attribute("data-state", "refused", timeout=ENGINE_TIMEOUT)
    assert why.text_content().startswith("Not allowed: ") and "moves[" not in why.text_content()
    assert check(game_page, engine, case["setup"], {})["moves"] == []
