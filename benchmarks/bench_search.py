"""The site search: the size of its index, and the time from a keystroke to the results shown, in
Chromium with the CPU slowed down 4x (a phone-class CPU; CDP Emulation.setCPUThrottlingRate).

Printed, never asserted. A keystroke is measured inside the page: from the input event to the
moment the results list says it answers that very query (``data-query`` of the search box).
"""
from __future__ import annotations

import gzip
import statistics

from browser_helpers import CHROMIUM  # noqa: F401 - sets up sys.path for the imports below

THROTTLE = 4
# Each query typed as a player types it, one letter at a time (every prefix is a keystroke).
QUERIES = ("doublestrike", "coral elf", "how many saves", "teleprot", "Fire Dragonstallion", "dua")

TYPE = """async (q) => {
  const input = document.querySelector(".dd-search__input");
  const box = document.querySelector(".dd-search");
  const times = [];
  for (let i = 1; i <= q.length; i += 1) {
    const typed = q.slice(0, i);
    const start = performance.now();
    const shown = new Promise((resolve) => {
      const done = () => box.getAttribute("data-query") === typed.trim();
      if (!typed.trim()) { resolve(); return; }
      const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
      watch.observe(box, { attributes: true, attributeFilter: ["data-query"] });
    });
    input.value = typed;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await shown;
    times.push(performance.now() - start);
  }
  input.value = "";
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return times;
}"""


def main() -> None:
    try:
        from playwright.sync_api import sync_playwright
        from generator.build import ensure_site
        from tests.site_server import SiteServer
    except Exception as exc:  # noqa: BLE001
        print(f"search: skipped ({exc})")
        return
    site = ensure_site()
    raw = (site / "search" / "index.json").read_bytes()
    print(f"search index: {len(raw) / 1024:.0f} KiB, {len(gzip.compress(raw, 9)) / 1024:.0f} KiB gzipped")
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(server.url + "sai/")
        page.locator(".dd-search__input").click()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        first = page.evaluate(TYPE, "d")[0]
        print(f"first keystroke (loads and prepares the index), CPU {THROTTLE}x slower: {first:.0f} ms")
        times: list[float] = []
        for query in QUERIES:
            each = page.evaluate(TYPE, query)
            times += each
            print(f"  {query!r:24} {len(each):2} keystrokes: median {statistics.median(each):5.1f} ms, "
                  f"max {max(each):5.1f} ms")
        times.sort()
        print(f"keystroke to results, CPU {THROTTLE}x slower: median {statistics.median(times):.1f} ms, "
              f"90th percentile {times[int(len(times) * 0.9)]:.1f} ms, max {times[-1]:.1f} ms "
              f"({len(times)} keystrokes)")
        browser.close()


if __name__ == "__main__":
    main()
