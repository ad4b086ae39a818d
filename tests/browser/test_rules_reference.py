"""Quoting and linking the rules as a forum poster does: copy as quote, glossary links, permalinks."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect


@pytest.fixture
def clip(context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])


def copy_quote(page, anchor: str, fmt: str) -> str:
    menu = page.locator(f'[id="{anchor}"] > .dd-quote, [id="{anchor}"] > td > .dd-quote').first
    if not menu.evaluate("m => m.open"):
        menu.locator("summary").click()
    button = menu.locator(f'button[data-format="{fmt}"]')
    button.click()
    expect(button).to_have_text("Copied")
    return page.evaluate("navigator.clipboard.readText()")


def test_a_ruling_point_copies_as_markdown_and_bbcode(page, clip, dataset):
    point = "monster-sais-charm-e-2"
    page.goto(f"rulings/#{point}")
    markdown = copy_quote(page, point, "markdown")
    lines = markdown.splitlines()
    assert lines[0] == "> **Monster SAIs: Charm, point E (second)**"
    assert "> During a dragon attack, Charm has no effect." in lines
    assert any(line.startswith("> v4.01d now: ") for line in lines)
    assert re.fullmatch(r"> \u2014 TSR FAQ part 4 v0\.96, TSR 1996 \u00b7 <http://127\.0\.0\.1:\d+/rulings/#"
                        + point + ">", lines[-1])
    bbcode = copy_quote(page, point, "bbcode")
    assert bbcode.startswith("[quote][b]Monster SAIs: Charm, point E (second)[/b]\nDuring a dragon attack")
    assert re.search(r"\[/quote\]\n\[url\]http://127\.0\.0\.1:\d+/rulings/#" + point + r"\[/url\]\n$", bbcode)


def test_every_quotable_element_has_its_button(page):
    for path in ("rules/saves-and-damage/", "rules/die-roll-resolution/", "glossary/", "rulings/", "sai/counter/"):
        page.goto(path)
        missing = page.evaluate("""() => {
            const data = {};
            document.querySelectorAll('script.dd-quotes').forEach(s => Object.assign(data, JSON.parse(s.textContent)));
            return Object.keys(data).filter(id => {
                const el = document.getElementById(id);
                const host = el && el.tagName === 'TR' ? el.querySelector('td') : el;
                return !host || !host.querySelector(':scope > .dd-copy') || !host.querySelector(':scope > .dd-quote');
            });
        }""")
        assert missing == [], (path, missing[:5])


def test_an_sai_and_a_rule_point_quote_their_source(page, clip):
    page.goto("sai/counter/")
    quote = copy_quote(page, "counter", "markdown")
    assert quote.startswith("> **Counter (Special Action Icon)**\n> During a save roll against a melee attack")
    assert "Rulebook SAI table, v4.01d, p.31" in quote and quote.rstrip().endswith("/sai/counter/#counter>")
    page.goto("rules/saves-and-damage/")
    quote = copy_quote(page, "damage-allocation", "markdown")
    assert "**Saves and damage 4: Choosing the casualties**" in quote
    assert "our summary of the Rulebook, v4.01d, p.29" in quote


def test_a_glossary_link_opens_its_definition(page):
    page.goto("rules/marches/")
    link = page.locator("a.dd-gloss[data-glossary='counter-maneuver']").first
    # The definition travels with the link (the page's preview card takes it over from the title).
    expect(link).to_have_attribute("data-dd-title", re.compile("maneuver roll"))
    link.hover()
    expect(page.locator(".dd-preview").first).to_contain_text("maneuver roll")
    link.click()
    page.wait_for_url("**/glossary/#counter-maneuver")
    expect(page.locator('[id="counter-maneuver"]')).to_be_in_viewport()


def test_the_sai_list_filters_by_timing(page, dataset):
    page.goto("sai/")
    page.locator('[data-filter-key="timing"] button[data-filter-value="triggered"]').click()
    visible = page.locator("#sai-table tbody tr:not([hidden])")
    want = {s["id"] for s in dataset.kinds["sais"] if s.get("timing") == "triggered"}
    expect(visible).to_have_count(len(want))
    assert set(visible.evaluate_all("rows => rows.map(r => r.id)")) == want
