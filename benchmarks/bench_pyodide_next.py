"""The site's Pyodide against the other pinned one (``pyodide-next`` in package.json), side by side
in one run, in headless Chromium on this machine: engine-ready on the calculator page (first visit,
nothing cached), bare Pyodide (as published, and on each build's own cut-down runtime files), the
bytes a first visit is sent (plain host, and a host serving the .gz copies), and the parity corpus
(tests/parity: Pyodide under Node against CPython) run on each; and under Node, engine-ready on
each build's own runtime files in wall and CPU time (benchmarks/node_ready.mjs: the CPU time is the
steadier figure on a busy shared machine). The runs alternate between the two versions so that both
see the same machine load. Prints figures; asserts nothing.

The other version runs in a copy of this checkout built for it (benchmarks/pyodide_next.py).
"""
from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_helpers import BARE_PYODIDE, CHROMIUM, CHROMIUM_ARGS, LINK, engine_ready_ms, ms, new_page, throttle  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from pyodide_next import next_tree  # noqa: E402

from generator.site.build import ensure_site  # noqa: E402
from tests.site_server import SiteServer  # noqa: E402

RUNS = 5
NODE_RUNS = 9
SLOW_RUNS = 3
REPO = Path(__file__).resolve().parent.parent


class Build:
    """One built site of one Pyodide version, served as a host with precompressed files."""

    def __init__(self, label: str, root: Path) -> None:
        self.label, self.root, self.site = label, root, root / "site"
        info = json.loads((root / "build" / "engine.json").read_text())
        self.own = {"stdLibURL": "assets/engine/python_stdlib.zip", "lockFileContents": info["lockfile"]}
        self.figures: dict[str, list[float]] = {"ready": [], "stock": [], "own": [], "gz": [], "slow": [], "node python wall": [],
                                                "node python cpu": [], "node ready wall": [], "node ready cpu": []}

    def visit(self, browser, server, link: dict | None = None) -> tuple[float, int]:  # noqa: ANN001
        ctx, page = new_page(browser, server.url)
        if link:
            throttle(ctx, page, link)
        server.bytes.reset()
        took = engine_ready_ms(page)
        sent = server.bytes.reset()
        ctx.close()
        return took, sent

    def bare(self, browser, server, options: dict) -> float:  # noqa: ANN001
        ctx, page = new_page(browser, server.url, service_workers="block")
        page.goto("open-data/")
        took = page.evaluate(BARE_PYODIDE, [server.url, options])
        ctx.close()
        return took

    def one_run(self, browser, server) -> None:  # noqa: ANN001
        ready, sent = self.visit(browser, server)
        self.figures["ready"].append(ready)
        self.figures["gz"].append(sent)
        self.figures["stock"].append(self.bare(browser, server, {}))
        own = dict(self.own, stdLibURL=server.url + self.own["stdLibURL"])
        self.figures["own"].append(self.bare(browser, server, own))

    def node_run(self) -> None:
        proc = subprocess.run(["node", "benchmarks/node_ready.mjs", "site", "build/engine.json"], cwd=self.root,
                              capture_output=True, text=True, timeout=600)
        if proc.returncode == 0:
            out = json.loads(proc.stdout)
            for stage in ("python", "ready"):
                self.figures[f"node {stage} wall"].append(out[stage][0])
                self.figures[f"node {stage} cpu"].append(out[stage][1])

    def plain_bytes(self, browser) -> int:  # noqa: ANN001
        with SiteServer(self.site) as server:
            return self.visit(browser, server)[1]

    def slow_link(self, browser) -> None:  # noqa: ANN001
        with SiteServer(self.site) as server:
            self.figures["slow"].append(self.visit(browser, server, LINK)[0])


def parity(root: Path) -> str:
    """The parity corpus of the checkout at ``root``, run there: pytest's summary line."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "tests/parity", "-q", "-p", "no:cacheprovider"],
                          cwd=root, capture_output=True, text=True)
    lines = [ln for ln in proc.stdout.splitlines() if re.search(r"\d+ (passed|failed|error)", ln)]
    return lines[-1].strip("= ").split(" in ")[0] if lines else f"did not run (exit {proc.returncode})"


def runtime_size(site: Path) -> str:
    files = [site / "pyodide" / "pyodide.asm.wasm", site / "assets" / "engine" / "python_stdlib.zip"]
    return " + ".join(f"{p.stat().st_size / 1e6:.2f}" for p in files) + " MB"


def table(builds: list[Build], plain: list[int], parities: list[str]) -> None:
    head = "".join(f"{b.label:>44}" for b in builds)
    print(f"{'':<40}{head}")
    rows = [("calculator: navigation -> engine ready", "ready"), ("bare Pyodide as published", "stock"),
            ("bare Pyodide on the build's runtime files", "own"), ("Node: Python up, wall", "node python wall"),
            ("Node: Python up, CPU", "node python cpu"), ("Node: engine ready, wall", "node ready wall"),
            ("Node: engine ready, CPU", "node ready cpu"), ("first visit at 9 Mbit/s, 85 ms, plain host", "slow")]
    for label, key in rows:
        print(f"{label:<40}" + "".join(f"{ms(b.figures[key]) if b.figures[key] else 'failed':>44}" for b in builds))
    print(f"{'ratio calculator / bare on own files':<40}" + "".join(
        f"{statistics.median(b.figures['ready']) / statistics.median(b.figures['own']):>44.2f}" for b in builds))
    print(f"{'first visit sent, plain host':<40}" + "".join(f"{n / 1e6:>41.2f} MB" for n in plain))
    print(f"{'first visit sent, host serving .gz':<40}" + "".join(
        f"{statistics.median(b.figures['gz']) / 1e6:>41.2f} MB" for b in builds))
    print(f"{'wasm + cut-down stdlib (files)':<40}" + "".join(f"{runtime_size(b.site):>44}" for b in builds))
    print(f"{'parity corpus (tests/parity)':<40}" + "".join(f"{p:>44}" for p in parities))
    if len(builds) == 2:
        for key, runs in (("ready", RUNS), ("node ready cpu", NODE_RUNS), ("slow", SLOW_RUNS)):
            a, b = (statistics.median(x.figures[key] or [0.0]) for x in builds)
            print(f"{key}: {builds[1].label} / {builds[0].label} = {b / max(a, 1e-9):.2f} (medians of {runs}, interleaved)")


def main() -> None:
    current = ensure_site()
    version = json.loads((REPO / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    builds = [Build(f"Pyodide {version} (served)", current.parent)]
    other, what = next_tree()
    if other is None:
        print(f"the other pinned Pyodide: skipped ({what})")
    else:
        builds.append(Build(f"Pyodide {what} (not served)", other))
    for _ in range(NODE_RUNS):
        for build in builds:
            build.node_run()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        servers = [SiteServer(b.site, precompressed=True).__enter__() for b in builds]
        for _ in range(RUNS):        # interleaved, fresh contexts: nothing cached between runs
            for build, server in zip(builds, servers):
                build.one_run(browser, server)
        for server in servers:
            server.__exit__()
        plain = [b.plain_bytes(browser) for b in builds]
        for _ in range(SLOW_RUNS):
            for build in builds:
                build.slow_link(browser)
        browser.close()
    table(builds, plain, [parity(b.root) for b in builds])


if __name__ == "__main__":
    t = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t:.0f} s)")
