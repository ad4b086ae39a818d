"""On a 390 px phone, table cells wrap between words: no name is broken in the middle."""
from __future__ import annotations

import pytest
from tests.browser.expecting import expect

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context

PAGES = ["sai/", "spells/", "species/", "sai/rend/", "sai/counter/", "spells/blizzard/", "spells/firebolt/", "terrains/",
         "dragons/", "rules/x-values/"]

# Every word (split at spaces and hyphens) of every table cell: the line boxes it occupies.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('article table td, article table th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s\\-\\u2010-\\u2014/]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        if (m[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


# Rows with a link alone in a cell (44 px high on a phone, site.js marks it) whose cells, side by side,
# start their words on different lines: each cell's first letter, by its middle, within 4 px of the others.
UNEVEN_ROWS = """() => [...document.querySelectorAll('article table tr')].filter((tr) => tr.querySelector('td > a.dd-alone')).filter((tr) => {
  const cells = [...tr.cells].filter((cell) => getComputedStyle(cell).display === 'table-cell');   // not a card's lines
  const mids = cells.map((cell) => {
    const node = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, { acceptNode: (n) => n.data.trim()
      ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP }).nextNode();
    if (!node) return null;
    const range = document.createRange();
    const at = node.data.search(/\\S/);
    range.setStart(node, at); range.setEnd(node, at + 1);
    const r = range.getBoundingClientRect();
    return r.top + r.height / 2;
  }).filter((m) => m !== null);
  return mids.length > 1 && Math.max(...mids) - Math.min(...mids) > 4;
}).map((tr) => tr.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60))"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
@pytest.mark.parametrize("path", PAGES)
def test_tables_do_not_break_names_mid_word(page, path):
    page.goto(path)
    assert page.locator("article table").count() > 0
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate(UNEVEN_ROWS) == []


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_the_word_check_sees_a_broken_name(page):
    page.goto("sai/")
    # Squeeze a name and let it break anywhere: the check must notice.
    page.evaluate("""() => {
      const a = document.querySelector('#sai-table td a');
      a.style.cssText = 'display: inline-block; width: 1.5em; word-break: break-all; white-space: normal';
    }""")
    assert page.evaluate(BROKEN_WORDS) != []


# Elements of the article that scroll sideways (a wide table in its own scroll box, say).
SIDEWAYS = """() => [...document.querySelectorAll('article *')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
  .map((el) => el.tagName.toLowerCase() + '.' + el.className + ' ' + el.scrollWidth + '>' + el.clientWidth)"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_sai_clause_tables_fit_a_phone(page):
    # The SAIs with the widest "In each roll" tables: each clause stacks its cells, nothing scrolls sideways.
    for path in ("sai/decapitate/", "sai/dispel-magic/", "sai/impale/", "sai/rise-from-the-ashes/"):
        page.goto(path)
        effect = page.locator("table.dd-clauses td[data-label]").last
        expect(effect).to_be_visible()
        assert page.evaluate(SIDEWAYS) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path


# The home page's section cards: each the same width (a tile of the grid), its name on one line and
# above its words. Read once the page's script has marked the links that stand alone (site.js), the
# mark that once made each card a row of its own, its name run into its words.
CARDS = """() => [...document.querySelectorAll('.dd-sections a')].map((a) => {
  const name = a.querySelector('strong'), words = a.querySelector('span');
  const range = document.createRange();
  range.selectNodeContents(name);                 // the name's line boxes (its box is one block)
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  const box = a.getBoundingClientRect();
  return { top: Math.round(box.top), width: Math.round(box.width), height: Math.round(box.height), nameLines: lines,
           below: words.getBoundingClientRect().top >= name.getBoundingClientRect().bottom - 1 };
})"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_the_home_pages_section_cards_stay_tiles_on_a_phone(page):
    page.goto("./")
    page.wait_for_function("() => { const links = [...document.querySelectorAll('.dd-sections a')];"
                           " return links.length > 0 && links.every((a) => a.classList.contains('dd-alone')); }")
    cards = page.evaluate(CARDS)
    assert len({c["width"] for c in cards}) == 1, cards
    assert all(c["nameLines"] == 1 and c["below"] for c in cards), cards
    rows: dict[int, set[int]] = {}
    for c in cards:                                # the tiles of one row are one height
        rows.setdefault(c["top"], set()).add(c["height"])
    assert all(len(heights) == 1 for heights in rows.values()), cards
