"""The generated pages as a player uses them: search, the SAI filter, copied permalinks."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from tests.browser.expecting import expect

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

SEARCHES = [   # (what a player types, the URL path the first result must open)
    ("Counter", "sai/counter/"),
    ("Blizzard", "spells/blizzard/"),
    ("Coral Elves", "species/coral-elves/"),
    ("Coral Giant", "dice/coral-elves/#coral-giant"),
    ("Die Roll Resolution", "rules/die-roll-resolution/"),
]


@pytest.mark.parametrize("query,expected", SEARCHES)
def test_search_ranks_the_named_page_first(page, query, expected):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("sai/")
    box = page.locator(".dd-search__input")
    box.fill(query)
    # The site's own search (docs/assets/js/site/search.js) lists things, not pages: a die is its
    # anchor on its species' dice page.
    first = page.locator(".dd-search__result a").first
    expect(first).to_be_visible()
    parts = urlsplit(first.get_attribute("href"))
    opened = parts.path + (f"#{parts.fragment}" if parts.fragment else "")
    assert opened.endswith("/" + expected), f"first result for {query!r}: {opened}"


def test_sai_index_filter_save_shows_only_save_sais(page, dataset):
    page.goto("sai/")
    rows = page.locator("#sai-table tbody tr")
    total = rows.count()
    page.locator('[data-filter-key="rolls"] button[data-filter-value="save"]').click()
    save_ids = {s["id"] for s in dataset.kinds["sais"] if any("save" in c["rolls"] for c in s["clauses"])}
    visible = page.locator("#sai-table tbody tr:not([hidden])")
    expect(visible).to_have_count(len(save_ids))
    assert set(visible.evaluate_all("rows => rows.map(r => r.id)")) == save_ids
    assert len(save_ids) < total
    page.locator("[data-filter-text]").fill("coun")
    expect(visible).to_have_count(1)
    assert visible.first.get_attribute("id") == "counter"


def test_copied_ruling_permalink_lands_on_the_ruling(page, context, dataset):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    ruling = dataset.kinds["rulings"][-1]["id"]
    page.goto("rulings/")
    button = page.locator(f'[id="{ruling}"] > button.dd-copy')
    expect(button).to_have_attribute("aria-label", re.compile(r"^Copy link to "))
    button.click()
    expect(button).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == button.get_attribute("data-href") and copied.endswith(f"/rulings/#{ruling}")
    page.goto("./")
    page.goto(copied)
    target = page.locator(f'[id="{ruling}"]')
    expect(target).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target') && document.querySelector(':target').id") == ruling
