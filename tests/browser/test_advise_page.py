"""'What can this army do?' in Chromium at 390 px: every advice case worked by hand
(tests/engine/advise_cases.py, imported, not copied) opened as a share link on one calculator page
shows its hand-worked figures (the maneuver's chance, the chance to kill at least 1, the magic
average in the table; the chances of at least k damage, kills and own losses in the comparison
chart's table); the sort switch reorders the rows; one tap opens an option in its mode with its
input filled in; the chart switches between "at least" and "at most"; the share link and the forum
post say "Copied"; a tampered link is answered in words; the game page offers the same advice."""
from __future__ import annotations

import base64
import json
import re
from fractions import Fraction
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.expecting import expect
from tests.browser.links import open_in_place
from tests.browser.origin import NO_OFFLINE_COPY, RequestLog
from tests.engine.advise_cases import CASES
from tests.engine.game_cases import setup as game_setup

pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 180_000     # Pyodide boot and the options' odds on a loaded 2-core machine
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "permissions": ["clipboard-read", "clipboard-write"]}
CONTRACT = next(c for c in CASES if c["id"] == "contract-example")


def b64(value: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def unb64(text: str) -> dict:
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def pct(p: Fraction) -> str:
    """The page's percentage (chances.js pct), of a chance worked by hand."""
    x = float(p)
    if x >= 0.9995:
        return "100%"
    if 0 < x < 0.0005:
        return "<0.1%"
    return f"{x * 100:.1f}%"


@pytest.fixture(scope="module")
def shared(browser: Browser, site_url):
    """One phone-sized calculator page for every case: the engine starts once."""
    context = browser.new_context(base_url=site_url, **NO_OFFLINE_COPY, **PHONE)
    log = RequestLog(site_url).watch(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()
    assert not log.foreign, f"requests left the site's origin: {sorted(set(log.foreign))}"


def open_advice(page: Page, data: dict, view: str = "") -> None:
    """Open the advice link of ``data`` on the page shown; wait for the answer to it (never a time)."""
    if "/calculator/" in page.url:
        page.evaluate("document.querySelector('[data-advise-results]').dataset.state = 'old'")
    open_in_place(page, "calculator/#a=1." + b64(data) + view)
    expect(page.locator("[data-advise-results]")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)


def rows(page: Page, action: str, target: str | None, table: str = "[data-advise-table]"):
    sel = f'{table} tbody tr[data-action="{action}"]' + (f'[data-target="{target}"]' if target else "")
    return page.locator(sel)


def cell(page: Page, action: str, target: str | None, figure: str):
    return rows(page, action, target).first.locator(f'td[data-figure="{figure}"]')


def pick_chart(page: Page, chart: str, view: str = "at_least") -> None:
    page.locator("[data-advise-chart-pick]").select_option(chart)
    page.locator(f'[data-advise-view][value="{view}"]').click()
    expect(page.locator("[data-advise-chart]")).to_have_attribute("data-chart", chart)
    expect(page.locator("[data-advise-chart]")).to_have_attribute("data-view", view)


def check_chart(page: Page, want: dict, action: str, target: str | None, chart: str, key: str) -> None:
    if key not in want:
        return
    pick_chart(page, chart)
    row = rows(page, action, target, "[data-advise-chart-table]").first
    for k, p in want[key].items():
        amount = row.locator(f'td[data-amount="{k}"]')
        if amount.count():
            expect(amount).to_have_text(pct(p))
            assert float(amount.get_attribute("data-value")) == pytest.approx(float(p), abs=1e-9), (key, k)
        else:       # past the largest amount any option reaches: a chance of 0
            assert p == 0, (key, k)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_each_hand_worked_case_opened_as_a_link_shows_its_figures(shared: Page, case):
    open_advice(shared, case["input"])
    expect(shared.locator(".dd-advise-head")).to_have_attribute("data-action", case["action"])
    for want in case["expect"]:
        action, target = want["action"], want.get("target")
        expect(rows(shared, action, target)).to_have_count(1)
        if "chance" in want:
            expect(cell(shared, action, target, "maneuver")).to_have_text(pct(want["chance"]))
        if "killed" in want:        # the table's "chance to kill at least 1"
            expect(cell(shared, action, target, "kill_at_least")).to_have_text(pct(want["killed"][1]))
        if "mean" in want:
            expect(cell(shared, action, target, "magic")).to_have_text(f"{float(want['mean']):.2f}")
        check_chart(shared, want, action, target, "damage", "damage")
        check_chart(shared, want, action, target, "killed", "killed")
        check_chart(shared, want, action, target, "losses", "losses.killed")
    for action, target in case["absent"]:
        expect(rows(shared, action, target)).to_have_count(0)


def order(page: Page) -> list[str]:
    return page.locator("[data-advise-table] tbody tr").evaluate_all("rs => rs.map((r) => r.dataset.action)")


def test_the_sort_switch_changes_the_order(shared: Page):
    open_advice(shared, CONTRACT["input"])
    sort = shared.locator("[data-advise-sort]")
    sort.select_option("killed")          # the melee kills 2/3 on average, the maneuver none: melee first
    assert order(shared) == ["melee", "maneuver"]
    sort.select_option("maneuver")        # only the maneuver has a chance to succeed (7/9)
    assert order(shared) == ["maneuver", "melee"]
    assert "~maneuver." in shared.url      # the share link keeps the sort


def test_one_tap_opens_the_option_in_its_mode_with_its_input(shared: Page):
    want = {o["action"]: o["input"] for o in CONTRACT["expect"]}
    open_advice(shared, CONTRACT["input"])
    rows(shared, "melee", "bob.campaign").locator("[data-advise-open]").tap()
    expect(shared.locator('[data-calc-panel="exchange"]')).to_be_visible()
    expect(shared.locator("[data-exchange-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    expect(shared).to_have_url(re.compile(r"#x=1\."))
    got = unb64(shared.url.split("#x=1.")[1])
    got.pop("seed", None)                 # the exchange mode rolls the faces left to chance
    assert got == want["melee"]
    open_advice(shared, CONTRACT["input"])
    rows(shared, "maneuver", None).locator("[data-advise-open]").tap()
    expect(shared.locator('[data-calc-panel="maneuver"]')).to_be_visible()
    expect(shared).to_have_url(re.compile(r"#m=1\."))
    got = unb64(shared.url.split("#m=1.")[1])
    got.pop("seed", None)
    assert got == want["maneuver"]


def test_the_chart_switches_between_at_least_and_at_most(shared: Page):
    # The contract example's damage (hand-worked in advise_cases.py): at least 1, 2, 3 = 2/3, 1/2, 1/9,
    # so at most 0, 1, 2 = 1 - 2/3, 1 - 1/2, 1 - 1/9.
    open_advice(shared, CONTRACT["input"])
    pick_chart(shared, "damage", "at_least")
    row = rows(shared, "melee", "bob.campaign", "[data-advise-chart-table]")
    expect(row.locator("td")).to_have_text([pct(Fraction(2, 3)), pct(Fraction(1, 2)), pct(Fraction(1, 9))])
    pick_chart(shared, "damage", "at_most")
    expect(row.locator("td")).to_have_text([pct(Fraction(1, 3)), pct(Fraction(1, 2)), pct(Fraction(8, 9))])
    bars = shared.locator("[data-advise-chart] svg rect.dd-compare-bar")
    assert [float(p) for p in bars.evaluate_all("bs => bs.map((b) => b.dataset.p)")] == \
        pytest.approx([1 / 3, 1 / 2, 8 / 9], abs=1e-9)
    chart = shared.locator("[data-advise-chart] svg.dd-compare-chart").bounding_box()
    assert chart and chart["x"] >= 0 and chart["x"] + chart["width"] <= 390, chart   # it fits the phone
    assert shared.url.endswith(".damage.at_most")        # the share link keeps the chart and its view


def test_the_share_link_and_the_forum_post_say_copied(shared: Page):
    open_advice(shared, CONTRACT["input"])
    share = shared.locator("[data-advise-share]")
    share.tap()
    expect(share).to_have_text("Copied")
    link = shared.evaluate("navigator.clipboard.readText()")
    assert "#a=1." in link and unb64(link.split("#a=1.")[1].split("~")[0]) == CONTRACT["input"]
    menu = shared.locator('[data-forum="advise"] details.dd-forum')
    menu.locator("summary").tap()
    button = menu.locator('[data-forum-format="markdown"]')
    button.tap()
    expect(button).to_have_text("Copied", timeout=ENGINE_TIMEOUT)
    post = shared.evaluate("navigator.clipboard.readText()")
    assert "#a=1." in post


@pytest.mark.parametrize("tail", ["!!not-a-link", b64({"terrain": {"die": "<img src=x onerror=window.hit=1>", "face": 3},
                                                        "army": {"army": [{"die": "amazons/soldier"}]}})])
def test_a_tampered_link_is_answered_in_words(shared: Page, tail):
    open_in_place(shared, "calculator/#a=1." + tail)
    message = shared.locator("[data-advise-message]")
    expect(message).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("could not be")
    assert shared.evaluate("window.hit") is None and not shared.locator("[data-advise-results] img").count()


def test_the_game_page_offers_an_armys_options(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    game = {"setup": game_setup(), "moves": []}
    page.goto("game/?game=" + quote(json.dumps(game, separators=(",", ":"))))
    pick = page.locator("[data-advise-army]")
    expect(pick.locator("option")).not_to_have_count(1, timeout=ENGINE_TIMEOUT)
    pick.select_option("alice.campaign")
    expect(page.locator("[data-game-advise] [data-advise-results]")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    # game_cases.setup(): alice's Campaign army stands at the frontier's melee face beside bob's (p.11)
    assert sorted(order(page)) == ["maneuver", "melee"]
    rows(page, "melee", "bob.campaign").locator("[data-advise-open]").click()
    expect(page.locator('[data-calc-panel="exchange"]')).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert "/calculator/#x=1." in page.url


def test_the_maneuver_modes_terrain_and_armies_are_asked_about(shared: Page):
    # The contract example's maneuver (its input written by hand in advise_cases.py), opened in the
    # maneuver mode; the advice of its armies has the hand-worked maneuver chance (7/9) and melee (2/3).
    want = {o["action"]: o for o in CONTRACT["expect"]}
    open_in_place(shared, "calculator/?maneuver=" + quote(json.dumps(want["maneuver"]["input"])))
    expect(shared.locator("[data-maneuver-results]")).to_have_attribute("data-state", "resolved", timeout=ENGINE_TIMEOUT)
    shared.locator('[data-calc-mode="advise"]').tap()
    shared.evaluate("document.querySelector('[data-advise-results]').dataset.state = 'old'")
    shared.locator("[data-advise-use-maneuver]").tap()
    expect(shared.locator("[data-advise-results]")).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    expect(cell(shared, "maneuver", None, "maneuver")).to_have_text(pct(want["maneuver"]["chance"]))
    expect(cell(shared, "melee", "opposing[0]", "kill_at_least")).to_have_text(pct(want["melee"]["killed"][1]))
    expect(rows(shared, "melee", "opposing[0]").locator("[data-advise-open]")).to_have_text("Melee at Opposing army 1")
