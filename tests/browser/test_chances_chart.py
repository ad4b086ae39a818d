"""The Chances chart reads on its own: labelled axes, a percentage scale, each bar's chance written on it."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

from calculator import Engine
from tests.browser.page_kinds import DRAGONS, FIVE_AGAINST_FOUR, open_kind

pytestmark = pytest.mark.shared_context

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
    # The bars: the engine's totals, tiny ends and a long run merged as the chart's rule says.
    merged = merged_bars({str(k): p for k, p in want["distribution"].items()})
    ps = [p for _, p in merged]
    top = max(ps)
    pct = round(top * 100, 9)    # floating-point noise (0.30000000000000004) is not a taller bar
    assert float(ticks[-1][:-1]) >= pct and float(ticks[-2][:-1]) < pct   # the scale fits the tallest bar
    # One percentage per bar, the chance of its totals, as the engine computes it.
    labels = chart.locator("text.dd-chances-pct").all_text_contents()
    assert labels == [shown(p) for p in ps]
    assert chart.locator("text.dd-chances-label").all_text_contents() == [label for label, _ in merged]
    # Bars stand on the axis and their heights follow their chances.
    bars = chart.locator("rect.dd-chances-bar")
    heights = [float(bars.nth(i).get_attribute("height")) for i in range(bars.count())]
    tallest = ps.index(max(ps))
    assert heights[tallest] == max(heights)


def merged_bars(dist: dict[str, float], most: int = 8) -> list[tuple[str, float]]:
    """The bars a chart should draw, as the rule reads (chances.js bars): every total from the lowest
    to the highest; chances under 0.1% at either end merged into the bar beside them ("<= 2", "9+");
    more than `most` totals left shown as ranges of equal width ("5–9")."""
    totals = sorted(int(k) for k in dist)
    ps = {t: dist.get(str(t), 0.0) for t in range(totals[0], totals[-1] + 1)}
    keys = list(ps)
    first, last = 0, len(keys) - 1
    while first < last and ps[keys[first]] < 0.0005:
        first += 1
    while last > first and ps[keys[last]] < 0.0005:
        last -= 1
    width = -(-(last - first + 1) // most)
    out = []
    for i in range(first, last + 1, width):
        end = min(i + width - 1, last)
        lo, hi = (0 if i == first else i), (len(keys) - 1 if end == last else end)
        label = f"{keys[i]}\u2013{keys[end]}" if end > i else str(keys[i])
        if hi > end:
            label = f"{keys[i]}+"
        elif lo < i:
            label = f"\u2264 {keys[end]}"
        out.append((label, sum(ps[keys[j]] for j in range(lo, hi + 1))))
    return out


# Each chart of the exchange's odds at 390 px: its box does not scroll, the drawing ends inside the
# screen, and its smallest text is drawn at 11 px or more (font size times the drawing's scale).
CHARTS = """() => [...document.querySelectorAll('#exchange-odds .dd-ex-odds-part')].map((part) => {
  const box = part.querySelector('.dd-ex-chart'), svg = box.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return { part: part.dataset.side + '/' + part.dataset.part, dist: JSON.parse(part.dataset.dist),
    scrolls: box.scrollWidth > box.clientWidth, right: svg.getBoundingClientRect().right,
    smallest: Math.min(...[...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
    labels: [...svg.querySelectorAll('text.dd-chances-label')].map((t) => t.textContent),
    ps: [...svg.querySelectorAll('rect.dd-chances-bar')].map((r) => Number(r.dataset.p)) }; })"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
def test_odds_charts_fit_a_phone(page, engine):
    # Five attackers against four defenders (14 amounts of damage once drawn as 14 bars, cut at the
    # twelfth), and two red dragons attacking (some 140 amounts, most under 0.1%).
    for kind, data in (("exchange-odds", FIVE_AGAINST_FOUR), ("dragon", DRAGONS)):
        open_kind(page, kind)
        charts = page.evaluate(CHARTS)
        assert charts, kind
        free = {k: v for k, v in data.items() if k != "seed"}
        want = {str(k): p for k, p in engine.exchange_odds(free)["sides"]["defender"]["damage"]["distribution"].items()}
        damage = next(c for c in charts if c["part"] == "defender/damage")
        assert damage["dist"] == pytest.approx(want, abs=1e-12)
        assert len(want) > 8, kind                               # more amounts than bars
        for c in charts:
            assert not c["scrolls"] and c["right"] <= 390, (kind, c["part"])
            assert c["smallest"] >= 11 - 0.05, (kind, c["part"], c["smallest"])
            expected = merged_bars(c["dist"])
            assert c["labels"] == [label for label, _ in expected], (kind, c["part"])
            assert c["ps"] == pytest.approx([p for _, p in expected], abs=1e-9)
            assert sum(c["ps"]) == pytest.approx(1, abs=1e-9) and len(c["ps"]) <= 8
        if kind == "dragon":
            assert damage["labels"][-1].endswith("+"), damage["labels"]     # the long tail, merged
