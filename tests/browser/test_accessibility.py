"""axe-core (pinned in package.json, installed by `npm ci`; injected by the test, never shipped in the
site) finds no critical or serious violation, and no content outside landmarks, on every page kind
and the calculator in each mode with an answer shown, at 390 px (a phone) and 1280 px, in light and
dark. One page per width and scheme visits every kind in turn (the calculator's modes are swapped in
on one calculator page: the engine starts once per page)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.origin import guarded_context
from tests.browser.page_kinds import KINDS, open_kind

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("critical", "serious")
ALSO = ("region",)       # content outside landmarks (moderate to axe; the issue asks for none)
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
DESKTOP = dict(viewport={"width": 1280, "height": 900})
VIEWS = [(width, scheme) for width in (390, 1280) for scheme in ("light", "dark")]

# axe is injected as a script of its own, which the site's Content-Security-Policy would refuse.
pytestmark = pytest.mark.browser_context_args(bypass_csp=True)


# The long lists of dice (the dice list, the army builder's 800 cards) are one template repeated: axe
# reads the first dozen cards of each list, which took it a minute and more per page for all of them.
FEWER_CARDS = """() => document.querySelectorAll('ul.dd-cards').forEach((list) =>
  [...list.children].slice(12).forEach((card) => card.remove()))"""


def violations(page: Page) -> list[str]:
    """axe's violations of the page as it is now: one line per rule, with a few of its elements."""
    page.evaluate(FEWER_CARDS)
    # Colours halfway through a transition (a button the pointer rests on after a click) are no colours
    # the page shows for long: axe reads the page once its transitions have ended.
    page.wait_for_function("() => !document.getAnimations().some((a) => a instanceof CSSTransition)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")["violations"]
    return [f"{v['id']} ({v['impact']}): " + "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:4])
            for v in found if v["impact"] in FAILING or v["id"] in ALSO]


@pytest.fixture(scope="module")
def view(request, browser: Browser, site_url):
    """One page at this width and colour scheme, for every kind in turn."""
    width, scheme = request.param
    foreign: list[str] = []
    context = guarded_context(browser, site_url, foreign, bypass_csp=True, color_scheme=scheme,
                              **(PHONE if width == 390 else DESKTOP))
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page, scheme
    context.close()
    assert not foreign, f"requests left the site's origin: {sorted(set(foreign))}"


@pytest.mark.parametrize("view", VIEWS, indirect=True, scope="module", ids=[f"{w}-{s}" for w, s in VIEWS])
@pytest.mark.parametrize("kind", KINDS)
def test_no_serious_violation(view, kind: str):
    page, scheme = view
    open_kind(page, kind)
    expect_scheme = "slate" if scheme == "dark" else "default"
    assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") == expect_scheme
    assert violations(page) == []


def test_axe_sees_a_violation(page: Page):
    # The check can fail: text outside every landmark, and a button without a name.
    open_kind(page, "rules")
    page.evaluate("""() => { document.body.insertAdjacentHTML('beforeend', '<p>Stray text</p>');
        document.querySelector('article').insertAdjacentHTML('beforeend', '<button type="button"></button>'); }""")
    found = " ".join(violations(page))
    assert "region" in found and "button-name" in found
