"""Link previews: hover or keyboard focus opens one card with the icon and the whole rules text of
the linked SAI (or spell, ability, die, rule); Escape closes it; on touch a tap opens it and the
card leads through to the page. A link pasted elsewhere previews with the page's own drawn card
(og:image), which the browser loads at the size the page states."""
from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from tests.browser.expecting import expect

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

RULES_PAGE = "rules/die-roll-resolution/"


def clause_texts(dataset, sai_id: str) -> list[str]:
    return [" ".join(c["text"].split()) for c in dataset.get("sais", sai_id)["clauses"]]


def preview_text(page) -> str:
    return " ".join(page.locator(".dd-preview").inner_text().split())


def assert_whole_sai_text(page, dataset, sai_id: str) -> None:
    card = page.locator(".dd-preview")
    expect(card).to_be_visible()
    expect(card.locator(f'svg.dd-icon[data-icon="{sai_id}"]')).to_have_attribute(
        "aria-label", dataset.get("sais", sai_id)["name"])
    text = preview_text(page)
    for clause in clause_texts(dataset, sai_id):
        assert clause in text, (sai_id, clause)


def link_to(page, path: str):
    # Material's instant navigation rewrites hrefs to absolute URLs: match the end.
    return page.locator(f'article a[href$="/{path}"]').first


def settled(page) -> None:
    """Until no card is on its way (previews.js marks the page's root while one is): what the page
    shows then stays."""
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-preview-opening')")


def test_hover_shows_the_whole_rules_text_of_the_linked_sai(page, dataset):
    page.goto(RULES_PAGE)
    link = link_to(page, "sai/bullseye/")
    link.hover()
    assert_whole_sai_text(page, dataset, "bullseye")
    # Only our card: the cut-off title tooltip is gone from the link.
    assert link.get_attribute("title") is None
    expect(page.locator(".md-tooltip2--active")).to_have_count(0)
    # Moving to another link replaces the card: never two at once.
    other = link_to(page, "sai/rend/")
    other.hover()
    expect(page.locator(".dd-preview")).to_contain_text(clause_texts(dataset, "rend")[0])
    expect(page.locator(".dd-preview")).to_have_count(1)
    page.mouse.move(5, 5)
    expect(page.locator(".dd-preview")).to_have_count(0)


def test_keyboard_focus_opens_a_preview_that_escape_closes(page, dataset):
    page.goto("sai/")
    link = page.locator('#sai-table a[href$="/sai/counter/"]')
    # Tab onto the link from the element just before it, as a keyboard user does.
    page.evaluate("""l => {
        const all = [...document.querySelectorAll('a[href], button, input, select')];
        all[all.indexOf(l) - 1].focus();
    }""", link.element_handle())
    # That element may be a link with a card of its own (focus opens it, as for the Counter link):
    # let it arrive, then close it with Escape, so the Tab below moves on to the Counter link.
    page.wait_for_load_state("networkidle")
    page.keyboard.press("Escape")
    expect(page.locator(".dd-preview")).to_have_count(0)
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    assert_whole_sai_text(page, dataset, "counter")
    expect(link).to_have_attribute("aria-expanded", "true")
    # Tab goes into the card (its link through to the page), Escape closes and returns to the link.
    page.keyboard.press("Tab")
    expect(page.locator(".dd-preview a")).to_be_focused()
    expect(page.locator(".dd-preview a")).to_have_text("Open Counter")
    page.keyboard.press("Escape")
    expect(page.locator(".dd-preview")).to_have_count(0)
    expect(link).to_be_focused()
    settled(page)   # focus given back to the link does not reopen the card
    expect(page.locator(".dd-preview")).to_have_count(0)
    # Escape also closes a card opened by hovering, and it stays closed.
    page.locator('#sai-table a[href$="/sai/rend/"]').hover()
    expect(page.locator(".dd-preview")).to_contain_text(clause_texts(dataset, "rend")[0])
    page.keyboard.press("Escape")
    settled(page)
    expect(page.locator(".dd-preview")).to_have_count(0)


def test_previews_cover_abilities_dice_rules_and_spells(page, dataset):
    page.goto("species/")
    ability = dataset.get("species", "coral-elves")["abilities"][0]
    page.locator(f'article a[href$="/species/coral-elves/#{ability["id"]}"]').hover()
    expect(page.locator(".dd-preview")).to_contain_text(" ".join(ability["summary"].split()))
    page.goto("sai/rend/")
    page.locator('article a[href$="/dice/coral-elves/#gryphon"]').first.hover()
    card = page.locator(".dd-preview")
    gryphon = dataset.get("dice", "coral-elves/gryphon")
    expect(card.locator("svg.dd-icon")).to_have_count(len(gryphon["faces"]))
    assert card.locator("svg.dd-icon").evaluate_all("s => s.map(i => i.dataset.icon)") == [f["icon"] for f in gryphon["faces"]]
    page.goto("sai/")
    page.locator('article a[href$="/rules/x-values/"]').first.hover()
    expect(page.locator(".dd-preview")).to_contain_text(dataset.get("rules", "x-values")["points"][0]["text"][:60])


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
def test_a_tap_opens_the_preview_and_the_card_leads_to_the_page(page, dataset):
    page.goto(RULES_PAGE)
    link = link_to(page, "sai/bullseye/")
    link.scroll_into_view_if_needed()
    link.tap()
    assert_whole_sai_text(page, dataset, "bullseye")
    assert page.evaluate("location.pathname").endswith("/" + RULES_PAGE)   # the tap did not navigate
    box = page.locator(".dd-preview").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator(".dd-preview a", has_text="Open Bullseye").tap()
    page.wait_for_url(re.compile(r"/sai/bullseye/$"))
    expect(page.locator("h1")).to_contain_text("Bullseye")


OG_IMAGE = """() => Object.fromEntries([...document.querySelectorAll('meta[property^="og:image"]')]
    .map(m => [m.getAttribute("property"), m.content]))"""
LOADED_SIZE = """async src => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
}"""


def test_each_spell_page_names_its_own_card_at_the_stated_size(page, dataset):
    """Two spells of one element: each page's card loads in Chromium at the width and height its
    tags state, its description names the spell, and the two pictures differ (each has its name)."""
    spells = [s for s in dataset.kinds["spells"] if s["element"] == "fire"][:2]
    pictures = []
    for spell in spells:
        page.goto(f"spells/{spell['id']}/")
        meta = page.evaluate(OG_IMAGE)
        assert page.evaluate(LOADED_SIZE, meta["og:image"]) == [int(meta["og:image:width"]), int(meta["og:image:height"])]
        assert spell["name"] in meta["og:image:alt"]
        answer = page.request.get(urljoin(page.url, meta["og:image"]))
        assert answer.ok and answer.headers["content-type"] == "image/png"
        pictures.append(answer.body())
    assert pictures[0] != pictures[1]
