"""The Chances chart reads on its own: labelled axes, a percentage scale, each bar's chance written on it."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

from calculator import Engine

INPUT = {"roll": "melee", "terrain": "highland", "seed": 0,
         "army": [{"die": "dwarves/androsphinx"}, {"die": "coral-elves/fighter"}]}


def shown(p: float) -> str:
    """The page's rounding (chances.js pct)."""
    if p >= 0.9995:
        return "100%"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def test_chart_has_labelled_axes_and_percentages(page, bundle):
    page.goto("calculator/?roll=" + quote(json.dumps(INPUT)))
    page.wait_for_selector('#chances[data-state="done"]', timeout=180_000)
    used = json.loads(page.locator("#calculator").get_attribute("data-input"))
    free = {k: v for k, v in used.items() if k != "seed"}
    free["army"] = [{k: v for k, v in u.items() if k not in ("rolled", "rerolled")} for u in used["army"]]
    want = Engine(bundle).distribution(free)
    chart = page.locator("#chances svg.dd-chances-chart")
    axes = chart.locator("text.dd-chances-axis").all_text_contents()
    assert axes == ["Chance", f"Total {want['result']} results"]
    ticks = chart.locator("text.dd-chances-tick").all_text_contents()
    assert ticks[0] == "0%" and len(ticks) >= 2 and all(re.fullmatch(r"\d+(\.\d)?%", t) for t in ticks)
    top = max(want["distribution"].values())
    pct = round(top * 100, 9)    # floating-point noise (0.30000000000000004) is not a taller bar
    assert float(ticks[-1][:-1]) >= pct and float(ticks[-2][:-1]) < pct   # the scale fits the tallest bar
    # One percentage per bar, the chance of that total, as the engine computes it.
    labels = chart.locator("text.dd-chances-pct").all_text_contents()
    assert labels == [shown(p) for p in want["distribution"].values()]
    # Bars stand on the axis and their heights follow their chances.
    bars = chart.locator("rect.dd-chances-bar")
    heights = [float(bars.nth(i).get_attribute("height")) for i in range(bars.count())]
    ps = list(want["distribution"].values())
    tallest = ps.index(max(ps))
    assert heights[tallest] == max(heights)
