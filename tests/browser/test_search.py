"""The site's search box, as a player uses it: typing the exact name of a thing opens that thing.

Every SAI, spell, species, dragon, glossary term and rules section, and a seeded sample of 80
dice, is typed into the header's search box; the first result must be that thing's page or
anchor for at least 98% of each kind. The expected URL of each name is derived from the data,
never written here.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from urllib.parse import urlsplit

import pytest

from tests.browser.expecting import expect
from tests.browser.origin import guarded_context

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

THRESHOLD = 0.98
DICE_SAMPLE, DICE_SEED = 80, 12


def glossary_target(term: dict) -> str:
    """A term that has a rule leads to the rule (search "DUA" -> the Dead Unit Area rule)."""
    if term.get("rule"):
        rule, _, anchor = term["rule"].partition("#")
        return f"rules/{rule}/" + (f"#{anchor}" if anchor else "")
    return f"glossary/#{term['id']}"


def die_query(die: dict, shared: Counter) -> str:
    """A die's name as a player types it: "Fire Dragonstallion" when the name alone is shared."""
    if shared[die["name"]] == 1:
        return die["name"]
    return " ".join([*(e.title() for e in die["element"]), die["name"]])


def queries(ds) -> dict[str, list[tuple[str, str]]]:
    kinds = ds.kinds
    shared = Counter(d["name"] for d in kinds["dice"])
    dice = random.Random(DICE_SEED).sample(kinds["dice"], DICE_SAMPLE)
    return {
        "sais": [(s["name"], f"sai/{s['id']}/") for s in kinds["sais"]],
        "spells": [(s["name"], f"spells/{s['id']}/") for s in kinds["spells"]],
        "species": [(s["name"], f"species/{s['id']}/") for s in kinds["species"]],
        "dragons": [(d["name"], f"dragons/#{d['id']}") for d in kinds["dragons"]],
        "glossary": [(t["name"], glossary_target(t)) for t in kinds["glossary"]],
        "rules": [(r["name"], f"rules/{r['id']}/") for r in kinds["rules"]
                  if r.get("applies_to_dragon_dice") is not False],
        "dice": [(die_query(d, shared), f"dice/{d['species']}/#{d['id'].split('/', 1)[1]}") for d in dice],
    }


def first_result(page, query: str) -> str:
    box = page.locator(".dd-search__input")
    box.fill(query)
    page.wait_for_function("q => document.querySelector('.dd-search').getAttribute('data-query') === q", arg=query)
    links = page.locator(".dd-search__result:not([hidden]) a")
    if links.count() == 0:
        return ""
    parts = urlsplit(links.first.get_attribute("href"))
    return parts.path.lstrip("/") + (f"#{parts.fragment}" if parts.fragment else "")


# Many queries in one call: each put in the box with the input event the box listens to (what
# first_result's fill sends), then, once the box has painted that query's results, its first link.
FIRST_RESULTS = """async (queries) => {
  const input = document.querySelector('.dd-search__input');
  const box = document.querySelector('.dd-search');
  const painted = (q) => new Promise((done, fail) => {     // as long as first_result's wait, at most
    if (box.getAttribute('data-query') === q) { done(); return; }
    const late = setTimeout(() => { watch.disconnect(); fail(new Error('no results shown for ' + q)); }, 60000);
    const watch = new MutationObserver(() => {
      if (box.getAttribute('data-query') === q) { watch.disconnect(); clearTimeout(late); done(); }
    });
    watch.observe(box, { attributes: true, attributeFilter: ['data-query'] });
  });
  const out = [];
  for (const q of queries) {
    input.value = q;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await painted(q.trim());
    const link = box.querySelector('.dd-search__result:not([hidden]) a');
    out.push(link ? link.getAttribute('href') : null);
  }
  return out;
}"""


def first_results(page, queries: list[str]) -> list[str]:
    """first_result of each query in turn, typed in the page in one call (a call each cost some
    25 ms of a core, for hundreds of names)."""
    out = []
    for href in page.evaluate(FIRST_RESULTS, queries):
        parts = urlsplit(href or "")
        out.append("" if href is None else parts.path.lstrip("/") + (f"#{parts.fragment}" if parts.fragment else ""))
    return out


def open_search(page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("sai/")
    box = page.locator(".dd-search__input")
    expect(box).to_be_visible()
    box.click()
    return page


@pytest.fixture(scope="module")
def shared_search(browser, site_url):
    """One search page for the tests that only type into the box and read the results (each waits
    for the results of its own query): a page of its own each cost a browser context and a page load."""
    foreign: list[str] = []
    context = guarded_context(browser, site_url, foreign)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield open_search(page), foreign
    context.close()


@pytest.fixture
def search_page(shared_search):
    page, foreign = shared_search
    yield page
    assert not foreign, f"requests left the site's origin: {sorted(set(foreign))}"


def test_exact_names_find_their_page_first(search_page, dataset):
    report = {}
    for kind, pairs in queries(dataset).items():
        got = first_results(search_page, [q for q, _ in pairs])
        misses = [(q, want, found) for (q, want), found in zip(pairs, got) if found != want]
        share = 1 - len(misses) / len(pairs)
        report[kind] = (share, len(pairs), misses)
    failing = {k: v for k, v in report.items() if v[0] < THRESHOLD}
    summary = {k: f"{v[0]:.1%} of {v[1]}" for k, v in report.items()}
    assert not failing, f"{summary}; misses: { {k: v[2][:5] for k, v in failing.items()} }"


def test_results_name_their_kind_and_show_sentences(search_page):
    first_result(search_page, "Gryphon")
    first = search_page.locator(".dd-search__result").first
    expect(first.locator(".dd-search__title")).to_have_text("Gryphon")
    expect(first.locator(".dd-search__kind")).to_have_text("— Coral Elves die")
    snippet = first.locator(".dd-search__snippet").text_content()
    assert "<" not in snippet and snippet.endswith(".")


@pytest.mark.parametrize("query,want", [
    ("counts as", "rules/counts-as/"),
    ("DUA", "rules/play-areas/#dead-unit-area"),
    ("dead unit area", "rules/play-areas/#dead-unit-area"),
    ("damage", "rules/saves-and-damage/"),
    ("counter-attack", "rules/counter-attacks/"),
    ("Flame", "sai/flame/"),
    ("Eldarim", "species/eldarim/"),
    ("Water Morehl Warder", "dice/eldarim/#morehl-water-warder"),
    ("Fire Dragonstallion", "dice/dragonkin/#fire-dragonstallion"),
    # typed as players type (issue 21; the full list runs under Node: tests/site/test_search_forgives.py)
    ("doublestrike", "sai/double-strike/"),
    ("coral elf", "species/coral-elves/"),
    ("how many saves", "rules/saves-and-damage/#damage-saves-cancel"),
    ("teleprot", "sai/teleport/"),
    ("burial", "rules/play-areas/#buried-unit-area"),
])
def test_what_players_type_leads_to_the_rule(search_page, query, want):
    assert first_result(search_page, query) == want


def test_enter_opens_the_first_result_and_escape_closes(page):
    search_page = open_search(page)      # a page of its own: Enter leaves the search page
    box = search_page.locator(".dd-search__input")
    first_result(search_page, "Summoning Pool")
    box.press("Enter")
    search_page.wait_for_url("**/rules/play-areas/#summoning-pool")
    target = search_page.locator('[id="summoning-pool"]')
    expect(target).to_be_in_viewport()


def test_search_works_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto("./")
    expect(page.locator(".dd-search__input")).to_be_hidden()
    page.locator(".dd-search__open").click()
    box = page.locator(".dd-search__input")
    expect(box).to_be_visible()
    box.fill("Counter")
    first = page.locator(".dd-search__result a").first
    expect(first.locator(".dd-search__title")).to_have_text("Counter")
    first.click()
    page.wait_for_url("**/sai/counter/")
    box_after = page.locator(".dd-search__input")
    expect(box_after).to_be_hidden()
    # Opened again, the last query is still there, chosen: what is typed now replaces it.
    page.locator(".dd-search__open").click()
    expect(box_after).to_be_focused()
    expect(box_after).to_have_value("Counter")
    page.keyboard.type("Bullseye")
    expect(box_after).to_have_value("Bullseye")
    expect(page.locator(".dd-search__result a").first.locator(".dd-search__title")).to_have_text("Bullseye")


def shown_results(page) -> list[str]:
    return page.locator(".dd-search__result:not([hidden]) a").evaluate_all("ls => ls.map(l => l.getAttribute('href'))")


def test_show_more_results_shows_the_rest_on_a_phone(page):
    """Issue 52: results stopped at 12 with no way to see more. At 390 px the first 12 come with
    the count of all found and a "Show more results" button (44 px to tap, reached by Tab); each
    press adds the next results below, until every one found is shown and the button goes."""
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto("./")
    page.locator(".dd-search__open").click()
    box = page.locator(".dd-search__input")
    box.fill("dragon")
    page.wait_for_function("() => document.querySelector('.dd-search').getAttribute('data-query') === 'dragon'")
    status = page.locator(".dd-search__status")
    total = int(re.fullmatch(r"12 of (\d+) results", status.text_content()).group(1))
    assert total > 24               # more than two presses' worth, so the button is pressed again
    assert len(shown_results(page)) == 12
    more = page.get_by_role("button", name=re.compile("^Show more results"))
    expect(more).to_be_visible()
    size = more.bounding_box()
    assert size["height"] >= 44 and size["width"] >= 44
    box.focus()
    for _ in range(20):             # the keyboard reaches it: Tab from the box, past the results
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('dd-search__more')"):
            break
    else:
        pytest.fail("Tab never reached the Show more results button")
    seen = shown_results(page)
    for _ in range(total // 12 + 1):
        if not more.is_visible():
            break
        page.keyboard.press("Enter")
        want = min(len(seen) + 12, total)
        # the status counts what is shown of all; the first new result has the focus
        expect(status).to_have_text(f"{want} of {total} results" if want < total else f"{total} results")
        now = shown_results(page)
        assert now[:len(seen)] == seen and len(now) == want
        assert page.evaluate("() => document.activeElement.getAttribute('href')") == now[len(seen)]
        seen = now
        if more.is_visible():
            more.focus()
    assert len(seen) == total and len(set(seen)) == total
    expect(more).to_be_hidden()
    box.fill("dragons")             # a new query starts again from the first 12
    page.wait_for_function("() => document.querySelector('.dd-search').getAttribute('data-query') === 'dragons'")
    assert len(shown_results(page)) == 12
