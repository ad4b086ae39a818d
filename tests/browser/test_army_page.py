"""The army builder (/army/) in real Chromium: a force built by clicking at phone and desktop widths
is kept through a reload and offline, its share link opens it in a fresh browser, "Roll with this
army" fills the calculator, tampered ?force= links show an error in words and run nothing, and the
forces worked by hand in tests/engine/force_cases.py, opened as ?force= links, show their points and
problems. Every check waits for the engine's answer to THIS force (the problems' data-input)."""
from __future__ import annotations

import base64
import json
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import clear_left_behind
from tests.browser.expecting import expect
from tests.browser.kept import open_by_history, put_kept, swap_once
from tests.browser.links import CANON_JS, canon, module_page
from tests.browser.offline_wait import WAIT_FOR_CONTROL
from tests.browser.origin import guarded_context
from tests.engine.force_cases import CASES

pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

# The force built by clicking: what each click puts where (dice of tests/engine/force_cases.py's base force).
HOME = ["coral-elves/gryphon", "coral-elves/sharpshooter", "items/water-flicker-foil"]
HORDE = ["amazons/centaur", "amazons/javelineer", "amazons/soldier", "items/fire-vorpal-sword"]
CAMPAIGN = ["undead/mummy", "undead/revenant", "undead/wraith"]
BUILT = {"size": 24, "terrains": {"home": "coastland-city", "frontier": "flatland-castle"},
         "armies": {"home": HOME, "horde": HORDE, "campaign": CAMPAIGN}, "summoning_pool": ["red-drake"]}


def page_input(force: dict) -> dict:
    """The engine input the page sends for a force: terrains left out when none is chosen."""
    out = {"size": force["size"], "armies": {a: list(force.get("armies", {}).get(a, [])) for a in ("home", "horde", "campaign")},
           "summoning_pool": list(force.get("summoning_pool", []))}
    terrains = {k: v for k, v in (force.get("terrains") or {}).items() if v}
    if terrains:
        out["terrains"] = terrains
    return out


def wait_force(page: Page, force: dict) -> None:
    """Wait until the problems section shows the engine's answer to exactly this force."""
    expect(page.locator("dom=#army")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.wait_for_function("(want) => { " + CANON_JS + """
        const s = document.querySelector('[data-army-problems]');
        return !!s && s.dataset.state === 'resolved' && !!s.dataset.input && canon(JSON.parse(s.dataset.input)) === want; }""",
                           arg=canon(page_input(force)), timeout=ENGINE_TIMEOUT)


SHOWN_JS = """() => {
  const pts = {};
  document.querySelectorAll('.dd-army-part [data-army-points]').forEach((s) => { pts[s.dataset.armyPoints] = s.textContent; });
  const most = {};        // each army's limit beside its points, and whether it is marked as over
  document.querySelectorAll('.dd-army-part [data-army-most]').forEach((s) => {
    most[s.dataset.armyMost] = [s.textContent, s.classList.contains('dd-army-over')]; });
  const problems = Array.from(document.querySelectorAll('.dd-army-problem-list > li')).map((li) => {
    const a = li.querySelector('a');
    return [li.dataset.field, a ? new URL(a.href).pathname + new URL(a.href).hash : null, li.querySelector('span').textContent]; });
  const s = document.querySelector('[data-army-problems]');
  return { pts, most, total: document.querySelector('[data-army-total]').dataset.points, problems, ok: s.dataset.ok,
           state: s.dataset.state, input: s.dataset.input || null }; }"""


def shown(page: Page, force: dict | None = None) -> dict:
    """What the page shows of the answer (points per army, the total, the problems as field, link,
    text), read at once; with `force`, once it is the answer to exactly that force."""
    if force is None:
        got = page.evaluate(SHOWN_JS)
    else:
        got = page.wait_for_function("(want) => { " + CANON_JS + " const got = (" + SHOWN_JS + """)();
            return got.state === 'resolved' && got.input && got.total && canon(JSON.parse(got.input)) === want ? got : null; }""",
                                     arg=canon(page_input(force)), timeout=ENGINE_TIMEOUT).json_value()
    del got["state"], got["input"]
    return got


def points_words(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


KEPT_JS = """() => JSON.parse(localStorage.getItem('dd-army-forces') || '{"forces": []}').forces
    .map((f) => [f.name, f.force])"""
KEPT_IDS_JS = """() => JSON.parse(localStorage.getItem('dd-army-forces') || '{"forces": []}').forces.map((f) => f.id)"""


def open_built(page: Page) -> None:
    """The builder showing the force built by clicking (BUILT), kept on the device as the clicks
    keep it: for the tests of what a kept force does (the clicks themselves are tested above)."""
    put_kept(page, "dd-army-forces", [{"id": "built", "name": "Force 1", "force": BUILT}], "built")
    page.goto("army/")
    wait_force(page, BUILT)


def build_by_clicking(page: Page) -> None:
    page.goto("army/")
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    # The terrains offered are the engine's (p.8, p.15): no minor terrain anywhere, an advanced one
    # (a Castle) only as the frontier.
    offered = page.evaluate("""() => Object.fromEntries(['home', 'frontier'].map((r) =>
        [r, [...document.querySelectorAll(`[data-army-terrain="${r}"] option`)].map((o) => o.value)]))""")
    assert "coastland-city" in offered["home"] and "coastland-city" in offered["frontier"]
    assert "flatland-castle" in offered["frontier"] and "flatland-castle" not in offered["home"]
    assert not {"coastland-bridge", "coastland-knoll"} & (set(offered["home"]) | set(offered["frontier"]))
    page.locator("dom=[data-army-size]").fill("24")
    page.locator("dom=[data-army-size]").press("Tab")
    page.select_option('dom=[data-army-terrain="home"]', "coastland-city")
    page.select_option('dom=[data-army-terrain="frontier"]', "flatland-castle")
    for army, dice in (("home", HOME), ("horde", HORDE), ("campaign", CAMPAIGN)):
        page.locator(f'dom=[data-army-target] [data-target="{army}"]').click()
        for die in dice:
            page.locator(f'dom=li.dd-card[data-die="{die}"] [data-add]').click()
    page.locator('dom=li.dd-card[data-die="red-drake"] [data-add]').click()


@pytest.mark.parametrize("size", [pytest.param(size, marks=pytest.mark.browser_context_args(**size), id=name)
                                  for name, size in (("390px", PHONE), ("1280px", DESKTOP))])
def test_build_a_force_by_clicking_then_reload_and_share(page: Page, context, site_url, engine, size):
    assert page.viewport_size == size["viewport"]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    build_by_clicking(page)
    got = shown(page, BUILT)
    # Worked by hand: home 4 + 3 + 1 = 8, horde 4 + 2 + 1 + 2 = 9, campaign 3 + 2 + 1 = 6: 23 of 24
    # points, one short (p.8); the engine's answer is the same.
    want = engine.force(page_input(BUILT))
    assert want["points"] == {"total": 23, "home": 8, "horde": 9, "campaign": 6, "pool": 0}
    assert got["total"] == "23"
    assert page.locator('dom=[data-army-count="pool"]').text_content() == "1 dragon"      # the Red Drake
    assert got["pts"]["home"] == points_words(8) and got["pts"]["horde"] == points_words(9) and got["pts"]["campaign"] == points_words(6)
    assert [p[2] for p in got["problems"]] == [p["text"] for p in want["problems"]]
    assert [p[0] for p in got["problems"]] == [p["field"] or "" for p in want["problems"]]
    assert [p[1] for p in got["problems"]] == [p["see"] for p in want["problems"]]
    # Kept: a reload shows the same force.
    page.reload()
    wait_force(page, BUILT)
    assert page.locator("dom=[data-army-name]").input_value() == "Force 1"
    # Its share link opens the same force in a browser that keeps nothing of the site's: its storage
    # cleared (all but the engine's own downloaded files, which hold no force).
    page.locator("dom=[data-army-share]").click()
    link = page.locator("dom=[data-army-link]").input_value()
    assert parse_qs(urlsplit(link).query)["name"] == ["Force 1"]
    ids = page.evaluate(KEPT_IDS_JS)
    clear_left_behind(context, site_url)     # closes the page
    other = context.new_page()
    other.on("pageerror", lambda e: errors.append(str(e)))
    other.goto(link)
    wait_force(other, BUILT)
    assert shown(other, BUILT) == got
    assert other.locator("dom=[data-army-name]").input_value() == "Force 1"
    assert "force=" not in other.url     # a reload shows the kept force, not the link again
    # Kept there anew from the link (under an id of its own), the only force kept.
    assert [name for name, _ in other.evaluate(KEPT_JS)] == ["Force 1"] and not set(other.evaluate(KEPT_IDS_JS)) & set(ids)
    assert not errors


def test_kept_force_opens_offline(browser, site_url):
    foreign: list[str] = []
    context = guarded_context(browser, site_url, foreign, service_workers="allow")
    page = context.new_page()
    open_built(page)
    expect(page.locator("dom=#army")).to_have_attribute("data-engine-saved", "yes", timeout=ENGINE_TIMEOUT)
    page.evaluate(WAIT_FOR_CONTROL)
    context.set_offline(True)
    page.reload()
    wait_force(page, BUILT)
    page.goto("army/")          # reopened by its address, offline
    wait_force(page, BUILT)
    assert page.evaluate("navigator.onLine") is False
    context.close()
    assert not foreign


HOLD_CLICKS = """() => { window.followed = [];
  window.hold = (e) => { const a = e.target.closest('a'); if (a) { e.preventDefault(); window.followed.push(a.href); } };
  document.addEventListener('click', window.hold); }"""
FOLLOWED_SEEDS = """() => { document.removeEventListener('click', window.hold);
  return window.followed.map((href) => JSON.parse(new URL(href).searchParams.get('roll')).seed); }"""


def test_roll_with_this_army_fills_the_calculator(page: Page):
    open_built(page)
    link = page.locator('dom=[data-army-part="horde"] [data-army-roll="roll"]')
    # Followed twice (held back here), the link carries a new seed each time: new faces at each visit.
    page.evaluate(HOLD_CLICKS)
    link.click()
    link.click()
    seeds = page.evaluate(FOLLOWED_SEEDS)
    assert len(seeds) == 2 and all(isinstance(s, int) for s in seeds) and seeds[0] != seeds[1], seeds
    link.click()
    page.wait_for_url("**/calculator/**")
    seed = json.loads(parse_qs(urlsplit(page.url).query)["roll"][0])["seed"]
    army = [{"die": d} for d in HORDE]
    page.wait_for_function("([want, seed]) => { " + CANON_JS + """
        const c = document.querySelector('#calculator');
        if (!c || !c.dataset.input) return false;
        const input = JSON.parse(c.dataset.input);
        return canon(input.army) === want && input.seed === seed; }""", arg=[canon(army), seed], timeout=ENGINE_TIMEOUT)
    # The exchange: this army attacks, the defender is picked from the kept force's campaign army.
    page.go_back()          # the builder as it was left (Back brings it whole, the engine up)
    wait_force(page, BUILT)
    page.locator('dom=[data-army-part="home"] [data-army-roll="exchange"]').click()
    page.wait_for_url("**/calculator/**")
    side = page.locator('dom=[data-ex-side="defender"]')
    expect(side.locator("dom=[data-calc-kept]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    side.locator("dom=[data-calc-kept]").select_option(label="Force 1: Campaign army (3 dice)")
    side.locator("dom=[data-calc-kept-use]").click()
    want = {"attacker": [{"die": d} for d in HOME], "defender": [{"die": d} for d in CAMPAIGN]}
    page.wait_for_function("(want) => { " + CANON_JS + """
        const c = document.querySelector('#calculator');
        if (!c || !c.dataset.exchangeInput) return false;
        const x = JSON.parse(c.dataset.exchangeInput);
        return x.terrain === 'coastland' && canon({ attacker: x.attacker.army, defender: x.defender.army }) === want; }""",
                       arg=canon(want), timeout=ENGINE_TIMEOUT)      # at the home terrain's type (Coastland City)
    expect(page.locator("dom=[data-calc-message]")).to_be_hidden()
    # The maneuver: this army marches; the terrain is picked in the calculator.
    page.go_back()          # the builder as it was left (Back brings it whole, the engine up)
    wait_force(page, BUILT)
    page.locator('dom=[data-army-part="campaign"] [data-army-roll="maneuver"]').click()
    page.wait_for_url("**/calculator/**")
    page.wait_for_function("""(want) => { const c = document.querySelector('[data-maneuver-input]');
        return !!c && JSON.stringify(JSON.parse(c.dataset.maneuverInput).maneuvering.army.map((u) => u.die)) === want; }""",
                           arg=json.dumps(CAMPAIGN, separators=(",", ":")), timeout=ENGINE_TIMEOUT)
    # The home army marches at its home terrain die, already picked (p.8: it stands there at the start).
    page.go_back()          # the builder as it was left (Back brings it whole, the engine up)
    wait_force(page, BUILT)
    page.locator('dom=[data-army-part="home"] [data-army-roll="maneuver"]').click()
    page.wait_for_url("**/calculator/**")
    page.wait_for_function("""(want) => { const c = document.querySelector('[data-maneuver-input]');
        if (!c) return false;
        const m = JSON.parse(c.dataset.maneuverInput);
        return m.terrain.die === 'coastland-city' && JSON.stringify(m.maneuvering.army.map((u) => u.die)) === want; }""",
                           arg=json.dumps(HOME, separators=(",", ":")), timeout=ENGINE_TIMEOUT)


ROWS_JS = """() => [...document.querySelectorAll('[data-army-part="home"] li.dd-army-die')]
    .map((li) => [li.dataset.die, li.querySelector('.dd-army-die-name').textContent])"""


@pytest.mark.browser_context_args(**PHONE)
def test_one_more_adds_a_copy_of_a_die_to_its_row(page: Page):
    # A Soldier from the dice list, then "One more" twice in the army: three Soldiers on one row
    # ("Soldier ×3"), and the engine's answer to that force gives the home army 3 points (a small
    # unit: health 1, its points equal its health, rulebook p.3). "Remove one" leaves two on the
    # row, with the focus still on its button; a Centaur added gets a row of its own.
    page.goto("army/")
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    page.locator("dom=[data-army-size]").fill("24")
    page.locator("dom=[data-army-size]").press("Tab")
    page.locator('dom=li.dd-card[data-die="amazons/soldier"] [data-add]').click()
    again = page.locator('dom=[data-army-part="home"] [data-army-again]').first
    again.click()
    again.click()
    got = shown(page, {"size": 24, "armies": {"home": ["amazons/soldier"] * 3}})
    assert got["pts"]["home"] == points_words(3)
    assert page.evaluate(ROWS_JS) == [["amazons/soldier", "Soldier ×3"]]
    remove = page.locator('dom=[data-army-part="home"] [data-army-remove]')
    expect(remove).to_have_text("Remove one")
    remove.click()
    got = shown(page, {"size": 24, "armies": {"home": ["amazons/soldier"] * 2}})
    assert got["pts"]["home"] == points_words(2)
    assert page.evaluate(ROWS_JS) == [["amazons/soldier", "Soldier ×2"]]
    expect(remove).to_be_focused()
    page.locator('dom=li.dd-card[data-die="amazons/centaur"] [data-add]').click()
    shown(page, {"size": 24, "armies": {"home": ["amazons/soldier"] * 2 + ["amazons/centaur"]}})
    assert page.evaluate(ROWS_JS) == [["amazons/soldier", "Soldier ×2"], ["amazons/centaur", "Centaur"]]
    # The printable forces list the army alike (drawn once the engine has answered for the kept force).
    printed = page.locator("dom=[data-army-print] .dd-army-print-army .dd-army-print-die-name")
    expect(printed).to_have_text(["Soldier ×2", "Centaur"], timeout=ENGINE_TIMEOUT)
    # The Centaur's row gone with its one die, the focus goes to a row left in the army.
    page.locator('dom=li.dd-army-die[data-die="amazons/centaur"] [data-army-remove]').click()
    shown(page, {"size": 24, "armies": {"home": ["amazons/soldier"] * 2}})
    expect(page.locator('dom=li.dd-army-die[data-die="amazons/soldier"] [data-army-remove]')).to_be_focused()


@pytest.mark.browser_context_args(**PHONE)
def test_a_deleted_force_comes_back_after_a_reload(page: Page):
    # Two kept forces; "Raiders" (a Soldier and a Centaur, 24 points) is deleted at one tap. The
    # note says so beside the delete button, on screen, announced (role=status); after a reload it
    # is still there, and "Bring it back" returns the force whole, in its place among the kept.
    raiders = {"size": 24, "armies": {"home": ["amazons/soldier", "amazons/centaur"]}}
    page.goto("army/")
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    page.locator("dom=[data-army-name]").fill("Raiders")
    page.locator("dom=[data-army-name]").press("Tab")
    page.locator("dom=[data-army-size]").fill("24")
    page.locator("dom=[data-army-size]").press("Tab")
    for die in raiders["armies"]["home"]:
        page.locator(f'dom=li.dd-card[data-die="{die}"] [data-add]').click()
    shown(page, raiders)
    page.locator("dom=[data-army-new]").click()
    page.locator('dom=li.dd-card[data-die="undead/mummy"] [data-add]').click()
    page.locator("dom=[data-army-pick]").select_option(label="Raiders")
    shown(page, raiders)
    kept = page.evaluate(KEPT_JS)
    assert [name for name, _ in kept] == ["Raiders", "Force 1"]
    assert page_input(kept[0][1]) == page_input(raiders)
    delete = page.locator("dom=[data-army-delete]")
    delete.click()
    note = page.locator("dom=[data-army-kept-status]")
    expect(note).to_have_attribute("role", "status")
    expect(note).to_contain_text("“Raiders” is deleted.")
    expect(note).to_be_in_viewport()
    # Beside the control: the note starts within a line of the delete button.
    near = page.evaluate("""() => { const b = document.querySelector('[data-army-delete]').getBoundingClientRect();
        const n = document.querySelector('[data-army-kept-status]').getBoundingClientRect();
        return n.top - b.bottom; }""")
    assert near < 40, near
    assert [name for name, _ in page.evaluate(KEPT_JS)] == ["Force 1"]
    page.reload()
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    expect(note).to_contain_text("“Raiders” is deleted.")
    back = note.locator("dom=[data-army-undelete]")
    expect(back).to_have_text("Bring it back")
    box = back.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
    back.click()
    expect(note).to_have_text("“Raiders” is back.")
    expect(page.locator("dom=[data-army-pick] option:checked")).to_have_text("Raiders")
    got = shown(page, raiders)
    # Worked by hand: a unit's points equal its health (p.3): a Soldier, small, 1; the Centaur, a
    # monster, 4: 1 + 4 = 5 points.
    assert got["pts"]["home"] == points_words(5)
    assert page.evaluate(ROWS_JS) == [["amazons/soldier", "Soldier"], ["amazons/centaur", "Centaur"]]
    assert page.evaluate(KEPT_JS) == kept        # whole, and first again, as before the delete
    # Brought back once: a reload offers it no more.
    page.reload()
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    expect(page.locator("dom=[data-army-pick] option:checked")).to_have_text("Raiders")
    expect(note).to_be_empty()


@pytest.fixture(scope="module")
def builder(browser, site_url):
    """One army builder page for the module's link tests, each of which opens its ?force= link on it
    in place (open_link), as Back or Forward brings one: the page and the engine load once for all
    of them, where each test loaded the 800 cards and started the engine again. The link is read by
    the page's openLink, as on a load. The theme's one swap of the page is made first (kept.swap_once),
    so that no test's link is read by a page then swapped for another."""
    for page in module_page(browser, site_url):
        page.goto("army/")
        expect(page.locator("dom=#army")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
        swap_once(page, "#army", "armyBound", ENGINE_TIMEOUT)
        yield page


def open_link(page: Page, query: str) -> None:
    """Open ``army/?<query>`` in place on the builder, its message about an earlier link emptied
    first so that the message waited for next is this link's."""
    page.evaluate("() => { const m = document.querySelector('[data-army-message]'); m.textContent = ''; m.hidden = true; }")
    open_by_history(page, "?" + query)


def b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


TAMPERED = [
    ("force=1.%21%21%21", "characters a share link never has"),
    ("force=1." + b64("{not json"), "not valid JSON"),
    ("force=7." + b64("{}"), "unknown version"),
    # Read by the engine, so refused in the command line's words (tests/browser/test_army_keep.py).
    ("force=" + quote('{"size": 24, "armies": 5}'), 'armies: expected {"home"'),
    ("force=" + quote('{"size": 24, "armies": {"home": [5]}}'), "armies.home[0]: expected a text"),
    ("force=" + quote(json.dumps({"size": 24, "armies": {"home": ["<img src=x onerror=window.__pwned=1>"]}})), "unknown die"),
    ("force=" + quote(json.dumps({"size": "<script>window.__pwned=1</script>", "armies": {}})), "size"),
    ("force=" + quote(json.dumps({"size": 24, "armies": {"home": ["coral-elves/gryphon"]}, "extra": 1})), "extra"),
]


@pytest.mark.parametrize("query,words", TAMPERED, ids=[str(i) for i in range(len(TAMPERED))])
def test_tampered_links_show_an_error_in_words_and_run_nothing(builder: Page, query, words):
    page = builder
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_link(page, query)
    message = page.locator("dom=[data-army-message]")
    expect(message).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text(words, timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("could not be")
    assert page.evaluate("window.__pwned") is None
    assert page.locator("dom=#army img").count() == 0 and page.locator("dom=#army script").count() == 0
    assert not errors


def test_a_script_in_a_links_name_is_shown_as_text(builder: Page):
    page = builder
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    name = "<img src=x onerror=window.__pwned=1>"
    force = {"size": 24, "armies": {"home": ["coral-elves/gryphon"]}}
    open_link(page, "force=" + quote(json.dumps(force)) + "&name=" + quote(name))
    wait_force(page, force)
    assert page.locator("dom=[data-army-name]").input_value() == name
    assert page.evaluate("window.__pwned") is None and page.locator("dom=#army img").count() == 0
    assert not errors


def test_hand_worked_forces_open_as_links(builder: Page):
    page = builder
    assert len(CASES) >= 12
    # Each as Back or Forward would bring it (a link opened with a page load: tests/browser/test_army_keep.py).
    open_link(page, "force=" + quote(json.dumps(CASES[0]["input"])))
    # Once ready, the status line speaks of the army builder, not of the calculator.
    label = page.locator("dom=[data-engine-label]")
    expect(label).to_have_text(label.get_attribute("data-ready"), timeout=ENGINE_TIMEOUT)
    assert "calculator" not in label.inner_text().lower()
    for i, case in enumerate(CASES):
        if i:
            open_by_history(page, "?force=" + quote(json.dumps(case["input"])))
        got = shown(page, case["input"])
        want = case["points"]
        assert got["total"] == str(want["total"]), case["id"]
        for army in ("home", "horde", "campaign", "pool"):
            assert got["pts"][army] == points_words(want[army]), case["id"]
        # Each problem worked by hand: its field, the rule part it links to, words its text holds.
        assert [p[0] for p in got["problems"]] == [field or "" for field, _, _ in case["problems"]], case["id"]
        assert [p[1] for p in got["problems"]] == [see for _, see, _ in case["problems"]], case["id"]
        for (_, _, text), (_, _, words) in zip(got["problems"], case["problems"]):
            assert words in text, case["id"]
        assert got["ok"] == ("true" if not case["problems"] else "false"), case["id"]
        # p.8: an army may start with at most half the force size, rounded down; one that costs more is
        # marked, and by how many points it is over is said beside the limit.
        most = case["input"]["size"] // 2
        # (Read with the points above, from the answer to this force.)
        for army in ("home", "horde", "campaign"):
            over = want[army] - most
            assert got["most"][army] == [f"(at most {most}: {over} over)" if over > 0 else f"(at most {most})", over > 0], \
                (case["id"], army)
        # The terrains chosen show as chosen, even one the select does not offer there (a Castle as
        # home, a Bridge as frontier): the problem above says why. (Waited for: opening a link in
        # place may draw the form once more after the answer.)
        chosen = case["input"].get("terrains") or {}
        for role in ("home", "frontier"):
            expect(page.locator(f'dom=[data-army-terrain="{role}"]')).to_have_value(chosen.get(role) or "", timeout=ENGINE_TIMEOUT)


def test_instant_navigation_reaches_the_builder(page: Page):
    page.goto("./")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Army builder").first.click()
    expect(page.locator("dom=#army")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    expect(page.locator('dom=li.dd-card[data-die="red-drake"] [data-add]')).to_have_attribute("aria-label", "Add Red Drake to the Summoning Pool")
    # navigation.instant swapped the page in: the builder's module was imported by site.js.
    assert page.evaluate("window.__sameDocument === true")
