"""The site search: the size of its index, and the time from a keystroke to the results shown, in
Chromium with the CPU slowed down 4x (a phone-class CPU; CDP Emulation.setCPUThrottlingRate).

Printed, never asserted. Each letter is a real key press (Playwright's keyboard); the time runs
inside the page from the key's own event time to the first moment after the results list says it
answers that very query (``data-query`` of the search box) and the browser has painted it (one
animation frame, then a task). Beside it, the same letters typed into a plain text box on the same
page (the floor: what any keystroke costs there on this machine, now). ``--site DIR`` measures another build (a before/after comparison
in the same conditions).
"""
from __future__ import annotations

import argparse
import gzip
import statistics
from pathlib import Path

from browser_helpers import CHROMIUM, CHROMIUM_ARGS

THROTTLE = 4
GOAL_MS = 50
# Each query typed as a player types it, one letter at a time (every prefix is a keystroke).
QUERIES = ("doublestrike", "coral elf", "how many saves", "teleprot", "Fire Dragonstallion", "dua",
           "lightening strike", "dubble strike", "how is damage applied", "what happens when a dragon dies")

# Installed once: each keydown starts a clock; the results for the box's current text stop it
# once painted. window.__ddKeys holds the times, in order; window.__ddScript the search's own
# share of each (from the input event to the results in the page, before layout and paint).
WATCH = """() => {
  const input = document.querySelector(".dd-search__input");
  const box = document.querySelector(".dd-search");
  window.__ddKeys = [];
  window.__ddScript = [];
  let start = null;
  let typed = 0;
  input.addEventListener("keydown", (event) => { start = event.timeStamp; }, true);
  input.addEventListener("input", () => { typed = performance.now(); }, true);
  const painted = (since) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__ddKeys.push(performance.now() - since); };
    channel.port2.postMessage(0);
  });
  new MutationObserver(() => {
    if (start !== null && box.getAttribute("data-query") === input.value.trim()) {
      window.__ddScript.push(performance.now() - typed);
      painted(start);
      start = null;
    }
  }).observe(box, { attributes: true, attributeFilter: ["data-query"] });
}"""


# The reference: the same page with a plain text box of its own (no listener does any work), timed
# the same way (keydown to the frame that shows the letter). On a shared machine both swing
# together: read the search's figure against this one, measured in the same run, query by query.
PLAIN = """() => {
  const box = document.createElement("input");
  box.id = "dd-bench-plain";
  box.setAttribute("aria-label", "plain");
  box.style.cssText = "position:fixed;bottom:0;left:0;z-index:99";
  document.body.appendChild(box);
  window.__ddPlain = [];
  let start = null;
  box.addEventListener("keydown", (event) => { start = event.timeStamp; }, true);
  box.addEventListener("input", () => {
    const since = start;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__ddPlain.push(performance.now() - since); };
      channel.port2.postMessage(0);
    });
  });
}"""


def type_plain(page, query: str) -> list[float]:  # noqa: ANN001 - a Playwright page
    page.evaluate("() => { const b = document.getElementById('dd-bench-plain'); b.value = ''; b.focus();"
                  " window.__ddPlain.length = 0; }")
    for n, letter in enumerate(query, start=1):
        page.keyboard.press(letter if letter != " " else "Space")
        page.wait_for_function("n => window.__ddPlain.length >= n", arg=n)
    page.locator(".dd-search__input").focus()
    return page.evaluate("() => window.__ddPlain.slice()")


def type_query(page, query: str) -> list[float]:  # noqa: ANN001 - a Playwright page
    page.evaluate("() => { const i = document.querySelector('.dd-search__input'); i.value = '';"
                  " i.dispatchEvent(new Event('input', { bubbles: true })); window.__ddKeys.length = 0; }")
    page.evaluate("() => { window.__ddScript.length = 0; }")
    for n, letter in enumerate(query, start=1):
        page.keyboard.press(letter if letter != " " else "Space")
        page.wait_for_function("n => window.__ddKeys.length >= n", arg=n)
    return page.evaluate("() => window.__ddKeys.slice()")


def script_times(page) -> list[float]:  # noqa: ANN001 - a Playwright page
    return page.evaluate("() => window.__ddScript.slice()")


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    within = sum(t <= GOAL_MS for t in ordered)
    return (f"median {statistics.median(ordered):.1f} ms, 90th percentile {p90:.1f} ms, worst {ordered[-1]:.1f} ms; "
            f"{within}/{len(ordered)} keystrokes within the {GOAL_MS} ms goal")


def hit_rates(site: Path) -> None:
    """The share of each set of everyday queries whose first result is right, by the page's own
    ranking under Node (as tests/site/test_search_forgives.py and test_search_unseen.py hold them)."""
    import json
    import shutil
    import subprocess
    import tempfile

    import yaml
    tests = Path(__file__).resolve().parents[1] / "tests" / "site"
    with tempfile.TemporaryDirectory() as folder:
        ranker = Path(folder) / "search-rank.mjs"
        shutil.copy(tests.parents[1] / "docs" / "assets" / "js" / "site" / "search-rank.js", ranker)
        for name in ("search-queries.yaml", "search-queries-unseen.yaml"):
            doc = yaml.safe_load((tests / name).read_text(encoding="utf-8"))
            cases = [(str(q), w if isinstance(w, list) else [w]) for pairs in doc.values() for q, w in pairs.items()]
            got = json.loads(subprocess.run(["node", str(tests / "search_node.mjs"), str(ranker),
                                             str(site / "search" / "index.json")], input=json.dumps([q for q, _ in cases]),
                                            capture_output=True, text=True, check=True, timeout=300).stdout)
            right = sum(hit in want for (_, want), hit in zip(cases, got))
            print(f"everyday queries ({name}): {right}/{len(cases)} right first ({right / len(cases):.1%}; goal 95%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to measure (default: this checkout's)")
    parser.add_argument("--rounds", type=int, default=1, help="type the queries this many times")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
        from generator.site.build import ensure_site
        from tests.site_server import SiteServer
    except Exception as exc:  # noqa: BLE001
        print(f"search: skipped ({exc})")
        return
    site = args.site or ensure_site()
    hit_rates(site)
    raw = (site / "search" / "index.json").read_bytes()
    print(f"search index: {len(raw) / 1024:.0f} KiB, {len(gzip.compress(raw, 9)) / 1024:.0f} KiB gzipped")
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(server.url + "sai/")
        page.locator(".dd-search__input").click()
        page.evaluate(WATCH)
        page.evaluate(PLAIN)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        first = type_query(page, "d")[0]
        print(f"first keystroke (the index may still be loading), CPU {THROTTLE}x slower: {first:.0f} ms")
        times: list[float] = []
        script: list[float] = []
        plain: list[float] = []
        for _ in range(args.rounds):
            for query in QUERIES:
                each = type_query(page, query)
                times += each
                script += script_times(page)
                plain += type_plain(page, query)
                print(f"  {query!r:20} {len(each):2} keystrokes: median {statistics.median(each):5.1f} ms, "
                      f"worst {max(each):5.1f} ms")
        print(f"keystroke to results shown, CPU {THROTTLE}x slower: {summary(times)}")
        print(f"  of which the search's script (input event to results in the page): {summary(script)}")
        print(f"  reference, a plain text box on the same page (no search), the same letters: {summary(plain)}")
        browser.close()


if __name__ == "__main__":
    main()
