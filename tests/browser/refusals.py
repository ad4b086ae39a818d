"""The note a page shows beside a field it (or the engine) refuses, as the browser tests of issue 52
read it: the box marked (aria-invalid), described by the note (aria-describedby), the note read out
(role=status) unless another line announces the same words, visible on the screen and right after the
box's label; and, once the value is good, the mark and every note gone."""
from __future__ import annotations

from playwright.sync_api import Locator, Page
from tests.browser.expecting import expect

BESIDE = "(b) => { const n = (b.closest('label') || b).nextElementSibling; return n && n.id; }"


def note_of(page: Page, box: Locator, read_out: bool = True) -> Locator:
    """The note that describes `box`, checked to be on screen and beside the box, and read out as it
    comes (`read_out`) or only with the box (where another line announces the words: once, not twice)."""
    expect(box).to_have_attribute("aria-invalid", "true")
    ident = box.get_attribute("aria-describedby")
    assert ident
    note = page.locator("dom=#" + ident)
    if read_out:
        expect(note).to_have_attribute("role", "status")
    else:
        expect(note).to_be_attached()
        assert note.get_attribute("role") is None
    expect(note).to_be_visible()
    expect(note).to_be_in_viewport()
    assert box.evaluate(BESIDE) == ident
    return note


def no_note(page: Page, box: Locator) -> None:
    expect(box).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("dom=[data-refused]")).to_have_count(0)


# Typed and left in one step on one element: a page that redraws its boxes when a late answer comes
# (the exchange's choices, asked after its result) would otherwise take the value into one box and
# the change event on the next, drawn with the old value.
TYPED = """(b, v) => { b.focus(); b.value = v; b.dispatchEvent(new Event('input', { bubbles: true }));
  b.dispatchEvent(new Event('change', { bubbles: true })); }"""


def change(box: Locator, value: str) -> None:
    """A value typed and left (the page reads a box on its change event)."""
    box.evaluate(TYPED, value)
