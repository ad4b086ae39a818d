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


def test_every_page_has_every_tag_and_its_own_wide_card(site):
    """Every page names a card of its own (no two pages share one), which exists as a 1200 x 630
    PNG, the size the page states, shown large (issue 51)."""
    pages = all_pages(site)
    assert len(pages) > 1000
    owner: dict[Path, str] = {}
    for rel in pages:
        meta = meta_of(site, rel)
        missing = [t for t in TAGS if not meta.get(t)]
        assert not missing, f"/{rel}/ lacks {missing}"
        image = image_file(site, rel, meta["og:image"])
        assert image.exists(), f"/{rel}/: {meta['og:image']} does not exist"
        assert owner.setdefault(image, rel) == rel, f"/{rel}/ shows the card of /{owner[image]}/"
        assert png_size(image) == (int(meta["og:image:width"]), int(meta["og:image:height"])) == (1200, 630), rel
        assert not INTERNAL.search(meta["og:description"] + meta["og:title"] + meta["og:image:alt"]), rel
        assert meta["twitter:card"] == "summary_large_image", rel


def test_entry_pages_describe_the_entry_in_its_own_words(site, dataset):
    from generator.pages.context import Site
    helper = Site(dataset)
    sai = dataset.get("sais", "counter")
    spell = dataset.kinds["spells"][0]
    rule = next(r for r in dataset.kinds["rules"] if r.get("summary"))
    cases = {
        "sai/counter": (sai["summary"] if sai.get("status") else sai["clauses"][0]["text"], "sai-counter.png"),
        f"spells/{spell['id']}": (spell["summary"], f"spells-{spell['id']}.png"),
        "species/dwarves": (dataset.get("species", "dwarves")["summary"], "species-dwarves.png"),
        f"rules/{rule['id']}": (rule["summary"], f"rules-{rule['id']}.png"),
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
    """Each SAI, spell, species, die, rule part, ruling point and glossary term has its own card
    (its icon or letters, its name, its first words): no two are the same picture, not even two
    spells of one element, and each is as wide as pages state."""
    from generator.images.share_images import HEIGHT, WIDTH, image_path
    from generator.pages.context import Site
    from generator.pages.link_pages import link_pages
    own = {"sais": "sai/{}.md", "spells": "spells/{}.md", "species": "species/{}.md"}
    paths = {kind: [image_path(place.format(e["id"])) for e in dataset.kinds[kind]] for kind, place in own.items()}
    for page in link_pages(Site(dataset)):
        paths.setdefault(page.path.split("/")[0], []).append(image_path(page.path))
    assert {"sais", "spells", "species", "dice", "rules", "rulings", "glossary"} <= set(paths)
    for kind, cards in paths.items():
        files = [site / c for c in cards]
        assert all(f.exists() for f in files), kind
        assert len({f.read_bytes() for f in files}) == len(files), kind
        assert {png_size(f) for f in files} == {(WIDTH, HEIGHT)}, kind
    fire = [s["id"] for s in dataset.kinds["spells"] if s["element"] == "fire"][:2]
    one, other = (meta_of(site, f"spells/{i}")["og:image"] for i in fire)
    assert one != other
    assert image_file(site, f"spells/{fire[0]}", one).read_bytes() != image_file(site, f"spells/{fire[1]}", other).read_bytes()


def test_every_card_name_is_drawn_whole_within_the_card(dataset):
    """A long name wraps at words into a smaller size, in two lines at most, never wider than the
    card's words may run; a longer name is drawn smaller than a short one."""
    from generator.images import bitmap_font
    from generator.pages.context import Site
    from generator.pages.link_pages import link_pages
    from generator.images.share_images import ROOM, name_lines
    names = [e["name"] for kind in ("sais", "spells", "species") for e in dataset.kinds[kind]]
    names += [p.name or p.title for p in link_pages(Site(dataset))]
    for name in names:
        scale, lines = name_lines(name)
        assert len(lines) <= 2, name
        assert all(bitmap_font.width(line) * scale <= ROOM for line in lines), name
        if not lines[-1].endswith("..."):
            assert " ".join(lines).split() == name.split(), name
    longest = max(names, key=len)
    assert name_lines(longest)[0] < name_lines("Hailstorm")[0]


def test_a_card_is_a_small_palette_png():
    """Drawn with the bitmap font and zlib alone: a palette PNG (colour type 3) of a few kilobytes."""
    from generator.images.share_images import ShareImage, render_image
    png = render_image(ShareImage((), ("fire",), "Fire spell \u00b7 cost 2", "Firebolt", "Deal damage; the army saves.",
                           "p.44"), {})
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[25] == 3
    assert struct.unpack(">II", png[16:24]) == (1200, 630) and len(png) < 20_000


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
    """One link, one preview: each rule part, ruling point, glossary term and die."""
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
    dice = [(f"dice/{d['id']}", f"dice/{d['species']}", d["id"].split("/", 1)[1], "") for d in dataset.kinds["dice"]]
    assert len(parts) + len(dice) == len(link_pages(helper)) > 250 + 600
    parts += dice[::40]     # a die's page: its text is its faces (checked by the card test)
    ids: dict[str, list[str]] = {}
    for rel, page, anchor, text in parts:
        meta = meta_of(site, rel)
        assert all(meta.get(t) for t in TAGS), rel
        said = re.sub(r"^(Superseded by|Partly superseded by|Still holds under|Unclear under) v4\.01d\. ", "",
                      unescape(meta["og:description"]))
        assert own_text(said, text) if text else said.startswith(("Health", "Faces")), (rel, meta["og:description"])
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
