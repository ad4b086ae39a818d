"""Calculator page in headless Chromium: navigation to engine-ready next to bare Pyodide's load time
in the same browser and run; how long after engine-ready the offline copy takes over (the service
worker controls the page); the second visit; click-to-rendered-trace; where the worker's time
goes (its own marks); the first roll answered when a link to it opens the calculator on a first
visit. Prints figures; asserts nothing.

- "bare Pyodide as published": ``import(pyodide.mjs)`` + ``loadPyodide()`` on the npm package's
  own files (its full, source-only standard library), in an already loaded page: the reference
  of issue 14's target (engine-ready <= 1.05 x this).
- "bare Pyodide on this site's runtime": the same with the cut-down, precompiled standard
  library the calculator ships, to show how much of the gain is the runtime's. The goal's reference.
- "bare Pyodide in a worker, from navigation": a second reference, to explain the first (it
  changes nothing of it): a page that does nothing else starts a worker, which loads the same
  runtime files as the calculator's worker does (its importScripts + loadPyodide), timed like the
  calculator, from the navigation's start to Python being up; next to it, the calculator's own
  worker to the same point (its "engine" mark). Between the two: what the page around the worker
  costs it (the page's layout and scripts share the machine with Python's start); after it, the
  engine's import and data (the marks "data" and "ready").
- The engine's memory snapshot (generator/engine/snapshot.py): the site as built starts from it on a first
  visit where the link is fast (the worker decides: how many runs it did is printed) and on the second
  visit (once the offline copy keeps it); "usual start" is the same site with the snapshot left out
  of the worker's constants (a copy, served beside it), measured in the same runs.
Served as a host with precompressed files would (tests/site_server.py, ``precompressed``).
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_helpers import (BARE_PYODIDE, CHROMIUM, CHROMIUM_ARGS, OFFLINE_AT, TIMEOUT, WAIT_OFFLINE,  # noqa: E402
                             WATCH_ANSWER, engine_ready_ms, ms, new_page, roll_link)
from playwright.sync_api import sync_playwright  # noqa: E402

from generator.site.build import ENGINE_INFO, ensure_site  # noqa: E402
from tests.site_server import SiteServer  # noqa: E402

RUNS = 5
CLICKS = 9
ROLL = {"roll": "melee", "terrain": "highland", "seed": 1, "army": [
    {"die": "dwarves/warlord", "rolled": 3}, {"die": "amazons/spearer", "rolled": 2},
    {"die": "coral-elves/sharpshooter", "rolled": 1}, {"die": "amazons/centaur", "rolled": 5}]}


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
WAIT_OFFLINE_COPY = """async () => { await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  while (document.documentElement.dataset.offline !== "site") await new Promise((r) => setTimeout(r, 100)); }"""


# The second reference's page (served under BARE_PAGE): its only script starts the worker, which
# says when Python is up (ms since the worker started); the page notes when it heard so.
BARE_PAGE = "/bench-bare-worker/"
BARE_FILES = {
    "index.html": '<!doctype html><html><head><meta charset="utf-8"><title>bare</title>'
                  '<script type="module" src="start.js"></script></head><body></body></html>',
    "start.js": 'const w = new Worker(new URL("worker.js", import.meta.url));\n'
                'w.onmessage = (e) => { window.__bare = { at: performance.now(), up: e.data }; };\n',
    "worker.js": 'const root = new URL("../", self.location.href).href;\n'
                 'importScripts(root + "pyodide/pyodide.js");\n'
                 'loadPyodide({ indexURL: root + "pyodide/", stdLibURL: root + "assets/engine/python_stdlib.zip",\n'
                 '  lockFileContents: LOCK }).then(() => self.postMessage(performance.now()));\n',
}


def bare_worker_page(lock: dict) -> Path:
    """The second reference's files, in a new temporary folder."""
    root = Path(tempfile.mkdtemp(prefix="bench-bare-"))
    for name, text in BARE_FILES.items():
        (root / name).write_text(text.replace("LOCK", json.dumps(lock)) if name == "worker.js" else text)
    return root


def started_after_navigation(page) -> float:  # noqa: ANN001
    """When the page's (first) worker started, in ms since the page's navigation began."""
    return page.workers[0].evaluate("performance.timeOrigin") - page.evaluate("performance.timeOrigin")


def bare_worker(browser, url: str) -> tuple[float, float]:  # noqa: ANN001
    """(navigation -> Python up, worker start -> Python up) in ms, on the second reference's page."""
    ctx, page = new_page(browser, url, service_workers="block")
    page.goto(BARE_PAGE.lstrip("/"), wait_until="commit")
    page.wait_for_function("() => window.__bare !== undefined", timeout=TIMEOUT, polling=50)
    at, up = page.evaluate("() => [window.__bare.at, window.__bare.up]")
    ctx.close()
    return at, up


def bare(browser, url: str, options: dict) -> float:  # noqa: ANN001
    ctx, page = new_page(browser, url, service_workers="block")
    page.goto("open-data/")
    took = page.evaluate(BARE_PYODIDE, [url, options])
    ctx.close()
    return took


# Until the engine's snapshot is in the offline copy's cache (kept in the background after the rest).
UNTIL_SNAPSHOT_KEPT = """async ([name, url, timeout]) => {
  for (const end = Date.now() + timeout; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    if (await (await caches.open(name)).match(new URL(url, location.origin + "/").href)) return true;
  }
  return false;
}"""
USUAL = "/bench-usual/"


def usual_start_copy(site: Path) -> Path:
    """The site with the snapshot left out of the worker's constants (hard links, but the worker)."""
    root = Path(tempfile.mkdtemp(prefix="bench-usual-")) / "site"
    shutil.copytree(site, root, copy_function=os.link)
    worker = root / "assets" / "js" / "engine" / "engine-worker.js"
    text = worker.read_text(encoding="utf-8")
    start = text.index(' "snapshot": {')
    worker.unlink()
    worker.write_text(text[:start] + ' "snapshot": null' + text[text.index("}", start) + 1:], encoding="utf-8")
    worker.with_name(worker.name + ".gz").unlink()
    return root


def visits(browser, url: str, snapshot: dict | None = None) -> tuple[float, float, tuple[float, float], dict]:  # noqa: ANN001
    """A first visit (nothing cached): engine-ready, the offline copy's delays after it (taking
    over; the whole site kept) and the worker's marks; once the offline copy is made (and keeps
    ``snapshot``, when given), a second visit (its marks in marks["second"])."""
    ctx, page = new_page(browser, url)
    first = engine_ready_ms(page)
    marks = page.workers[0].evaluate("timings") if page.workers else {}
    if page.workers:
        marks["started"] = started_after_navigation(page)
    page.wait_for_selector("#calculator[data-engine-saved]", timeout=TIMEOUT)
    page.wait_for_function(WAIT_OFFLINE, timeout=TIMEOUT, polling=50)
    page.evaluate(WAIT_OFFLINE_COPY)
    site_at = page.evaluate("() => window.__ddSiteAt === undefined ? null : window.__ddSiteAt")
    offline = (page.evaluate(OFFLINE_AT) - first, float("nan") if site_at is None else site_at - first)
    if snapshot:
        page.evaluate(UNTIL_SNAPSHOT_KEPT, [snapshot["cache"], snapshot["url"], TIMEOUT])
    second = engine_ready_ms(page)
    marks["second"] = page.workers[0].evaluate("timings") if page.workers else {}
    ctx.close()
    return first, second, offline, marks


def first_answer(browser, url: str) -> float:  # noqa: ANN001
    ctx, page = new_page(browser, url)
    ctx.add_init_script(WATCH_ANSWER)
    page.goto(roll_link(ROLL), wait_until="commit")
    page.wait_for_function("() => window.__ddAnswerAt !== undefined", timeout=TIMEOUT, polling=50)
    took = page.evaluate("() => window.__ddAnswerAt")
    ctx.close()
    return took


def clicks(browser, url: str) -> list[float]:  # noqa: ANN001
    ctx, page = new_page(browser, url)
    page.goto(roll_link(ROLL))
    page.wait_for_selector("[data-calc-results][data-state=resolved]", timeout=TIMEOUT)
    out = [page.evaluate(CLICK_TO_TRACE, 4 if i % 2 == 0 else 3) for i in range(CLICKS)]
    ctx.close()
    return out


def print_snapshot(first: list[float], second: list[float], slim: list[float], usual: list, marks: list[dict]) -> None:
    """The snapshot's figures: each visit against the usual start and the goal's reference."""
    used = sum("snapshot" in m for m in marks)
    used2 = sum("snapshot" in m["second"] for m in marks)
    ref = statistics.median(slim)
    print(f"{'snapshot: first visit used it (fast link)':<48} {used} of {len(marks)} runs")
    print(f"{'snapshot: second visit used it (kept)':<48} {used2} of {len(marks)} runs")
    print(f"{'usual start (no snapshot): first visit, ready':<48} {ms([u[0] for u in usual])}")
    print(f"{'usual start (no snapshot): second visit, ready':<48} {ms([u[1] for u in usual])}")
    print(f"{'usual start: offline copy takes over after ready':<48} {ms([u[2][0] for u in usual])}")
    for label, rows in (("first visit", first), ("second visit", second)):
        print(f"{'ratio ' + label + ' (snapshot / usual start)':<48} "
              f"{statistics.median(rows) / statistics.median([u[0 if label == 'first visit' else 1] for u in usual]):7.2f}")
        print(f"{'ratio ' + label + ' (snapshot / bare on site files)':<48} {statistics.median(rows) / ref:7.2f}"
              "   (goal <= 1.15)")


def main() -> None:
    site = ensure_site()
    lock = json.loads(ENGINE_INFO.read_text())["lockfile"]
    snapshot = json.loads(ENGINE_INFO.read_text())["snapshot"]
    usual_dir = usual_start_copy(site)
    usual: list[tuple[float, float, tuple[float, float], dict]] = []
    ours = {"stdLibURL": "assets/engine/python_stdlib.zip", "lockFileContents": lock}
    first, second, stock, slim, offline, site_kept, marks, answer = [], [], [], [], [], [], [], []
    in_worker: list[tuple[float, float]] = []
    bare_dir = bare_worker_page(lock)
    with SiteServer(site, precompressed=True, mounts={BARE_PAGE: bare_dir}) as server, \
            SiteServer(usual_dir, precompressed=True) as usual_server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        ours["stdLibURL"] = server.url + ours["stdLibURL"]
        for _ in range(RUNS):     # interleaved, fresh contexts: nothing cached between runs
            a, b, c, m = visits(browser, server.url, snapshot)
            first.append(a)
            second.append(b)
            offline.append(c[0])
            site_kept.append(c[1])
            marks.append(m)
            stock.append(bare(browser, server.url, {}))
            slim.append(bare(browser, server.url, ours))
            in_worker.append(bare_worker(browser, server.url))
            answer.append(first_answer(browser, server.url))
            usual.append(visits(browser, usual_server.url))
        click = clicks(browser, server.url)
        browser.close()
    shutil.rmtree(bare_dir, ignore_errors=True)
    shutil.rmtree(usual_dir.parent, ignore_errors=True)
    print(f"{'calculator: navigation -> engine ready':<48} {ms(first)}")
    print(f"{'bare Pyodide as published: import + load':<48} {ms(stock)}")
    print(f"{'ratio (calculator / bare Pyodide as published)':<48} {statistics.median(first) / statistics.median(stock):7.2f}")
    print(f"{'  bare Pyodide on this site runtime files':<48} {ms(slim)}")
    print(f"{'ratio (calculator / bare on this site runtime)':<48} {statistics.median(first) / statistics.median(slim):7.2f}"
          "   (goal <= 1.15)")
    print(f"{'  bare Pyodide in a worker, from navigation':<48} {ms([a for a, _ in in_worker])}"
          "   (second reference: a page that does nothing else)")
    print(f"{'    of which in the worker (start -> Python up)':<48} {ms([u for _, u in in_worker])}")
    print(f"{'  calculator: navigation -> Python up (worker)':<48} {ms([m['started'] + m['engine'] for m in marks])}")
    print(f"{'    of which in the worker (start -> Python up)':<48} {ms([m['engine'] for m in marks])}")
    print(f"{'    the worker started after navigation':<48} {ms([m['started'] for m in marks])}")
    print(f"{'ratio (calculator / bare in a worker from nav.)':<48} "
          f"{statistics.median(first) / statistics.median([a for a, _ in in_worker]):7.2f}")
    print(f"{'first visit by a roll link: navigation -> answer':<48} {ms(answer)}")
    print(f"{'offline copy takes over, after engine ready':<48} {ms(offline)}   (goal <= 5000 ms)")
    print(f"{'  the whole site kept, after engine ready':<48} {ms(site_kept)}")
    print(f"{'second visit: navigation -> engine ready':<48} {ms(second)}")
    print_snapshot(first, second, slim, usual, marks)
    print(f"{'click face -> rendered trace (incl. debounce)':<48} {ms(click)}")
    stages = [k for k in ("rest", "loader", "script", "downloaded", "engine", "data", "ready", "warm") if all(k in m for m in marks)]
    print("worker marks (ms since the worker started, median): " +
          ", ".join(f"{k} {statistics.median(m[k] for m in marks):.0f}" for k in stages))


if __name__ == "__main__":
    t = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t:.0f} s)")
