"""Many links on one calculator page: a link swapped into the address of the page already shown,
as the page reads an address change (its hashchange listener), instead of a reload each time, so
that the engine started once answers every case. The page then reads the link exactly as when it
is opened: a ?roll=, ?magic=, ?exchange= or ?maneuver= link through its query reader, a #s=, #x=
or #m= share link through its share-link reader.

A query link is given the hash "#link", which the page's reader passes over when the query names
an input, so that the address's hash changes as a player's click would change it."""
from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from tests.browser.origin import guarded_context

PAGE = "calculator/"

SWAP = """([query, hash]) => {
  // Replace the address without a history step (as the page's own links do), then tell the page:
  // setting location.hash would make the site's instant navigation load the page again.
  history.replaceState(history.state, "", location.pathname + query + hash);
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}"""


def open_in_place(page: Page, link: str) -> None:
    """Open ``link`` ("calculator/?magic=...", "calculator/#x=1....") on the calculator page shown;
    the first link, before any calculator page is shown, is opened with a page load."""
    assert link.startswith(PAGE), link
    if "/calculator/" not in page.url:
        page.goto(link)
        return
    rest = link[len(PAGE):]
    query, _, hash_ = rest.partition("#")
    assert query.startswith("?") or not query, link
    page.evaluate(SWAP, [query, "#" + hash_ if hash_ else "#link"])


# Marks the answers shown as old before another link is swapped in, so that waiting for an answer
# never takes the one an earlier link left on the page.
MARK_OLD = """() => document.querySelectorAll('#calculator [data-state], [data-advise-results], #chances, #exchange-odds')
  .forEach((s) => { s.dataset.state = 'old'; })"""


def open_afresh(page: Page, link: str) -> None:
    """``open_in_place`` on a page an earlier test may have used: its answers are marked old and its
    message about a link emptied first, so that what is waited for next is this link's."""
    if "/calculator/" in page.url:
        page.evaluate(MARK_OLD)
        page.evaluate("() => document.querySelectorAll('[data-calc-message]').forEach((m) => { m.textContent = ''; })")
    open_in_place(page, link)


def module_page(browser, site_url: str, **args):  # noqa: ANN001, ANN201 - Playwright's Browser; a fixture's generator
    """One page for the tests of a module that each open a calculator link (``open_afresh``), in a
    context of its own whose requests are guarded: the engine starts once for all of them, as for a
    player who opens one link after another in the same tab."""
    foreign: list[str] = []
    context = guarded_context(browser, site_url, foreign, **args)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()
    assert not foreign, f"requests left the site's origin: {sorted(set(foreign))}"


# JSON with sorted keys, the same in the page and here: the page's input is compared as a value;
# `skip` names keys left out (the seed a page drew).
CANON_JS = """const canon = (x, skip) => Array.isArray(x) ? '[' + x.map((v) => canon(v, skip)).join(',') + ']'
    : x && typeof x === 'object' ? '{' + Object.keys(x).filter((k) => !(skip || []).includes(k)).sort()
      .map((k) => JSON.stringify(k) + ':' + canon(x[k], skip)).join(',') + '}'
    : JSON.stringify(x);"""


def canon(x: Any, skip: tuple[str, ...] = ()) -> str:
    if isinstance(x, dict):
        return "{" + ",".join(json.dumps(k) + ":" + canon(x[k], skip) for k in sorted(x) if k not in skip) + "}"
    if isinstance(x, list):
        return "[" + ",".join(canon(v, skip) for v in x) + "]"
    return json.dumps(x)


def wait_answer(page: Page, selector: str, expected: dict, timeout: float) -> None:
    """Wait until the result section ``selector`` shows the engine's answer to exactly this input
    (its data-input): never an answer an earlier link left on the page."""
    page.wait_for_function("(want) => { " + CANON_JS + """
        const s = document.querySelector('""" + selector + """');
        return !!s && s.dataset.state === 'resolved' && !!s.dataset.input && canon(JSON.parse(s.dataset.input)) === want; }""",
                           arg=canon(expected), timeout=timeout)
