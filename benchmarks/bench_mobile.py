"""The calculator's first answer on mobile links: 4G and slow 4G, Chromium's own network
throttling (CDP Network.emulateNetworkConditions), headless, nothing cached.

A link to a roll opens the calculator on a first visit; the time is from navigation to the roll's
answer drawn, the bytes are those the server sent until then (the page, its assets and the
engine; "engine" is the part of them that is the runtime, the engine, its data and the brotli
decoder the worker unpacks their .br copies with, "offline copy"
the service worker's). Printed beside the goals of issue 52: at most 4 MB before the first answer
on a slow link, and at most 20 s on slow 4G. Prints figures; asserts nothing.
"""
from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, TIMEOUT, WATCH_ANSWER, new_page, roll_link, throttle  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from generator.site.build import ensure_site  # noqa: E402
from tests.site_server import SiteServer  # noqa: E402

RUNS = 3
MBIT = 1e6 / 8      # bytes per second in a Mbit/s
# (name, link, time goal in s or None): the slow 4G of the issue, and Chromium's "Fast 4G" preset.
LINKS = (
    ("4G (9 Mbit/s, 165 ms)", {"offline": False, "latency": 165, "downloadThroughput": 9 * MBIT,
                               "uploadThroughput": 1.5 * MBIT}, None),
    ("slow 4G (1.6 Mbit/s, 150 ms)", {"offline": False, "latency": 150, "downloadThroughput": 1.6 * MBIT,
                                      "uploadThroughput": 0.75 * MBIT}, 20.0),
)
BYTES_GOAL = 4e6
# The runtime, the engine, its data and the brotli decoder the worker unpacks their .br copies with.
ENGINE_FILES = re.compile(r"/pyodide/|/assets/engine/(?!catalogue)|/brotli-dec-wasm/")
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}, {"die": "amazons/spearer", "rolled": 2}]}


def first_answer(browser, server, link: dict) -> tuple[float, int, int, int]:  # noqa: ANN001
    """(ms from navigation to the first answer, bytes the server sent until then, of which the
    engine's files and the offline copy's requests: their bodies as the browser counts them)."""
    ctx, page = new_page(browser, server.url)
    ctx.add_init_script(WATCH_ANSWER)
    parts = {"engine": 0, "offline": 0, "done": False}

    def count(request) -> None:  # noqa: ANN001 - a Playwright Request
        if parts["done"]:
            return
        size = request.sizes()["responseBodySize"]
        if request.service_worker:
            parts["offline"] += size
        elif ENGINE_FILES.search(request.url):
            parts["engine"] += size
    ctx.on("requestfinished", count)
    throttle(ctx, page, link)
    server.bytes.reset()
    page.goto(roll_link(ROLL), wait_until="commit")
    page.wait_for_function("() => window.__ddAnswerAt !== undefined", timeout=TIMEOUT, polling=50)
    took = page.evaluate("() => window.__ddAnswerAt")
    sent = server.bytes.reset()
    parts["done"] = True
    ctx.close()
    return took, sent, parts["engine"], parts["offline"]


def row(name: str, runs: list[tuple[float, int, int, int]], goal: float | None) -> str:
    secs = statistics.median(r[0] for r in runs) / 1000
    mb = [statistics.median(r[i] for r in runs) / 1e6 for i in (1, 2, 3)]
    time_goal = f"goal <= {goal:.0f} s" if goal else "no time goal"
    return (f"{name:<47} first answer {secs:5.1f} s ({time_goal})   {mb[0]:5.2f} MB "
            f"(goal <= {BYTES_GOAL / 1e6:.0f} MB; engine {mb[1]:.2f}, offline copy {mb[2]:.2f})   median of {len(runs)}")


def main() -> None:
    print("first visit by a link to a roll; time from navigation to the answer drawn; "
          "bytes the server sent until then")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        # A plain host on both links; on the slow one, also a host serving the .gz copies (the
        # page's own files then come packed too, as from most hosts).
        for host, gz, links in (("plain host", False, LINKS), ("host serving .gz", True, LINKS[1:])):
            with SiteServer(ensure_site(), precompressed=gz) as server:
                for name, link, goal in links:
                    runs = [first_answer(browser, server, link) for _ in range(RUNS)]
                    print(row(f"{name}, {host}", runs, goal), flush=True)
        browser.close()


if __name__ == "__main__":
    t = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t:.0f} s)")
