"""Issue 52, nothing silent, on the game page at 390 px: a move the engine refuses for one field of
its form (a unit picked as a casualty, the place dice go, a terrain's face, a spell's target) marks
that field and says the engine's words beside it, not only beside the "Make this move" button; once
the field is put right the engine checks the move again and the mark leaves. The field each
refusal names is asked of the engine in this process, for the same move written by hand."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Locator, Page

from calculator.core.errors import InputError
from tests.browser.expecting import expect
from tests.browser.refusals import no_note, note_of
from tests.browser.test_accessibility import violations
# in_play: the game page's phone-sized page with SETUP started (its policy bypassed for axe), one per
# module, on which every case opens its move's form.
from tests.browser.test_game_page import ENGINE_TIMEOUT, SETUP, in_play, wait_moves  # noqa: F401 - a fixture

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context


def missile(page: Page) -> tuple[Locator, object]:
    page.locator('[data-open-move="missile"][data-army="alice.campaign"][data-target="bob.campaign"]').click()
    form = page.locator('[data-game-move-form="missile"]')
    for die in ("alice.campaign.1", "alice.campaign.2"):            # the fourth face of each: no missile
        form.locator(f'select[data-face-of="{die}"]').select_option("4")
    form.locator("[data-casualties-part] > summary").click()
    loss = form.locator('[data-casualties="attack"] input[value="bob.campaign.1"]')
    loss.check()
    return form.locator('[data-casualties="attack"]'), lambda: loss.uncheck()


def edit_to(page: Page) -> tuple[Locator, object]:
    page.locator('[data-open-move="edit"]').click()
    form = page.locator('[data-game-move-form="edit"]')
    form.locator('[data-checks="dice"] input[value="alice.home.1"]').check()
    form.locator('[data-field="to"]').select_option("bob.dua")             # alice's die to bob's DUA
    form.locator('[data-field="reason"]').fill("a test")
    box = form.locator('[data-field="to"]')
    return box, lambda: box.select_option("alice.dua")


def edit_face(page: Page) -> tuple[Locator, object]:
    page.locator('[data-open-move="edit"]').click()
    form = page.locator('[data-game-move-form="edit"]')
    form.locator('input[name="dd-game-edit"][value="terrain"]').check()
    form.locator('[data-field="terrain"]').select_option("frontier")
    box = form.locator('[data-field="face"]')
    box.fill("9")
    form.locator('[data-field="reason"]').fill("a test")

    def mend():
        box.fill("2")
        box.dispatch_event("change")
    return box, mend


def magic_target(page: Page) -> tuple[Locator, object]:
    page.locator('[data-open-move="magic"][data-army="alice.home"]').click()
    form = page.locator('[data-game-move-form="magic"]')
    form.locator('select[data-face-of="alice.home.1"]').select_option("6")
    spell = form.locator("[data-cast-spell]")
    expect(spell.locator('option[value="stone-skin"]')).to_have_count(1, timeout=ENGINE_TIMEOUT)
    spell.select_option("stone-skin")
    box = form.locator("[data-cast-target]")
    box.select_option("bob.home.1")                       # a die, where the spell names an army
    return box, lambda: box.select_option("alice.home")


CASES = {
    "missile-casualty": (missile, {"move": "missile", "army": "alice.campaign", "target": "bob.campaign",
                                   "faces": {"alice.campaign.1": 4, "alice.campaign.2": 4},
                                   "casualties": {"attack": ["bob.campaign.1"]}}, "moves[0].casualties.attack"),
    "edit-to": (edit_to, {"move": "edit", "dice": ["alice.home.1"], "to": "bob.dua", "reason": "a test"}, "moves[0].to"),
    "edit-face": (edit_face, {"move": "edit", "terrain": "frontier", "face": 9, "reason": "a test"}, "moves[0].face"),
    "magic-target": (magic_target, {"move": "magic", "army": "alice.home", "faces": {"alice.home.1": 6},
                                    "cast": [{"spell": "stone-skin", "target": "bob.home.1"}]}, "moves[0].cast[0].target"),
}


# Each case once, the schemes taken in turn: the note and the mark are one style in every form, so
# each scheme is read by axe on two forms (a browser test costs seconds of a core on the 2-core machine).
@pytest.mark.parametrize("case, scheme", [(case, ("light", "dark")[i % 2]) for i, case in enumerate(CASES)])
def test_a_refused_move_marks_the_field_it_names(in_play: Page, engine, case: str, scheme: str):
    fill, move, field = CASES[case]
    page = in_play
    page.emulate_media(color_scheme=scheme)
    with pytest.raises(InputError) as err:             # the same move, written by hand: the field refused
        engine.game({"setup": SETUP, "moves": [move]})
    assert err.value.field == field
    wait_moves(page, 0)                                # the game started (in_play), no move made
    expect(page.locator("[data-refused]")).to_have_count(0)
    box, mend = fill(page)
    form = page.locator("[data-game-move-form]")
    form.locator("[data-game-submit]").click()
    why = form.locator("[data-game-refused]")
    expect(why).to_have_attribute("data-state", "refused", timeout=ENGINE_TIMEOUT)
    # The field marked, the engine's words beside it, read out once: by the line beside the button.
    note = note_of(page, box, read_out=False)
    expect(why).to_have_attribute("role", "alert")
    said = why.text_content().removeprefix("Not allowed: ")
    expect(note).to_have_text(said[:1].upper() + said[1:])
    assert "moves[" not in note.text_content()
    expect(page.locator("[data-refused]")).to_have_count(1)
    assert violations(page) == []                      # the note's words readable, light and dark
    mend()                                             # put right: the engine checks again, the mark leaves
    expect(page.locator("[data-refused]")).to_have_count(0, timeout=ENGINE_TIMEOUT)
    no_note(page, box)
    expect(why).to_have_text("")
    assert json.loads(page.locator("[data-game-play]").get_attribute("data-input"))["moves"] == []   # nothing made
