"""The calculator's maneuver mode in real Chromium: the maneuvers worked by hand from the rulebook
(tests/engine/terrain_cases.py) opened as ?maneuver= links show that case's facts (who wins, the
totals, the face before and after, the action and its rule part, capture and the eighth face's
holder); a maneuver built by clicking on a phone-sized screen, then "Make this action"; the turn
drawn without motion when the reader asks for less; tampered links. Every check waits for the
answer to THIS input (the result section's data-input)."""
from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from calculator.core.errors import InputError
from tests.browser.expecting import expect
from tests.browser.links import CANON_JS, canon, open_afresh
from tests.engine.terrain_cases import MANEUVERS

# The tests share a browser context (tests/browser/conftest.py): after the first, the engine starts
# from the browser's cache; each test still starts with nothing kept. Those that open a link share
# one calculator page (`calc`): each opens its link on it in place.
pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core CI machine


def wait_input(page: Page, selector: str, expected: dict, skip: tuple[str, ...] = ()) -> None:
    """Wait until the section `selector` shows the engine's answer to exactly this input."""
    page.wait_for_function("([want, skip]) => { " + CANON_JS + """
        const s = document.querySelector('""" + selector + """');
        return !!s && s.dataset.state === 'resolved' && !!s.dataset.input && canon(JSON.parse(s.dataset.input), skip) === want; }""",
                           arg=[canon(expected, skip), list(skip)], timeout=ENGINE_TIMEOUT)


def results(page: Page):
    return page.locator("[data-maneuver-results]")


def answer(page: Page) -> dict:
    return json.loads(results(page).get_attribute("data-answer"))


def dig(data: dict, path: str) -> Any:
    for key in path.split("."):
        data = data[key]
    return data


def rule_href(dataset, icon: str) -> str:
    rule = next(i for i in dataset.kinds["icons"] if i["id"] == icon)["rule"]
    page, _, part = rule.partition("#")
    return f"../rules/{page}/" + (f"#{part}" if part else "")


def assert_case_shown(page: Page, case: dict, engine: Engine, dataset) -> None:
    """The facts worked by hand (case["expect"]) as the page shows them, and the engine's sentence."""
    out = engine.maneuver(case["input"])
    shown = answer(page)
    for path, value in case["expect"].items():
        key = path.split(".")[0]
        if key in shown:
            assert dig(shown, path) == value, (case["id"], path)
        elif key == "winner":
            expect(results(page).locator(".dd-mv-verdict")).to_have_attribute("data-winner", value)
        elif key == "actions":
            assert results(page).locator("[data-mv-make]").evaluate_all("els => els.map((e) => e.dataset.mvMake)") == value
        elif key == "rolls":
            expect(results(page).locator(".dd-ex-roll-result")).to_have_count(len(value))
    expect(results(page).locator(".dd-mv-verdict")).to_have_text(out["why"])
    turn = results(page).locator(".dd-mv-turn")
    expect(turn).to_have_attribute("data-before", str(case["input"]["terrain"]["face"]))
    expect(turn).to_have_attribute("data-after", str(out["face_after"]))
    totals = case["expect"].get("totals.opposing")
    if case["expect"].get("totals.maneuvering") is not None:
        rows = results(page).locator(".dd-mv-totals tbody tr td").all_inner_texts()
        assert rows == [str(case["expect"]["totals.maneuvering"])] + [str(t) for t in totals]
    if out["action"] != "any":          # the action named with a link to its rule part
        expect(results(page).locator(".dd-mv-action a")).to_have_attribute("href", rule_href(dataset, out["action"]))
    die = case["input"]["terrain"].get("die")
    if die:                             # the face after, with the rule part of its icon (an eighth face's own)
        icon = next(f["icon"] for t in dataset.kinds["terrains"] if t["id"] == die for f in t["faces"]
                    if f["number"] == out["face_after"])
        expect(results(page).locator(".dd-mv-face a")).to_have_attribute("href", rule_href(dataset, icon))
    expect(results(page).locator(".dd-mv-captured")).to_have_count(1 if out["captured"] else 0)


def test_hand_worked_maneuvers_open_as_links(calc: Page, engine: Engine, dataset):
    assert len(MANEUVERS) >= 12
    # Each swapped into the same page's address (tests/browser/links.py): each is read by the page's
    # ?maneuver= reader all the same, and its own answer is waited for.
    page = calc
    for case in MANEUVERS:
        link = "calculator/?maneuver=" + quote(json.dumps(case["input"]))
        open_afresh(page, link)
        wait_input(page, "[data-maneuver-results]", case["input"])
        assert_case_shown(page, case, engine, dataset)
        expect(page.locator('[data-calc-mode="maneuver"]')).to_have_attribute("aria-pressed", "true")
        assert "#m=1." in page.url         # the mode's own share link, opened again: the same answer
    link = page.url
    first = MANEUVERS[0]["input"]        # another maneuver shown, then the share link opened in the same page
    open_afresh(page, "calculator/?maneuver=" + quote(json.dumps(first)))
    wait_input(page, "[data-maneuver-results]", first)
    open_afresh(page, "calculator/" + link.split("/calculator/", 1)[1])
    wait_input(page, "[data-maneuver-results]", MANEUVERS[-1]["input"])
    assert_case_shown(page, MANEUVERS[-1], engine, dataset)


def pick(page: Page, side: str, species: str, unit: str) -> None:
    box = page.locator(f'[data-mv-side="{side}"]')
    box.locator("select").nth(0).select_option(species)
    box.locator("select").nth(1).select_option(unit)
    box.locator(f'[data-key="ex-add-{side}"]').click()


def face_number(dataset, die: str, text: str) -> int:
    """The number of the face a case names ("id", "1 maneuver") on the die's face list (as the picker counts)."""
    faces = next(d for d in dataset.kinds["dice"] if d["id"] == die)["faces"]
    return next(j + 1 for j, f in enumerate(faces) if text in (f["icon"], f"{f.get('count')} {f['icon']}"))


def face(page: Page, dataset, side: str, unit: int, die: str, text: str) -> int:
    n = face_number(dataset, die, text)
    page.locator(f'[data-mv-side="{side}"] [data-unit="{unit}"] button.dd-face[data-face="{n}"]').click()
    return n


def test_building_a_maneuver_by_clicking_at_390px(page: Page, engine: Engine, dataset):
    # The hand-worked Double Maneuvers case, clicked together on a phone.
    case = next(c for c in MANEUVERS if c["id"] == "double-maneuvers-minor-terrain")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.locator('[data-calc-mode="maneuver"]').click()
    page.locator("[data-mv-terrain]").select_option("coastland-city")
    page.locator('[data-mv-faces] [data-face="2"]').click()
    page.locator("[data-mv-direction]").select_option("up")
    pick(page, "maneuvering", "amazons", "amazons/warrior")
    pick(page, "maneuvering", "amazons", "amazons/soldier")
    page.locator('[data-key="mv-minor-maneuvering"]').select_option("coastland-bridge")
    page.locator('[data-key="mv-minor-face-maneuvering"]').select_option("double-maneuvers")
    page.locator("[data-mv-add-opposing]").click()
    pick(page, "opposing[0]", "coral-elves", "coral-elves/herald")
    pick(page, "opposing[0]", "coral-elves", "coral-elves/guard")
    # The page gives each face by its number on the die: the case's faces, numbered.
    want = json.loads(json.dumps({k: v for k, v in case["input"].items() if k != "seed"}))
    for side, units in (("maneuvering", want["maneuvering"]["army"]), ("opposing[0]", want["opposing"][0]["army"])):
        for i, u in enumerate(units):
            u["rolled"] = face(page, dataset, side, i, u["die"], u["rolled"])
    wait_input(page, "[data-maneuver-results]", want, skip=("seed",))
    assert_case_shown(page, case, engine, dataset)
    # The minor terrain's face names its rule part.
    expect(page.locator('[data-mv-side="maneuvering"] .dd-mv-minor-rule a')).to_have_attribute(
        "href", rule_href(dataset, "double-maneuvers"))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # Make this action: the missile attack on the opposing army, at Coastland City, faces left out.
    seed = json.loads(results(page).get_attribute("data-input"))["seed"]
    page.locator('[data-mv-make="missile"]').click()
    strip = lambda side: {**side, "army": [{"die": u["die"]} for u in side["army"]]}   # noqa: E731
    attack = {"attack": "missile", "terrain": "coastland-city", "seed": seed,
              "attacker": strip(case["input"]["maneuvering"]), "defender": strip(case["input"]["opposing"][0])}
    wait_input(page, "[data-exchange-results]", attack)
    expect(page.locator('[data-calc-mode="exchange"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-ex-attack]")).to_have_value("missile")


def test_make_this_action_at_a_captured_eighth_face_is_a_roll_with_it(calc: Page, engine: Engine):
    case = next(c for c in MANEUVERS if c["id"] == "capture-the-eighth-face")
    page = calc
    open_afresh(page, "calculator/?maneuver=" + quote(json.dumps(case["input"])))
    wait_input(page, "[data-maneuver-results]", case["input"])
    page.locator('[data-mv-make="magic"]').click()
    # The roll mode rolls the dice it is given without a face, with a seed of its own.
    roll = {"roll": "magic", "terrain": "swampland-standing-stones", "army": [{"die": "amazons/soldier"}],
            "eighth_faces": ["standing-stones"]}
    wait_input(page, "[data-calc-results]", roll, skip=("seed", "rolled"))
    expect(page.locator('[data-calc-mode="roll"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-calc-roll]")).to_have_value("magic")


@pytest.mark.parametrize("motion, animation", [("reduce", "none"), ("no-preference", "dd-mv-turn-up")])
def test_the_turn_moves_only_without_reduced_motion(calc: Page, motion: str, animation: str):
    case = MANEUVERS[0]
    page = calc
    page.emulate_media(reduced_motion=motion)
    try:
        open_afresh(page, "calculator/?maneuver=" + quote(json.dumps(case["input"])))
        wait_input(page, "[data-maneuver-results]", case["input"])
        shape = results(page).locator(".dd-mv-die-after .dd-mv-die-shape")
        assert shape.evaluate("(e) => getComputedStyle(e).animationName") == animation
    finally:
        page.emulate_media(reduced_motion="null")        # the page as the next test expects it


def share(text: str) -> str:
    return "#m=1." + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize("link, words", [
    ("?maneuver=" + quote('{"terrain": {"die": "coastland-tower"'), "This maneuver link could not be read"),
    ("?maneuver=" + quote('["<img src=x onerror=window.__pwned=1>"]'), "This maneuver link could not be read (input: not an object)"),
    ("#m=1.<script>", "This share link could not be read"),
    ("#m=1." + quote("%%%"), "This share link could not be read"),
])
def test_tampered_maneuver_link_shows_words(calc: Page, link: str, words: str):
    page = calc
    open_afresh(page, "calculator/" + link)
    message = page.locator("[data-calc-message]")
    expect(message).to_be_visible()
    expect(message).to_contain_text(words)
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#calculator img, #calculator script").count() == 0


@pytest.mark.parametrize("raw, words", [
    ({"terrain": {"die": "<img src=x onerror=window.__pwned=1>", "face": 3}, "maneuvering": {"army": []}, "direction": "up"},
     "terrain.die: unknown terrain die '<img src=x onerror=window.__pwned=1>'"),
    ({"terrain": {"die": "coastland-tower", "face": 1}, "maneuvering": {"army": [{"die": "amazons/soldier"}]},
      "direction": "down", "opposing": [], "script": "<script>window.__pwned=1</script>"}, "unknown field"),
])
def test_a_link_the_engine_refuses_shows_its_message_as_text(calc: Page, engine: Engine, raw: dict, words: str):
    with pytest.raises(InputError):
        engine.maneuver(raw)
    page = calc
    for link in ("?maneuver=" + quote(json.dumps(raw)), share(json.dumps(raw))):
        open_afresh(page, "calculator/" + link)
        message = page.locator("[data-calc-message]")
        expect(message).to_contain_text("This maneuver link could not be used: ", timeout=ENGINE_TIMEOUT)
        expect(message.locator("[data-maneuver-error]")).to_contain_text(words)
        expect(message).to_contain_text("the maneuver starts empty.")
        assert page.evaluate("() => window.__pwned") is None
        assert page.locator("#calculator img, #calculator script").count() == 0


def test_a_marching_army_alone_opens_the_form_or_says_why(calc: Page):
    # The army builder's "Maneuver" link gives the marching army only: the form opens with that
    # army (checked by the engine alone) and the player picks the terrain.
    army = [{"die": "amazons/soldier"}, {"die": "amazons/runner"}]
    page = calc
    page.evaluate("() => document.querySelectorAll('[data-maneuver-input]').forEach((c) => delete c.dataset.maneuverInput)")
    open_afresh(page, "calculator/?maneuver=" + quote(json.dumps({"maneuvering": {"army": army}})))
    page.wait_for_function("""(want) => { const c = document.querySelector('[data-maneuver-input]');
        return !!c && JSON.stringify(JSON.parse(c.dataset.maneuverInput).maneuvering.army.map((u) => u.die)) === want; }""",
                           arg=json.dumps([u["die"] for u in army], separators=(",", ":")), timeout=ENGINE_TIMEOUT)
    expect(page.locator('[data-calc-mode="maneuver"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-calc-message]")).to_be_hidden()
    # A die the data does not know: the engine's words, shown as text, and nothing kept.
    bad = {"maneuvering": {"army": [{"die": "<img src=x onerror=window.__pwned=1>"}]}}
    open_afresh(page, "calculator/?maneuver=" + quote(json.dumps(bad)))
    message = page.locator("[data-calc-message]")
    expect(message).to_contain_text("This maneuver link could not be used: ", timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("unknown")
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#calculator img, #calculator script").count() == 0
