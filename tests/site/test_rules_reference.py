"""The built rules reference: rulings as prose point by point, rule parts and glossary terms
with anchors and quote data, ruling points linked from what they concern, glossary links."""
from __future__ import annotations

from html import unescape

import json
import re
from collections import Counter
from html import unescape
from pathlib import Path

from tests.site.htmlindex import page_paths, parse


def html_of(site: Path, rel: str) -> str:
    return (site / rel / "index.html").read_text(encoding="utf-8")


def quotes(html: str) -> dict:
    data = {}
    for raw in re.findall(r'<div class="dd-quotes" hidden data-quotes="([^"]*)"></div>', html):
        data.update(json.loads(unescape(raw)))
    return data


def test_rulings_are_prose_with_one_anchor_per_point(site, dataset):
    html = html_of(site, "rulings")
    assert "<pre" not in html
    ids = set(parse(site / "rulings" / "index.html").ids)
    data = quotes(html)
    for ruling in dataset.kinds["rulings"]:
        for p in ruling["points"]:
            assert p["id"] in ids
            li = re.search(rf'<li id="{p["id"]}"[^>]*>(.*?)</li>\s*(?=<li id|</ul>)', html, re.S).group(1)
            assert unescape(p["text"]) in unescape(re.sub(r"<[^>]+>", "", li))
            q = data[p["id"]]
            assert q["source"] == "TSR FAQ part 4 v0.96, TSR 1996" and q["note"]
            assert q["verdict"].endswith("v4.01d") and q["url"] == f"{p['id']}/"   # its verdict, its own page
    section = html[html.index('id="monster-sais-charm"'):html.index('id="monster-sais-confuse"')]
    charm = re.findall(r'<span class="dd-letter" aria-label="Point (E[^"]*)">E</span>', section)
    assert charm == ["E", "E (second)"]
    assert "The FAQ letters two points E" in html


def test_each_ruling_point_is_linked_from_what_it_concerns(site, dataset):
    dirs = {"sais": "sai", "spells": "spells", "species": "species", "rules": "rules"}
    checked = 0
    for ruling in dataset.kinds["rulings"]:
        for p in ruling["points"]:
            for kind, refs in p.get("links", {}).items():
                for ref in refs:
                    page = html_of(site, f"{dirs[kind]}/{ref.partition('#')[0]}")
                    assert f'rulings/#{p["id"]}"' in page, (p["id"], kind, ref)
                    checked += 1
    assert checked > 60


def test_sai_and_species_pages_show_their_rulings(site, dataset):
    for kind, folder in (("sais", "sai"), ("species", "species")):
        for entry in dataset.kinds[kind]:
            concerned = [r for r in dataset.kinds["rulings"]
                         if entry["id"] in r["links"].get(kind, [])
                         or any(entry["id"] in p.get("links", {}).get(kind, []) for p in r["points"])]
            page = html_of(site, f"{folder}/{entry['id']}")
            for r in concerned:
                assert f'rulings/#{r["id"]}"' in page, (entry["id"], r["id"])
            assert ('id="rulings"' in page) == bool(concerned), entry["id"]


def test_every_rule_part_glossary_term_and_sai_can_be_quoted(site, dataset):
    for rule in dataset.kinds["rules"]:
        html = html_of(site, f"rules/{rule['id']}")
        ids, data = set(parse(site / "rules" / rule["id"] / "index.html").ids), quotes(html)
        for part in [*rule.get("steps", []), *rule.get("points", []), *rule.get("types", [])]:
            assert part["id"] in ids and data[part["id"]]["text"] and data[part["id"]]["source"], part["id"]
    glossary = quotes(html_of(site, "glossary"))
    assert set(glossary) == {t["id"] for t in dataset.kinds["glossary"]}
    for sai in dataset.kinds["sais"]:
        q = quotes(html_of(site, f"sai/{sai['id']}"))[sai["id"]]
        assert q["title"].startswith(sai["name"]) and q["source"]
    counter = quotes(html_of(site, "sai/counter"))["counter"]
    assert counter["source"] == "Rulebook SAI table, v4.01d, p.31"
    assert counter["text"].startswith("During a save roll against a melee attack, Counter generates X save")


def test_rules_index_lists_every_section_but_not_the_other_games_page(site, dataset):
    html = html_of(site, "rules")
    for rule in dataset.kinds["rules"]:
        link = f'href="{rule["id"]}/"'
        assert (link in html) == (rule.get("applies_to_dragon_dice") is not False), rule["id"]
    other = html_of(site, "rules/ability-types")
    assert "Not a Dragon Dice rule" in other
    assert "Glossary" in html and 'href="../glossary/"' in html


def gloss_links(html: str) -> list[str]:
    return re.findall(r'<a class="dd-gloss" href="[^"]*glossary/#([a-z0-9-]+)"', html)


def test_glossary_terms_are_linked_once_from_their_first_mention(site, dataset):
    # a part's own small page (one link, one preview) is its text alone, not a page of the site
    pages = [p for p in page_paths(site) if 'class="dd-permalink"' not in p.read_text(encoding="utf-8")]
    with_links = 0
    for path in pages:
        links = gloss_links(path.read_text(encoding="utf-8"))
        repeated = [t for t, n in Counter(links).items() if n > 1]
        assert not repeated, (str(path.relative_to(site)), repeated)
        with_links += bool(links)
    assert with_links > 0.9 * len(pages)
    charm = html_of(site, "sai/charm")
    first = re.search(r"[^>]*damage", unescape(re.sub(r"<(?!a class=\"dd-gloss)[^>]+>", "", charm.split('id="text"')[1])))
    assert first and 'data-glossary="damage"' in charm
    # The first mention in running text is the linked one: the rules text says "damage" before
    # the clause table does.
    text_part = charm.split('id="text"')[1].split('id="clauses"')[0]
    assert 'data-glossary="damage">damage</a>' in text_part
    home = html_of(site, "")
    assert gloss_links(home), "hand-written pages link their first mentions too"


def test_glossary_links_land_and_carry_the_definition(site, dataset):
    ids = set(parse(site / "glossary" / "index.html").ids)
    terms = {t["id"]: t for t in dataset.kinds["glossary"]}
    seen = set()
    for path in page_paths(site):
        for m in re.finditer(r'<a class="dd-gloss" href="([^"]+)" title="([^"]*)" data-glossary="([^"]+)"',
                             path.read_text(encoding="utf-8")):
            href, title, term = m.groups()
            assert href.endswith(f"glossary/#{term}") and term in ids
            assert unescape(title)[:40] == terms[term]["text"][:40]
            seen.add(term)
    assert len(seen) >= 40
