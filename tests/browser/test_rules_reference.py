"""Quoting and linking the rules as a forum poster does: copy as quote, glossary links, permalinks."""
from __future__ import annotations

import re

import pytest
from tests.browser.expecting import expect

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context


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


def test_a_ruling_point_copies_as_markdown_and_bbcode(page, clip, site_url):
    """The exact text pasted into Discord or Reddit (Markdown) and a forum (BBCode): the title on a
    line of its own, the FAQ's words, the verdict kept in bold, the source and edition, and the
    point's own small page (which previews as this point). "> " on blank lines: Discord ends a
    quote at a bare ">"."""
    point = "amazons-maneuvers-as-missiles-a"
    page.goto(f"rulings/#{point}")
    link = f"{site_url.rstrip('/')}/rulings/{point}/"
    text = ("The special racial bonus only takes effect when the acting Amazon army (the firing army) is in "
            "Flatland (blue-gold) terrain.")
    now = ("v4.01d has no Flatland condition: Javelin Charge lets Amazon units count maneuver results as missile "
           "results for the turn after the army buries its minor terrain in place of its maneuver step.")
    assert copy_quote(page, point, "markdown") == (
        "> **Amazons: Maneuvers as Missiles, point A**\n> \n"
        f"> {text}\n> \n"
        f"> **Superseded by v4.01d.** {now}\n> \n"
        f"> \u2014 TSR FAQ part 4 v0.96, TSR 1996 \u00b7 <{link}>\n")
    assert copy_quote(page, point, "bbcode") == (
        "[quote][b]Amazons: Maneuvers as Missiles, point A[/b]\n\n"
        f"{text}\n\n"
        f"[b]Superseded by v4.01d.[/b] {now}\n\n"
        "\u2014 TSR FAQ part 4 v0.96, TSR 1996[/quote]\n"
        f"[url]{link}[/url]\n")


def test_a_consistent_ruling_keeps_its_verdict(page, clip):
    point = "monster-sais-charm-e-2"
    page.goto(f"rulings/#{point}")
    lines = copy_quote(page, point, "markdown").splitlines()
    assert lines[:3] == ["> **Monster SAIs: Charm, point E (second)**", "> ",
                         "> During a dragon attack, Charm has no effect."]
    assert "> **Still holds under v4.01d.** Still holds: Charm does not list Dragon Attack among its rolls." in lines
    assert lines[-1].endswith(f"/rulings/{point}/>")


def test_every_quotable_element_has_its_button(page):
    for path in ("rules/saves-and-damage/", "rules/die-roll-resolution/", "glossary/", "rulings/", "sai/counter/"):
        page.goto(path)
        missing = page.evaluate("""() => {
            const data = {};
            document.querySelectorAll('.dd-quotes[data-quotes]').forEach(s => Object.assign(data, JSON.parse(s.dataset.quotes)));
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
    assert quote.startswith("> **Counter (Special Action Icon)**\n> \n> During a save roll against a melee attack")
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


def test_copy_link_of_a_rule_part_gives_its_own_page_which_leads_to_the_part(page, clip):
    """One link, one preview: the part's link is its small page; opened, it lands on the anchor."""
    page.goto("rules/play-areas/")
    button = page.locator('[id="dead-unit-area"] > .dd-copy').first
    button.click()
    expect(button).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith("/rules/play-areas/dead-unit-area/")
    page.goto(copied)
    page.wait_for_url("**/rules/play-areas/#dead-unit-area")
    expect(page.locator('[id="dead-unit-area"]')).to_be_in_viewport()
