"""What the tests of kept things share (the army builder's forces, the game page's games, the
calculator's armies set aside): page errors gathered, entries put in the device's storage before a
page reads them, a browser storage that says it is full, a second tab on the same site."""
from __future__ import annotations

import json

from playwright.sync_api import Page

# The kept stores' keys and the list each holds (docs/assets/js/shared/kept-store.js).
LISTS = {"dd-army-forces": "forces", "dd-games": "games"}

# Garbage under a store's key, as a hand or another program may leave it.
NOT_JSON = "{this is not json"


def errors_of(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def put_kept(page: Page, key: str, entries: list, current: str | None = None) -> None:
    """Put these entries under `key` before the page that keeps them reads them."""
    data = {"version": 1, LISTS[key]: entries, "current": current}
    page.goto("./")         # not the page itself: it would read (and keep) them before they are all there
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, json.dumps(data)])


def put_text(page: Page, key: str, text: str) -> None:
    """Put this text as it is under `key` (damaged kept data), from a page that keeps nothing."""
    page.goto("./")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, text])


def stored(page: Page, key: str) -> str | None:
    return page.evaluate("(k) => localStorage.getItem(k)", key)


# The browser's storage says it is full once the page sets window.__full (an init script).
FULL_JS = """() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return set.call(this, k, v);
  };
}"""


def second_tab(page: Page, errors: list[str], path: str) -> Page:
    """Another tab of the same browser on `path`, its page errors gathered with the first's."""
    other = page.context.new_page()
    other.on("pageerror", lambda e: errors.append(str(e)))
    other.goto(path)
    return other


# The theme's instant navigation answers the first popstate a page sees (the address it was loaded
# at is not yet its own record) by loading the page again and swapping it in; later ones it passes
# over while the path stays the same. A link read in place before that swap may be read by a page
# then swapped for another (the race the game's tampered links met about 1 run in 8).
# A history step to `href` on the page shown, as Back or Forward makes one: the page hears a popstate.
HISTORY_STEP = "(href) => { history.pushState(null, '', href); window.dispatchEvent(new PopStateEvent('popstate')); }"
SWAPPED = """([root, bound]) => { const r = document.querySelector(root);
  return !!r && !r.dataset.before && !!r.dataset[bound] && r.dataset.engine === 'ready'; }"""


def swap_once(page: Page, root: str, bound: str, timeout: float) -> None:
    """Have the theme make its one swap of the page shown (its `root` element, bound when
    `root`'s data attribute `bound` is set) and wait until the new page is bound and its engine
    ready: from then on a link opened by a history step (:func:`open_by_history`) is read by the
    page's own listener alone."""
    page.evaluate(f"(root) => {{ document.querySelector(root).dataset.before = '1'; ({HISTORY_STEP})(location.pathname); }}", root)
    page.wait_for_function(SWAPPED, arg=[root, bound], timeout=timeout)


def open_by_history(page: Page, href: str) -> None:
    """Go to ``href`` (a query on the page shown) without reloading, as Back or Forward would (the
    calculator's links are opened in place by their hashchange instead: links.open_in_place)."""
    page.evaluate(HISTORY_STEP, href)
