"""The browser tests' `expect` (tests/browser/expecting.py) asserts what Playwright's asserts: an
assertion that comes true while it waits holds, one that never does fails with Playwright's own
message, and what it does not wait for itself (a pattern, a list, a count) goes to Playwright."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect

pytestmark = pytest.mark.shared_context

# A box the page fills a little later (two timer turns), as the engine's answers come.
LATER = """() => { const box = document.createElement('p'); box.id = 'later'; box.hidden = true;
  document.querySelector('article').prepend(box);
  setTimeout(() => { box.hidden = false; box.textContent = '  Three   points '; }, 150);
  setTimeout(() => { box.dataset.state = 'resolved'; box.setAttribute('value', 'x'); }, 300); }"""


@pytest.fixture
def later(page: Page):
    page.goto("rules/")
    page.evaluate(LATER)
    return page.locator("dom=#later")


def test_assertions_that_come_true_while_they_wait_hold(later):
    expect(later).to_be_visible()
    expect(later).to_have_text("Three points")            # white space run together, as Playwright reads it
    expect(later).to_contain_text("Three")
    expect(later).to_have_attribute("data-state", "resolved")
    expect(later).to_have_count(1)
    expect(later).to_have_text(re.compile(r"^\s*Three\s+points\s*$"))       # a pattern reads the text as it is
    expect(later.page.locator("dom=#nowhere")).to_be_hidden()


@pytest.mark.parametrize("assertion", ["text", "attribute", "visible"])
def test_an_assertion_that_never_holds_fails_with_playwrights_message(later, assertion):
    with pytest.raises(AssertionError) as failed:
        if assertion == "text":
            expect(later).to_have_text("Four points", timeout=1_000)
        elif assertion == "attribute":
            expect(later).to_have_attribute("data-state", "refused", timeout=1_000)
        else:
            expect(later.page.locator("dom=#nowhere")).to_be_visible(timeout=1_000)
    assert "Locator expected to" in str(failed.value), str(failed.value)
