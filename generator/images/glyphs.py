"""Drawn icons: one SVG glyph of our own for every icon and SAI of the data set.

``data/glyphs.yaml`` holds the drawings (a few SVG shapes on a 24x24 grid, stroked with the
text colour so that they follow light and dark mode). :func:`load_glyphs` validates them against
the icons and SAIs of the data set (every icon and SAI needs exactly one glyph; only plain shape
elements and attributes are allowed), and :class:`Glyphs` renders them three ways:

* ``icon(ident)``: the markup of one drawn icon, ``<svg class="dd-icon" data-icon=... role="img"
  aria-label=...>`` pointing at a symbol of the page (``#dd-i-<id>``);
* ``with_defs(page)``: a generated page with the symbols it uses appended once, so that pages
  need no extra request for their icons;
* ``sprite()`` and ``names()``: every symbol in one file (``assets/icons/dd-icons.svg``) and the
  icons' names (``assets/icons/dd-icons.json``) for scripts (``window.DragonDiceIcons``).
"""
from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..data.dataset import Dataset
from ..errors import DataError

GLYPHS_FILE = "glyphs.yaml"
SPRITE = "assets/icons/dd-icons.svg"
NAMES = "assets/icons/dd-icons.json"
SHAPES = {"path", "circle", "ellipse", "rect", "line", "polyline", "polygon"}
GEOMETRY = {"d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "x1", "y1", "x2", "y2", "points",
            "transform", "class"}
# Style classes of a shape -> SVG presentation attributes (the symbol strokes in currentColor).
STYLES = {
    "fill": 'fill="currentColor" stroke="none"',
    "solid": 'fill="currentColor"',
    "tint": 'fill="currentColor" fill-opacity=".28"',
    "thin": 'stroke-width="1.5"',
    "bold": 'stroke-width="2.6"',
    "dash": 'stroke-dasharray="2.2 2.4"',
    "evenodd": 'fill-rule="evenodd"',
}
SYMBOL_ATTRS = ('viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" '
                'stroke-linecap="round" stroke-linejoin="round"')
ICON_REF = re.compile(r'data-icon="([a-z0-9-]+)"')


def _shape(rel: str, ident: str, el: ET.Element) -> str:
    """One validated shape as SVG text with its style classes turned into attributes."""
    if el.tag not in SHAPES:
        raise DataError(rel, ident, "svg", f"<{el.tag}> is not allowed (use {', '.join(sorted(SHAPES))})")
    if len(el) or (el.text or "").strip():
        raise DataError(rel, ident, "svg", f"<{el.tag}> must be empty (no text or children)")
    attrs = []
    for key, value in el.attrib.items():
        if key not in GEOMETRY:
            raise DataError(rel, ident, "svg", f"attribute '{key}' of <{el.tag}> is not allowed")
        if key == "class":
            for cls in value.split():
                if cls not in STYLES:
                    raise DataError(rel, ident, "svg", f"unknown class '{cls}' (use {', '.join(STYLES)})")
                attrs.append(STYLES[cls])
        elif not re.fullmatch(r"[-0-9.,\sa-zA-Z()]+", value):
            raise DataError(rel, ident, "svg", f"attribute '{key}' of <{el.tag}> has a bad value")
        else:
            attrs.append(f'{key}="{value}"')
    return f"<{el.tag} {' '.join(attrs)}/>"


def _parse(rel: str, ident: str, svg: Any) -> str:
    if not isinstance(svg, str) or not svg.strip():
        raise DataError(rel, ident, "svg", "must be a non-empty string of SVG shapes")
    try:
        root = ET.fromstring(f"<g>{svg}</g>")
    except ET.ParseError as exc:
        raise DataError(rel, ident, "svg", f"not valid SVG: {exc}") from None
    if (root.text or "").strip():
        raise DataError(rel, ident, "svg", "text outside a shape")
    return "".join(_shape(rel, ident, el) for el in root)


def _entries(path: Path, rel: str) -> list[Any]:
    if not path.exists():
        raise DataError(rel, None, None, "file is missing (it draws every icon and SAI)")
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise DataError(rel, None, None, f"not valid YAML: {str(exc).splitlines()[0]}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("glyphs"), list):
        raise DataError(rel, None, "glyphs", "the file must be a mapping with a list under 'glyphs'")
    return doc["glyphs"]


def _used_on(ds: Dataset) -> dict[str, str]:
    """icon id -> the first die, terrain or dragon that shows it (for error messages)."""
    used: dict[str, str] = {}
    for kind in ("dice", "terrains", "dragons"):
        for entry in ds.kinds.get(kind, []):
            for face in entry.get("faces", []):
                used.setdefault(face["icon"], entry["id"])
    return used


@dataclass
class Glyphs:
    """Validated glyphs (id -> inner SVG) with the names of the icons they draw."""

    shapes: dict[str, str]
    names: dict[str, str]

    def symbol(self, ident: str) -> str:
        return f'<symbol id="dd-i-{ident}" {SYMBOL_ATTRS}>{self.shapes[ident]}</symbol>'

    def icon(self, ident: str, size: str | None = None, label: str | None = None) -> str:
        """A drawn icon (``size``: ``sm``, ``lg`` or ``xl`` for a modifier class)."""
        cls = f"dd-icon dd-icon--{size}" if size else "dd-icon"
        name = html.escape(label or self.names[ident])
        return (f'<svg class="{cls}" data-icon="{ident}" role="img" aria-label="{name}">'
                f'<use xlink:href="#dd-i-{ident}"/></svg>')

    def with_defs(self, page: str) -> str:
        """``page`` with the symbols of the icons it draws appended (none: unchanged)."""
        used = [i for i in dict.fromkeys(ICON_REF.findall(page)) if i in self.shapes]
        if not used:
            return page
        symbols = "".join(self.symbol(i) for i in sorted(used))
        return (page.rstrip("\n") + '\n\n<div class="dd-icon-defs" data-search-exclude markdown="0">'
                f'<svg aria-hidden="true" focusable="false">{symbols}</svg></div>\n')

    def sprite(self) -> str:
        body = "\n".join(self.symbol(i) for i in sorted(self.shapes))
        return f'<svg xmlns="http://www.w3.org/2000/svg">\n{body}\n</svg>\n'

    def names_json(self) -> str:
        return json.dumps(dict(sorted(self.names.items())), ensure_ascii=False, separators=(",", ":"))


def load_glyphs(ds: Dataset) -> Glyphs:
    """Read and check ``data/glyphs.yaml`` against the data set; raise :class:`DataError`."""
    path = Path(ds.root) / GLYPHS_FILE
    rel = f"{Path(ds.root).name}/{GLYPHS_FILE}"
    names = {e["id"]: e["name"] for kind in ("icons", "sais") for e in ds.kinds.get(kind, [])}
    shapes: dict[str, str] = {}
    for i, entry in enumerate(_entries(path, rel)):
        ident = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(ident, str):
            raise DataError(rel, f"#{i + 1}", "id", "missing id (an icon id of icons.yaml or an SAI id)")
        if ident in shapes:
            raise DataError(rel, ident, "id", "duplicate glyph")
        if ident not in names:
            raise DataError(rel, ident, "id", "no icon or SAI has this id")
        unknown = set(entry) - {"id", "svg"}
        if unknown:
            raise DataError(rel, ident, sorted(unknown)[0], "unknown field (use id and svg)")
        shapes[ident] = _parse(rel, ident, entry.get("svg"))
        twin = next((k for k, v in shapes.items() if v == shapes[ident] and k != ident), None)
        if twin:
            raise DataError(rel, ident, "svg", f"draws exactly what '{twin}' draws (icons must look different)")
    used = _used_on(ds)
    for ident in [*used, *names]:
        if ident not in shapes:
            where = f", shown on {used[ident]}" if ident in used else ""
            raise DataError(rel, ident, None, f"no glyph drawn for this icon{where}")
    return Glyphs(shapes=shapes, names=names)
