"""Shared by the browser benchmarks: the same measurement for every build of the site.

Engine-ready is taken inside the page, from the navigation's start to the moment the calculator
root gets ``data-engine="ready"`` (a MutationObserver added before any page script runs), so
it means the same for the current build and for an older one.
"""
from __future__ import annotations

import base64
import io
import json
import statistics
import subprocess
import sys
import tarfile
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402,F401

TIMEOUT = 300_000
# The state of main before issue 14 (the "before" of the slow-link figures).
BASELINE = "d0af5d1"

WATCH_READY = """(() => {
  const seen = () => {
    const root = document.querySelector("[data-engine]");
    if (root && root.dataset.engine === "ready" && window.__ddReadyAt === undefined) window.__ddReadyAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, attributes: true, childList: true,
    attributeFilter: ["data-engine"] });
  // The service worker taking over (the offline copy is usable) and, later, the whole site kept.
  if (navigator.serviceWorker) navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (window.__ddOfflineAt === undefined) window.__ddOfflineAt = performance.now();
  });
  new MutationObserver(() => {
    if (document.documentElement.dataset.offline === "site" && window.__ddSiteAt === undefined) window.__ddSiteAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-offline"] });
})();"""

# Bare Pyodide in the page, timed from its import to loadPyodide's end (ms).
BARE_PYODIDE = """async ([root, options]) => {
  const t0 = performance.now();
  const mod = await import(root + "pyodide/pyodide.mjs");
  await mod.loadPyodide(Object.assign({ indexURL: root + "pyodide/" }, options));
  return performance.now() - t0;
}"""

# The slow link of the first-visit goal: 9 Mbit/s down and up, 85 ms latency (Chromium's throttling).
LINK = {"offline": False, "latency": 85, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}
FULL_SPEED = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}

READY_AT = "() => window.__ddReadyAt"

# The first roll's answer drawn, as a link to a roll opens it on a first visit: the moment the results
# say "resolved" (window.__ddAnswerAt), for bench_browser.py and bench_mobile.py alike.
WATCH_ANSWER = """new MutationObserver(() => {
  const r = document.querySelector("[data-calc-results]");
  if (r && r.dataset.state === "resolved" && window.__ddAnswerAt === undefined) window.__ddAnswerAt = performance.now();
}).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ["data-state"] });"""


def roll_link(roll: dict) -> str:
    """The calculator's share link to ``roll`` (the page's own #s=1. form)."""
    return "calculator/#s=1." + base64.urlsafe_b64encode(json.dumps(roll).encode()).decode().rstrip("=")

WAIT_OFFLINE = "() => window.__ddOfflineAt !== undefined"
OFFLINE_AT = "() => window.__ddOfflineAt"
WAIT_READY = "() => window.__ddReadyAt !== undefined"


def ms(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f} ms (median of {len(values)}; min {min(values):.0f}, max {max(values):.0f})"


def elapsed(fn) -> float:  # noqa: ANN001
    """Seconds ``fn()`` takes."""
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


@contextmanager
def engine_page():  # noqa: ANN201 - a Playwright page, or None
    """A Chromium page on the built site's calculator with the engine ready; None, with the reason
    printed, when the browser part cannot run here (a benchmark reports, it does not fail)."""
    try:
        from playwright.sync_api import sync_playwright
        from generator.site.build import ensure_site
        from tests.site_server import SiteServer
    except Exception as exc:  # noqa: BLE001
        print(f"browser: skipped ({exc})")
        yield None
        return
    with SiteServer(ensure_site()) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(server.url + "calculator/")
        page.wait_for_selector('[data-engine="ready"]', timeout=180_000)
        yield page
        browser.close()


def new_page(browser, base_url: str, **options):  # noqa: ANN001, ANN201 - Playwright objects
    ctx = browser.new_context(base_url=base_url, **options)
    ctx.add_init_script(WATCH_READY)
    return ctx, ctx.new_page()


def throttle(ctx, page, link: dict):  # noqa: ANN001, ANN201 - a CDP session
    """Put ``page`` on ``link``; the session returned can change the link later."""
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", link)
    return cdp


def engine_ready_ms(page) -> float:  # noqa: ANN001
    """Navigate to the calculator and return the in-page time to engine-ready (ms)."""
    page.goto("calculator/", wait_until="commit")
    page.wait_for_function(WAIT_READY, timeout=TIMEOUT, polling=50)
    return page.evaluate(READY_AT)


def baseline_site() -> Path | None:
    """``site/`` as built by the baseline commit (built once into build/bench-baseline/), or
    None with a printed reason when it cannot be built (no git history, say)."""
    root = REPO / "build" / "bench-baseline" / BASELINE
    if (root / "site" / "calculator" / "index.html").exists():
        return root / "site"
    try:
        tar = subprocess.run(["git", "-C", str(REPO), "archive", BASELINE], capture_output=True, check=True).stdout
        root.mkdir(parents=True, exist_ok=True)
        tarfile.open(fileobj=io.BytesIO(tar)).extractall(root)
        (root / "node_modules").symlink_to(REPO / "node_modules")
        subprocess.run([sys.executable, "-m", "generator", "build"], cwd=root, check=True,
                       capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", "") or exc
        print(f"baseline {BASELINE}: not available ({str(detail).strip().splitlines()[-1:]})")
        return None
    return root / "site"
