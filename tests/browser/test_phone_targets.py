"""Phones: every control (button, summary, select, text box, the theme's header buttons) of every page
kind, and of the calculator in each mode, is at least 44 x 44 CSS px at 390 px wide, and a copy-link
button says what it does in words. Links inside running text are exempt, as in WCAG 2.5.8 (inline
targets); standalone link lists such as the home page's sections are measured too.
The desktop SAI list lays its rows out as a table (a phone's card layout once leaked to every width)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.page_kinds import KINDS, open_kind

# The tests share a browser context (tests/browser/conftest.py): after the first, the engine starts
# from the browser's cache; each test still starts with nothing kept.
pytestmark = pytest.mark.shared_context

MIN = 44
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)

SMALL_TARGETS = """(min) => {
  const sel = 'button, summary, select, textarea, input:not([type=hidden]), [role=button], a.md-header__button, '
    + 'label.md-header__button, .dd-sections a';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const target = (el.matches('input[type=checkbox], input[type=radio], input[type=file]') && el.closest('label')) || el;
    const r = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || target.closest('[hidden], [aria-hidden=true]')) continue;
    if (el.closest('.md-sidebar, .md-search, .md-dialog')) continue;   // the closed drawer and the theme's unused dialogs
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
      out.push(el.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
  }
  return [...new Set(out)];
}"""


@pytest.mark.browser_context_args(**PHONE)
@pytest.mark.parametrize("kind", KINDS)
def test_every_control_is_big_enough_to_tap(page: Page, kind: str):
    open_kind(page, kind)
    if kind in ("rules", "glossary", "rulings", "sai", "sai-list"):
        expect(page.locator("article .dd-copy").first).to_be_attached()     # the page script added its buttons
    assert page.evaluate(SMALL_TARGETS, MIN) == []


@pytest.mark.browser_context_args(**PHONE)
def test_the_measure_sees_a_small_target(page: Page):
    open_kind(page, "home")
    page.evaluate("""() => document.querySelector('article').insertAdjacentHTML('beforeend',
        '<button type="button" style="min-height: 0; height: 22px; padding: 0">Tiny</button>')""")
    small = page.evaluate(SMALL_TARGETS, MIN)
    assert len(small) == 1 and small[0].startswith('button "Tiny" ') and small[0].endswith("x22"), small


@pytest.mark.browser_context_args(**PHONE)
def test_copy_link_buttons_say_what_they_do(page: Page):
    open_kind(page, "sai-list")
    buttons = page.locator("article .dd-copy")
    expect(buttons.first).to_be_attached()
    texts = set(buttons.all_text_contents())
    assert texts == {"Copy link"}, texts
    row = page.locator("article tr[id]").first
    name = row.locator("td a").first.text_content().strip()
    expect(row.locator(".dd-copy")).to_have_attribute("aria-label", "Copy link to " + name)


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 900})
def test_desktop_sai_list_is_a_table(page: Page):
    open_kind(page, "sai-list")
    row = page.locator("article table.dd-index tbody tr").first
    assert row.evaluate("(tr) => getComputedStyle(tr).display") == "table-row"
    # Its "First part" column has room for its words (it once got 11% of the table: a word per line).
    share = page.evaluate("""() => { const t = document.querySelector('article table.dd-index');
        const th = [...t.querySelectorAll('thead th')].find((x) => x.textContent.trim() === 'First part');
        return th.getBoundingClientRect().width / t.getBoundingClientRect().width; }""")
    assert share > 0.25, share
    assert page.evaluate("() => document.querySelector('article table.dd-index').getBoundingClientRect().width") > 600


@pytest.mark.browser_context_args(**PHONE)
def test_chances_caption_fits_on_a_phone(page: Page):
    open_kind(page, "roll")            # waits for this roll's chances
    lines = page.evaluate("""() => { const c = document.querySelector('#chances table caption');
        return c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight); }""")
    assert lines <= 2.2, lines


# Each visible checkbox against the first words of its label: overlapping in height and left of
# them, i.e. on the same line (a column layout once put the box above its words).
BOX_BESIDE_WORDS = """() => {
  const out = [];
  for (const box of document.querySelectorAll('label > input[type=checkbox]')) {
    const b = box.getBoundingClientRect();
    if (b.width === 0 || box.closest('[hidden]')) continue;
    const walker = document.createTreeWalker(box.parentElement, NodeFilter.SHOW_TEXT,
      { acceptNode: (n) => (n.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT) });
    const words = walker.nextNode();
    if (!words) continue;
    const range = document.createRange();
    range.selectNodeContents(words);
    const t = range.getClientRects()[0];
    if (!(b.bottom > t.top && b.top < t.bottom && b.right <= t.left + 1)) out.push(words.textContent.trim().slice(0, 40));
  }
  return out;
}"""


@pytest.mark.browser_context_args(**PHONE)
@pytest.mark.parametrize("kind", ["roll", "magic", "exchange"])
def test_a_checkbox_sits_beside_its_words(page: Page, kind: str):
    open_kind(page, kind)
    assert page.evaluate(BOX_BESIDE_WORDS) == []
    assert page.locator("label > input[type=checkbox]:visible").count() > 0


# The theme shows "Back to top" by taking its hidden attribute away as the player scrolls up.
BACK_TO_TOP_SHOWN = """() => { const top = document.querySelector('.md-top'); top.hidden = false;
  const r = top.getBoundingClientRect(); return r.width > 0 && r.height > 0; }"""


@pytest.mark.browser_context_args(**PHONE)
def test_back_to_top_never_covers_the_calculators_fields(page: Page):
    # On pages of fields (the calculator, the army builder) it stays away on phones; elsewhere, shown.
    for path, shown in (("calculator/", False), ("army/", False), ("rules/die-roll-resolution/", True)):
        page.goto(path)
        assert page.evaluate(BACK_TO_TOP_SHOWN) is shown, path
