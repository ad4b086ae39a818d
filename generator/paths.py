"""Where things are: the folders of the checkout that the generator reads and writes."""
from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"          # the single source of truth
DOCS_DIR = REPO_ROOT / "docs"          # hand-written pages and site assets
BUILD_DIR = REPO_ROOT / "build"        # never committed
OUT_DIR = BUILD_DIR / "docs"           # what MkDocs builds from: docs/ + generated pages
SITE_DIR = REPO_ROOT / "site"          # the built site
