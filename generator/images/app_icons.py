"""The app's home-screen icons, drawn here (no external art): a white die face showing five
pips on the site's purple, as SVG and as the PNG sizes phones ask for.

PNGs are written with zlib alone; shapes are drawn from signed distances, one sample per pixel
with a one-pixel soft edge, which is enough for smooth edges at these sizes.
"""
from __future__ import annotations

import struct
import zlib
from functools import partial
from typing import Callable, Protocol

PURPLE = (126, 86, 194)       # the theme's deep purple primary colour
DARK = (69, 39, 160)
WHITE = (255, 255, 255)
PIPS = ((0.0, 0.0), (-1, -1), (1, 1), (-1, 1), (1, -1))   # five, in units of the pip spacing
ICON_DIR = "assets/icons"
# name -> (size, full_bleed): a maskable or Apple icon fills its square (the phone rounds it).
PNGS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
        "icon-maskable-512.png": (512, True), "apple-touch-icon.png": (180, True)}


def _rounded_rect(x: float, y: float, half: float, radius: float) -> float:
    qx, qy = abs(x) - half + radius, abs(y) - half + radius
    outside = (max(qx, 0.0) ** 2 + max(qy, 0.0) ** 2) ** 0.5
    return outside + min(max(qx, qy), 0.0) - radius


Layer = tuple[Callable[[float, float], float], tuple[int, int, int]]


def _layers(full_bleed: bool) -> list[Layer]:
    """Shapes in a unit square centred on 0 (signed distance, colour), bottom to top."""
    scale = 0.62 if full_bleed else 0.74       # a maskable icon keeps its content in the middle 80%
    die, pip, gap = 0.5 * scale, 0.085 * scale, 0.24 * scale
    layers: list[Layer] = [((lambda x, y: -1.0) if full_bleed else _rect(0.5, 0.11), PURPLE),
                           (_rect(die, die * 0.24), WHITE)]
    layers += [(_disc(px * gap, py * gap, pip), DARK) for px, py in PIPS]
    return layers


def _rect(half: float, radius: float) -> Callable[[float, float], float]:
    return lambda x, y: _rounded_rect(x, y, half, radius)


def _disc(cx: float, cy: float, r: float) -> Callable[[float, float], float]:
    return lambda x, y: ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - r


def render_png(size: int, full_bleed: bool) -> bytes:
    layers = _layers(full_bleed)
    rows = bytearray()
    for j in range(size):
        rows.append(0)                                   # PNG filter: none
        y = (j + 0.5) / size - 0.5
        for i in range(size):
            x = (i + 0.5) / size - 0.5
            r = g = b = a = 0.0
            for shape, colour in layers:
                cover = min(1.0, max(0.0, 0.5 - shape(x, y) * size))   # distance in pixels
                if cover:
                    r, g, b = (c * cover + old * (1 - cover) for c, old in zip(colour, (r, g, b)))
                    a = cover + a * (1 - cover)
            if 0 < a < 1:                                # colours were summed premultiplied
                r, g, b = r / a, g / a, b / a
            rows += bytes((round(r), round(g), round(b), round(a * 255)))
    return _png(size, bytes(rows))


def _png(size: int, raw: bytes) -> bytes:
    return png(size, size, raw, rgba=True)


def png(width: int, height: int, raw: bytes, rgba: bool) -> bytes:
    """A PNG of filtered rows (each row: a 0 byte, then RGBA or RGB pixels)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if rgba else 2, 0, 0, 0)    # 8-bit RGBA or RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def svg_icon() -> str:
    """The same drawing at scale 0.74 in a 100-unit square (die 74, pips 6.29 apart 17.76)."""
    pips = "".join(f'<circle cx="{50 + 17.76 * px:.2f}" cy="{50 + 17.76 * py:.2f}" r="6.29"/>' for px, py in PIPS)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" rx="11" fill="rgb{PURPLE}"/>'
            '<rect x="13" y="13" width="74" height="74" rx="8.88" fill="#fff"/>'
            f'<g fill="rgb{DARK}">{pips}</g></svg>\n')


class Remembers(Protocol):
    """What the icons need of ``generator.engine.assets.Memo`` (PNGs kept by their inputs)."""

    def get(self, key: str, make: Callable[[], bytes]) -> bytes: ...


def app_icons(memo: Remembers) -> dict[str, bytes]:
    """``{path below the site root: bytes}`` of every icon (PNGs kept in ``memo``)."""
    with open(__file__, "rb") as f:
        version = f.read()
    out = {f"{ICON_DIR}/{name}": memo.get(f"icon:{name}:{zlib.crc32(version)}", partial(render_png, size, bleed))
           for name, (size, bleed) in PNGS.items()}
    out[f"{ICON_DIR}/icon.svg"] = svg_icon().encode()
    return out
