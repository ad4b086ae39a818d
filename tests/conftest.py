"""Shared fixtures: the validated data set and the open data bundle."""
from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def dataset():
    from generator.data import load_dataset

    return load_dataset(REPO_ROOT / "data")


@pytest.fixture(scope="session")
def bundle(dataset) -> dict:
    return dataset.bundle()
