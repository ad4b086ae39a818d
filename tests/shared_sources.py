"""Where the project's source documents are: ``../shared`` beside the checkout (as in CI).

``DRAGONDICE_SHARED`` overrides it. Tests that compare data with these sources fail, never skip,
when the folder is missing: a verbatim check that silently does not run proves nothing.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Callable

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DRAGONDICE_SHARED", REPO_ROOT.parent / "shared"))
SEEDS = SHARED / "seeds"
REFERENCE = SHARED / "reference"


def needs(path: Path) -> Callable:
    """Decorate a test that reads ``path``: a clear failure when it is missing."""
    def decorate(test: Callable) -> Callable:
        @functools.wraps(test)
        def run(*args, **kwargs):
            assert path.exists(), f"source documents not found: {path} (set DRAGONDICE_SHARED)"
            return test(*args, **kwargs)
        return run
    return decorate
