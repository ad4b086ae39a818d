"""Link-preview images (``og:image``): a square image per SAI, spell, species and page kind, with the
entry's drawn icon (``data/glyphs.yaml``) on its colours above a band that names it ("Hailstorm",
"Spell \u00b7 Air"), written as PNG at build time.

Drawn by :mod:`generator.images.raster` (the name in its bitmap font, :mod:`generator.images.bitmap_font`) and
written with zlib alone (no network, no system library), and kept in the build's memo by content,
so that only a changed image is drawn again. :func:`page_image` says which image a generated page
shows and how it is described (``og:image:alt``); :func:`with_images` writes that into the page's
front matter, which ``overrides/main.html`` turns into the meta tags.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from . import app_icons, bitmap_font, raster
from ..data.dataset import Dataset
from .glyphs import Glyphs, load_glyphs

SIZE = 400                                   # a square "summary" image; 1:1, 144 px at least
DIR = "assets/og"
SITE_IMAGE = f"{DIR}/site.png"
SITE_ALT = "A white die showing five on purple"
PURPLE = app_icons.PURPLE
WHITE = (255, 255, 255)
INK = (48, 38, 28)
# The elements' colours on the dice; ivory for dice of no element.
COLOURS = {"air": (37, 99, 190), "death": (40, 40, 44), "earth": (150, 110, 20), "fire": (190, 40, 36),
           "water": (30, 120, 62), "ivory": (232, 220, 192)}
BAND = 236                                   # the top row of the band that names the entry
BAND_COLOUR = (30, 26, 38)
LABEL_INK = (196, 186, 220)
MARGIN = 20
LABEL_SCALE = 3
NAME_SCALES = (6, 5, 4, 3)                   # the largest that fits the name in the band is used
CODE = hashlib.sha256(b"".join(Path(str(m.__file__)).read_bytes() for m in (raster, bitmap_font))
                      + Path(__file__).read_bytes()).hexdigest()[:12]


def _ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """White on a dark colour, dark ink on a light one."""
    return INK if sum(colour) > 560 else WHITE


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


def name_lines(name: str, room: int) -> tuple[int, list[str]]:
    """(dot size, lines) of the name: the largest size whose lines fit ``room`` pixels high."""
    for scale in NAME_SCALES:
        lines = _wrap(name, (SIZE - 2 * MARGIN) // scale)
        if lines and len(lines) * (bitmap_font.HEIGHT + 2) * scale - 2 * scale <= room:
            return scale, lines
    scale = NAME_SCALES[-1]
    most = (room + 2 * scale) // ((bitmap_font.HEIGHT + 2) * scale)
    lines = _wrap(name, (SIZE - 2 * MARGIN) // scale) or [name]
    return scale, lines[:most]


def _text(mask: list[list[float]], lines: list[str], top: int, scale: int) -> None:
    for i, line in enumerate(lines):
        x = (SIZE - bitmap_font.width(line) * scale) // 2
        raster.draw_text(mask, line, x, top + i * (bitmap_font.HEIGHT + 2) * scale, scale)


def _lut(colour: tuple[int, int, int], ink: tuple[int, int, int]) -> list[bytes]:
    return [bytes(round(c + (f - c) * a / 255) for c, f in zip(colour, ink)) for a in range(256)]


@functools.lru_cache(maxsize=16)
def _icons(glyphs: tuple[str, ...], n: int, top: int) -> tuple[tuple[float, ...], ...]:
    """The coverage of the glyphs, one per stripe, above row ``top`` (the spells of one element
    share theirs: drawn once)."""
    mask = [[0.0] * SIZE for _ in range(SIZE)]
    glyph = min(top * 0.72, SIZE / n * 0.78)
    for i, svg in enumerate(glyphs):
        raster.draw_glyph(mask, svg, SIZE * (i + 0.5) / n - glyph / 2, (top - glyph) / 2, glyph)
    return tuple(tuple(row) for row in mask)


def render_image(glyphs: list[str], colours: list[tuple[int, int, int]], name: str = "", label: str = "") -> bytes:
    """One glyph per colour stripe (left to right), each centred on its stripe above the band; the
    band shows the label (small) and the name (as large as fits), centred."""
    n = len(colours)
    top = BAND if name or label else SIZE
    mask = [list(row) for row in _icons(tuple(glyphs), n, top)]
    label_top = BAND + 16
    name_top = label_top + (bitmap_font.HEIGHT + 2) * LABEL_SCALE if label else BAND + 16
    if label:
        _text(mask, [label], label_top, LABEL_SCALE)
    if name:
        room = SIZE - 12 - name_top
        scale, lines = name_lines(name, room)
        height = len(lines) * (bitmap_font.HEIGHT + 2) * scale - 2 * scale
        _text(mask, lines, name_top + (room - height) // 2, scale)
    edges = [round(SIZE * i / n) for i in range(n + 1)]
    stripes = [_lut(col, _ink(col)) for col in colours]
    band, label_lut = _lut(BAND_COLOUR, WHITE), _lut(BAND_COLOUR, LABEL_INK)
    raw = bytearray()
    for y, row in enumerate(mask):
        level = bytes(min(255, int(a * 255 + 0.5)) for a in row)
        raw.append(0)
        if y < top:
            for i, lut in enumerate(stripes):
                raw += b"".join(map(lut.__getitem__, level[edges[i]:edges[i + 1]]))
        else:
            raw += b"".join(map((label_lut if label and y < name_top else band).__getitem__, level))
    return app_icons.png(SIZE, SIZE, bytes(raw), rgba=False)


def element_name(element: str) -> str:
    """An element as players write it: "fire" -> "Fire", "any-alloy" -> "Any-Alloy"."""
    return "-".join(part.title() for part in element.split("-"))


Drawing = tuple[list[str], list[str], str, str]      # glyph ids, colour names, name, label


def _images(ds: Dataset, glyphs: Glyphs) -> dict[str, Drawing]:
    """Image path -> (glyph ids, colour names, name, label) for every image the site shows."""
    images: dict[str, Drawing] = {}
    for sai in ds.kinds.get("sais", []):
        images[f"{DIR}/sai-{sai['id']}.png"] = ([sai["id"]], ["sai"], sai["name"], "SAI")
    for spell in ds.kinds.get("spells", []):
        element = spell["element"]
        glyph = f"element-{element}" if f"element-{element}" in glyphs.shapes else "magic"
        images[f"{DIR}/spell-{spell['id']}.png"] = ([glyph], [element if element in COLOURS else "sai"],
                                                   spell["name"], f"Spell \u00b7 {element_name(element)}")
    for sp in ds.kinds.get("species", []):
        elements = [e for e in sp.get("elements") or [] if f"element-{e}" in glyphs.shapes]
        images[f"{DIR}/species-{sp['id']}.png"] = ([f"element-{e}" for e in elements] or ["id"],
                                                  elements or ["ivory"], sp["name"], "Species")
    for name, glyph in (("dragons", "dragon-breath"), ("terrains", "city")):
        if glyph in glyphs.shapes:
            images[f"{DIR}/{name}.png"] = ([glyph], ["sai"], name.title(), "")
    return images


def images(ds: Dataset, memo: Any) -> dict[str, bytes]:
    """``{path below the site root: PNG}`` of every image, the site's own image included."""
    glyphs = load_glyphs(ds)
    out: dict[str, bytes] = {SITE_IMAGE: memo.get(f"og:site:{CODE}", lambda: app_icons.render_png(SIZE, True))}
    for path, (ids, colours, name, label) in _images(ds, glyphs).items():
        svgs = [glyphs.shapes[i] for i in ids]
        rgb = [PURPLE if c == "sai" else COLOURS[c] for c in colours]
        key = f"og:{CODE}:{SIZE}:{svgs}:{rgb}:{name}:{label}"
        out[path] = memo.get(key, lambda s=svgs, c=rgb, n=name, lb=label: render_image(s, c, n, lb))
    return out


def page_image(site: Any, rel: str) -> tuple[str, str]:
    """(image path, its description) for a generated page (``sai/counter.md``)."""
    folder, _, name = rel.removesuffix(".md").partition("/")
    ds = site.ds
    if folder == "sai" and ds.has("sais", name):
        return f"{DIR}/sai-{name}.png", f"{ds.get('sais', name)['name']}, an SAI: its icon and name"
    if folder == "spells" and ds.has("spells", name):
        spell = ds.get("spells", name)
        return f"{DIR}/spell-{name}.png", f"{spell['name']}, a {element_name(spell['element'])} spell: its element's icon and name"
    if folder in ("species", "dice") and ds.has("species", name):
        sp = ds.get("species", name)
        elements = sp.get("elements") or []
        what = (" and ".join(elements) + " elements' icons") if elements else "ivory card"
        return f"{DIR}/species-{name}.png", f"{sp['name']}: the {what}, and the name"
    if folder in ("dragons", "terrains"):
        return f"{DIR}/{folder}.png", f"A drawn {'dragon' if folder == 'dragons' else 'terrain'} icon"
    return SITE_IMAGE, SITE_ALT


def default_image() -> dict[str, Any]:
    """The image of pages that have none of their own (hand-written pages), and every image's size."""
    return {"image": SITE_IMAGE, "alt": SITE_ALT, "size": SIZE}


def with_images(site: Any, pages: dict[str, str]) -> dict[str, str]:
    """The generated Markdown pages with ``image`` and ``image_alt`` in their front matter."""
    out = {}
    for rel, text in pages.items():
        if rel.endswith(".md") and text.startswith("---\n"):
            path, alt = page_image(site, rel)
            text = f"---\nimage: {path}\nimage_alt: {json.dumps(alt, ensure_ascii=False)}\n{text[4:]}"
        out[rel] = text
    return out
