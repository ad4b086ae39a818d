"""`expect` for the browser tests: Playwright's own assertions, made once what they assert is so.

Each time one of Playwright's assertions retries and finds itself not yet true, it draws an
accessibility snapshot for the message it would print on failure: of the element, or of the whole
page when the element is hidden or missing. On the army builder and the dice list (30,000 elements)
one such snapshot took about 0.4 s of a core, so a wait of a second or two for the engine there cost
more than the engine itself; over a whole run, about 100 s of CPU (a tenth of the suite).

This `expect` first waits for the same condition without drawing anything: for being visible,
hidden or attached, through Playwright's own `wait_for`; for a text, an attribute or a value, by
reading the element in the page, at first often, then every quarter of a second. Then it
asserts with Playwright's assertion, which holds at its first try. When the wait runs out (or for an
assertion it does not know), Playwright's assertion does all the work, so every assertion and
every failure message stays Playwright's own; an assertion that fails has waited twice, its own
wait and Playwright's. (A count, or a list of texts, draws no snapshot.)
"""
from __future__ import annotations

import itertools
import time
from typing import Any, Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator
from playwright.sync_api import expect as playwright_expect

DEFAULT_TIMEOUT_MS = 5_000        # Playwright's own for an assertion (pytest-playwright keeps it)

# Assertions that wait for an element's state: the same state through Locator.wait_for.
STATES = {"to_be_visible": "visible", "to_be_hidden": "hidden", "to_be_attached": "attached"}

# Assertions on what the elements hold, read in the page: JavaScript over the elements and the
# assertion's arguments, true once the assertion would hold. A text is compared as Playwright
# compares it (white space run together); `to_have_text` waits for the text to be there at least.
HAS_TEXT = """(els, [text]) => { const normal = (s) => (s || '').replace(/\\u200b/g, '').trim().replace(/\\s+/g, ' ');
  return els.length === 1 && normal(els[0].textContent).includes(normal(text)); }"""
READS = {
    "to_have_attribute": "(els, [name, value]) => els.length === 1 && els[0].getAttribute(name) === value",
    "to_contain_text": HAS_TEXT,
    "to_have_text": HAS_TEXT,
    "to_have_value": "(els, [value]) => els.length === 1 && els[0].value === value",
}
PAUSES = (0.02, 0.05, 0.1, 0.25)    # between two readings: the last one repeats


def expect(actual: Any, message: str | None = None) -> Any:
    """Playwright's expect(actual, message), its assertions on a locator waited for first."""
    real = playwright_expect(actual, message)
    return _Assertions(actual, real) if isinstance(actual, Locator) else real


class _Assertions:
    def __init__(self, locator: Locator, real: Any) -> None:
        self._locator = locator
        self._real = real

    def __getattr__(self, name: str) -> Any:
        assertion = getattr(self._real, name)
        if name not in STATES and name not in READS:
            return assertion

        def waited(*args: Any, **kwargs: Any) -> Any:
            if _known(name, args, kwargs):
                _wait_for(self._locator, name, args, kwargs.get("timeout") or DEFAULT_TIMEOUT_MS)
            return assertion(*args, **kwargs)
        return waited


def _known(name: str, args: tuple, kwargs: dict[str, Any]) -> bool:
    """Whether the wait knows this call of the assertion `name`: none but a timeout among its options,
    and texts only among its values. A pattern, a list or another option goes to Playwright at once."""
    return set(kwargs) <= {"timeout"} and (name in STATES or all(isinstance(a, str) for a in args))


def _wait_for(locator: Locator, name: str, args: tuple, timeout_ms: float) -> None:
    """Until the assertion `name` would hold or the time is up, whichever comes first."""
    if name in STATES:
        try:
            locator.wait_for(state=STATES[name], timeout=timeout_ms)
        except PlaywrightError:
            pass            # Playwright's assertion says why (or holds after all)
        return
    _poll(lambda: locator.evaluate_all(READS[name], list(args)), timeout_ms)


def _poll(holds: Callable[[], bool], timeout_ms: float) -> None:
    end = time.monotonic() + timeout_ms / 1000
    for i in itertools.count():
        try:
            if holds():
                return
        except PlaywrightError:
            pass            # the page is between two documents: read it again
        if time.monotonic() >= end:
            return
        time.sleep(PAUSES[min(i, len(PAUSES) - 1)])     # the next reading (Playwright's own retries wait too)
