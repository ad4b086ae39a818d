"""Fixtures of the site tests: the built site (``site/``, built when any input is newer)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.site.build import ensure_site
from generator.paths import DOCS_DIR

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def site() -> Path:
    return ensure_site()


@pytest.fixture(scope="session")
def first_hits(tmp_path_factory):
    """query list -> the URL of each query's first result."""
    site = ensure_site()
    folder = tmp_path_factory.mktemp("search")
    ranker = folder / "search-rank.mjs"
    shutil.copy(DOCS_DIR / "assets" / "js" / "site" / "search-rank.js", ranker)

    def run(queries: list[str]) -> list[str]:
        proc = subprocess.run(["node", str(HERE / "search_node.mjs"), str(ranker), str(site / "search" / "index.json")],
                              input=json.dumps(queries), capture_output=True, text=True, timeout=300, check=True)
        return json.loads(proc.stdout)
    run.ranker = str(ranker)  # type: ignore[attr-defined]
    return run
