"""Calculator page in headless Chromium: navigation to engine-ready, next to bare Pyodide's load
time in the same browser, and click-to-rendered-trace. Prints figures; asserts nothing."""
from __future__ import annotations

import base64
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from generator.build import ensure_site  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.site_server import SiteServer  # noqa: E402

RUNS = 3
CLICKS = 9
TIMEOUT = 180_000
ROLL = {"roll": "melee", "terrain": "highland", "seed": 1, "army": [
    {"die": "dwarves/warlord", "rolled": 3}, {"die": "amazons/spearer", "rolled": 2},
    {"die": "coral-elves/sharpshooter", "rolled": 1}, {"die": "amazons/centaur", "rolled": 5}]}

BARE_PYODIDE = """async (root) => {
  const t0 = performance.now();
  const mod = await import(root + "pyodide/pyodide.mjs");
  await mod.loadPyodide({ indexURL: root + "pyodide/" });
  return performance.now() - t0;
}"""

# Click a face, then wait for the trace computed from the new input (includes the UI's debounce).
CLICK_TO_TRACE = """async (face) => {
  const results = document.querySelector("[data-calc-results]");
  const button = document.querySelectorAll("[data-calc-units] > li")[0].querySelector(`[data-face="${face}"]`);
  const t0 = performance.now();
  button.click();
  await new Promise((resolve) => {
    const done = () => results.dataset.state === "resolved" && JSON.parse(results.dataset.input).army[0].rolled === face;
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(); } });
    obs.observe(results, { attributes: true, childList: true });
  });
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));   // painted
  return performance.now() - t0;
}"""


def ms(values: list[float]) -> str:
    return f"{statistics.median(values):8.0f} ms (median of {len(values)}; min {min(values):.0f}, max {max(values):.0f})"


def main() -> None:
    site = ensure_site()
    link = "calculator/#s=1." + base64.urlsafe_b64encode(json.dumps(ROLL).encode()).decode().rstrip("=")
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        ready, bare = [], []
        for _ in range(RUNS):     # fresh contexts: nothing cached between runs
            ctx = browser.new_context(base_url=server.url)
            page = ctx.new_page()
            start = time.perf_counter()
            page.goto("calculator/")
            page.wait_for_selector("#calculator[data-engine=ready]", timeout=TIMEOUT)
            ready.append((time.perf_counter() - start) * 1000)
            ctx.close()
            ctx = browser.new_context(base_url=server.url)
            page = ctx.new_page()
            page.goto("open-data/")
            bare.append(page.evaluate(BARE_PYODIDE, server.url))
            ctx.close()
        ctx = browser.new_context(base_url=server.url)
        page = ctx.new_page()
        page.goto(link)
        page.wait_for_selector("[data-calc-results][data-state=resolved]", timeout=TIMEOUT)
        clicks = [page.evaluate(CLICK_TO_TRACE, 4 if i % 2 == 0 else 3) for i in range(CLICKS)]
        ctx.close()
        browser.close()
    print(f"{'calculator: navigation -> engine ready':<44} {ms(ready)}")
    print(f"{'bare Pyodide: import + loadPyodide':<44} {ms(bare)}")
    print(f"{'ratio (calculator / bare Pyodide)':<44} {statistics.median(ready) / statistics.median(bare):8.2f}")
    print(f"{'click face -> rendered trace (incl. debounce)':<44} {ms(clicks)}")


if __name__ == "__main__":
    main()
