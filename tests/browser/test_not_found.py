"""A mistyped or cut link (a forum post's) lands on the site's 404 page, which says so in words and
offers the nearest pages, found by the site search's own ranking from the address's words, and the
search for those words (issue 52). The server answers 404 with the page, as static hosts do."""
from __future__ import annotations

import pytest
from tests.browser.expecting import expect

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

# (address typed, the page that must come first): written from what each address means.
MISTYPED = [
    ("sai/doublestrik/", "Double Strike", "sai/double-strike/"),
    ("rules/saves-and-damag/", "Saves and damage", "rules/saves-and-damage/"),
    ("spells/hailstrom/", "Hailstorm", "spells/hailstorm/"),
    ("species/coral-elf/", "Coral Elves", "species/coral-elves/"),
]


@pytest.mark.parametrize(("address", "name", "target"), MISTYPED)
def test_a_mistyped_address_offers_the_page_it_meant(page, site_url, address, name, target):
    response = page.goto(address)
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("This page is not here")
    first = page.locator("[data-dd-not-found] li a").first
    expect(first).to_have_text(name)
    assert first.get_attribute("href") == site_url + target


def test_the_search_opens_with_the_words_of_the_address(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("glossary/dead-unt-area/")
    button = page.locator(".dd-not-found__search")
    expect(button).to_have_text("Search the site for “dead unt area”")
    button.click()
    search = page.locator(".dd-search__input")
    expect(search).to_be_focused()
    expect(search).to_have_value("dead unt area")
    expect(page.locator("#dd-search-results a").first).to_be_visible()
