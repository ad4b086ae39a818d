"""One generated page of each kind holds what a player looks for, taken from the data."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from tests.site.htmlindex import parse


def html_of(site: Path, rel: str) -> str:
    return (site / rel / "index.html").read_text(encoding="utf-8")


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def section(html: str, anchor: str) -> str:
    """The HTML from the heading with ``id=anchor`` to the next heading of level 2."""
    start = html.index(f'id="{anchor}"')
    end = html.find("<h2", start + 1)
    return html[start:end if end > 0 else None]


def test_sai_page_counter(site, dataset):
    html = html_of(site, "sai/counter")
    clauses = section(html, "clauses")
    for i, clause in enumerate(dataset.get("sais", "counter")["clauses"], 1):
        row = re.search(rf'<tr id="clause-{i}" data-rolls="([^"]+)"', clauses)
        assert row and row.group(1) == " ".join(clause["rolls"])
    text = text_of(clauses)
    assert "Dragon Attack" in text and re.search(r"X save ?, X melee", text) and "works in the DUA" in text
    assert "against melee" in text
    # The seed text is quoted with its source and edition.
    assert "Quoted from the Rulebook SAI table, v4.01d, p.31" in text_of(section(html, "text"))
    # X on the dice that carry it, and a carrying die linked to its anchor.
    xs = text_of(section(html, "x-values"))
    assert re.search(r"monster d10 X = 4", xs)
    assert 'href="../../dice/coral-elves/#coral-giant"' in section(html, "dice")
    assert 'href="../bash/"' in section(html, "related")


def test_sai_page_unknown_text_is_marked(site):
    text = text_of(html_of(site, "sai/ferry"))
    assert "Rules text unknown" in text
    assert "Gryphon" in text


def test_sai_text_links_seed_references_and_names(site):
    html = html_of(site, "sai/logo-champion")
    assert 'href="../../species/eldarim/"' in html        # @62_eldarim_champions.md
    assert "@62_" not in html and "@54_" not in html
    drr = html_of(site, "rules/die-roll-resolution")
    assert 'href="../../sai/bullseye/"' in drr             # a name in rule text becomes a link
    assert re.search(r'<a href="../../sai/bullseye/" title="[^"]+"', drr)   # with a hover preview


def test_sai_index_rows_carry_their_roll_types(site, dataset):
    ids = parse(site / "sai" / "index.html").ids
    assert all(s["id"] in ids for s in dataset.kinds["sais"])
    html = html_of(site, "sai")
    assert re.search(r'<tr id="counter" data-row data-name="counter" data-rolls="melee save dragon_attack" '
                     r'data-timing="triggered">', html)
    assert 'data-filter-value="save"' in html


def test_spell_page_and_index(site):
    text = text_of(html_of(site, "spells/blizzard"))
    assert "Blizzard" in text and "Coral Elves" in text and "cost 3" in text
    index = html_of(site, "spells")
    assert re.search(r'<tr id="blizzard"[^>]*data-element="air"[^>]*data-cost="3"[^>]*data-species="coral-elves"', index)


def test_species_page_draws_its_dice(site):
    html = html_of(site, "species/coral-elves")
    gryphon = html[html.index('data-die="coral-elves/gryphon"'):]
    gryphon = gryphon[:gryphon.index('</li>')]
    assert 'class="dd-card__name" href="../../dice/coral-elves/#gryphon"' in gryphon
    # Drawn faces: the ID face outlined, Ferry drawn and linked to its SAI page.
    assert 'class="dd-face dd-face--id dd-face--marked"' in gryphon
    assert re.search(r'<a class="dd-face dd-face--sai" href="../../sai/ferry/"><svg class="dd-icon" '
                     r'data-icon="ferry" role="img" aria-label="Ferry">', gryphon)
    text = text_of(html)
    assert "Coastal Dodge" in text and "Old rules: TSR 1996 FAQ" in text
    assert 'href="../../rulings/#' in html


def test_dice_page_anchors(site, dataset):
    ids = set(parse(site / "dice" / "coral-elves" / "index.html").ids)
    for die in dataset.kinds["dice"]:
        if die["species"] == "coral-elves":
            assert die["id"].split("/", 1)[1] in ids
    assert "fire-vorpal-sword" in parse(site / "dice" / "items" / "index.html").ids


def test_die_roll_resolution_steps(site):
    page = parse(site / "rules" / "die-roll-resolution" / "index.html")
    assert all(f"step-{n}" in page.ids for n in range(1, 11))
    html = html_of(site, "rules/die-roll-resolution")
    assert "Open in calculator" in html and "../../calculator/?roll=" in html


def test_rulings_show_source_and_edition(site, dataset):
    html = html_of(site, "rulings")
    ruling = dataset.kinds["rulings"][0]
    part = text_of(section(html, ruling["id"]))
    assert "TSR 1996" in part and "What v4.01d says now" in part
    assert ruling["edition_note"].split(".")[0] in part
    # Each ruling's source line names its edition once.
    for line in re.findall(r'<p class="dd-faq-source">(.*?)</p>', html, re.S):
        words = text_of(line)
        assert words.count("TSR 1996") <= 1, words


def test_a_ruling_quoted_on_an_sai_page_keeps_its_items(site, dataset):
    # Rend's ruling point D ends "In short, these are:" and lists three items: the quote goes on into them.
    point = next(p for r in dataset.kinds["rulings"] for p in r["points"] if p["id"] == "monster-sais-general-rules-d")
    text = text_of(section(html_of(site, "sai/rend"), "rulings"))
    assert point["text"] in text and "1) " + point["items"][0] in text


def test_terrains_and_dragons(site, dataset):
    ids = set(parse(site / "terrains" / "index.html").ids)
    assert {t["id"] for t in dataset.kinds["terrain_types"]} <= ids
    assert {t["id"] for t in dataset.kinds["terrains"]} <= ids
    dragons = set(parse(site / "dragons" / "index.html").ids)
    assert {d["id"] for d in dataset.kinds["dragons"]} <= dragons
    assert "Sources disagree" in html_of(site, "dragons")


@pytest.mark.parametrize("rel", ["dice", "army"])
def test_dice_lists_name_every_icon_they_draw(site, dataset, rel):
    # Every icon drawn on the list's cards (SAIs aside: they link to their own pages) is named once in
    # the list's key, each by its name in the data: a phone cannot hover an icon to read it.
    html = html_of(site, rel)
    key = re.search(r'<details class="dd-icon-key">(.*?)</details>', html, re.S)
    assert key, rel
    cards = html[key.end():]
    icons = {i["id"]: i["name"] for i in dataset.kinds["icons"]}
    drawn = set(re.findall(r'data-icon="([a-z0-9-]+)"', cards)) & set(icons)
    keyed = re.findall(r'data-icon="([a-z0-9-]+)"', key.group(1))
    assert sorted(keyed) == sorted(drawn) and {"melee", "jaws", "city", "flood"} <= drawn, rel
    text = text_of(key.group(1))
    assert all(icons[i] in text for i in drawn), rel
