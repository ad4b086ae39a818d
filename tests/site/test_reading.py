"""Reading the built pages as a player: no internal tag shown as a chip, one permalink control per
heading (the page script's "Copy link", not the theme's ¶ too), the home page's way into every
section, glossary links in the right sense, and a calculator reading page that asks no one to write
JSON or run a command."""
from __future__ import annotations

import re


CHIP = re.compile(r'<(?:span|a)\b[^>]*class="dd-(?:chip|tag|flag|edition)\b[^"]*"[^>]*>([^<]*)<')
SLUG = re.compile(r"^[a-z]+(?:-[a-z]+)+$")        # "generates-results", "ivory-hybrid": an id, not words


def test_chips_show_player_words(site):
    found = {(p.relative_to(site).as_posix(), t.strip()) for p in site.rglob("index.html")
             for t in CHIP.findall(p.read_text(encoding="utf-8")) if SLUG.match(t.strip())}
    assert sorted(found) == []
    assert SLUG.match("generates-results") and not SLUG.match("works in the DUA")


def test_one_permalink_control_per_heading(site):
    pages = [p for p in site.rglob("index.html") if 'class="headerlink"' in p.read_text(encoding="utf-8")]
    assert pages == []


def test_home_page_leads_into_every_section(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav (?=[^>]*class="dd-sections")(?=[^>]*aria-label="Sections of the site")[^>]*>(.*?)</nav>', home, re.S)
    assert nav, "the home page has no way into its sections"
    links = re.findall(r'href="([^"]+)"', nav.group(1))
    assert links == ["sai/", "spells/", "species/", "dice/", "rules/", "terrains/", "dragons/", "rulings/",
                     "glossary/", "calculator/"]
    assert all((site / link / "index.html").exists() for link in links)


def glossary_links(html: str, term: str) -> list[str]:
    return re.findall(rf'<a class="dd-gloss"[^>]*data-glossary="{term}"[^>]*>([^<]*)</a>', html)


def test_glossary_links_pick_the_right_sense(site):
    # The calculator's "exchange" (an attack, saves, counter-attack) is not swapping units with the DUA,
    # and "roll again" (the die rolls once more and both faces count) is not a re-roll.
    for page in ("calculator/index.html", "rules/how-the-calculator-reads-the-rules/index.html"):
        assert glossary_links((site / page).read_text(encoding="utf-8"), "exchange") == [], page
    for path in site.rglob("index.html"):
        words = [w.lower() for w in glossary_links(path.read_text(encoding="utf-8"), "re-roll")]
        assert "roll again" not in words, path
    # The DUA sense is still linked where it is meant.
    assert glossary_links((site / "species" / "undead" / "index.html").read_text(encoding="utf-8"), "exchange")


def test_calculator_reading_page_asks_for_no_json(site):
    page = (site / "rules" / "how-the-calculator-reads-the-rules" / "index.html").read_text(encoding="utf-8")
    article = page[page.index("<article"):page.index("</article>")]
    assert "python -m" not in article
    assert not re.search(r"<code>[^<]*(?:&quot;|\")[a-z_]+(?:&quot;|\")\s*:", article), \
        re.findall(r"<code>[^<]*</code>", article)[:5]
