"""The army builder keeps what a player made (issue 52), in real Chromium at 390 px: a damaged kept
force, a full browser storage, a second tab saving the same force, and a link or a file the engine
refuses are each answered in words, the builder goes on working, and nothing kept is overwritten
without the player choosing so. A link or file is read by the engine, so it is refused in the
command line's own words; the print of a 24-point force fits one or two A4 pages."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from calculator.core.errors import InputError
from calculator.core.jsontext import read_json
from tests.browser.expecting import expect
from tests.browser.kept import FULL_JS, NOT_JSON, errors_of, put_kept, put_text, second_tab
from tests.browser.test_army_page import ENGINE_TIMEOUT, PHONE, page_input, shown

pytestmark = pytest.mark.shared_context

KEY = "dd-army-forces"
RAIDERS = {"size": 24, "armies": {"home": ["amazons/soldier", "amazons/centaur"], "horde": [], "campaign": []},
           "summoning_pool": []}
KEPT_JS = "() => localStorage.getItem('dd-army-forces')"


def keep_forces(page: Page, forces: list, current: str | None = None) -> None:
    """Put these entries in the device's kept forces before the builder reads them."""
    put_kept(page, KEY, forces, current)


# Kept data damaged by hand or by another program: not JSON at all; or entries each damaged in one way
# (a force without armies, "home": 5, a name that is an object, an army that is not a list).
DAMAGED = {
    "not-json": NOT_JSON,
    "entries": json.dumps({"version": 1, "current": "b", "forces": [
        {"id": "a", "name": "Raiders", "force": {"size": 24}},
        {"id": "b", "name": "Home five", "force": {"size": 24, "terrains": {"home": 5}, "armies": RAIDERS["armies"]}},
        {"id": "c", "name": {"first": "Raiders"}, "force": RAIDERS},
        {"id": "d", "name": "Strings", "force": {"size": 24, "armies": {"home": "amazons/soldier", "horde": [5]}}}]}),
}


@pytest.mark.browser_context_args(**PHONE)
@pytest.mark.parametrize("name", list(DAMAGED))
def test_damaged_kept_forces_are_answered_in_words_and_set_aside(page: Page, name: str):
    errors = errors_of(page)
    put_text(page, KEY, DAMAGED[name])
    page.goto("army/")
    expect(page.locator("dom=[data-army-force]")).to_be_visible()
    message = page.locator("dom=[data-army-message]")
    expect(message).to_contain_text("damaged", timeout=ENGINE_TIMEOUT)
    expect(message).to_be_in_viewport()
    assert "[object Object]" not in page.locator("dom=[data-army-pick]").inner_text()
    assert "[object Object]" not in page.locator("dom=[data-army-name]").input_value()
    # The builder works: a die added is shown and answered.
    page.locator("dom=[data-army-size]").fill("24")
    page.locator("dom=[data-army-size]").press("Tab")
    page.locator('dom=li.dd-card[data-die="undead/mummy"] [data-add]').click()
    expect(page.locator('dom=li.dd-army-die[data-die="undead/mummy"]')).to_have_count(1)
    # What could not be read is set aside as it was, not overwritten.
    assert page.evaluate("() => localStorage.getItem('dd-army-forces-damaged')") == DAMAGED[name]
    assert not errors, errors


@pytest.mark.browser_context_args(**PHONE)
def test_a_full_storage_is_said_in_words_and_keeps_the_last_save(page: Page):
    errors = errors_of(page)
    page.add_init_script("(" + FULL_JS + ")()")
    keep_forces(page, [{"id": "a", "name": "Raiders", "force": RAIDERS}], "a")
    page.goto("army/")
    shown(page, RAIDERS)
    before = page.evaluate(KEPT_JS)
    page.evaluate("window.__full = true")
    page.locator('dom=li.dd-card[data-die="undead/mummy"] [data-add]').click()
    # Said in the bar that stays on screen while dice are added.
    message = page.locator("dom=[data-army-keep-note]")
    expect(message).to_contain_text("storage is full")
    expect(message).to_be_in_viewport()
    assert page.evaluate(KEPT_JS) == before
    # The force shown goes on being built and checked.
    more = json.loads(json.dumps(RAIDERS))
    more["armies"]["home"].append("undead/mummy")
    shown(page, more)
    # Room again: the next change is kept, and the message leaves.
    page.evaluate("window.__full = false")
    page.locator('dom=li.dd-card[data-die="undead/wraith"] [data-add]').click()
    expect(message).to_be_hidden()
    kept = json.loads(page.evaluate(KEPT_JS))["forces"][0]["force"]
    assert kept["armies"]["home"] == ["amazons/soldier", "amazons/centaur", "undead/mummy", "undead/wraith"]
    assert not errors, errors


@pytest.mark.browser_context_args(**PHONE)
def test_two_tabs_on_one_force_never_overwrite_each_other_silently(page: Page):
    errors = errors_of(page)
    keep_forces(page, [{"id": "a", "name": "Raiders", "force": RAIDERS}], "a")
    page.goto("army/")
    shown(page, RAIDERS)
    other = second_tab(page, errors, "army/")
    shown(other, RAIDERS)
    # The other tab adds a Mummy and keeps it.
    other.locator('dom=li.dd-card[data-die="undead/mummy"] [data-add]').click()
    theirs = json.loads(json.dumps(RAIDERS))
    theirs["armies"]["home"].append("undead/mummy")
    shown(other, theirs)
    # This tab hears of it, in words, with a choice.
    clash = page.locator("dom=[data-kept-clash]")
    expect(clash).to_contain_text("changed in another tab")
    expect(clash).to_be_in_viewport()
    # A change made here meanwhile does not overwrite the other tab's save.
    page.locator('dom=li.dd-card[data-die="undead/wraith"] [data-add]').click()
    mine = json.loads(json.dumps(RAIDERS))
    mine["armies"]["home"].append("undead/wraith")
    shown(page, mine)
    assert json.loads(page.evaluate(KEPT_JS))["forces"][0]["force"]["armies"]["home"] == theirs["armies"]["home"]
    # The player chooses: keep this tab's force.
    clash.get_by_role("button", name="Keep this tab's").click()
    expect(clash).to_be_hidden()
    assert json.loads(page.evaluate(KEPT_JS))["forces"][0]["force"]["armies"]["home"] == mine["armies"]["home"]
    # Now the other tab hears of it and takes this tab's version.
    other_clash = other.locator("dom=[data-kept-clash]")
    expect(other_clash).to_contain_text("changed in another tab")
    other_clash.get_by_role("button", name="Show the other tab's").click()
    shown(other, mine)
    # Once more the other tab keeps a change; this tab, its own change unanswered, starts a new force:
    # this tab's version is kept as an entry of its own, said beside the list of kept forces.
    other.locator('dom=li.dd-card[data-die="undead/mummy"] [data-add]').click()
    expect(clash).to_contain_text("changed in another tab")
    page.locator('dom=li.dd-card[data-die="undead/wraith"] [data-add]').click()
    again = json.loads(json.dumps(mine))
    again["armies"]["home"].append("undead/wraith")
    shown(page, again)
    page.locator("dom=[data-army-new]").click()
    left = page.locator("dom=[data-kept-left]")
    expect(left).to_have_text("This tab's changes to “Raiders” are kept as “Raiders (this tab)”.")
    expect(left).to_be_in_viewport()
    expect(clash).to_have_count(0)
    forces = {f["name"]: f["force"]["armies"]["home"] for f in json.loads(page.evaluate(KEPT_JS))["forces"]}
    assert forces["Raiders (this tab)"] == again["armies"]["home"]                 # this tab's
    assert forces["Raiders"] == mine["armies"]["home"] + ["undead/mummy"]          # the other tab's, untouched
    assert not errors, errors



def cli_line(engine: Engine, text: str) -> str:
    """What ``python -m calculator force`` prints after "error: " for this text."""
    with pytest.raises(InputError) as err:
        engine.force(read_json(text))
    return str(err.value)


REFUSED = {
    "size-twice": '{"size": 24, "size": 30, "armies": {"home": ["amazons/soldier"]}}',
    "unknown-army": '{"size": 24, "armies": {"home": ["amazons/soldier"], "elves": ["amazons/centaur"]}}',
    "unknown-terrain-key": '{"size": 24, "terrains": {"home": "coastland-city", "middle": "flatland-castle"}, "armies": {}}',
    "proto": '{"size": 24, "armies": {"home": ["amazons/soldier"], "__proto__": ["amazons/centaur"]}}',
}


@pytest.mark.browser_context_args(**PHONE)
def test_links_are_read_by_the_engine_and_refused_in_its_words(page: Page, engine: Engine):
    errors = errors_of(page)
    message = page.locator("dom=[data-army-message]")
    for text in REFUSED.values():
        page.goto("army/?force=" + quote(text))
        expect(message).to_have_text("This force link could not be used: " + cli_line(engine, text) + ".",
                                     timeout=ENGINE_TIMEOUT)
        assert page.evaluate(KEPT_JS) is None
    assert not errors, errors


def import_file(page: Page, name: str, text: str) -> None:
    page.locator("dom=[data-army-import]").scroll_into_view_if_needed()
    page.locator("dom=[data-army-import]").set_input_files(files=[{"name": name, "mimeType": "application/json",
                                                                   "buffer": text.encode()}])


@pytest.mark.browser_context_args(**PHONE)
def test_files_are_read_by_the_engine_and_refused_beside_the_import(page: Page, engine: Engine):
    """Each file refused is said beside the import and changes nothing kept; a damaged file (or one of
    another program) is said as what it means to the player first, the engine's own line (what
    `python -m calculator force` prints after "error: ") after it; a file that is not a force is said
    so; a good file with a kept force's name is kept beside it. One page: each refusal leaves the
    kept forces as they were, which the next one checks again."""
    errors = errors_of(page)
    keep_forces(page, [{"id": "a", "name": "Raiders", "force": RAIDERS}], "a")
    page.goto("army/")
    shown(page, RAIDERS)
    before = page.evaluate(KEPT_JS)
    status = page.locator("dom=[data-army-status]")
    for force in REFUSED.values():
        text = '{"name": "Imported", "force": ' + force + "}"
        try:            # a key given twice is named inside the file ("force.size"); the rest as the force's
            read_json(text)
            why = cli_line(engine, force)
        except InputError as err:
            why = str(err)
        import_file(page, "force.json", text)
        expect(status).to_have_text("This file could not be imported: " + why + ".", timeout=ENGINE_TIMEOUT)
        expect(status).to_be_in_viewport()
        assert page.evaluate(KEPT_JS) == before
    # A game's file, not a force's (before the damaged file, whose words start alike).
    import_file(page, "game.json", json.dumps({"name": "A game", "game": {"setup": {}, "moves": []}}))
    expect(status).to_contain_text("This file could not be imported: it is not a force", timeout=ENGINE_TIMEOUT)
    expect(status).to_be_in_viewport()
    assert page.evaluate(KEPT_JS) == before
    # Cut short: not JSON.
    text = '{"name": "Raiders", "force": {"size": 24,'
    with pytest.raises(InputError) as err:
        read_json(text)
    import_file(page, "force.json", text)
    expect(status).to_have_text("This file could not be imported: it is not a force from this site, or it is damaged ("
                                + str(err.value) + ").", timeout=ENGINE_TIMEOUT)
    expect(status).to_be_in_viewport()
    assert page.evaluate(KEPT_JS) == before
    # A good file with a kept force's name is kept beside it, never over it.
    import_file(page, "force.json", json.dumps({"name": "Raiders", "force": {"size": 24, "armies": {"home": ["undead/mummy"]}}}))
    expect(status).to_contain_text("Imported as “Raiders 1”", timeout=ENGINE_TIMEOUT)
    kept = json.loads(page.evaluate(KEPT_JS))["forces"]
    assert [f["name"] for f in kept] == ["Raiders", "Raiders 1"]
    assert page_input(kept[0]["force"]) == page_input(RAIDERS)
    assert not errors, errors


# A 24-point force (tests/browser/test_army_page.py's, a second Amazon in the Home army, so one
# species stands in two armies): worked by hand, a unit's points are its health (p.3).
PRINTED = {"size": 24, "terrains": {"home": "coastland-city", "frontier": "flatland-castle"},
           "armies": {"home": ["coral-elves/gryphon", "coral-elves/sharpshooter", "amazons/soldier"],
                      "horde": ["amazons/centaur", "amazons/javelineer", "amazons/soldier", "items/fire-vorpal-sword"],
                      "campaign": ["undead/mummy", "undead/revenant", "undead/wraith"]},
           "summoning_pool": ["red-drake"]}


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_a_24_point_force_prints_on_at_most_two_pages_with_its_dice_drawn(page: Page):
    errors = errors_of(page)
    keep_forces(page, [{"id": "a", "name": "Raiders", "force": PRINTED}], "a")
    page.goto("army/")
    shown(page, PRINTED)
    box = page.locator("dom=[data-army-print]")
    expect(box).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    # Each die with its species, its size and its faces drawn.
    soldier = box.locator('dom=[data-print-die="amazons/soldier"]').first
    expect(soldier).to_contain_text("Amazons")
    expect(soldier).to_contain_text("small")
    assert soldier.locator("dom=svg.dd-icon").count() == 6
    # Each species' abilities once, however many armies its dice stand in.
    titles = box.locator("dom=[data-print-species]").evaluate_all("(els) => els.map((e) => e.dataset.printSpecies)")
    assert sorted(titles) == sorted(set(titles)) and "amazons" in titles, titles
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    assert 1 <= pdf_pages(pdf) <= 2, pdf_pages(pdf)
    assert not errors, errors
