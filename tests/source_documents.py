"""Where the project's source documents are: ``data/sources/`` in the repository (data/README.md).

The seed texts the data quotes verbatim, the dice database's XML and its format guide, copied as
they are. Tests read them from here only, so a fresh clone runs every comparison with its sources.
"""
from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SOURCES = REPO_ROOT / "data" / "sources"
SEEDS = SOURCES / "seeds"
REFERENCE = SOURCES / "reference"
