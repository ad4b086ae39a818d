"""Where a Pyodide memory snapshot would take engine-ready (an experiment for issue 23's first
goal; the site does not use one). Prints figures; asserts nothing.

Under Node, Pyodide starts, imports the engine and is saved as a memory snapshot
(pyodide_snapshot.mjs). In headless Chromium, each run a fresh context (nothing cached) opens a
page that does nothing else and starts a worker that does what the calculator's worker does up
to "ready" (Python up, the engine's zip written and imported, the data loaded): once the usual way,
once from the snapshot (fetched as a file of the site, which the server sends compressed). Both
then answer the same roll, which must be the same answer. Figures: time from the worker's start
to Python up and to ready, and the snapshot's bytes (as it is, and gzipped: what a first visit
would download on top of today's files).
"""
from __future__ import annotations

import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, TIMEOUT, ms  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from generator.build import ENGINE_INFO, ensure_site  # noqa: E402
from tests.site_server import SiteServer  # noqa: E402

HERE = Path(__file__).resolve().parent
RUNS = 5
MOUNT = "/bench-snapshot/"
ROLL = {"roll": "melee", "army": [{"die": "amazons/spearer", "rolled": 1}]}
WORKER = """const root = new URL("../", self.location.href).href;
importScripts(root + "pyodide/pyodide.js");
self.onmessage = async (e) => {
  const { snapshot, info, roll } = e.data;
  const t0 = performance.now();
  const get = (rel) => fetch(root + rel);
  const options = { indexURL: root + "pyodide/", stdLibURL: root + info.files.stdlib.url, lockFileContents: info.lockfile };
  if (snapshot) options._loadSnapshot = get("bench-snapshot/snapshot.bin").then((r) => r.arrayBuffer()).then((b) => new Uint8Array(b));
  const code = get(info.files.code.url).then((r) => r.arrayBuffer());
  const data = get(info.files.data.url).then((r) => r.text());
  const pyodide = await loadPyodide(options);
  const up = performance.now() - t0;
  pyodide.FS.writeFile("/lib/dragondice_engine.zip", new Uint8Array(await code));
  if (!snapshot) pyodide.runPython("import sys; sys.path.insert(0, '/lib/dragondice_engine.zip')");
  const dispatch = pyodide.pyimport("calculator.webworker").dispatch;
  const loaded = JSON.parse(dispatch("load", await data));
  const ready = performance.now() - t0;
  self.postMessage({ up, ready, ok: loaded.ok, answer: dispatch("resolve", roll) });
};
"""
RUN = """async ([url, message]) => new Promise((resolve) => {
  const w = new Worker(url);
  w.onmessage = (e) => { w.terminate(); resolve(e.data); };
  w.postMessage(message);
})"""


def make_snapshot(site: Path, folder: Path) -> tuple[int, int]:
    """The snapshot (and its .gz copy) in ``folder``; its bytes as it is and gzipped."""
    out = folder / "snapshot.bin"
    subprocess.run(["node", str(HERE / "pyodide_snapshot.mjs"), str(site), str(ENGINE_INFO), str(out)],
                   check=True, cwd=HERE.parent)
    packed = gzip.compress(out.read_bytes(), 9)
    (folder / "snapshot.bin.gz").write_bytes(packed)
    return out.stat().st_size, len(packed)


def main() -> None:
    site = ensure_site()
    info = json.loads(ENGINE_INFO.read_text())
    folder = Path(tempfile.mkdtemp(prefix="bench-snapshot-"))
    (folder / "worker.js").write_text(WORKER)
    size, packed = make_snapshot(site, folder)
    rows: dict[bool, list[dict]] = {False: [], True: []}
    with SiteServer(site, precompressed=True, mounts={MOUNT: folder}) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for _ in range(RUNS):            # interleaved, fresh contexts: nothing cached between runs
            for snapshot in (False, True):
                ctx = browser.new_context(base_url=server.url, service_workers="block")
                page = ctx.new_page()
                page.set_default_timeout(TIMEOUT)
                page.goto("open-data/")
                rows[snapshot].append(page.evaluate(RUN, [server.url + MOUNT.lstrip("/") + "worker.js",
                                                          {"snapshot": snapshot, "info": info, "roll": json.dumps(ROLL)}]))
                ctx.close()
        browser.close()
    shutil.rmtree(folder, ignore_errors=True)
    same = all(r["ok"] and r["answer"] == rows[False][0]["answer"] for r in rows[False] + rows[True])
    for snapshot, label in ((False, "worker, usual start"), (True, "worker, from the snapshot")):
        print(f"{label + ': start -> Python up':<48} {ms([r['up'] for r in rows[snapshot]])}")
        print(f"{label + ': start -> ready':<48} {ms([r['ready'] for r in rows[snapshot]])}")
    ratio = statistics.median(r["ready"] for r in rows[True]) / statistics.median(r["ready"] for r in rows[False])
    print(f"{'ratio (from the snapshot / usual), ready':<48} {ratio:7.2f}")
    print(f"{'snapshot bytes: as it is / gzipped':<48} {size:,} / {packed:,}")
    print(f"{'same answer to the same roll':<48} {'yes' if same else 'NO'}")


if __name__ == "__main__":
    t = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t:.0f} s)")
