"""Draw the site's glyphs (``data/glyphs.yaml``, SVG shapes on a 24x24 grid) into pixels, in pure
Python: no network, no system library. Used for the link-preview images (:mod:`generator.images.share_images`).

Shapes are flattened into polygons (curves and arcs sampled), a stroke becomes the union of one
quad per segment and one disc per vertex (round caps and joins), and polygons are filled by
scanline with 4x4 samples per pixel. The result is a coverage mask (0..1 per pixel) that the
caller paints in one colour over a background. Dashes are drawn solid.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import accumulate
from operator import sub

from . import bitmap_font

Point = tuple[float, float]
Poly = list[Point]
SS = 4                                   # samples per pixel, each way
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
CURVE_STEPS = 12
DISC_STEPS = 12


class _Reader:
    """Numbers of a path's ``d`` after its command letters (arc flags may be packed: ``a1 1 0 013 4``)."""

    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def _skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " ,\t\n\r":
            self.pos += 1

    def more(self) -> bool:
        self._skip()
        return self.pos < len(self.text) and not self.text[self.pos].isalpha()

    def number(self) -> float:
        self._skip()
        match = NUMBER.match(self.text, self.pos)
        if not match:
            raise ValueError(f"bad path data at {self.text[self.pos:self.pos + 10]!r}")
        self.pos = match.end()
        return float(match.group())

    def flag(self) -> float:
        self._skip()
        self.pos += 1
        return float(self.text[self.pos - 1])


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point) -> Poly:
    out = []
    for i in range(1, CURVE_STEPS + 1):
        t = i / CURVE_STEPS
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def _arc(p0: Point, rx: float, ry: float, angle: float, large: float, sweep: float, p1: Point) -> Poly:
    """SVG's endpoint arc, sampled (SVG 1.1 appendix F.6)."""
    if not rx or not ry or p0 == p1:
        return [p1]
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    rx, ry = abs(rx), abs(ry)
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    coef = math.sqrt(max(0.0, num / (rx * rx * y1 * y1 + ry * ry * x1 * x1)))
    if large == sweep:
        coef = -coef
    cx1, cy1 = coef * rx * y1 / ry, -coef * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2
    start = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    delta = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    steps = max(4, int(abs(delta) / (math.pi / 12)))
    out = []
    for i in range(1, steps + 1):
        t = start + delta * i / steps
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((cos * ex - sin * ey + cx, sin * ex + cos * ey + cy))
    return out


def _segment(op: str, read: _Reader, base: Point, pos: Point, ctrl: Point | None
             ) -> tuple[Poly, Point, Point | None]:
    """One drawing command's points, the new pen position and the last control point."""
    if op in "LHV":
        x = base[0] + read.number() if op != "V" else pos[0]
        y = base[1] + read.number() if op != "H" else pos[1]
        return [(x, y)], (x, y), None
    if op in "CS":
        if op == "C":
            c1 = (base[0] + read.number(), base[1] + read.number())
        else:
            c1 = (2 * pos[0] - ctrl[0], 2 * pos[1] - ctrl[1]) if ctrl else pos
        c2 = (base[0] + read.number(), base[1] + read.number())
        end = (base[0] + read.number(), base[1] + read.number())
        return _cubic(pos, c1, c2, end), end, c2
    if op in "QT":
        c = (base[0] + read.number(), base[1] + read.number()) if op == "Q" else \
            ((2 * pos[0] - ctrl[0], 2 * pos[1] - ctrl[1]) if ctrl else pos)
        end = (base[0] + read.number(), base[1] + read.number())
        c1 = (pos[0] + 2 / 3 * (c[0] - pos[0]), pos[1] + 2 / 3 * (c[1] - pos[1]))
        c2 = (end[0] + 2 / 3 * (c[0] - end[0]), end[1] + 2 / 3 * (c[1] - end[1]))
        return _cubic(pos, c1, c2, end), end, c
    if op == "A":
        rx, ry, angle = read.number(), read.number(), read.number()
        large, sweep = read.flag(), read.flag()
        end = (base[0] + read.number(), base[1] + read.number())
        return _arc(pos, rx, ry, angle, large, sweep, end), end, None
    raise ValueError(f"path command {op} is not drawn")


def path_polys(d: str) -> list[tuple[Poly, bool]]:
    """A path's subpaths as (points, closed)."""
    read = _Reader(d)
    subs: list[tuple[Poly, bool]] = []
    cur: Poly = []
    pos: Point = (0.0, 0.0)
    start = pos
    ctrl: Point | None = None
    for match in re.finditer(r"[A-Za-z]", d):
        cmd = match.group()
        read.pos = match.end()
        rel = cmd.islower()
        op = cmd.upper()
        first = True
        while first or read.more():
            first = False
            base = pos if rel else (0.0, 0.0)
            if op == "Z":
                if cur:
                    subs.append((cur, True))
                cur, pos, ctrl = [], start, None
                break
            if op == "M":
                if cur:
                    subs.append((cur, False))
                pos = (base[0] + read.number(), base[1] + read.number())
                start, cur, ctrl = pos, [pos], None
                op = "L"                      # further pairs are lines
                continue
            if not cur:
                cur = [pos]
            points, pos, ctrl = _segment(op, read, base, pos, ctrl)
            cur.extend(points)
    if cur:
        subs.append((cur, False))
    return subs


def _num(el: ET.Element, key: str, default: float = 0.0) -> float:
    return float(el.get(key, default))


def _ellipse(cx: float, cy: float, rx: float, ry: float, steps: int = 32) -> Poly:
    return [(cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
            for i in range(steps)]


def _rect(el: ET.Element) -> list[tuple[Poly, bool]]:
    x, y, w, h = _num(el, "x"), _num(el, "y"), _num(el, "width"), _num(el, "height")
    r = min(float(el.get("rx", el.get("ry", 0))), w / 2, h / 2)
    if not r:
        return [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    out: Poly = []
    for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        out.extend((cx + r * math.cos(math.radians(a0 + 15 * i)), cy + r * math.sin(math.radians(a0 + 15 * i)))
                   for i in range(7))
    return [(out, True)]


def _transform(subs: list[tuple[Poly, bool]], spec: str | None) -> list[tuple[Poly, bool]]:
    """Only ``rotate(a cx cy)`` and ``translate(x y)`` occur in the glyphs."""
    if not spec:
        return subs
    match = re.fullmatch(r"\s*(rotate|translate)\(([^)]*)\)\s*", spec)
    if not match:
        raise ValueError(f"transform {spec!r} is not drawn")
    args = [float(v) for v in NUMBER.findall(match.group(2))]
    if match.group(1) == "translate":
        tx, ty = args[0], args[1] if len(args) > 1 else 0.0
        return [([(x + tx, y + ty) for x, y in pts], closed) for pts, closed in subs]
    a = math.radians(args[0])
    cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
    cos, sin = math.cos(a), math.sin(a)
    return [([(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in pts], closed)
            for pts, closed in subs]


def shape_polys(el: ET.Element) -> list[tuple[Poly, bool]]:
    """One SVG shape element as subpaths (points, closed) on its own grid."""
    tag = el.tag
    if tag == "path":
        subs = path_polys(el.get("d", ""))
    elif tag == "circle":
        subs = [(_ellipse(_num(el, "cx"), _num(el, "cy"), _num(el, "r"), _num(el, "r")), True)]
    elif tag == "ellipse":
        subs = [(_ellipse(_num(el, "cx"), _num(el, "cy"), _num(el, "rx"), _num(el, "ry")), True)]
    elif tag == "rect":
        subs = _rect(el)
    elif tag == "line":
        subs = [([(_num(el, "x1"), _num(el, "y1")), (_num(el, "x2"), _num(el, "y2"))], False)]
    elif tag in ("polyline", "polygon"):
        vals = [float(v) for v in NUMBER.findall(el.get("points", ""))]
        subs = [(list(zip(vals[0::2], vals[1::2])), tag == "polygon")]
    else:
        raise ValueError(f"<{tag}> is not drawn")
    return _transform(subs, el.get("transform"))


def _oriented(poly: Poly) -> Poly:
    """The polygon counter-clockwise (in y-down pixels), so that overlapping pieces add up."""
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))
    return poly if area >= 0 else poly[::-1]


def stroke_polys(subs: list[tuple[Poly, bool]], width: float) -> list[Poly]:
    """A round-capped, round-joined stroke as pieces whose union (nonzero) is the stroke."""
    half = width / 2
    out: list[Poly] = []
    for pts, closed in subs:
        pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
        if closed and len(pts) > 1:
            pts = pts + [pts[0]]
        for x, y in pts:
            out.append(_oriented(_ellipse(x, y, half, half, DISC_STEPS)))
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            length = math.hypot(x1 - x0, y1 - y0)
            if not length:
                continue
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            out.append(_oriented([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]))
    return out


def coverage(polys: list[Poly], width: int, height: int, evenodd: bool = False) -> list[list[float]]:
    """Each pixel's covered share (0..1) of the polygons, in pixel coordinates."""
    rows: dict[int, list[tuple[float, int]]] = {}
    for poly in polys:
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            if y0 == y1:
                continue
            wind = 1 if y1 > y0 else -1
            if y0 > y1:
                x0, y0, x1, y1 = x1, y1, x0, y0
            slope = (x1 - x0) / (y1 - y0)
            first = max(0, math.ceil(y0 * SS - 0.5))
            last = min(height * SS - 1, math.ceil(y1 * SS - 0.5) - 1)
            for k in range(first, last + 1):
                yc = (k + 0.5) / SS
                rows.setdefault(k, []).append((x0 + (yc - y0) * slope, wind))
    limit = width * SS
    diffs: dict[int, list[int]] = {}
    for k, crossings in rows.items():
        crossings.sort()
        diff = diffs.setdefault(k // SS, [0] * (limit + 1))
        wind = 0
        for (x, w), nxt in zip(crossings, crossings[1:] + [(0.0, 0)]):
            wind += w
            inside = wind % 2 if evenodd else wind != 0
            if inside:
                a, b = min(limit, max(0, round(x * SS))), min(limit, max(0, round(nxt[0] * SS)))
                if b > a:
                    diff[a] += 1
                    diff[b] -= 1
    out = [[0.0] * width for _ in range(height)]
    scale = 1 / (SS * SS)
    for j, diff in diffs.items():
        sums = list(accumulate(accumulate(diff[:limit]), initial=0))
        out[j] = [v * scale for v in map(sub, sums[SS::SS], sums[0:-SS:SS])]
    return out


def _place(subs: list[tuple[Poly, bool]], x: float, y: float, scale: float) -> list[tuple[Poly, bool]]:
    return [([(x + px * scale, y + py * scale) for px, py in pts], closed) for pts, closed in subs]


def _paint(mask: list[list[float]], layer: list[list[float]], opacity: float) -> None:
    for j, row in enumerate(layer):
        if any(row):
            mask[j] = [a + c * opacity - a * c * opacity for a, c in zip(mask[j], row)]


def draw_glyph(mask: list[list[float]], svg: str, x: float, y: float, size: float) -> None:
    """Paint a glyph (the inner SVG of a symbol, as :mod:`generator.images.glyphs` renders it, on a 24x24
    grid, stroke 2 wide) into ``mask`` with its top left corner at (x, y), ``size`` pixels wide."""
    scale = size / 24
    height, width = len(mask), len(mask[0])
    for el in ET.fromstring(f"<g>{svg}</g>"):
        subs = _place(shape_polys(el), x, y, scale)
        if el.get("fill", "none") != "none":
            polys = [pts for pts, _ in subs if len(pts) > 2]
            layer = coverage(polys, width, height, el.get("fill-rule") == "evenodd")
            _paint(mask, layer, float(el.get("fill-opacity", 1)))
        if el.get("stroke") != "none":
            layer = coverage(stroke_polys(subs, float(el.get("stroke-width", 2)) * scale), width, height)
            _paint(mask, layer, 1.0)


def draw_text(mask: list[list[float]], text: str, x: int, y: int, scale: int) -> None:
    """Paint ``text`` in the bitmap font (:mod:`generator.images.bitmap_font`) into ``mask``, its top left
    corner at (x, y), each dot a ``scale`` x ``scale`` square; dots outside the mask are dropped."""
    height, width = len(mask), len(mask[0])
    for char in text:
        advance, dots = bitmap_font.glyph(char)
        for dx, dy in dots:
            top, left = y + dy * scale, x + dx * scale
            for row in range(max(top, 0), min(top + scale, height)):
                line = mask[row]
                for col in range(max(left, 0), min(left + scale, width)):
                    line[col] = 1.0
        x += (advance + 1) * scale
