"""Issue 52: the engine's refusal reaches the form field it names. A face typed by hand that the
engine refuses marks its own box (aria-invalid) and shows the engine's words beside it, read out
with the box (aria-describedby); the worker forwards the field the engine names for this."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from calculator.core.errors import InputError
from tests.browser.expecting import expect
from tests.browser.links import module_page, open_afresh
from tests.browser.refusals import change, note_of

ENGINE_TIMEOUT = 120_000


def test_a_refused_face_is_marked_beside_its_box(page: Page, bundle):
    unit = {"species": "amazons", "die_type": "unit", "rolled": "3 meele"}
    with pytest.raises(InputError) as err:      # what the engine says of this unit (without its field)
        Engine(bundle).plan(json.loads(json.dumps({"roll": "melee", "army": [unit]})))
    assert err.value.field == "army[0].rolled"
    page.goto("calculator/")
    expect(page.locator("#calculator")).to_have_attribute("data-engine", "ready", timeout=ENGINE_TIMEOUT)
    page.get_by_text("A die not in the catalogue").click()
    page.locator("[data-calc-inline-species]").select_option("amazons")
    page.locator("[data-calc-inline-type]").select_option("unit")
    page.locator("[data-calc-inline-face]").fill("3 meele")
    page.locator("[data-calc-inline-add]").click()
    box = page.locator('[data-key="inline-0-0"]')
    expect(box).to_have_attribute("aria-invalid", "true", timeout=ENGINE_TIMEOUT)
    expect(box).to_have_attribute("aria-describedby", "dd-field-error-0")
    expect(page.locator("#dd-field-error-0")).to_have_text(err.value.message)
    expect(page.locator("#dd-field-error-0")).to_be_visible()
    # Put right, the mark goes with the refusal.
    box.fill("3 melee")
    box.dispatch_event("change")
    expect(page.locator("[data-calc-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(page.locator('[data-key="inline-0-0"]')).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(".dd-calc-field-error")).to_have_count(0)


# ---- the exchange's and the maneuver's typed faces: the box the engine names, not the die's first ----

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
HAND = {"species": "amazons", "die_type": "unit"}        # a die typed by hand: its faces are text boxes


def refused_field(engine, command: str, inp: dict) -> str:
    with pytest.raises(InputError) as err:
        getattr(engine, command)(json.loads(json.dumps(inp)))
    return err.value.field


def boxes(page: Page, side: str, i: int) -> dict:
    """The typed face boxes of die i of `side`: {(roll, level): box}, read from their keys."""
    prefix = f"ex-in-{side}-{i}-"
    keys = page.locator(f'input[data-key^="{prefix}"]').evaluate_all("(l) => l.map((b) => b.dataset.key)")
    out = {}
    for key in keys:
        roll, level = key[len(prefix):].rsplit("-", 1)
        out[(roll, int(level))] = page.locator(f'[data-key="{key}"]')
    return out


def marked(box) -> bool:
    return box.get_attribute("aria-invalid") == "true"


@pytest.fixture(scope="module")
def phone(browser, site_url):
    """One phone-sized calculator page for the exchange's and the maneuver's links (links.module_page):
    each opened on it in place, the engine started once."""
    yield from module_page(browser, site_url, **PHONE)


@pytest.mark.parametrize("typo, field, named", [
    # A counter-attack face: the engine names that roll, so its box alone is marked.
    (("counter", "3 meele"), "defender.army[0].rolled.counter", [("counter", 0)]),
    # The save face, the die's first: the engine names the die's first faces, each of its rolls' first box.
    (("save", "2 sve"), "defender.army[0].rolled", [("save", 0), ("counter", 0)]),
])
def test_an_exchange_marks_the_face_box_the_engine_names(phone: Page, engine, typo, field, named):
    good = {"attack": "melee", "attacker": {"army": [{**HAND, "rolled": {"attack": "3 melee", "counter_save": "2 save"}}]},
            "defender": {"army": [{**HAND, "rolled": {"save": "2 save", "counter": "3 melee"}}]}, "seed": 1}
    bad = json.loads(json.dumps(good))
    bad["defender"]["army"][0]["rolled"][typo[0]] = typo[1]
    assert refused_field(engine, "exchange", bad) == field
    page = phone
    open_afresh(page, "calculator/?exchange=" + quote(json.dumps(good)))
    results = page.locator("[data-exchange-results]")
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    change(boxes(page, "defender", 0)[(typo[0], 0)], typo[1])
    expect(results).to_have_attribute("data-state", "error", timeout=ENGINE_TIMEOUT)
    shown = boxes(page, "defender", 0)
    assert set(shown) >= set(named), shown
    for key in named:                                 # read with the box; the result's error line reads it out
        note_of(page, shown[key], read_out=False)
    expect(results.locator("[role=alert]")).to_contain_text("defender.army[0]")
    assert [k for k, b in shown.items() if marked(b)] == [k for k in shown if k in named]
    assert not any(marked(b) for b in boxes(page, "attacker", 0).values())
    change(shown[(typo[0], 0)], "2 melee" if typo[0] == "counter" else "2 save")   # put right: the marks go
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-refused]")).to_have_count(0)


def test_a_maneuver_marks_the_rolled_again_box_the_engine_names(phone: Page, engine):
    good = {"terrain": {"die": "coastland-temple", "face": 3}, "direction": "up", "seed": 1,
            "maneuvering": {"army": [{**HAND, "rolled": "3 maneuver"}]},
            "opposing": [{"army": [{**HAND, "rolled": "2 maneuver", "rerolled": ["2 maneuver"]}]}]}
    bad = json.loads(json.dumps(good))
    bad["opposing"][0]["army"][0]["rerolled"] = ["2 manuver"]
    assert refused_field(engine, "maneuver", bad) == "opposing[0].army[0].rerolled[0]"
    page = phone
    open_afresh(page, "calculator/?maneuver=" + quote(json.dumps(good)))
    results = page.locator("[data-maneuver-results]")
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    shown = boxes(page, "opposing[0]", 0)
    assert len(shown) == 2, shown                     # its face and the face it rolled again
    (first, again) = sorted(shown, key=lambda k: k[1])
    change(shown[again], "2 manuver")
    expect(results).to_have_attribute("data-state", "error", timeout=ENGINE_TIMEOUT)
    shown = boxes(page, "opposing[0]", 0)
    note_of(page, shown[again], read_out=False)       # the face rolled again, not the first face
    expect(results.locator("[role=alert]")).to_contain_text("rerolled[0]")
    assert not marked(shown[first])
    change(shown[again], "1 maneuver")
    expect(results).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-refused]")).to_have_count(0)
