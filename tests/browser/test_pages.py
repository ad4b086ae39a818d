"""The generated pages as a player uses them: search, the SAI filter, copied permalinks."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

SEARCHES = [   # (what a player types, the URL path the first result must open)
    ("Counter", "sai/counter/"),
    ("Blizzard", "spells/blizzard/"),
    ("Coral Elves", "species/coral-elves/"),
    ("Coral Giant", "dice/coral-elves/#coral-giant"),
    ("Die Roll Resolution", "rules/die-roll-resolution/"),
]


@pytest.mark.parametrize("query,expected", SEARCHES)
def test_search_ranks_the_named_page_first(page, query, expected):
    page.goto("sai/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator("input.md-search__input")
    box.fill(query)
    # Material groups results by page: the first group is the best page, its links are the
    # page itself and its matching sections (a die is a section of its species' dice page).
    group = page.locator(".md-search-result__item").first
    expect(group).to_be_visible()
    links = [urlsplit(h) for h in group.locator("a").evaluate_all("as => as.map(a => a.href)")]
    opened = [p.path + (f"#{p.fragment}" if p.fragment else "") for p in links]   # drop ?h=
    assert opened[0].endswith("/" + expected.split("#")[0]), f"first result for {query!r}: {opened}"
    assert any(o.endswith("/" + expected) for o in opened), f"first result for {query!r}: {opened}"


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
