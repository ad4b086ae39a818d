"""Link-preview images (``og:image``): a wide image (1200 x 630, shown large by chats and forums) for
every page and every small page of one part (:mod:`generator.pages.link_pages`), written as PNG at build
time. On the left, a panel in the entry's colours with its drawn icon (``data/glyphs.yaml``) or a
few big letters (a rule's rulebook page); on the right, what the entry is ("Spell · Air · cost 2"),
its name as large as fits, and the first words of its text (the SAI's effect, the spell's summary,
the rule part's text, the ruling's verdict), so that the thumbnail alone says what the link is.

Drawn here without any font file or image library: the names in the bitmap font of
:mod:`generator.images.bitmap_font` at whole-number sizes (crisp, drawn row by row as runs of a palette
colour), the icons by :mod:`generator.images.raster` (drawn once per icon and colour, then reused), and
written as palette PNGs with zlib alone, so an image is a few kilobytes and takes a few milliseconds.
Images are kept in the build's memo by content, so only a changed image is drawn again.
:func:`with_images` writes each generated page's image into its front matter (``image``,
``image_alt``), which ``overrides/main.html`` turns into the meta tags; :func:`ShareImages.link_image` gives
a small page its own.
"""
from __future__ import annotations

import functools
import hashlib
import json
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from . import app_icons, bitmap_font, raster
from .glyphs import Glyphs, load_glyphs
from ..pages.text import front_matter

WIDTH, HEIGHT = 1200, 630                    # "summary_large_image": 1.91:1
SIZE = (WIDTH, HEIGHT)
DIR = "assets/og"
SITE_IMAGE = f"{DIR}/site.png"
SITE_ALT = "A white die showing five on purple, and the site's name"
PURPLE = app_icons.PURPLE
WHITE = (255, 255, 255)
INK = (48, 38, 28)
# The elements' colours on the dice; ivory for dice of no element.
COLOURS = {"air": (37, 99, 190), "death": (40, 40, 44), "earth": (150, 110, 20), "fire": (190, 40, 36),
           "water": (30, 120, 62), "ivory": (232, 220, 192), "sai": PURPLE}
BACK = (30, 26, 38)                          # the right side, where the words are
LABEL_INK = (196, 186, 220)
PANEL = 400                                  # the coloured panel's width
LEFT = PANEL + 56                            # where the words start
ROOM = WIDTH - LEFT - 56                     # how wide they may run
MARGIN = 56
LABEL_SCALE = 4
NAME_SCALES = (11, 10, 9, 8, 7, 6, 5)        # the largest that fits the name in two lines is used
TEXT_SCALE = 4
TEXT_LINES = 4
# Pages of many parts show big letters on their panel: a rule its rulebook page, else these.
MARKS = {"rules": "Rules", "glossary": "A-Z", "rulings": "FAQ"}
# The site's own die (as the app icon draws it): a white die showing five, its pips cut out.
DIE = "site-die"
DIE_SVG = ('<path fill="#fff" stroke="none" fill-rule="evenodd" d="M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7'
           'a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z' + "".join(f"M{x - 1.7} {y}a1.7 1.7 0 1 0 3.4 0a1.7 1.7 0 1 0-3.4 0z"
                                                       for x, y in ((8, 8), (16, 8), (12, 12), (8, 16), (16, 16))) + '"/>')
SITE_TEXT = "Every rule, SAI, spell, die and ruling, and a calculator that resolves rolls with exact odds."
LEVELS = 16                                  # shades of an icon's edge (a palette has 256 colours)
CODE = hashlib.sha256(b"".join(Path(str(m.__file__)).read_bytes() for m in (raster, bitmap_font))
                      + Path(__file__).read_bytes()).hexdigest()[:12]


@dataclass(frozen=True)
class ShareImage:
    """What one image shows: the panel (icons on colours, or big letters), and the words."""

    glyphs: tuple[str, ...]       # glyph ids, one per colour stripe; none: the panel shows ``mark``
    colours: tuple[str, ...]      # colour names (COLOURS)
    label: str                    # what it is: "Spell · Air · cost 2"
    title: str
    text: str = ""                # the first words of its text
    mark: str = ""                # big letters on the panel when there is no icon ("p.29")


class Remembers(Protocol):
    def get(self, key: str, make: Any) -> bytes: ...


def _wrap(text: str, dots: int) -> list[str] | None:
    """The words of text in lines at most ``dots`` wide, or None if a word alone is wider."""
    lines: list[str] = []
    for word in text.split():
        if bitmap_font.width(word) > dots:
            return None
        if lines and bitmap_font.width(lines[-1] + " " + word) <= dots:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def name_lines(name: str, most: int = 2) -> tuple[int, list[str]]:
    """(dot size, lines) of the name: the largest size at which it fits ``most`` lines."""
    for scale in NAME_SCALES:
        lines = _wrap(name, ROOM // scale)
        if lines and len(lines) <= most:
            return scale, lines
    scale = NAME_SCALES[-1]
    lines = _wrap(name, ROOM // scale) or [name]
    return scale, _cut(lines, most, ROOM // scale)


def _cut(lines: list[str], most: int, dots: int) -> list[str]:
    """At most ``most`` lines; the last ends in "..." when words were left out."""
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    last = kept[-1]
    while last and bitmap_font.width(last + "...") > dots:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    kept[-1] = last.rstrip(",.;:") + "..."
    return kept


def text_lines(text: str) -> list[str]:
    lines = _wrap(text, ROOM // TEXT_SCALE) or []
    return _cut(lines, TEXT_LINES, ROOM // TEXT_SCALE)


# -- drawing: rows of palette indexes ----------------------------------------------------------
# Palette: 0 the words' background, 1 white, 2 the label's ink, then LEVELS shades per stripe
# (from the stripe's colour to its ink).

def _ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """White on a dark colour, dark ink on a light one."""
    return INK if sum(colour) > 560 else WHITE


def _palette(stripes: list[tuple[int, int, int]]) -> bytes:
    out = [bytes(BACK), bytes(WHITE), bytes(LABEL_INK)]
    for colour in stripes:
        ink = _ink(colour)
        out += [bytes(round(c + (f - c) * k / (LEVELS - 1)) for c, f in zip(colour, ink)) for k in range(LEVELS)]
    return b"".join(out)


def _text_rows(rows: list[bytearray], lines: list[str], left: int, top: int, scale: int, ink: int,
               centre: int = 0) -> None:
    """Draw lines of the bitmap font into the rows, each dot a ``scale`` square of colour ``ink``;
    ``centre``: the width to centre each line in (from ``left``), else lines start at ``left``."""
    step = (bitmap_font.HEIGHT + 2) * scale
    for i, line in enumerate(lines):
        x0 = left + (centre - bitmap_font.width(line) * scale) // 2 if centre else left
        for dot_row in range(bitmap_font.HEIGHT):
            spans = []
            x = x0
            for char in line:
                advance, dots = bitmap_font.glyph(char)
                spans += [x + dx * scale for dx, dy in dots if dy == dot_row]
                x += (advance + 1) * scale
            if not spans:
                continue
            y = top + i * step + dot_row * scale
            for row in rows[y:y + scale]:
                for sx in spans:
                    row[sx:sx + scale] = bytes([ink]) * scale


@functools.lru_cache(maxsize=64)
def _icon(svg: str, size: int) -> tuple[bytes, ...]:
    """An icon's coverage as rows of shade numbers (0 .. LEVELS - 1), drawn once per icon and size."""
    mask = [[0.0] * size for _ in range(size)]
    raster.draw_glyph(mask, svg, 0, 0, size)
    return tuple(bytes(min(LEVELS - 1, int(a * (LEVELS - 1) + 0.5)) for a in row) for row in mask)


@functools.lru_cache(maxsize=32)
def _panel(svgs: tuple[str, ...], n: int) -> tuple[bytes, ...]:
    """The panel's rows: colour stripes, each with its icon centred (stripe i's shades start at
    palette index 3 + LEVELS i). Drawn once per set of icons (the spells of an element share it)."""
    edges = [round(PANEL * i / n) for i in range(n + 1)]
    plain = b"".join(bytes([3 + LEVELS * i]) * (edges[i + 1] - edges[i]) for i in range(n))
    rows = [bytearray(plain) for _ in range(HEIGHT)]
    for i, svg in enumerate(svgs[:n]):
        base = 3 + LEVELS * i
        size = int(min(260, (edges[i + 1] - edges[i]) * 0.8))
        x, y = (edges[i] + edges[i + 1] - size) // 2, (HEIGHT - size) // 2
        for dy, shades in enumerate(_icon(svg, size)):
            if any(shades):
                rows[y + dy][x:x + size] = bytes(base + s for s in shades)
    return tuple(bytes(row) for row in rows)


def _png(rows: list[bytearray], palette: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 3, 0, 0, 0)     # 8-bit palette colour
    # A row like the one above is written as "the same as above" (filter Up: all zeros), which
    # the compressor makes almost nothing of; any other row as it is (filter None).
    zero = b"\x02" + bytes(WIDTH)
    raw = b"".join(zero if i and row == rows[i - 1] else b"\x00" + bytes(row) for i, row in enumerate(rows))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"PLTE", palette)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def render_image(image: ShareImage, shapes: dict[str, str]) -> bytes:
    """The image as a PNG: the panel, then the label, the name and the first words of the text."""
    colours = [COLOURS.get(c, PURPLE) for c in image.colours] or [PURPLE]
    back = bytes(WIDTH - PANEL)
    panel = _panel(tuple(shapes[g] for g in image.glyphs if g in shapes), len(colours))
    rows = [bytearray(row + back) for row in panel]
    if image.mark:
        scale, lines = 12, [image.mark]
        while bitmap_font.width(image.mark) * scale > PANEL - 60 and scale > 4:
            scale -= 1
        top = (HEIGHT - bitmap_font.HEIGHT * scale) // 2
        _text_rows(rows, lines, 0, top, scale, 3 + LEVELS - 1, centre=PANEL)
    y = MARGIN
    if image.label:
        label = _cut(_wrap(image.label, ROOM // LABEL_SCALE) or [image.label], 1, ROOM // LABEL_SCALE)
        _text_rows(rows, label, LEFT, y, LABEL_SCALE, 2)
        y += (bitmap_font.HEIGHT + 4) * LABEL_SCALE
    scale, name = name_lines(image.title)
    _text_rows(rows, name, LEFT, y, scale, 1)
    y += len(name) * (bitmap_font.HEIGHT + 2) * scale + 2 * TEXT_SCALE
    if image.text:
        most = max(0, min(TEXT_LINES, (HEIGHT - MARGIN - y) // ((bitmap_font.HEIGHT + 2) * TEXT_SCALE)))
        _text_rows(rows, text_lines(image.text)[:most], LEFT, y, TEXT_SCALE, 2)
    return _png(rows, _palette(colours))


def element_name(element: str) -> str:
    """An element as players write it: "fire" -> "Fire", "any-alloy" -> "Any-Alloy"."""
    return "-".join(part.title() for part in element.split("-"))


# -- which image a page shows -------------------------------------------------------------------

def image_path(rel: str) -> str:
    """The image file of a page: ``sai/counter.md`` -> ``assets/og/sai-counter.png``."""
    slug = rel.removesuffix(".md").removesuffix("index.html").removesuffix("/index").strip("/")
    return f"{DIR}/{slug.replace('/', '-') or 'home'}.png"


def _kind(site: Any, folder: str, name: str) -> tuple[tuple[str, ...], tuple[str, ...], str, str]:
    """(glyphs, colours, label, what the picture shows) of a generated page's image."""
    ds = site.ds
    if folder == "sai" and ds.has("sais", name):
        return (name,), ("sai",), "Special Action Icon", "its icon"
    if folder == "spells" and ds.has("spells", name):
        spell = ds.get("spells", name)
        element = spell["element"]
        label = f"{element_name(element)} spell \u00b7 cost {spell['cost']}"
        return (f"element-{element}",), (element if element in COLOURS else "sai",), label, "its element's icon"
    if folder in ("species", "dice") and ds.has("species", name):
        elements = tuple(e for e in ds.get("species", name).get("elements") or [] if e in COLOURS)
        glyphs = tuple(f"element-{e}" for e in elements) or ("id",)
        label = "Species" if folder == "species" else "Dice of a species"
        return glyphs, elements or ("ivory",), label, "its elements' icons"
    if folder == "dragons":
        return ("dragon-breath",), ("sai",), "Dragons", "a dragon's breath icon"
    if folder == "terrains":
        return ("city",), ("sai",), "Terrains", "a terrain icon"
    if folder in MARKS:
        return (), ("sai",), folder.title(), "big letters"
    return (DIE,), ("sai",), "Dragon Dice rules reference", "a die showing five"


class ShareImages:
    """Every image of one build: the pages name theirs here, :meth:`images` draws them."""

    def __init__(self, site: Any, site_name: str) -> None:
        self.site = site
        self.site_name = site_name
        self.wanted: dict[str, ShareImage] = {}

    def page_image(self, rel: str, title: str, text: str) -> tuple[str, str]:
        """(image path, its description) for a generated page (``sai/counter.md``)."""
        folder, _, name = rel.removesuffix(".md").partition("/")
        glyphs, colours, label, shows = _kind(self.site, folder, name.removesuffix("/index"))
        mark = MARKS.get(folder, "")
        if folder == "rules" and self.site.ds.has("rules", name):
            page = self.site.ds.get("rules", name).get("source", {}).get("page")
            mark = f"p.{page}" if page else mark
        path = image_path(rel)
        self.wanted[path] = ShareImage(glyphs, colours, label, title, text, mark)
        return path, f"{title}: {shows}, its name and its first words"

    def link_image(self, path: str, label: str, title: str, text: str, mark: str,
                  glyphs: tuple[str, ...] = (), colours: tuple[str, ...] = ("sai",)) -> tuple[str, str]:
        """(image path, its description) for a small page of one part (:mod:`generator.pages.link_pages`)."""
        image = image_path(path)
        self.wanted[image] = ShareImage(glyphs, colours, label, title, text, mark)
        return image, f"{title} ({label}): its name and its first words"

    def images(self, memo: Remembers | None = None) -> dict[str, bytes]:
        """``{path below the site root: PNG}`` of every image named so far, the site's own included."""
        glyphs: Glyphs = load_glyphs(self.site.ds)
        site = ShareImage((DIE,), ("sai",), "", self.site_name, SITE_TEXT)
        out = {}
        for path, image in {SITE_IMAGE: site, **self.wanted}.items():
            shapes = {g: glyphs.shapes[g] if g != DIE else DIE_SVG for g in image.glyphs
                      if g in glyphs.shapes or g == DIE}
            key = f"og:{CODE}:{image}:{sorted(shapes.items())}"
            make = functools.partial(render_image, image, shapes)
            out[path] = memo.get(key, make) if memo else make()
        return out



def with_images(images: ShareImages, pages: dict[str, str]) -> dict[str, str]:
    """The generated Markdown pages with ``image`` and ``image_alt`` in their front matter, each
    its own image of its title and description."""
    out = {}
    for rel, text in pages.items():
        meta = front_matter(text) if rel.endswith(".md") else None
        if meta is not None:
            path, alt = images.page_image(rel, str(meta.get("title", "")), str(meta.get("description", "")))
            text = f"---\nimage: {path}\nimage_alt: {json.dumps(alt, ensure_ascii=False)}\n{text[4:]}"
        out[rel] = text
    return out


def default_image() -> dict[str, Any]:
    """The image of pages that have none of their own (hand-written pages), and every image's size."""
    return {"image": SITE_IMAGE, "alt": SITE_ALT, "width": WIDTH, "height": HEIGHT}
