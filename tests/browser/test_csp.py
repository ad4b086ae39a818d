"""Every page kind and the calculator work under the site's Content-Security-Policy, sent as a host
would (a header on every response, which reaches the engine's worker too) besides each page's own
meta tag: no violation is reported, no console error and no uncaught error; the calculator resolves
a roll with its chances, an exchange with its odds, and a magic roll."""
from __future__ import annotations

import re

import shutil

import pytest
from playwright.sync_api import Browser, Page

from generator.site.build import ensure_site
from generator.site.csp import POLICY, with_policy
from generator.data.urls import Move, redirect_page
from tests.browser.conftest import clear_left_behind
from tests.browser.origin import NO_OFFLINE_COPY, guarded_context
from tests.browser.page_kinds import KINDS, open_kind
from tests.site_server import SiteServer

# Every violation the page sees, recorded before any of its own scripts runs.
RECORD = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || '')));"""


@pytest.fixture(scope="module")
def csp_url():
    with SiteServer(ensure_site(), headers={"Content-Security-Policy": POLICY}) as server:
        yield server.url


@pytest.fixture(scope="module")
def csp_context(browser: Browser, csp_url):
    """One context for the module's pages: the engine's files come from its cache after the first
    page that starts the engine (as on a player's second visit); the policy is on every response.
    No service worker here, as in the other browser tests: it would fill the whole offline copy in
    the background (test_the_offline_copy_starts_under_the_policy lets it start)."""
    context = browser.new_context(base_url=csp_url, **NO_OFFLINE_COPY)
    yield context
    context.close()


def watched(page: Page) -> list[str]:
    """The page's policy violations recorded (window.__cspViolations) and its errors: the list given."""
    page.set_default_timeout(60_000)
    page.add_init_script(RECORD)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


@pytest.fixture
def csp_page(csp_context, csp_url):
    page = csp_context.new_page()
    page.errors = watched(page)          # type: ignore[attr-defined]
    yield page
    clear_left_behind(csp_context, csp_url)     # as between a shared_context module's tests (closes the page)


def seen(page: Page) -> list[str]:
    return page.evaluate("() => window.__cspViolations") + page.errors   # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", KINDS)
def test_page_kind_runs_under_the_policy(csp_page: Page, kind: str):
    response_policy = []
    csp_page.on("response", lambda r: response_policy.append(r.headers.get("content-security-policy"))
                if r.request.resource_type == "document" else None)
    asked: list[str] = []
    listen = lambda r: asked.append(r.url)        # noqa: E731 - the engine worker's requests too
    csp_page.context.on("request", listen)
    open_kind(csp_page, kind)      # a calculator mode waits for the engine's answer (and its chances)
    csp_page.context.remove_listener("request", listen)
    assert response_policy and response_policy[0] == POLICY
    # (The runtime's wasm, not the decoder's: a kind opened after another may take the runtime from
    # the build's cache and still fetch the decoder.)
    if any(re.search(r"/pyodide\.asm\.wasm\.(br|gz)$", u) for u in asked):
        # The policy reaches the worker: it runs the runtime's scripts from their own URL (never a
        # blob: of a packed copy, which the policy would refuse), so it asks for them as they are.
        assert any(u.endswith("/pyodide/pyodide.asm.js") for u in asked)
        assert not any(re.search(r"/pyodide/pyodide\.asm\.js\.(br|gz)$", u) for u in asked)
        # The brotli decoder starts under the policy too: the runtime comes as its .br copy.
        assert [u.rsplit(".", 1)[1] for u in asked if re.search(r"/pyodide\.asm\.wasm\.(br|gz)$", u)] == ["br"]
    assert csp_page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") == POLICY
    # Instant navigation (the theme's) to another page kind keeps working.
    csp_page.locator(".md-tabs__link", has_text="Rules").click()
    csp_page.wait_for_url("**/rules/")
    errors = seen(csp_page)
    if kind == "not-found":     # the mistyped address itself answers 404, as it must: the browser says so once
        errors.remove("Failed to load resource: the server responded with a status of 404 (Not Found)")
    assert errors == []


def test_the_policy_is_enforced(csp_page: Page):
    # The check can fail: an inline script is refused and reported.
    open_kind(csp_page, "home")
    csp_page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.__ran = 1'; document.body.append(s); }""")
    csp_page.wait_for_function("() => window.__cspViolations.length > 0")
    assert csp_page.evaluate("() => window.__ran") is None
    assert any(v.startswith("script-src") for v in seen(csp_page))


def test_the_offline_copy_starts_under_the_policy(browser: Browser, csp_url):
    """The service worker registers, keeps the core of the site and takes over the page under the
    policy (its script comes with the header too), and the page sees nothing refused."""
    foreign: list[str] = []
    context = guarded_context(browser, csp_url, foreign, service_workers="allow")
    page = context.new_page()
    errors = watched(page)
    page.goto("")
    # Registered once the page is idle; a worker the policy refuses never comes (the wait fails).
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    assert page.evaluate("() => window.__cspViolations") == [] and errors == []
    context.close()
    assert not foreign, f"requests left the site's origin: {sorted(set(foreign))}"


def test_a_moved_page_sends_the_reader_on(browser: Browser, tmp_path):
    site = ensure_site()
    (tmp_path / "assets" / "js" / "site").mkdir(parents=True)
    shutil.copy(site / "assets" / "js" / "site" / "moved.js", tmp_path / "assets" / "js" / "site" / "moved.js")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "index.html").write_text(with_policy(redirect_page(Move("/old/", "/new/"), 1)))
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "index.html").write_text(with_policy(
        '<!doctype html><html><head><meta charset="utf-8"><title>New</title></head><body><p id="x">here</p></body></html>'))
    with SiteServer(tmp_path, headers={"Content-Security-Policy": POLICY}) as server:
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(RECORD)
        page.goto(server.url + "old/#x")
        page.wait_for_url(server.url + "new/#x")
        assert page.evaluate("() => window.__cspViolations") == []
        context.close()
