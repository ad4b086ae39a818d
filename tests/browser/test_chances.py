"""The calculator's Chances panel: one bar per total, P(>= k) as the CPython engine computes it."""
from __future__ import annotations

import json
from urllib.parse import quote

from calculator import Engine
import pytest

pytestmark = pytest.mark.shared_context

INPUT = {"roll": "save", "terrain": "coastland", "seed": 0,
         "army": [{"die": "coral-elves/gryphon"}, {"die": "coral-elves/fighter"}, {"die": "coral-elves/archer"}]}


def shown(p: float) -> str:
    """The page's rounding (chances.js pct)."""
    if p >= 0.9995:
        return "100%"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def free(roll: dict) -> dict:
    """The army before it rolls: the panel ignores faces picked on the page."""
    out = {k: v for k, v in roll.items() if k != "seed"}
    out["army"] = [{k: v for k, v in u.items() if k not in ("rolled", "rerolled")} for u in roll["army"]]
    return out


def test_chances_ignore_the_faces_already_rolled(page, bundle):
    rolled = dict(INPUT, army=[dict(u, rolled=1) for u in INPUT["army"]])
    page.goto("calculator/?roll=" + quote(json.dumps(rolled)))
    page.wait_for_selector('[data-engine="ready"]', timeout=180_000)
    page.wait_for_selector('#chances[data-state="done"]', timeout=120_000)
    want = Engine(bundle).distribution(free(rolled))
    assert len(want["distribution"]) > 1
    assert page.locator("#chances svg rect.dd-chances-bar").count() == len(want["distribution"])


def test_chances_panel_matches_engine(page, bundle):
    page.goto("calculator/?roll=" + quote(json.dumps(INPUT)))
    page.wait_for_selector('[data-engine="ready"]', timeout=180_000)
    panel = page.locator("#chances")
    page.wait_for_selector('#chances[data-state="done"]', timeout=120_000)
    # The page may add defaults (e.g. the seed); ask the engine about the input it actually used.
    used = json.loads(page.locator("#calculator").get_attribute("data-input"))
    want = Engine(bundle).distribution(free(used))
    bars = panel.locator("svg rect.dd-chances-bar")
    assert bars.count() == len(want["distribution"])
    assert [bars.nth(i).get_attribute("data-total") for i in range(bars.count())] == list(want["distribution"])
    svg = panel.locator("svg")
    assert svg.get_attribute("role") == "img" and "save" in svg.get_attribute("aria-label")
    rows = panel.locator("table.dd-chances-table tbody tr")
    got = {rows.nth(i).get_attribute("data-k"): rows.nth(i).locator("td").inner_text() for i in range(rows.count())}
    assert got == {k: shown(p) for k, p in want["at_least"].items()}


def test_chances_hidden_without_dice(page):
    page.goto("calculator/")
    page.wait_for_selector('[data-engine="ready"]', timeout=180_000)
    assert page.locator("#chances").is_hidden()
