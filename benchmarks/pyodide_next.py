"""A copy of this checkout that runs on the other pinned Pyodide (``pyodide-next`` in package.json,
an npm alias installed as a dev dependency): built, tested and benchmarked like the real one,
served to no player.

The copy (``build/bench-pyodide-next/``) holds this checkout's files as they are now, with
``node_modules/pyodide`` pointing at the other version, so the generator cuts, precompiles and
copies that version's runtime, and the parity tests run it under Node. The 314 line ships its
runtime script as an ES module (``pyodide.asm.mjs``): the copy names the module files in the
build's download table and starts the engine worker as a module worker that imports the loader
and the runtime script (a classic worker cannot). Each change is a text replacement that must
match exactly once; when a file has changed shape, :func:`next_tree` says which and gives up.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ALIAS = "pyodide-next"
ROOT = REPO / "build" / "bench-pyodide-next"

# (file, old, new): the module-worker form of the runtime's download and start-up.
WORKER = "docs/assets/js/engine/engine-worker.js"
EDITS = [
    ("generator/site/generate.py", '"pyodide.js", "pyodide.asm.js"', '"pyodide.js", "pyodide.asm.mjs"'),
    ("generator/engine/assets.py", '"pyodide/pyodide.js"', '"pyodide/pyodide.mjs"'),
    ("generator/engine/assets.py", '"pyodide/pyodide.asm.js"', '"pyodide/pyodide.asm.mjs"'),
    ("generator/engine/snapshot.py", '"pyodide.asm.js"', '"pyodide.asm.mjs"'),
    (WORKER, '"use strict";\n', ""),
    (WORKER, "importScripts(abs(ENGINE.files[id].url));", "return import(abs(ENGINE.files[id].url));"),
    (WORKER, "try { importScripts(url); return; } catch", "try { return await import(url); } catch"),
    (WORKER, 'await runScript(started.loader, "loader", blob);',
     'const { loadPyodide } = await runScript(started.loader, "loader", blob);'),
    (WORKER, 'await runScript(started.script, "script", blob);',
     'const createPyodideModule = (await runScript(started.script, "script", blob)).default;'),
    (WORKER, "lockFileContents: ENGINE.lockfile };", "lockFileContents: ENGINE.lockfile, createPyodideModule };"),
]
# ``new Worker(url)`` -> ``new Worker(url, { type: "module" })`` wherever the engine worker starts.
STARTERS = ("docs/assets/js/engine/engine.js", "docs/assets/js/engine/early-worker.js")
NEW_WORKER = re.compile(r"new Worker\(([^(),]*(?:\([^()]*\))?[^(),]*)\)")


def pinned(package_json: dict) -> dict[str, str]:
    """``{"pyodide": "0.29.5", "pyodide-next": "314.0.7"}`` as package.json pins them."""
    deps = {**package_json.get("devDependencies", {}), **package_json["dependencies"]}
    return {"pyodide": deps["pyodide"], ALIAS: deps[ALIAS].rpartition("@")[2]} if ALIAS in deps else {}


def _copy_checkout() -> None:
    files = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           capture_output=True, check=True).stdout.decode().split("\0")
    wanted = {rel for rel in files if rel and (REPO / rel).is_file()}
    for rel in wanted:
        src, dst = REPO / rel, ROOT / rel
        if not dst.exists() or dst.read_bytes() != src.read_bytes():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    for folder in {rel.split("/")[0] for rel in wanted if "/" in rel}:     # files deleted since
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.is_file() and "__pycache__" not in path.parts and rel not in wanted:
                path.unlink()


def _link_node_modules() -> None:
    modules = ROOT / "node_modules"
    modules.mkdir(parents=True, exist_ok=True)
    for entry in (REPO / "node_modules").iterdir():
        if entry.name in ("pyodide", ALIAS) or entry.name.startswith("."):
            continue
        if not (modules / entry.name).is_symlink():
            (modules / entry.name).symlink_to(entry)
    link = modules / "pyodide"
    if not link.is_symlink():
        link.symlink_to(REPO / "node_modules" / ALIAS)
    cache = ROOT / "build" / "cache"          # slow pure steps, keyed by their inputs' hashes
    if not cache.exists():
        cache.parent.mkdir(parents=True, exist_ok=True)
        (REPO / "build" / "cache").mkdir(parents=True, exist_ok=True)
        cache.symlink_to(REPO / "build" / "cache")


def edited_texts(root: Path) -> dict[str, str] | str:
    """The files of the checkout at ``root`` that the copy changes, as changed by :data:`EDITS` and
    the module-worker starts; the reason (a string) when one edit does not find its text once."""
    texts: dict[str, str] = {}
    for rel, old, new in EDITS:
        text = texts.get(rel, (root / rel).read_text(encoding="utf-8"))
        if text.count(old) != 1:
            return f"{rel} changed shape ({old!r} found {text.count(old)} times)"
        texts[rel] = text.replace(old, new)
    for rel in STARTERS:
        text = (root / rel).read_text(encoding="utf-8")
        text, n = NEW_WORKER.subn(r'new Worker(\1, { type: "module" })', text)
        if n != 1:
            return f"{rel} changed shape (new Worker(...) found {n} times)"
        texts[rel] = text
    return texts


def _edit() -> str | None:
    """Apply :func:`edited_texts` and the pin to the copy; the reason when an edit does not apply."""
    texts = edited_texts(ROOT)
    if isinstance(texts, str):
        return texts
    package = json.loads((ROOT / "package.json").read_text())
    package["dependencies"]["pyodide"] = pinned(package)[ALIAS]     # what node_modules/pyodide now is
    texts["package.json"] = json.dumps(package, indent=2) + "\n"
    for rel, text in texts.items():
        (ROOT / rel).write_text(text, encoding="utf-8")
    return None


def next_tree() -> tuple[Path | None, str]:
    """The copy, built: ``(root, version)``, or ``(None, reason)`` when it cannot be made."""
    if not (REPO / "node_modules" / ALIAS / "pyodide.asm.wasm").exists():
        return None, f"node_modules/{ALIAS} is missing (npm ci installs it)"
    _copy_checkout()
    _link_node_modules()
    reason = _edit()
    if reason is not None:
        return None, reason
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "generator", "build"], cwd=ROOT, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return None, "build failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    return ROOT, version


if __name__ == "__main__":      # build the copy (for running its tests by hand)
    where, what = next_tree()
    print(where or "not built:", what)
