"""Linked in a forum or a chat, every page previews: Open Graph and Twitter tags, with the entry's own
words as the description and a drawn card that exists at the size the page states (issue 21)."""
from __future__ import annotations

import re
import struct
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

from generator.images import raster

TAGS = ("og:title", "og:description", "og:type", "og:url", "og:site_name", "og:image", "og:image:width",
        "og:image:height", "og:image:alt", "twitter:card")
INTERNAL = re.compile(r"@\d|\.md\b|\.ya?ml\b|\bseed\b|\b[a-z]+_[a-z]+\b|\{|\}")


class _Meta(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        key = a.get("property") or a.get("name")
        if tag == "meta" and key and a.get("content") is not None:
            self.meta.setdefault(key, a["content"] or "")


def meta_of(site: Path, rel: str) -> dict[str, str]:
    parser = _Meta()
    parser.feed((site / rel / "index.html").read_text(encoding="utf-8"))
    return parser.meta


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def image_file(site: Path, rel: str, url: str) -> Path:
    """The image a page names, relative to the page (no SITE_URL) or below the site's address."""
    resolved = urlparse(urljoin(f"http://site.invalid/{rel}/", url)).path
    return site / resolved.lstrip("/")


def own_text(description: str, text: str) -> bool:
    """The description is the entry's text (whole, or cut at a word with an ellipsis)."""
    said = " ".join(unescape(description).removesuffix("…").split())
    return bool(said) and " ".join(text.split()).startswith(said)


def all_pages(site: Path) -> list[str]:
    out = []
    for html in site.rglob("index.html"):
        rel = html.relative_to(site).parent.as_posix()
        if rel.split("/")[0] in ("assets", "pyodide", "data", "search", "api"):
            continue
        if 'http-equiv="refresh"' in html.read_text(encoding="utf-8")[:2000] and "og:title" not in \
                html.read_text(encoding="utf-8"):
            continue   # a redirect left by a move (data/moves.yaml), not a page
        out.append("" if rel == "." else rel)
    return sorted(out)


def test_every_page_has_every_tag_and_its_card(site):
    pages = all_pages(site)
    assert len(pages) > 100
    sizes: dict[Path, tuple[int, int]] = {}
    for rel in pages:
        meta = meta_of(site, rel)
        missing = [t for t in TAGS if not meta.get(t)]
        assert not missing, f"/{rel}/ lacks {missing}"
        image = image_file(site, rel, meta["og:image"])
        assert image.exists(), f"/{rel}/: {meta['og:image']} does not exist"
        sizes.setdefault(image, png_size(image))
        assert sizes[image] == (int(meta["og:image:width"]), int(meta["og:image:height"])), rel
        assert not INTERNAL.search(meta["og:description"] + meta["og:title"] + meta["og:image:alt"]), rel
        assert meta["twitter:card"] in ("summary", "summary_large_image")


def test_entry_pages_describe_the_entry_in_its_own_words(site, dataset):
    from generator.pages.context import Site
    helper = Site(dataset)
    sai = dataset.get("sais", "counter")
    spell = dataset.kinds["spells"][0]
    rule = next(r for r in dataset.kinds["rules"] if r.get("summary"))
    cases = {
        "sai/counter": (sai["summary"] if sai.get("status") else sai["clauses"][0]["text"], "sai-counter.png"),
        f"spells/{spell['id']}": (spell["summary"], f"spell-{spell['id']}.png"),
        "species/dwarves": (dataset.get("species", "dwarves")["summary"], "species-dwarves.png"),
        f"rules/{rule['id']}": (rule["summary"], "site.png"),
    }
    config_description = meta_of(site, "")["og:description"]
    for rel, (text, card) in cases.items():
        meta = meta_of(site, rel)
        assert own_text(meta["og:description"], helper.plain(text)), (rel, meta["og:description"])
        assert meta["og:description"] != config_description
        assert meta["og:title"] == helper.plain(dataset.get(*{
            "sai": ("sais", "counter"), "spells": ("spells", spell["id"]), "species": ("species", "dwarves"),
            "rules": ("rules", rule["id"])}[rel.split("/")[0]])["name"])
        assert meta["og:image"].endswith("/assets/og/" + card), (rel, meta["og:image"])
        assert meta["og:type"] == "article"
    assert meta_of(site, "")["og:type"] == "website"


def test_cards_differ_per_entry(site, dataset):
    """Each SAI, spell and species has its own card (its icon and its name): no two are the same
    picture, not even two spells of one element, and each is square at the size pages state."""
    from generator.images.share_images import SIZE
    for kind, prefix in (("sais", "sai"), ("spells", "spell"), ("species", "species")):
        cards = [site / "assets" / "og" / f"{prefix}-{e['id']}.png" for e in dataset.kinds[kind]]
        assert all(c.exists() for c in cards), kind
        assert len({c.read_bytes() for c in cards}) == len(cards), kind
        assert {png_size(c) for c in cards} == {(SIZE, SIZE)}, kind
    fire = [s["id"] for s in dataset.kinds["spells"] if s["element"] == "fire"][:2]
    one, other = (meta_of(site, f"spells/{i}")["og:image"] for i in fire)
    assert one != other
    assert image_file(site, f"spells/{fire[0]}", one).read_bytes() != image_file(site, f"spells/{fire[1]}", other).read_bytes()


def test_every_card_name_is_drawn_whole_within_the_card(dataset):
    """A long name wraps at words into a smaller size, never cut off and never wider than the card."""
    from generator.images import bitmap_font
    from generator.images.share_images import MARGIN, SIZE, name_lines
    room = 100
    names = [e["name"] for kind in ("sais", "spells", "species") for e in dataset.kinds[kind]]
    for name in names:
        scale, lines = name_lines(name, room)
        assert " ".join(lines).split() == name.split(), name
        assert all(bitmap_font.width(line) * scale <= SIZE - 2 * MARGIN for line in lines), name
        assert len(lines) * (bitmap_font.HEIGHT + 2) * scale - 2 * scale <= room, name
    longest = max(names, key=len)
    assert name_lines(longest, room)[0] < name_lines("Hailstorm", room)[0]


def test_the_bitmap_font_draws_dots_where_the_letter_has_them():
    # "I" is .###. / ..#.. / ... trimmed to 3 dots wide; drawn at (1, 0) with 2 px dots, its top bar
    # covers x 1..6, y 0..1, its stem x 3..4 from y 2; x 0 and x 7 stay empty. Then "l" follows "I"
    # after one dot of space: its first dot (.##.. trimmed: column 0) starts at x 1 + (3 + 1) * 2 = 9.
    mask = [[0.0] * 20 for _ in range(20)]
    raster.draw_text(mask, "Il", 1, 0, 2)
    assert all(mask[y][x] == 1.0 for y in (0, 1) for x in range(1, 7))
    assert mask[0][0] == 0.0 and mask[0][7] == 0.0
    assert mask[2][3] == mask[3][4] == 1.0 and mask[2][1] == mask[2][5] == 0.0
    assert mask[0][9] == mask[0][12] == 1.0 and mask[0][8] == 0.0


def test_raster_fills_and_strokes_where_the_shapes_are():
    # A 12x12 square from (6,6) on the 24 grid, drawn 24 px wide: pixels 6..17 are covered,
    # pixel 2 is not; a stroke 2 wide along y=20 covers row 20 (19.5..21.5) and not row 22.
    mask = [[0.0] * 24 for _ in range(24)]
    raster.draw_glyph(mask, '<rect x="6" y="6" width="12" height="12" fill="currentColor" stroke="none"/>', 0, 0, 24)
    assert mask[10][10] == 1.0 and mask[6][6] == 1.0 and mask[17][17] == 1.0
    assert mask[2][2] == 0.0 and mask[10][18] == 0.0
    raster.draw_glyph(mask, '<path d="M2 20.5h20"/>', 0, 0, 24)
    assert mask[20][12] == 1.0 and mask[22][12] == 0.0 and mask[19][12] == 0.5
    assert mask[20][0] == 0.0       # the round cap reaches x=1, not x=0


def refresh_target(site: Path, rel: str) -> str:
    html = (site / rel / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<meta http-equiv="refresh" content="0; url=([^"]+)">', html)
    assert match, rel
    assert "<script" not in html and not re.search(r"<[^>]*\son[a-z]+\s*=", html), f"/{rel}/ runs script"
    return unescape(match.group(1))


def test_every_part_has_its_own_small_page_that_previews_it_and_leads_to_it(site, dataset):
    """One link, one preview: each rule part, ruling point and glossary term."""
    from generator.pages.context import Site
    from generator.pages.link_pages import link_pages
    from generator.pages.text import point_text
    from tests.site.htmlindex import parse
    helper = Site(dataset)
    parts = [(f"rules/{r['id']}/{p['id']}", f"rules/{r['id']}", p["id"], helper.plain(p.get("text") or p.get("summary")))
             for r in dataset.kinds["rules"] for key in ("steps", "points", "types", "sections") for p in r.get(key, [])]
    parts += [(f"rulings/{p['id']}", "rulings", p["id"], point_text(p)) for r in dataset.kinds["rulings"]
              for p in r["points"]]
    parts += [(f"glossary/{t['id']}", "glossary", t["id"], helper.plain(t["text"])) for t in dataset.kinds["glossary"]]
    assert len(parts) == len(link_pages(helper)) > 250
    ids: dict[str, list[str]] = {}
    for rel, page, anchor, text in parts:
        meta = meta_of(site, rel)
        assert all(meta.get(t) for t in TAGS), rel
        said = re.sub(r"^(Superseded by|Partly superseded by|Still holds under|Unclear under) v4\.01d\. ", "",
                      unescape(meta["og:description"]))
        assert own_text(said, text), (rel, meta["og:description"])
        target = urlparse(urljoin(f"http://site.invalid/{rel}/", refresh_target(site, rel)))
        assert target.path == f"/{page}/" and target.fragment == anchor, rel
        if page not in ids:
            ids[page] = parse(site / page / "index.html").ids
        assert anchor in ids[page], f"/{rel}/ leads to a missing anchor"


def test_a_ruling_points_preview_leads_with_its_verdict(site, dataset):
    point = dataset.get("rulings", "amazons-maneuvers-as-missiles")["points"][0]
    assert point["status"] == "superseded"
    meta = meta_of(site, f"rulings/{point['id']}")
    assert meta["og:title"] == "Amazons: Maneuvers as Missiles, point A"
    assert unescape(meta["og:description"]) == f"Superseded by v4.01d. {point['text']}"


def test_the_manifest_lists_the_small_pages(site, dataset):
    from generator.data.urls import read_manifest
    listed = set(read_manifest())
    term = dataset.kinds["glossary"][0]["id"]
    assert {f"/glossary/{term}/", "/rules/play-areas/dead-unit-area/", "/rulings/monster-sais-charm-e-2/"} <= listed
