"""Phones: every control (button, summary, select, text box, the theme's header buttons, and every link
that is not a word of a sentence) of every page kind, and of the calculator in each mode, is at least
44 x 44 CSS px at 390 px wide, and a copy-link button says what it does in words. Links inside running
text are exempt, as in WCAG 2.5.8 (inline targets): a link is in running text when it is drawn inline
and the block it sits in has words besides it. A link alone in its list item or table cell (a list of
SAIs), a die card's name, a face that links to its SAI, a chip: each is measured.
The desktop SAI list lays its rows out as a table (a phone's card layout once leaked to every width)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.expecting import expect
from tests.browser.links import module_page
from tests.browser.page_kinds import KINDS, open_kind

# The phone tests share one page (the phone fixture); the desktop test's context is shared too
# (tests/browser/conftest.py).
pytestmark = pytest.mark.shared_context

MIN = 44
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)

SMALL_TARGETS = """(min) => {
  const sel = 'a[href], button, summary, select, textarea, input:not([type=hidden]), [role=button], '
    + 'label.md-header__button';
  const blockOf = (el) => { let b = el.parentElement; while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement; return b; };
  const inSentence = (a) => {
    if (getComputedStyle(a).display !== 'inline') return false;
    const block = blockOf(a);
    return !!block && block.textContent.trim() !== a.textContent.trim();
  };
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const target = (el.matches('input[type=checkbox], input[type=radio], input[type=file]') && el.closest('label')) || el;
    const r = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || target.closest('[hidden], [aria-hidden=true]')) continue;
    if (el.closest('.md-sidebar, .md-search, .md-dialog')) continue;   // the closed drawer and the theme's unused dialogs
    if (el.matches('a') && inSentence(el)) continue;
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
      out.push(el.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
  }
  return [...new Set(out)];
}"""


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url):
    """One phone page for every test at a phone's width in turn: the page kinds, the calculator's
    modes swapped in (one engine start for them all), then the checks of single pages."""
    yield from module_page(browser, site_url, **PHONE)


@pytest.mark.parametrize("kind", KINDS)
def test_every_control_is_big_enough_to_tap(phone: Page, kind: str):
    open_kind(phone, kind)
    if kind in ("rules", "glossary", "rulings", "sai", "sai-list"):
        expect(phone.locator("article .dd-copy").first).to_be_attached()     # the page script added its buttons
    assert phone.evaluate(SMALL_TARGETS, MIN) == []


# The tests below that open a calculator mode run on the same phone page, right after the page
# kinds (the last of them a calculator mode): each mode is swapped in place, with no engine start.
def test_chances_caption_fits_on_a_phone(phone: Page):
    open_kind(phone, "roll")            # waits for this roll's chances
    lines = phone.evaluate("""() => { const c = document.querySelector('#chances table caption');
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


@pytest.mark.parametrize("kind", ["roll", "magic", "exchange"])
def test_a_checkbox_sits_beside_its_words(phone: Page, kind: str):
    open_kind(phone, kind)
    assert phone.evaluate(BOX_BESIDE_WORDS) == []
    assert phone.locator("label > input[type=checkbox]:visible").count() > 0


def test_the_measure_sees_a_small_target(phone: Page):
    open_kind(phone, "home")
    phone.evaluate("""() => document.querySelector('article').insertAdjacentHTML('beforeend',
        '<button type="button" style="min-height: 0; height: 22px; padding: 0">Tiny</button>'
        + '<ul><li><a href="#" style="font-size: 12px">Alone</a></li></ul>'
        + '<p>A sentence with <a href="#" style="font-size: 12px">a link</a> in it.</p>')""")
    small = phone.evaluate(SMALL_TARGETS, MIN)
    # The button and the link alone in its list item, not the link inside a sentence.
    assert len(small) == 2 and small[0].startswith('button "Tiny" ') and small[0].endswith("x22"), small
    assert small[1].startswith('a "Alone" '), small


def test_copy_link_buttons_say_what_they_do(phone: Page):
    open_kind(phone, "sai-list")
    buttons = phone.locator("article .dd-copy")
    expect(buttons.first).to_be_attached()
    texts = set(buttons.all_text_contents())
    assert texts == {"Copy link"}, texts
    row = phone.locator("article tr[id]").first
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


# The theme shows "Back to top" by taking its hidden attribute away as the player scrolls up.
BACK_TO_TOP_SHOWN = """() => { const top = document.querySelector('.md-top'); top.hidden = false;
  const r = top.getBoundingClientRect(); return r.width > 0 && r.height > 0; }"""


def test_back_to_top_never_covers_the_calculators_fields(phone: Page):
    # On pages of fields (the calculator, the army builder) it stays away on phones; elsewhere, shown.
    for path, shown in (("calculator/", False), ("army/", False), ("rules/die-roll-resolution/", True)):
        phone.goto(path)
        assert phone.evaluate(BACK_TO_TOP_SHOWN) is shown, path
