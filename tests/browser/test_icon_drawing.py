"""The drawn icons as a player sees them: rendered by the browser at 16 px, every icon has ink and
no two look alike; scripts get the same icons from the icons.js module."""
from __future__ import annotations

import itertools


from tests.browser.expecting import expect
from tests.browser.modules import ICONS

# Render every symbol of the sprite alone, black on transparent, and read its pixels' alpha.
RASTERIZE = """async (size) => {
  const text = await (await fetch(ICONS.spriteUrl)).text();
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const out = {};
  for (const symbol of doc.querySelectorAll('symbol')) {
    const attrs = [...symbol.attributes].filter(a => a.name !== 'id').map(a => `${a.name}="${a.value}"`).join(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" ${attrs} color="#000">` +
      symbol.innerHTML + '</svg>';
    // a data: address: the site's Content-Security-Policy allows images from data:, not from blob:
    const url = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    const img = new Image();
    await new Promise((ok, bad) => { img.onload = ok; img.onerror = () => bad(new Error('icon did not load')); img.src = url; });
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, size, size).data;
    out[symbol.id.slice(5)] = Array.from({length: size * size}, (_, i) => data[i * 4 + 3]);
  }
  return out;
}""".replace("ICONS", ICONS)


def test_every_icon_at_16px_has_ink_and_differs_from_every_other(page, dataset):
    page.goto("dice/")
    pixels = page.evaluate(RASTERIZE, 16)
    ids = {e["id"] for kind in ("icons", "sais") for e in dataset.kinds[kind]}
    assert set(pixels) == ids
    for icon, alpha in pixels.items():
        ink = sum(a > 96 for a in alpha) / len(alpha)
        assert 0.06 < ink < 0.6, (icon, ink)   # neither a speck nor a blot at 16 px
    closest = min((sum(abs(x - y) > 96 for x, y in zip(pixels[a], pixels[b])), a, b)
                  for a, b in itertools.combinations(sorted(pixels), 2))
    # The two most alike icons still differ in at least 16 of the 256 pixels.
    assert closest[0] >= 16, closest


def test_scripts_draw_icons_through_the_documented_api(page, dataset):
    page.goto("sai/")
    icon = page.evaluate_handle(f"""async () => {{
        const el = {ICONS}.element('rend', {{size: 'lg'}});
        el.id = 'api-icon';
        document.querySelector('article').prepend(el);
        return el;
    }}""")
    svg = page.locator("#api-icon")
    expect(svg).to_have_attribute("aria-label", "Rend")   # the name, loaded from the data
    assert svg.get_attribute("class") == "dd-icon dd-icon--lg" and svg.get_attribute("data-icon") == "rend"
    assert svg.get_attribute("role") == "img"
    box = svg.bounding_box()
    assert box["width"] == box["height"] == 40   # 2rem
    labelled = page.evaluate(f"async () => {ICONS}.element('melee', {{label: 'Melee face'}}).getAttribute('aria-label')")
    assert labelled == "Melee face"
    icon.dispose()
