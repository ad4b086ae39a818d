"""Link-preview images (``og:image``): a square card per SAI, spell element, species and page kind,
with the entry's drawn icon (``data/glyphs.yaml``) on its colours, written as PNG at build time.

Drawn by :mod:`generator.raster` and written with zlib alone (no network, no system library), and
kept in the build's memo, so that only a changed glyph is drawn again. :func:`page_image` says which
card a generated page shows and how it is described (``og:image:alt``); :func:`with_images` writes
that into the page's front matter, which ``overrides/main.html`` turns into the meta tags.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from . import app_icons, raster
from .dataset import Dataset
from .icons import Glyphs, load_glyphs

SIZE = 400                                   # a square "summary" card; 1:1, 144 px at least
DIR = "assets/og"
SITE_CARD = f"{DIR}/site.png"
SITE_ALT = "A white die showing five on purple"
PURPLE = app_icons.PURPLE
WHITE = (255, 255, 255)
INK = (48, 38, 28)
# The elements' colours on the dice; ivory for dice of no element.
COLOURS = {"air": (37, 99, 190), "death": (40, 40, 44), "earth": (150, 110, 20), "fire": (190, 40, 36),
           "water": (30, 120, 62), "ivory": (232, 220, 192)}
CODE = hashlib.sha256(Path(raster.__file__).read_bytes() + Path(__file__).read_bytes()).hexdigest()[:12]


def _ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """White on a dark colour, dark ink on a light one."""
    return INK if sum(colour) > 560 else WHITE


def render_card(glyphs: list[str], colours: list[tuple[int, int, int]]) -> bytes:
    """One glyph per colour stripe (left to right), each centred on its stripe."""
    n = len(colours)
    mask = [[0.0] * SIZE for _ in range(SIZE)]
    glyph = min(SIZE * 0.62, SIZE / n * 0.78)
    for i, svg in enumerate(glyphs):
        centre = SIZE * (i + 0.5) / n
        raster.draw_glyph(mask, svg, centre - glyph / 2, (SIZE - glyph) / 2, glyph)
    edges = [round(SIZE * i / n) for i in range(n + 1)]
    luts = [[bytes(round(c + (f - c) * a / 255) for c, f in zip(col, _ink(col))) for a in range(256)]
            for col in colours]
    raw = bytearray()
    for row in mask:
        level = bytes(min(255, int(a * 255 + 0.5)) for a in row)
        raw.append(0)
        for i, lut in enumerate(luts):
            raw += b"".join(map(lut.__getitem__, level[edges[i]:edges[i + 1]]))
    return app_icons.png(SIZE, SIZE, bytes(raw), rgba=False)


def _cards(ds: Dataset, glyphs: Glyphs) -> dict[str, tuple[list[str], list[str]]]:
    """Image path -> (glyph ids, colour names) for every card the site shows."""
    cards: dict[str, tuple[list[str], list[str]]] = {}
    for sai in ds.kinds.get("sais", []):
        cards[f"{DIR}/sai-{sai['id']}.png"] = ([sai["id"]], ["sai"])
    for element in sorted({s["element"] for s in ds.kinds.get("spells", [])}):
        glyph = f"element-{element}" if f"element-{element}" in glyphs.shapes else "magic"
        cards[f"{DIR}/spell-{element}.png"] = ([glyph], [element if element in COLOURS else "sai"])
    for sp in ds.kinds.get("species", []):
        elements = [e for e in sp.get("elements") or [] if f"element-{e}" in glyphs.shapes]
        cards[f"{DIR}/species-{sp['id']}.png"] = ([f"element-{e}" for e in elements] or ["id"],
                                                  elements or ["ivory"])
    for name, glyph in (("dragons", "dragon-breath"), ("terrains", "city")):
        if glyph in glyphs.shapes:
            cards[f"{DIR}/{name}.png"] = ([glyph], ["sai"])
    return cards


def images(ds: Dataset, memo: Any) -> dict[str, bytes]:
    """``{path below the site root: PNG}`` of every card, the site's own card included."""
    glyphs = load_glyphs(ds)
    out: dict[str, bytes] = {SITE_CARD: memo.get(f"og:site:{CODE}", lambda: app_icons.render_png(SIZE, True))}
    for path, (ids, colours) in _cards(ds, glyphs).items():
        svgs = [glyphs.shapes[i] for i in ids]
        rgb = [PURPLE if c == "sai" else COLOURS[c] for c in colours]
        key = f"og:{CODE}:{SIZE}:{svgs}:{rgb}"
        out[path] = memo.get(key, lambda s=svgs, c=rgb: render_card(s, c))
    return out


def page_image(site: Any, rel: str) -> tuple[str, str]:
    """(image path, its description) for a generated page (``sai/counter.md``)."""
    folder, _, name = rel.removesuffix(".md").partition("/")
    ds = site.ds
    if folder == "sai" and ds.has("sais", name):
        return f"{DIR}/sai-{name}.png", f"The {ds.get('sais', name)['name']} icon"
    if folder == "spells" and ds.has("spells", name):
        element = ds.get("spells", name)["element"]
        return f"{DIR}/spell-{element}.png", f"The {element} element's icon"
    if folder in ("species", "dice") and ds.has("species", name):
        sp = ds.get("species", name)
        elements = sp.get("elements") or []
        what = (" and ".join(elements) + " elements' icons") if elements else "ivory card"
        return f"{DIR}/species-{name}.png", f"{sp['name']}: the {what}"
    if folder in ("dragons", "terrains"):
        return f"{DIR}/{folder}.png", f"A drawn {'dragon' if folder == 'dragons' else 'terrain'} icon"
    return SITE_CARD, SITE_ALT


def default_card() -> dict[str, Any]:
    """The card of pages that have none of their own (hand-written pages), and every card's size."""
    return {"image": SITE_CARD, "alt": SITE_ALT, "size": SIZE}


def with_images(site: Any, pages: dict[str, str]) -> dict[str, str]:
    """The generated Markdown pages with ``image`` and ``image_alt`` in their front matter."""
    out = {}
    for rel, text in pages.items():
        if rel.endswith(".md") and text.startswith("---\n"):
            path, alt = page_image(site, rel)
            text = f"---\nimage: {path}\nimage_alt: {json.dumps(alt, ensure_ascii=False)}\n{text[4:]}"
        out[rel] = text
    return out
