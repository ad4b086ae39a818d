"""Generator and full site build times."""
from __future__ import annotations

import shutil
import time

from generator.site.build import OUT_DIR, SITE_DIR, build_site, generate
from generator.data.load import load_dataset
from generator.pages.render import render_pages

# The link-preview images' size budget (issue 51): all of them, and the largest one.
CARDS_BUDGET, CARD_BUDGET = 12 * 1024 * 1024, 16 * 1024


def timed(label: str, fn) -> float:
    start = time.perf_counter()
    fn()
    took = time.perf_counter() - start
    print(f"{label:<40} {took * 1000:9.1f} ms")
    return took


if __name__ == "__main__":
    timed("load + validate data", load_dataset)
    shutil.rmtree(OUT_DIR, ignore_errors=True)
    timed("generate build/docs (cold)", generate)
    timed("generate build/docs (nothing changed)", generate)
    timed("site build (MkDocs, then finished pages)", build_site)
    ds = load_dataset()
    timed("every page rendered, every preview image drawn (no memo)", lambda: render_pages(ds, (), {}, None))
    cards = sorted((SITE_DIR / "assets" / "og").glob("*.png"))
    sizes = [c.stat().st_size for c in cards]
    print(f"link-preview images: {len(cards)}, {sum(sizes) / 2**20:.1f} MiB in all (budget {CARDS_BUDGET / 2**20:.0f} MiB), "
          f"{sum(sizes) / len(sizes) / 1024:.1f} KiB each on average, largest {max(sizes) / 1024:.1f} KiB "
          f"(budget {CARD_BUDGET / 1024:.0f} KiB)")
