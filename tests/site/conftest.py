"""Fixtures of the site tests: the built site (``site/``, built when any input is newer)."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.site.build import ensure_site


@pytest.fixture(scope="session")
def site() -> Path:
    return ensure_site()
