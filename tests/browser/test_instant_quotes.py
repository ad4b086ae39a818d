"""Pages carry their "Copy as quote" data. The theme's instant navigation swaps pages in without a
reload, and runs every <script> of the page it swaps in as code: a `<script type="application/json">`
data block became an inline script (refused by the site's Content-Security-Policy) and its data was
lost, so the page swapped in had no Quote menus. The data now sits in an attribute (as the army
page's does). This checks, in Chromium under the policy, that going from one such page to another by
their links logs no error or violation and that the Quote menus of each page swapped in are there."""
from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.test_csp import csp_context, csp_page, csp_url, seen  # noqa: F401  (fixtures)


def marked(page: Page) -> None:
    page.evaluate("() => { window.__samePage = true; }")


def test_instant_navigation_between_pages_with_quote_data(csp_page: Page):  # noqa: F811
    page = csp_page
    page.goto("sai/rend/")
    expect(page.locator("article .dd-quote").first).to_be_attached()
    marked(page)
    # The SAI page links the rule page on X; the rule page links the glossary's terms.
    page.locator('article a[href$="rules/x-values/"]').first.click()
    page.wait_for_url(re.compile(r"/rules/x-values/(#.*)?$"))
    expect(page.locator("article h1")).to_contain_text("X")
    expect(page.locator("article .dd-quote").first).to_be_attached()
    page.locator('article a[href*="glossary/#"]').first.click()
    page.wait_for_url(re.compile(r"/glossary/(#.*)?$"))
    expect(page.locator("article .dd-quote").first).to_be_attached()
    page.go_back()
    page.wait_for_url(re.compile(r"/rules/x-values/(#.*)?$"))
    expect(page.locator("article .dd-quote").first).to_be_attached()
    assert page.evaluate("() => window.__samePage === true"), "the theme reloaded the page instead of swapping it in"
    assert page.locator("script.dd-quotes").count() == 0 and page.locator("div.dd-quotes[data-quotes]").count() >= 1
    assert seen(page) == []
