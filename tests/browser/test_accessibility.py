"""axe-core (pinned in package.json, installed by `npm ci`; injected by the test, never shipped in the
site) finds no critical or serious violation, and no content outside landmarks, on every page kind
and the calculator in each mode with an answer shown, at 390 px (a phone) and 1280 px, in light and
dark. One page per width visits every kind in turn (the calculator's modes are swapped in on one
calculator page: the engine starts once per page), and each kind is read in both schemes, switched
between by the header's colour-scheme toggle as a reader does (a page opened after the switch opens
in the scheme chosen, as the theme keeps it), so that each kind is opened once per width."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.links import module_page
from tests.browser.page_kinds import KINDS, open_kind

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("critical", "serious")
ALSO = ("region",)       # content outside landmarks (moderate to axe; the issue asks for none)
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
DESKTOP = dict(viewport={"width": 1280, "height": 900})
WIDTHS = (390, 1280)
THEME = {"light": "default", "dark": "slate"}
# Kind by kind, both schemes; every other kind starts in the scheme the one before ended in, so
# that one switch of the toggle serves each kind (light, dark; dark, light; light, dark ...).
CASES = [(kind, scheme) for i, kind in enumerate(KINDS) for scheme in (("light", "dark"), ("dark", "light"))[i % 2]]

# axe is injected as a script of its own, which the site's Content-Security-Policy would refuse.
pytestmark = pytest.mark.browser_context_args(bypass_csp=True)


# The long lists of dice (the dice list, the army builder's 800 cards) are one template repeated, which
# took axe a minute and more per page for all of them. It reads every look a card has: a card stays
# when one of its elements has a look (its classes, within a card of its classes) no card before it
# had, and goes otherwise (about 80 of the 800 stay).
FEWER_CARDS = """() => { const seen = new Set();
  for (const card of document.querySelectorAll('ul.dd-cards > li')) {
    const looks = [card, ...card.querySelectorAll('*')]
      .map((el) => card.className + ' > ' + el.tagName + '.' + (el.getAttribute('class') || ''));
    if (looks.some((look) => !seen.has(look))) looks.forEach((look) => seen.add(look));
    else card.remove();
  } }"""
# The header's toggle, switched to this scheme (the theme applies it and keeps it for the next page).
SWITCH = """(scheme) => { const input = document.querySelector(`input.md-option[data-md-color-scheme="${scheme}"]`);
  if (input.checked) return; input.checked = true; input.dispatchEvent(new Event('change', { bubbles: true })); }"""


def violations(page: Page) -> list[str]:
    """axe's violations of the page as it is now: one line per rule, with a few of its elements."""
    page.evaluate(FEWER_CARDS)
    # Colours halfway through a transition (a button the pointer rests on after a click) are no colours
    # the page shows for long: axe reads the page once its transitions have ended.
    page.wait_for_function("() => !document.getAnimations().some((a) => a instanceof CSSTransition)")
    if page.evaluate("() => typeof axe === 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")["violations"]
    return [f"{v['id']} ({v['impact']}): " + "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:4])
            for v in found if v["impact"] in FAILING or v["id"] in ALSO]


@dataclass
class View:
    page: Page
    kind: str = ""        # the kind the page shows now


@pytest.fixture(scope="module")
def view(request, browser: Browser, site_url):
    """One page at this width, for every kind in turn."""
    width = request.param
    for page in module_page(browser, site_url, bypass_csp=True, color_scheme="light",
                            **(PHONE if width == 390 else DESKTOP)):
        yield View(page)


def show(view: View, kind: str, scheme: str) -> None:
    """The page showing `kind` in `scheme`: opened if it shows another kind, the toggle switched if
    it shows the other scheme (the browser's own preference follows, for anything that reads it)."""
    view.page.emulate_media(color_scheme=scheme)
    if view.kind != kind:
        view.kind = ""
        open_kind(view.page, kind)
        view.kind = kind
    view.page.evaluate(SWITCH, THEME[scheme])


@pytest.mark.parametrize("view", WIDTHS, indirect=True, scope="module", ids=[str(w) for w in WIDTHS])
@pytest.mark.parametrize("kind, scheme", CASES, ids=[f"{k}-{s}" for k, s in CASES])
def test_no_serious_violation(view: View, kind: str, scheme: str):
    show(view, kind, scheme)
    view.page.wait_for_function("s => document.body.getAttribute('data-md-color-scheme') === s", arg=THEME[scheme])
    assert violations(view.page) == []


def test_axe_sees_a_violation(page: Page):
    # The check can fail: text outside every landmark, and a button without a name.
    open_kind(page, "rules")
    page.evaluate("""() => { document.body.insertAdjacentHTML('beforeend', '<p>Stray text</p>');
        document.querySelector('article').insertAdjacentHTML('beforeend', '<button type="button"></button>'); }""")
    found = " ".join(violations(page))
    assert "region" in found and "button-name" in found
