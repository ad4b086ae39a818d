"""The site's own scripts go out minified: on a first visit over a slow link every byte before the
calculator's first answer counts, and a plain host sends the scripts as they are (about 0.35 MB
with their comments, about half that minified). The sources in ``docs/`` keep their comments.

terser (npm, pinned in package.json) runs under Node, once for every script not yet remembered:
the build's memo keeps each result by the hash of the script, terser's version and this step's
options, so a rebuild minifies only what changed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..engine.assets import Memo, digest
from ..node import NodeFailed, run_node
from ..paths import REPO_ROOT

SCRIPT = Path(__file__).with_name("js") / "minify.mjs"
TERSER = REPO_ROOT / "node_modules" / "terser" / "package.json"
FOLDERS = ("assets/js", "assets/theme")
# Read as text after this step: the engine worker's constants (by the tests and benchmarks) and
# packed.js's functions (copied into the service worker by generator.site.offline).
AS_THEY_ARE = {"assets/js/engine/engine-worker.js", "assets/js/engine/packed.js"}
MODULE = re.compile(r"^(import|export)\b", re.M)


def site_scripts(site: Path) -> list[Path]:
    found = [p for folder in FOLDERS for p in sorted((site / folder).rglob("*.js"))]
    return [p for p in found if p.relative_to(site).as_posix() not in AS_THEY_ARE]


def terser_version() -> str:
    try:
        return json.loads(TERSER.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise SystemExit("error: terser is not installed (node_modules/terser); run `npm ci`") from None


def run_terser(files: list[dict]) -> list[str]:
    try:
        return json.loads(run_node(SCRIPT, stdin=json.dumps(files), cwd=REPO_ROOT))
    except NodeFailed as exc:
        raise SystemExit(f"error: could not minify the site's scripts ({exc.reason})") from None


def minify_scripts(site: Path, memo: Memo) -> int:
    """Each of the site's own scripts below ``site`` replaced by its minified form; returns how many."""
    tag = "terser-" + terser_version() + ":" + digest(SCRIPT.read_bytes())
    paths = site_scripts(site)
    out: dict[Path, bytes] = {}
    todo: list[tuple[Path, str, dict]] = []
    for path in paths:
        data = path.read_bytes()
        key = tag + ":" + digest(data)
        made = memo.get(key, lambda: None)       # remembered, or None: minified below, once for all
        if made is not None:
            out[path] = made
        else:
            code = data.decode("utf-8")
            todo.append((path, key, {"code": code, "module": bool(MODULE.search(code))}))
    minified = run_terser([file for _, _, file in todo]) if todo else []
    for (path, key, _), code in zip(todo, minified):
        data = code.encode("utf-8")
        out[path] = memo.get(key, lambda: data)     # called at once: this turn's bytes
    for path, data in out.items():
        path.write_bytes(data)
    return len(paths)
