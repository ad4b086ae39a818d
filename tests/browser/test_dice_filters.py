"""/dice/ lists every die; filters combine and live in the URL, so a filtered list can be linked.
The SAI and spell indexes keep their filters in the URL too."""
from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest
from tests.browser.expecting import expect

# Each test opens its pages anew; the module's tests share one context (its cache), cleared between them.
pytestmark = pytest.mark.shared_context


def all_dice(dataset) -> list[dict]:
    """Every die as the filter sees it: the data's own fields, computed here from the data."""
    out = []
    for d in dataset.kinds["dice"]:
        sais = {f["icon"] for f in d["faces"] if dataset.has("sais", f["icon"])}
        colours = set(d["element"]) | ({"ivory"} if d.get("ivory") else set()) | ({d["alloy"]} if d.get("alloy") else set())
        out.append({"id": d["id"], "species": d["species"], "element": colours, "kind": d["kind"], "size": d["size"],
                    "health": str(d.get("health", "")), "sai": sais, "rarity": (d.get("rarity") or "").lower().replace(" ", "-")})
    for t in dataset.kinds["terrains"]:
        out.append({"id": t["id"], "species": "", "element": set(t["elements"]), "kind": "terrain", "size": t["category"],
                    "health": "", "sai": set(), "rarity": ""})
    for d in dataset.kinds["dragons"]:
        colours = set(d["elements"]) | ({"ivory"} if d["dragon_type"] == "ivory" else set())
        out.append({"id": d["id"], "species": "", "element": colours, "kind": "dragon", "size": d["form"],
                    "health": str(d["health"]), "sai": set(), "rarity": ""})
    return out


def matching(dataset, **want) -> set[str]:
    def ok(die, key, value):
        have = die[key]
        return value in have if isinstance(have, set) else have == value
    return {d["id"] for d in all_dice(dataset) if all(ok(d, k, v) for k, v in want.items())}


def query(page) -> dict[str, list[str]]:
    """The address bar's query (read in the page: replaceState does not navigate)."""
    return parse_qs(page.evaluate("location.search").lstrip("?"))


def visible_dice(page) -> set[str]:
    # checkVisibility: rendered (not display:none), even when scrolled far out of view.
    return set(page.locator("dom=.dd-card[data-die]").evaluate_all(
        "cs => cs.filter(c => c.checkVisibility()).map(c => c.dataset.die)"))


@pytest.mark.parametrize("query,want", [
    ("sai=rend&species=dwarves", {"sai": "rend", "species": "dwarves"}),
    ("element=fire&kind=monster", {"element": "fire", "kind": "monster"}),
    ("kind=dragon&health=5", {"kind": "dragon", "health": "5"}),
    ("size=minor&element=water", {"size": "minor", "element": "water"}),
    ("rarity=ultra-rare", {"rarity": "ultra-rare"}),
])
def test_filter_urls_show_exactly_the_matching_dice(page, dataset, query, want):
    expected = matching(dataset, **want)
    assert expected, query   # the example finds something
    page.goto("dice/?" + query)
    expect(page.locator("dom=.dd-filter__count")).to_have_text(f"{len(expected)} of {len(all_dice(dataset))} shown")
    assert visible_dice(page) == expected
    for key, value in want.items():
        expect(page.locator(f'dom=select[data-filter-key="{key}"]')).to_have_value(value)
    # Species groups with nothing to show are hidden with their heading.
    groups = page.locator("dom=[data-group]").evaluate_all(
        "gs => gs.map(g => [g.checkVisibility(), [...g.querySelectorAll('.dd-card')].some(c => c.checkVisibility())])")
    assert all(shown == has_cards for shown, has_cards in groups)


def test_every_die_is_listed_and_choosing_filters_writes_the_url(page, dataset):
    page.goto("dice/")
    cards = page.locator("dom=.dd-card[data-die]")
    assert cards.count() == len(all_dice(dataset))
    assert len(visible_dice(page)) == len(all_dice(dataset))
    page.locator('dom=select[data-filter-key="species"]').select_option("coral-elves")
    page.locator('dom=select[data-filter-key="kind"]').select_option("monster")
    assert query(page) == {"species": ["coral-elves"], "kind": ["monster"]}
    assert visible_dice(page) == matching(dataset, species="coral-elves", kind="monster")
    page.locator("dom=[data-filter-text]").fill("gry")
    assert query(page)["name"] == ["gry"]
    assert visible_dice(page) == {"coral-elves/gryphon"}
    # The address reproduces the list on reload, and "Clear filters" brings everything back.
    page.reload()
    assert visible_dice(page) == {"coral-elves/gryphon"}
    page.locator("dom=[data-filter-reset]").click()
    assert page.evaluate("location.search") == ""
    assert len(visible_dice(page)) == len(all_dice(dataset))


def test_an_sai_page_links_to_its_dice_filtered(page, dataset):
    page.goto("sai/rend/")
    page.get_by_role("link", name="See these dice drawn with all their faces").click()
    page.wait_for_url(re.compile(r"/dice/\?sai=rend(#.*)?$"))
    rend = matching(dataset, sai="rend")
    # The dice list (about 1.4 MB, 800 cards) arrives by the site's instant navigation: on a loaded
    # machine that took longer than the default 5 s once (a fresh-clone run, 28 November).
    expect(page.locator("dom=.dd-filter__count")).to_have_text(f"{len(rend)} of {len(all_dice(dataset))} shown",
                                                           timeout=60_000)
    assert visible_dice(page) == rend


def test_sai_and_spell_filters_live_in_the_url(page, dataset):
    page.goto("sai/?rolls=save")
    save = {s["id"] for s in dataset.kinds["sais"] if any("save" in c["rolls"] for c in s["clauses"])}
    rows = page.locator("dom=#sai-table tbody tr:not([hidden])")
    expect(rows).to_have_count(len(save))
    expect(page.locator('dom=[data-filter-key="rolls"] button[data-filter-value="save"]')).to_have_attribute("aria-pressed", "true")
    page.locator('dom=[data-filter-key="rolls"] button[data-filter-value="melee"]').click()
    assert query(page) == {"rolls": ["melee"]}

    page.goto("spells/?element=fire&cost=3")
    fire3 = {s["id"] for s in dataset.kinds["spells"] if s["element"] == "fire" and s["cost"] == 3}
    assert fire3
    shown = page.locator("dom=tr[data-row]:not([hidden])")
    expect(shown).to_have_count(len(fire3))
    assert set(shown.evaluate_all("rs => rs.map(r => r.id)")) == fire3
    page.locator('dom=select[data-filter-key="cost"]').select_option("")
    assert query(page) == {"element": ["fire"]}
