"""/terrains/ (issue 52: one 34,000 px page with no filter) filters its terrain dice on a phone by
element, major or minor, kind and name, like /dice/; the choice lives in the address. Without
script it is the whole list, and every published anchor of the page still leads to its part.
The expected dice are computed here from the data, never copied from the page."""
from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from tests.browser.expecting import expect
from tests.conftest import REPO_ROOT

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

PHONE = {"width": 390, "height": 800}


def matching(dataset, element: str = "", category: str = "", kind: str = "") -> set[str]:
    """The terrain dice the data says match: a kind is a major terrain's eighth face or a minor
    terrain's own picture (its minor type)."""
    return {t["id"] for t in dataset.kinds["terrains"]
            if (not element or element in t["elements"]) and (not category or t["category"] == category)
            and (not kind or kind in (t.get("eighth_face"), t.get("minor_type")))}


def shown(page) -> set[str]:
    return set(page.locator("[data-row] h3").evaluate_all(
        "hs => hs.filter(h => h.checkVisibility()).map(h => h.id)"))


def shown_types(page) -> set[str]:
    return set(page.locator("[data-group] h2").evaluate_all(
        "hs => hs.filter(h => h.checkVisibility()).map(h => h.id)"))


def query(page) -> dict[str, list[str]]:
    return parse_qs(page.evaluate("location.search").lstrip("?"))


@pytest.fixture
def phone(page):
    page.set_viewport_size(PHONE)
    return page


def test_choosing_filters_shows_the_matching_terrains_and_writes_the_url(phone, dataset):
    every = {t["id"] for t in dataset.kinds["terrains"]}
    phone.goto("terrains/")
    count = phone.locator(".dd-filter__count")
    expect(phone.locator("form.dd-filter")).to_be_visible()
    assert shown(phone) == every
    element = phone.locator('select[data-filter-key="element"]')
    for control in (element, phone.locator('select[data-filter-key="category"]'),
                    phone.locator('select[data-filter-key="kind"]'), phone.locator("[data-filter-reset]")):
        box = control.bounding_box()
        assert box["height"] >= 44, control      # 44 px to tap at 390 px
    element.select_option("fire")
    fire = matching(dataset, element="fire")
    expect(count).to_have_text(f"{len(fire)} of {len(every)} shown")
    assert shown(phone) == fire and query(phone) == {"element": ["fire"]}
    # A terrain type with no die left is hidden with its heading (Coastland is air and water).
    types = {t["id"] for t in dataset.kinds["terrain_types"] if "fire" in t["elements"]}
    assert shown_types(phone) == types
    phone.locator('select[data-filter-key="category"]').select_option("minor")
    want = matching(dataset, element="fire", category="minor")
    assert want and want < fire
    expect(count).to_have_text(f"{len(want)} of {len(every)} shown")
    assert shown(phone) == want
    phone.locator("[data-filter-text]").fill("woods")
    woods = {t["id"] for t in dataset.kinds["terrains"] if t["id"] in want and "woods" in t["name"].lower()}
    assert woods
    expect(count).to_have_text(f"{len(woods)} of {len(every)} shown")
    assert query(phone) == {"element": ["fire"], "category": ["minor"], "name": ["woods"]}
    phone.reload()
    assert shown(phone) == woods
    phone.locator("[data-filter-reset]").click()
    assert phone.evaluate("location.search") == ""
    assert shown(phone) == every


def test_a_kind_is_named_as_its_face_and_a_link_opens_it_filtered(phone, dataset):
    lair = next(i for i in dataset.kinds["icons"] if i["id"] == "dragons-lair")
    kind = phone.locator('select[data-filter-key="kind"]')
    phone.goto("terrains/?kind=dragons-lair")
    want = matching(dataset, kind="dragons-lair")
    assert want
    expect(kind).to_have_value("dragons-lair")
    assert kind.locator("option:checked").text_content() == lair["name"]
    assert shown(phone) == want
    # Each choice offered finds at least one die (no empty choice from words the data lacks).
    for value in kind.locator("option").evaluate_all("os => os.map(o => o.value).filter(Boolean)"):
        assert matching(dataset, kind=value), value


def test_without_script_the_page_is_the_full_list_and_keeps_its_anchors(browser, site_url, dataset):
    anchors = [line.split("#", 1)[1] for line in (REPO_ROOT / "data" / "published-urls.txt").read_text().split()
               if line.startswith("/terrains/#")]
    assert anchors
    context = browser.new_context(base_url=site_url, java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto("terrains/?element=fire")      # a filtered link opened without script: everything shows
        expect(page.locator("form.dd-filter")).to_be_hidden()   # a control that would do nothing is not offered
        assert shown(page) == {t["id"] for t in dataset.kinds["terrains"]}
        ids = set(page.evaluate("() => [...document.querySelectorAll('[id]')].map(e => e.id)"))
        assert not [a for a in anchors if a not in ids]
    finally:
        context.close()
