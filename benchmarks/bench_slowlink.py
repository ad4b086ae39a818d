"""The calculator on a slow link: Chromium's own network throttling (CDP
Network.emulateNetworkConditions: 9 Mbit/s down and up, 85 ms latency), headless.

For the state before issue 14 (commit BASELINE, built into build/bench-baseline/) and for this
build, served plainly and as a host serving the .gz copies would: the time from navigation to
engine-ready and the bytes the server sent until then, on a first visit (nothing cached) and on
a second one in the same browser profile, and how many requests for the engine's memory snapshot
the first visit made (the worker must not fetch it on such a link). Prints figures; asserts nothing.
"""
from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_helpers import (BASELINE, CHROMIUM, CHROMIUM_ARGS, FULL_SPEED, LINK, TIMEOUT,  # noqa: E402
                             baseline_site, engine_ready_ms, new_page, throttle)
from playwright.sync_api import sync_playwright  # noqa: E402

from generator.site.build import ensure_site  # noqa: E402
from tests.site_server import SiteServer  # noqa: E402

RUNS = 3
SNAPSHOT = re.compile(r"/assets/engine/engine-[0-9a-f]+\.bin")
SETTLE = """async () => {   // the offline copy, when the build makes one, before the second visit
  if (!navigator.serviceWorker || !document.querySelector('script[src$="offline.js"]')) return;
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  // A build whose service worker takes over with the core and fills in the rest of the site in
  // the background: wait for the rest too, so the second visit's bytes are the visit's own.
  const sw = await (await fetch(navigator.serviceWorker.controller.scriptURL)).text();
  if (!sw.includes('"core"')) return;
  while (document.documentElement.dataset.offline !== "site") await new Promise((r) => setTimeout(r, 100));
}"""


def one_profile(browser, server) -> tuple[float, int, float, int, int]:  # noqa: ANN001
    ctx, page = new_page(browser, server.url)
    asked: list[str] = []
    ctx.on("request", lambda r: asked.append(r.url) if SNAPSHOT.search(r.url) else None)
    cdp = throttle(ctx, page, LINK)
    server.bytes.reset()
    first = engine_ready_ms(page)
    first_bytes = server.bytes.reset()
    snapshot_requests = len(asked)
    # The offline copy is made at full speed (its thousands of small files would take minutes
    # at 85 ms each); the second visit is on the slow link again.
    cdp.send("Network.emulateNetworkConditions", FULL_SPEED)
    page.evaluate(SETTLE)
    page.wait_for_timeout(1000)
    cdp.send("Network.emulateNetworkConditions", LINK)
    server.bytes.reset()
    second = engine_ready_ms(page)
    second_bytes = server.bytes.reset()
    ctx.close()
    return first, first_bytes, second, second_bytes, snapshot_requests


def row(label: str, runs: list[tuple[float, int, float, int, int]]) -> str:
    med = [statistics.median(r[i] for r in runs) for i in range(4)]
    return (f"{label:<34} first {med[0] / 1000:5.1f} s {med[1] / 1e6:5.2f} MB   "
            f"second {med[2] / 1000:5.1f} s {med[3] / 1e6:5.2f} MB   (median of {len(runs)}; "
            f"snapshot requests on first visits: {sum(r[4] for r in runs)})")


def main() -> None:
    sites = []
    before = baseline_site()
    if before is not None:
        sites.append((f"before ({BASELINE}), plain host", before, False))
    current = ensure_site()
    sites += [("this build, plain host", current, False), ("this build, host serving .gz", current, True)]
    print("link: 9 Mbit/s down and up, 85 ms latency (Chromium throttling); "
          "time from navigation to engine ready; bytes the server sent until then")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for label, root, gz in sites:
            with SiteServer(root, precompressed=gz) as server:
                print(row(label, [one_profile(browser, server) for _ in range(RUNS)]), flush=True)
        browser.close()


if __name__ == "__main__":
    t = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t:.0f} s)")
