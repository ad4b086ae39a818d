"""Issue 52: the engine's refusal reaches the form field it names. A face typed by hand that the
engine refuses marks its own box (aria-invalid) and shows the engine's words beside it, read out
with the box (aria-describedby); the worker forwards the field the engine names for this."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from calculator import Engine
from calculator.core.errors import InputError

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
