"""The calculator's exchange mode in real Chromium: hand-worked exchanges opened as ?exchange= links
(each summary computed by hand from the rules, as in tests/engine/test_exchange.py), who dies
highlighted, the share link, refused links (the engine's one-line message, the CLI's text, no script
run), building an exchange by clicking, the odds charts, and the layout on a phone.

At Highland (fire, earth) none of these species counts one result type as another, so every total
below is the plain sum of the faces shown, changed only by the effects named."""
from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from tests.browser.expecting import expect
from tests.browser.links import open_afresh, open_in_place, wait_answer
from tests.browser.slow import SLOW_ODDS
from tests.engine.test_exchange import melee, missile_summary, summary, u

# The tests share a browser context (tests/browser/conftest.py): after the first, the engine starts
# from the browser's cache; each test still starts with nothing kept. Those that open a link and
# read its answer share one calculator page (`calc`) instead: each opens its link on it in place.
pytestmark = pytest.mark.shared_context

ROOT = Path(__file__).resolve().parents[2]

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core machine


PLAIN_ATTACKERS = [u("amazons/war-chief", attack="4 melee", counter_save="3 save"),
                   u("amazons/warrior", attack="3 melee", counter_save="2 melee"),
                   u("amazons/soldier", attack="1 melee", counter_save="1 melee")]
PLAIN_DEFENDERS = [u("coral-elves/protector", save="3 save", counter="4 melee"),
                   u("coral-elves/trooper", save="2 save", counter="3 melee"),
                   u("coral-elves/fighter", save="id", counter="2 melee")]
COUNTER = melee([u("amazons/war-chief", attack="4 melee"), u("amazons/warrior", attack="3 melee", counter_save="2 save"),
                 u("amazons/soldier", attack="2 melee", counter_save="1 save")],
                [u("amazons/harbinger", save="counter"), u("coral-elves/trooper", save="2 save", counter="3 melee")])
COUNTER["attacker"]["modifiers"] = [{"spell": "stone-skin"}]
STENCH = melee([u("goblins/thug", attack="2 melee", counter_save="1 save")],
               [u("coral-elves/trooper", save="2 save", counter="3 melee"), u("coral-elves/guard", save="1 melee",
                                                                                counter="2 missile")])
STENCH["attacker"]["in_dua"] = {"goblins": 1}

# (id, input, summary by hand, units killed by hand {side: [unit numbers from 0]})
CASES = [
    # Attack 4 + 3 + 1 = 8 melee; saves Protector 3 + Trooper 2 + Fighter's ID 1 = 6; damage 2: the
    # Trooper (2). Counter-attack by the survivors: Protector 4 + Fighter 2 = 6; attacker saves: War
    # Chief 3 (the others rolled melee); damage 3: the War Chief (3) alone, the fewest units.
    ("plain-with-counter", melee(PLAIN_ATTACKERS, PLAIN_DEFENDERS),
     summary(attack_total=8, save_total=6, damage=2, counter_total=6, counter_save_total=3, counter_damage=3),
     {"attacker": [0], "defender": [1]}),
    # The same exchange; the attacker's owner picks Warrior (2) and Soldier (1) for the 3 damage.
    ("casualties-chosen", melee(PLAIN_ATTACKERS, PLAIN_DEFENDERS, casualties={"attacker": {"counter": [1, 2]}}),
     summary(attack_total=8, save_total=6, damage=2, counter_total=6, counter_save_total=3, counter_damage=3),
     {"attacker": [1, 2], "defender": [1]}),
    # Choke (X=4) waits for the save roll: at step 2 the Trooper and Guard, who rolled ID (3 health <= 4),
    # die; Protector 3 saves against the War Chief's 4 melee: 1 damage, nothing of 1 health left.
    # Protector alone counters: 4; attacker saves: Strangle Vine's ID 4 + War Chief 3 = 7.
    ("choke-delayed", melee([u("treefolk/strangle-vine", attack="choke", counter_save="id"),
                             u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
                            [u("coral-elves/trooper", save="id"), u("coral-elves/guard", save="id", counter="1 melee"),
                             u("coral-elves/protector", save="3 save", counter="4 melee")]),
     summary(attack_total=4, save_total=3, damage=1, counter_total=4, counter_save_total=7),
     {"attacker": [], "defender": [0, 1]}),
    # Howl (X=4): the defenders' saves 3 + 2 = 5, minus 4 = 1; damage 4 - 1 = 3: Protector (3).
    # The Trooper counters 3; attacker saves 4 + 3 = 7.
    ("howl-on-the-save", melee([u("frostwings/wolf-pack", attack="howl", counter_save="4 save"),
                                u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
                               [u("coral-elves/protector", save="3 save"),
                                u("coral-elves/trooper", save="2 save", counter="3 melee")]),
     summary(attack_total=4, save_total=1, damage=3, counter_total=3, counter_save_total=7),
     {"attacker": [], "defender": [0]}),
    # Frost Breath halves the defenders' rolls: saves 5 -> 2, damage 2: Trooper; counter 4 -> 2.
    ("frost-breath", melee([u("frostwings/cryohydra", attack="frost-breath", counter_save="4 save"),
                            u("amazons/war-chief", attack="4 melee", counter_save="3 save")],
                           [u("coral-elves/protector", save="3 save", counter="4 melee"),
                            u("coral-elves/trooper", save="2 save")]),
     summary(attack_total=4, save_total=2, damage=2, counter_total=2, counter_save_total=7),
     {"attacker": [], "defender": [1]}),
    # Smite: 4 damage with no save. 3 melee - 5 saves = 0, + 4 = 4: Protector (3) + Fighter (1).
    # The Trooper counters 3; attacker saves 4 + 3 = 7.
    ("smite-no-save", melee([u("amazons/chimera", attack="smite", counter_save="4 save"),
                             u("amazons/war-chief", attack="3 melee", counter_save="3 save")],
                            [u("coral-elves/protector", save="3 save"),
                             u("coral-elves/trooper", save="2 save", counter="3 melee"),
                             u("coral-elves/fighter", save="1 melee")]),
     summary(attack_total=3, save_total=5, damage=4, counter_total=3, counter_save_total=7),
     {"attacker": [], "defender": [0, 2]}),
    # Counter (X=4): 4 saves and 4 damage to the attackers that only spell saves reduce (Stone Skin 1):
    # 3, the War Chief. Saves 4 + 2 = 6 against 4 + 3 + 2 = 9: 3 damage, the Harbinger (3).
    # Trooper counters 3; attacker saves 2 + 1 + Stone Skin 1 = 4.
    ("counter-spell-save", COUNTER,
     summary(attack_total=9, save_total=6, damage=3, save_roll_damage_to_attacker=3, counter_total=3,
             counter_save_total=4),
     {"attacker": [0], "defender": [0]}),
    # Charge: maneuvers count as melee: 2 + 3 = 5. One save-and-melee roll: 3 saves, 3 + 2 = 5 melee.
    # Defender takes 5 - 3 = 2: Trooper; the attacker takes the 5 melee (no spell saves):
    # Sergeant + Warlord (2 + 3). No counter-attack.
    ("charge", melee([u("dwarves/behemoth", attack="charge"), u("dwarves/sergeant", attack="2 maneuver"),
                      u("dwarves/warlord", attack="3 melee")],
                     [u("coral-elves/protector", save_and_melee="3 save"),
                      u("coral-elves/trooper", save_and_melee="3 melee"),
                      u("coral-elves/fighter", save_and_melee="2 melee")]),
     summary(attack_total=5, save_total=3, damage=2, counter_total=5, counter_damage=5),
     {"attacker": [1, 2], "defender": [1]}),
    # Surprise: no counter-attack. 4 melee - 3 saves = 1 damage; nothing of 1 health.
    ("surprise", melee([u("frostwings/yeti", attack="surprise"), u("amazons/war-chief", attack="4 melee")],
                       [u("coral-elves/protector", save="3 save", counter="4 melee")]),
     summary(attack_total=4, save_total=3, damage=1), {"attacker": [], "defender": []}),
    # Bash targets the War Chief (4 melee): 4 saves + Trooper 2 = 6 against 7: 1 damage, nothing
    # killed. The War Chief takes 4, saves 3 alone: 1 damage, lives. Counter 4 + 3 = 7 against saves
    # 3 + 2 = 5: 2 damage, the Warrior.
    ("bash", melee([u("amazons/war-chief", attack="4 melee", bash_target_save="3 save", counter_save="3 save"),
                    u("amazons/warrior", attack="3 melee", counter_save="2 save")],
                   [u("dwarves/behemoth", save="bash", counter="4 melee"),
                    u("coral-elves/trooper", save="2 save", counter="3 melee")]),
     summary(attack_total=7, save_total=6, damage=1, save_roll_damage_to_attacker=1, counter_total=7,
             counter_save_total=5, counter_damage=2),
     {"attacker": [1], "defender": []}),
    # Missile: 4 missile - 2 saves = 2: the Trooper. No counter-attack.
    ("missile", {"attack": "missile", "terrain": "highland", "attacker": {"army": [u("amazons/spearer", attack="4 missile")]},
                 "defender": {"army": [u("coral-elves/trooper", save="2 save"), u("coral-elves/guard", save="1 melee")]}},
     missile_summary(attack_total=4, save_total=2, damage=2), {"attacker": [], "defender": [0]}),
    # Defensive Volley at Coastland: saves 2 maneuver as saves (water) + 2 = 4 against 4 missile; the
    # Archer answers with 3 missile, the Spearer saves 3.
    ("defensive-volley", {"attack": "missile", "terrain": "coastland", "attacker": {"army": [
        u("amazons/spearer", attack="4 missile", counter_save="3 save")]}, "defender": {"army": [
            u("coral-elves/archer", save="2 maneuver", counter="3 missile"),
            u("coral-elves/knight", save="2 save", counter="3 melee")]}},
     summary(attack_total=4, save_total=4, counter_total=3, counter_save_total=3), {"attacker": [], "defender": []}),
    # Bullseye (X=4): Trooper (2), Fighter (1), Guard (1) save alone: the Fighter rolls melee and dies.
    # The Spearer rolls again: 4 missile; saves Trooper 2 + Guard's melee 0 = 2; damage 2: Trooper.
    ("bullseye", {"attack": "missile", "terrain": "highland", "attacker": {"army": [
        {"die": "amazons/spearer", "rolled": {"attack": "bullseye"}, "rerolled": {"attack": ["4 missile"]}}]},
        "defender": {"army": [u("coral-elves/trooper", bullseye_target_save="2 save", save="2 save"),
                              u("coral-elves/fighter", bullseye_target_save="1 melee", save="1 melee"),
                              u("coral-elves/guard", bullseye_target_save="id", save="1 melee")]}},
     missile_summary(attack_total=4, save_total=2, damage=2), {"attacker": [], "defender": [0, 1]}),
    # Foul Stench with 1 Goblin in the DUA keeps the weakest defender (Guard) out of the counter-attack.
    # 2 melee - 2 saves = 0; the Trooper counters 3 against the Thug's 1 save: 2 damage, the Thug (1) dies.
    ("foul-stench", STENCH, summary(attack_total=2, save_total=2, counter_total=3, counter_save_total=1,
                                    counter_damage=2), {"attacker": [0], "defender": []}),
]


def exchange_link(data: dict) -> str:
    return "calculator/?exchange=" + quote(json.dumps(data))


def show(page: Page, data: dict) -> None:
    """Open the exchange of ``data`` on the calculator page and wait for the answer to it."""
    open_afresh(page, exchange_link(data))
    wait_answer(page, "[data-exchange-results]", data, ENGINE_TIMEOUT)


def results(page: Page):
    return page.locator("[data-exchange-results]")


def page_summary(page: Page) -> dict:
    expect(results(page)).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    return json.loads(page.locator("[data-exchange-summary]").get_attribute("data-exchange-summary"))


def highlighted(page: Page, side: str) -> list[int]:
    """Units marked as killed in the side's army on the page."""
    return page.eval_on_selector_all(f'[data-exchange-form] li.dd-ex-killed[data-side="{side}"]',
                                     "els => els.map((e) => Number(e.dataset.unit))")


def listed_dead(page: Page, side: str) -> list[int]:
    return sorted(page.eval_on_selector_all(f'.dd-ex-loss[data-side="{side}"] li.dd-ex-dead',
                                            "els => els.map((e) => Number(e.dataset.unit))"))


def test_hand_worked_exchange_links(calc: Page, subtests):
    # Each swapped into the same page's address (tests/browser/links.py): each is read by the page's
    # ?exchange= reader all the same, and its own answer is waited for.
    # One subtest per case: a case that fails does not hide the others.
    page = calc
    for name, data, expected, dead in CASES:
        with subtests.test(name):
            show(page, data)
            assert page_summary(page) == expected
            for side in ("attacker", "defender"):
                assert highlighted(page, side) == dead[side], side
                assert listed_dead(page, side) == dead[side], side
            # The page's own link replaces the hand-written one, and the mode is the exchange.
            assert "#x=1." in page.url and "?exchange=" not in page.url
            expect(page.locator('[data-calc-mode="exchange"]')).to_have_attribute("aria-pressed", "true")
            expect(page.locator("[data-calc-form]")).to_be_hidden()


def test_the_arithmetic_in_words_and_the_rolls_in_order(calc: Page):
    page = calc
    show(page, CASES[0][1])
    damage = page.locator(".dd-ex-damage > li")
    expect(damage).to_have_count(2)
    # 8 melee - 6 saves = 2: the Trooper; 6 melee - 3 saves = 3: the War Chief (worked out above).
    expect(damage.nth(0)).to_contain_text("8 melee − 6 saves = 2 damage: Trooper (health 2) dies")
    expect(damage.nth(1)).to_contain_text("6 melee − 3 saves = 3 damage: War Chief (health 3) dies")
    rolls = page.locator(".dd-ex-roll-result")
    assert rolls.evaluate_all("els => els.map((e) => [e.dataset.roll, e.dataset.side])") == [
        ["attack", "attacker"], ["save", "defender"], ["counter", "defender"], ["counter_save", "attacker"]]
    # Each roll's ten steps are there, folded.
    for i in range(4):
        fold = rolls.nth(i).locator("details.dd-calc-fold")
        expect(fold).not_to_have_attribute("open", "")
        expect(fold.locator(".dd-calc-step")).to_have_count(10)
    # The dead Trooper's counter-attack face is not used: said next to its face and in the warnings.
    expect(page.locator('li.dd-ex-unit[data-side="defender"][data-unit="1"] [data-roll="counter"]')).to_contain_text(
        "Not rolled in this exchange")
    # Player language: the page's own words for rolls and totals come from the engine's vocabulary,
    # never the input's ids; warnings too are in words (the input field they concern is not shown).
    expect(page.locator("#exchange-odds")).to_have_attribute("data-state", re.compile("^(done|error)$"), timeout=ENGINE_TIMEOUT)
    text = page.locator("#calculator").inner_text()
    expect(page.locator(".dd-calc-warnings").first).to_contain_text("Trooper: the face given for the counter-attack")
    for name in ("counter_save", "save_and_melee", "attack_total", "counter_damage", "rolled.", "army["):
        assert name not in text, name
    assert results(page).locator(".dd-ex-see a").evaluate("a => a.href").endswith("/rules/how-the-calculator-reads-the-rules/#exchanges")


def test_share_link_round_trips(calc: Page):
    page = calc
    data = CASES[6][1]          # Counter with Stone Skin on the attacker
    show(page, data)
    first = page_summary(page)
    sent = json.loads(results(page).get_attribute("data-input"))
    assert sent == data
    link = page.url
    assert "#x=1." in link
    # Another exchange shown, then the share link opened in the same page: read by its reader.
    show(page, CASES[0][1])
    open_afresh(page, "calculator/" + link.split("/calculator/", 1)[1])
    wait_answer(page, "[data-exchange-results]", data, ENGINE_TIMEOUT)
    assert page_summary(page) == first == CASES[6][2]
    # The Harbinger's Counter is already in the damage above: the roll says so, not "for you to resolve".
    counter = page.locator('.dd-ex-roll-result[data-roll="save"] li[data-kind]').filter(has_text="Counter")
    expect(counter).to_contain_text(": 4 damage")
    expect(counter).to_contain_text("already counted in the exchange")
    assert json.loads(results(page).get_attribute("data-input")) == data
    raw = link.split("#x=1.", 1)[1]
    assert json.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))) == data
    # The spell shows in the attacker's modifiers.
    expect(page.locator('[data-ex-side="attacker"] .dd-calc-modlist')).to_contain_text("Stone Skin")


def test_species_pickers_show_the_species_of_a_linked_army(calc: Page):
    """A link's armies can be added to at once: each side's "Species" picker shows the species of
    its army's last die (not the first species of the list), until the player picks one."""
    data = {"attack": "melee", "terrain": "highland", "seed": 5,
            "attacker": {"army": [{"die": "goblins/thug"}, {"die": "dwarves/footman"}]},
            "defender": {"army": [{"die": "coral-elves/trooper"}]}}
    page = calc
    show(page, data)
    for side, species in (("attacker", "dwarves"), ("defender", "coral-elves")):
        expect(page.locator(f"#dd-ex-{side}-species")).to_have_value(species)
        expect(page.locator(f"#dd-ex-{side}-unit option").first).to_have_attribute("value", re.compile(f"^{species}/"))
    page.locator("#dd-ex-defender-species").select_option("goblins")
    page.locator("[data-ex-terrain]").select_option("flatland")       # the page draws the sides again
    changed = dict(data, terrain="flatland")
    wait_answer(page, "[data-exchange-results]", changed, ENGINE_TIMEOUT)
    expect(page.locator("#dd-ex-defender-species")).to_have_value("goblins")
    # The single roll's picker alike.
    roll = {"roll": "melee", "terrain": "highland", "army": [{"die": "amazons/spearer"}, {"die": "treefolk/satyr"}]}
    open_in_place(page, "calculator/?roll=" + quote(json.dumps(roll)))
    expect(page.locator("[data-calc-species]")).to_have_value("treefolk", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-unit] option").first).to_have_attribute("value", re.compile("^treefolk/"))


def cli_error(data: dict) -> str:
    """What `python -m calculator exchange -` prints for a refused input, without its "error: "."""
    proc = subprocess.run([sys.executable, "-m", "calculator", "exchange", "-", "--data",
                           str(ROOT / "site" / "data" / "dragondice.json")],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("error: "), proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    return proc.stderr.strip()[len("error: "):]


EVIL = "<img src=x onerror=\"window.__pwned=1\">"
BAD = [
    # A face the die does not have, for a roll later in the exchange.
    (melee([u("amazons/soldier", attack="2 melee")], [u("amazons/soldier"), u("amazons/soldier", counter="9 melee")]),
     "defender.army[1].rolled.counter"),
    # A roll name the exchange does not have.
    (melee(PLAIN_ATTACKERS[:2] + [u("amazons/soldier", charge="2 melee")], PLAIN_DEFENDERS), "attacker.army[2].rolled.charge"),
    # A die id that is markup.
    (melee([{"die": EVIL, "rolled": {"attack": 1}}], PLAIN_DEFENDERS), "attacker.army[0]"),
    # An attack that does not exist.
    (dict(melee(PLAIN_ATTACKERS, PLAIN_DEFENDERS), attack="<script>window.__pwned=1</script>"), "attack"),
]


@pytest.mark.parametrize("data,field", BAD, ids=["face", "roll-name", "markup-die", "markup-attack"])
def test_refused_link_shows_the_cli_message_and_runs_nothing(calc: Page, data: dict, field: str):
    expected = cli_error(data)
    assert expected.startswith(field)
    page = calc
    open_afresh(page, exchange_link(data))
    shown = page.locator("[data-calc-message] [data-exchange-error]")
    expect(shown).to_have_text(expected, timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-message]")).to_contain_text("This exchange link could not be used")
    expect(page.locator("li.dd-ex-unit")).to_have_count(0)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.evaluate("document.querySelectorAll('[onerror], #calculator script').length") == 0


@pytest.mark.parametrize("link", ["#x=1.<script>window.__pwned=1</script>", "#x=1.eyJhdHRhY2siOi", "#x=2.e30",
                                  "?exchange=" + quote("{\"attack\": \"melee\", <img src=x onerror=window.__pwned=1>")],
                         ids=["script-hash", "truncated", "version", "not-json"])
def test_unreadable_link_says_so(calc: Page, link: str):
    page = calc
    if "/calculator/" in page.url:          # from another mode: the link itself opens the exchange
        page.locator('[data-calc-mode="roll"]').click()
        expect(page.locator('[data-calc-mode="exchange"]')).to_have_attribute("aria-pressed", "false")
    open_afresh(page, "calculator/" + link)
    message = page.locator("[data-calc-message]")
    expect(message).to_contain_text("could not be read", timeout=ENGINE_TIMEOUT)
    expect(page.locator('[data-calc-mode="exchange"]')).to_have_attribute("aria-pressed", "true")
    # Until every image the page holds has loaded or failed: an injected one would have run its handler.
    page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0


def test_unit_name_from_a_link_is_text(calc: Page):
    # A die described by hand, named with markup: 1 melee against 1 save, no damage.
    data = melee([{"species": "goblins", "health": 1, "name": EVIL, "faces": ["1 melee", "1 save"],
                   "rolled": {"attack": "1 melee", "counter_save": "1 save"}}],
                 [u("coral-elves/fighter", save="id", counter="1 melee")])
    page = calc
    show(page, data)
    # Attack 1 melee; the Fighter's ID is 1 save: no damage. Counter 1 melee against 1 save: none.
    assert page_summary(page) == summary(attack_total=1, save_total=1, counter_total=1, counter_save_total=1)
    expect(page.locator('li.dd-ex-unit[data-side="attacker"] .dd-calc-unit-name')).to_have_text("1. " + EVIL)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0


def face_number(bundle: dict, die: str, label: str) -> str:
    faces = next(d for d in bundle["dice"] if d["id"] == die)["faces"]
    return str(1 + next(j for j, f in enumerate(faces) if f"{f['count']} {f['icon']}" == label))


def add(page: Page, side: str, species: str, die: str) -> None:
    box = page.locator(f'[data-ex-side="{side}"]')
    box.locator(f"#dd-ex-{side}-species").select_option(species)
    box.locator(f"#dd-ex-{side}-unit").select_option(die)
    box.locator(f'[data-key="ex-add-{side}"]').click()


def test_build_an_exchange_by_clicking(page: Page, bundle: dict):
    page.goto("calculator/")
    page.locator('[data-calc-mode="exchange"]').click()
    expect(page).to_have_url(re.compile(r"#exchange$"))
    page.locator("[data-ex-terrain]").select_option("highland")
    add(page, "attacker", "amazons", "amazons/war-chief")
    add(page, "defender", "coral-elves", "coral-elves/protector")
    attacker = page.locator('li.dd-ex-unit[data-side="attacker"]')
    defender = page.locator('li.dd-ex-unit[data-side="defender"]')
    attacker.locator(f'[data-roll="attack"] [data-face="{face_number(bundle, "amazons/war-chief", "4 melee")}"]').click()
    save_face = int(face_number(bundle, "coral-elves/protector", "3 save"))
    defender.locator(f'[data-roll="save"] [data-face="{save_face}"]').click()
    # 4 melee - 3 saves = 1 damage; nothing of 1 health (Protector 3). The counter-attack and the
    # attacker's save have no face picked: the engine rolls them and the page says so.
    # Wait for the result of the input with the save face picked: the result before that click
    # (save rolled for you) may have rolled 3 saves too, so the totals alone do not tell them apart.
    page.wait_for_function("""(face) => { const r = document.querySelector('[data-exchange-results]');
        if (!r || r.dataset.state !== 'resolved' || !r.dataset.input) return false;
        const army = JSON.parse(r.dataset.input).defender.army;
        return army.length === 1 && (army[0].rolled || {}).save === face; }""", arg=save_face, timeout=ENGINE_TIMEOUT)
    got = page_summary(page)
    assert (got["attack_total"], got["save_total"], got["damage"]) == (4, 3, 1)
    rolled = page.locator(".dd-ex-rolled > li")
    # The attacker saves only against a counter-attack with melee results (rulebook p.11).
    saved = ["attacker counter_save"] if got["counter_total"] else []
    assert sorted(rolled.evaluate_all("els => els.map((e) => e.dataset.side + ' ' + e.dataset.roll)")) == \
        saved + ["defender counter"]
    expect(defender.locator('[data-roll="counter"] .dd-face-rolled')).to_have_count(1)
    expect(defender.locator('[data-roll="counter"]')).to_contain_text("Rolled for you")
    sent = json.loads(results(page).get_attribute("data-input"))
    assert sent["attacker"]["army"][0]["rolled"] == {"attack": int(face_number(bundle, "amazons/war-chief", "4 melee"))}
    assert "#x=1." in page.url
    # Every control of the exchange has a name; a face picked keeps the keyboard focus.
    unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll(
        '[data-calc-panel="exchange"] select, [data-calc-panel="exchange"] input, [data-calc-panel="exchange"] button'))
        .filter((c) => !c.closest('[hidden]')).filter((c) => !((c.labels && c.labels.length) || c.getAttribute('aria-label')
        || c.getAttribute('aria-labelledby') || c.textContent.trim())).map((c) => c.outerHTML)""")
    assert unlabelled == []
    face = attacker.locator('[data-roll="counter_save"] [data-face="1"]')
    face.focus()
    page.keyboard.press("Enter")
    expect(attacker.locator('[data-roll="counter_save"] [data-face="1"]')).to_be_focused()
    expect(attacker.locator('[data-roll="counter_save"] [data-face="1"]')).to_have_attribute("aria-pressed", "true")
    # Back to one roll, and to the exchange again: the exchange is kept.
    page.locator('[data-calc-mode="roll"]').click()
    expect(page.locator("[data-calc-form]")).to_be_visible()
    expect(page.locator("[data-exchange-form]")).to_be_hidden()
    page.locator('[data-calc-mode="exchange"]').click()
    expect(attacker).to_have_count(1)


def test_a_face_rolled_again_by_a_delayed_confuse_can_be_picked(calc: Page, bundle: dict):
    """Confuse (delayed to the save roll) rolls the Protector again and ignores its 3 save: that face
    is the unit's second face in the roll, picked like a re-roll's (the engine takes it from `rerolled`)."""
    # The War Chief's 4 melee give the attack melee results, so the defender makes a save roll (p.11).
    page = calc
    show(page, melee([u("dwarves/umber-hulk", attack="confuse"), u("amazons/war-chief", attack="4 melee")],
                     [u("coral-elves/protector", save="3 save")]))
    save = page.locator('li.dd-ex-unit[data-side="defender"] [data-roll="save"]')
    expect(save.locator(".dd-calc-reroll")).to_have_count(1, timeout=ENGINE_TIMEOUT)
    melee_face = int(face_number(bundle, "coral-elves/protector", "4 melee"))
    save.locator(f'[data-key="ex-defender-0-save-1-{melee_face - 1}"]').click()
    # The result of this input: the face given for the Confuse re-roll.
    page.wait_for_function("""(face) => { const r = document.querySelector('[data-exchange-results]');
        if (!r || r.dataset.state !== 'resolved' || !r.dataset.input) return false;
        const unit = JSON.parse(r.dataset.input).defender.army[0];
        return JSON.stringify((unit.rerolled || {}).save) === JSON.stringify([face]); }""", arg=melee_face,
                           timeout=ENGINE_TIMEOUT)
    expect(results(page)).to_contain_text("rolled again, 3 save ignored: 4 melee (given)")
    expect(save.locator(f'.dd-calc-reroll [data-face="{melee_face}"]')).to_have_attribute("aria-pressed", "true")


@contextmanager
def phone_width(page: Page):
    """The page at a phone's width (390 px) for the test, and at its own size again after it."""
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 800})
    try:
        yield page
    finally:
        page.set_viewport_size(size)


def test_odds_charts_fit_a_phone(calc: Page):
    # Three Dwarves against two Amazons, every face left to chance: the damage chart has about ten
    # amounts, once drawn wider than a phone's column. At most 8 bars (a long run shown as ranges,
    # test_chances_chart.py), it fits at its full size instead of shrinking its labels or hiding its
    # last bars in a box that scrolls sideways.
    with phone_width(calc) as page:
        odds_fit_a_phone(page)


def odds_fit_a_phone(page: Page) -> None:
    show(page, {"attack": "melee", "terrain": "flatland",
                "attacker": {"army": [{"die": d} for d in ("dwarves/footman", "dwarves/sergeant", "dwarves/mammoth-rider")]},
                "defender": {"army": [{"die": "amazons/soldier"}, {"die": "amazons/warrior"}]}})
    expect(page.locator("#exchange-odds")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    charts = page.evaluate("""() => [...document.querySelectorAll('#exchange-odds .dd-ex-chart')].map((box) => {
        const svg = box.querySelector('svg');
        return { drawn: svg.viewBox.baseVal.width, shown: svg.getBoundingClientRect().width,
                 box: box.clientWidth, scrolls: box.scrollWidth > box.clientWidth + 1 }; })""")
    assert charts and all(abs(c["shown"] - c["drawn"]) < 0.5 for c in charts), charts      # none shrunk
    assert all(not c["scrolls"] and c["shown"] <= c["box"] + 0.5 for c in charts), charts
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_phone_width_stacks_the_armies(calc: Page):
    with phone_width(calc) as page:
        armies_stacked(page)


def armies_stacked(page: Page) -> None:
    show(page, CASES[0][1])
    page.evaluate("window.scrollTo(0, 0)")          # where a page opened afresh is
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    a = page.locator('[data-ex-side="attacker"]').bounding_box()
    d = page.locator('[data-ex-side="defender"]').bounding_box()
    assert d["y"] >= a["y"] + a["height"] - 1
    # The result sits below both armies: one tap brings it into view, with the keyboard's focus.
    assert results(page).bounding_box()["y"] > 800
    page.locator("[data-ex-to-result]").click()
    expect(results(page)).to_be_focused()
    top = results(page).evaluate("(el) => el.getBoundingClientRect().top")
    assert 0 <= top < 200, top
    page.set_viewport_size({"width": 1280, "height": 800})
    a = page.locator('[data-ex-side="attacker"]').bounding_box()
    d = page.locator('[data-ex-side="defender"]').bounding_box()
    assert abs(d["y"] - a["y"]) < 2 and d["x"] > a["x"] + a["width"] - 1


def test_may_choices_per_side_come_from_the_engine(calc: Page):
    page = calc
    data = CASES[11][1]                      # Defensive Volley at Coastland
    show(page, data)
    assert page_summary(page) == CASES[11][2]
    defender = page.locator('[data-ex-side="defender"]')
    volley = defender.locator('[data-key="ex-opt-defender-defensive-volley"]')
    expect(volley).to_have_count(1, timeout=ENGINE_TIMEOUT)
    expect(volley).to_be_visible()          # beside the army, not folded away with the modifiers
    expect(volley).to_be_checked()
    volley.uncheck()
    # Without the volley: 4 missile against 4 saves (the Archer's maneuvers still count as saves,
    # Coastal Dodge), no damage and no counter-attack.
    page.wait_for_function("""() => { const r = document.querySelector('[data-exchange-results]');
        return r.dataset.state === 'resolved' && JSON.parse(r.dataset.input).defender.options; }""", timeout=ENGINE_TIMEOUT)
    assert json.loads(results(page).get_attribute("data-input"))["defender"]["options"] == {"defensive-volley": False}
    assert page_summary(page) == missile_summary(attack_total=4, save_total=4)   # no counter-attack lines (p.11)


def test_the_defender_may_decline_the_counter_attack(calc: Page):
    """p.11: after a melee attack the defending army *may* counter-attack; the engine offers the
    choice among the defender's, and declining it ends the exchange after the save roll."""
    page = calc
    data = CASES[0][1]                      # plain-with-counter, worked by hand above
    show(page, data)
    assert page_summary(page) == CASES[0][2]
    defender = page.locator('[data-ex-side="defender"]')
    box = defender.locator('[data-key="ex-opt-defender-counter-attack"]')
    expect(box).to_have_count(1, timeout=ENGINE_TIMEOUT)
    expect(box).to_be_visible()
    expect(box).to_be_checked()
    box.uncheck()
    declined = dict(data, counter_attack=False)
    wait_answer(page, "[data-exchange-results]", declined, ENGINE_TIMEOUT)
    # Attack 8 − saves 6 = 2 damage (the Trooper dies) and nothing more: the War Chief lives.
    assert page_summary(page) == summary(attack_total=8, save_total=6, damage=2)
    assert highlighted(page, "attacker") == [] and highlighted(page, "defender") == [1]
    expect(results(page)).to_contain_text("chose not to counter-attack")
    expect(box).not_to_be_checked()
    # The choice travels with the share link (opened after another exchange, in the same page).
    link = "calculator/" + page.url.split("/calculator/", 1)[1]
    assert "#x=1." in link
    open_in_place(page, exchange_link(CASES[1][1]))
    wait_answer(page, "[data-exchange-results]", CASES[1][1], ENGINE_TIMEOUT)
    expect(page.locator('[data-key="ex-opt-defender-counter-attack"]')).to_be_checked()
    open_in_place(page, link)
    wait_answer(page, "[data-exchange-results]", declined, ENGINE_TIMEOUT)
    expect(page.locator('[data-key="ex-opt-defender-counter-attack"]')).not_to_be_checked(timeout=ENGINE_TIMEOUT)
    # A missile attack has no counter-attack to decline (p.11): the choice goes with the melee attack.
    page.locator("[data-ex-attack]").select_option("missile")
    wait_answer(page, "[data-exchange-results]", dict(data, attack="missile"), ENGINE_TIMEOUT)
    expect(page.locator('[data-key="ex-opt-defender-counter-attack"]')).to_have_count(0)


# A Soldier's picked 2 melee against a Fighter (health 1) whose faces are left to chance.
ODDS = {"attack": "melee", "terrain": "highland", "seed": 3,
        "attacker": {"army": [u("amazons/soldier", attack="2 melee")]},
        "defender": {"army": [{"die": "coral-elves/fighter"}]}}


def odds_shown(page: Page) -> dict:
    odds = page.locator("#exchange-odds")
    expect(odds).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    got = {}
    for part in odds.locator(".dd-ex-odds-part").all():
        dist = {int(k): p for k, p in json.loads(part.get_attribute("data-dist")).items() if p > 1e-12}
        got[(part.get_attribute("data-side"), part.get_attribute("data-part"))] = dist
        bars = part.locator("rect.dd-chances-bar").evaluate_all("els => els.map((e) => Number(e.dataset.p))")
        assert sum(bars) == pytest.approx(1, abs=1e-9)
    return got


def close(got: dict, want: dict) -> bool:
    return set(got) == set(want) and all(got[k] == pytest.approx(v, abs=1e-9) for k, v in want.items())


def test_odds_charts(calc: Page):
    page = calc
    show(page, ODDS)
    got = odds_shown(page)
    # Fighter faces: ID, 1 melee, 1 missile, 1 maneuver, 1 melee, 2 melee. In its save roll against
    # melee only the ID face saves (1 save, its health): damage 2 - 1 = 1 with 1/6, else 2 (5/6).
    # Either kills the Fighter (health 1), so nobody counter-attacks and the Soldier takes nothing.
    assert close(got[("defender", "damage")], {1: 1 / 6, 2: 5 / 6})
    assert close(got[("defender", "killed")], {1: 1.0})
    assert close(got[("attacker", "damage")], {0: 1.0})
    assert close(got[("attacker", "killed")], {0: 1.0})
    # The answer says it is exact (and no estimate's note).
    odds = page.locator("#exchange-odds")
    expect(odds.locator('[data-key="ex-odds-exact"]')).to_contain_text("Exact odds")
    expect(odds.locator('[data-key="ex-odds-sampled"]')).to_have_count(0)
    # Every face to chance. Soldier faces: ID, 1 save, 1 melee, 1 melee, 1 maneuver, 2 melee, so its
    # melee M is 0 (2/6), 1 (3/6, the ID counts 1), 2 (1/6); the Fighter's saves S: 1 (1/6), 0 (5/6).
    # Damage max(0, M - S): 0 with 2/6 + 3/6*1/6 = 15/36; 1 with 3/6*5/6 + 1/6*1/6 = 16/36; 2 with 5/36.
    # The Fighter dies unless the damage is 0 (21/36); alive (15/36) it counter-attacks with melee
    # C = 0 (2/6: missile, maneuver), 1 (3/6: ID, 1 melee twice), 2 (1/6) against the Soldier's saves
    # 1 (2/6: ID, save), 0 (4/6): 0 damage with 2/6 + 3/6*2/6 = 18/36, 1 with 3/6*4/6 + 1/6*2/6 = 14/36,
    # 2 with 1/6*4/6 = 4/36. The Soldier (health 1) dies on 1 or more.
    page.locator('#exchange-odds [data-key="ex-all-chance"]').check()
    # The box asks for new odds at once (data-asked); wait for the answer to that input, not an older one.
    page.wait_for_function("""() => { const s = document.querySelector('#exchange-odds');
        return s.dataset.state === 'done' && s.dataset.asked && s.dataset.answered === s.dataset.asked; }""",
                           timeout=ENGINE_TIMEOUT)
    got = odds_shown(page)
    alive = 15 / 36
    assert close(got[("defender", "damage")], {0: 15 / 36, 1: 16 / 36, 2: 5 / 36})
    assert close(got[("defender", "killed")], {0: 15 / 36, 1: 21 / 36})
    assert close(got[("attacker", "damage")], {0: 21 / 36 + alive * 18 / 36, 1: alive * 14 / 36, 2: alive * 4 / 36})
    assert close(got[("attacker", "killed")], {0: 21 / 36 + alive * 18 / 36, 1: alive * 18 / 36})
    expect(page.locator("#exchange-odds svg.dd-chances-chart")).to_have_count(4)
    # Unticked, the picked face counts again (and the page is left as the next link expects it).
    page.locator('#exchange-odds [data-key="ex-all-chance"]').uncheck()
    page.wait_for_function("""() => { const s = document.querySelector('#exchange-odds');
        return s.dataset.state === 'done' && s.dataset.asked && s.dataset.answered === s.dataset.asked; }""",
                           timeout=ENGINE_TIMEOUT)
    assert close(odds_shown(page)[("defender", "damage")], {1: 1 / 6, 2: 5 / 6})


def test_odds_can_be_cancelled_and_say_when_too_large(calc: Page):
    page = calc
    open_afresh(page, exchange_link(SLOW_ODDS))
    odds = page.locator("#exchange-odds")
    expect(odds).to_have_attribute("data-state", "computing", timeout=ENGINE_TIMEOUT)
    odds.locator('[data-key="ex-odds-cancel"]').click()
    expect(odds).to_have_attribute("data-state", "cancelled")
    expect(odds).to_contain_text("Cancelled")
    odds.locator('[data-key="ex-odds-again"]').click()
    expect(odds).to_have_attribute("data-state", "computing")
    odds.locator('[data-key="ex-odds-cancel"]').click()
    expect(odds).to_have_attribute("data-state", "cancelled")
    show(page, ODDS)
    odds_shown(page)
    # Twelve monsters a side with no face picked: past the engine's exact bound, so a sampled
    # estimate that says so (never a hang, never no answer). None can Bash or Confuse: that would
    # be the reason given, found before the size.
    monsters = ["amazons/centaur", "amazons/chimera", "amazons/hydra", "amazons/medusa", "amazons/nightmare",
                "coral-elves/coral-giant", "coral-elves/gryphon", "coral-elves/leviathan", "coral-elves/sprite-swarm",
                "coral-elves/tako", "dwarves/androsphinx", "dwarves/gargoyle"]
    big = {"attack": "melee", "terrain": "highland", "attacker": {"army": [{"die": d} for d in monsters]},
           "defender": {"army": [{"die": d} for d in reversed(monsters)]}}
    open_afresh(page, exchange_link(big))
    expect(odds).to_have_attribute("data-method", "sampled", timeout=ENGINE_TIMEOUT)
    note = odds.locator('[data-key="ex-odds-sampled"]')
    expect(note).to_contain_text("An estimate, not exact odds")
    expect(note).to_contain_text("because the exchange is too large to compute exactly")
    expect(odds.locator('[data-key="ex-odds-exact"]')).to_have_count(0)
    expect(odds.locator(".dd-chances-summary").first).to_contain_text("95% range")


def test_an_exchange_in_which_bash_can_be_rolled_gets_an_estimate_that_says_why(calc: Page):
    # The Behemoth can Bash in its save roll: the exact chances are not worked out, so the odds are
    # the exchange sampled, labelled as an estimate, with that reason (never no answer).
    data = {"attack": "melee", "terrain": "highland", "attacker": {"army": [{"die": "amazons/war-chief"}]},
            "defender": {"army": [{"die": "dwarves/behemoth"}]}}
    page = calc
    open_afresh(page, exchange_link(data))
    odds = page.locator("#exchange-odds")
    note = odds.locator('[data-key="ex-odds-sampled"]')
    # The reason is this input's own: no other exchange's answer shows it.
    expect(note).to_contain_text("because the exact chances of an exchange in which Bash can be rolled are not "
                                 "worked out", timeout=ENGINE_TIMEOUT)
    expect(odds).to_have_attribute("data-method", "sampled")
    expect(odds.locator('[data-key="ex-odds-exact"]')).to_have_count(0)
    expect(odds.locator(".dd-chances-summary").first).to_contain_text("95% range")
