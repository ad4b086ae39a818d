"""Shared fixtures: the validated data set, the open data bundle and one engine over it."""
from __future__ import annotations

from pathlib import Path

import os

import pytest
from hypothesis import settings

REPO_ROOT = Path(__file__).resolve().parent.parent

# In CI the properties try the same examples every run (a new counter-example found by chance
# must not turn one run red and the next green); on a developer's machine they keep exploring.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def dataset():
    from generator.data.load import load_dataset

    return load_dataset(REPO_ROOT / "data")


@pytest.fixture(scope="session")
def bundle(dataset) -> dict:
    return dataset.bundle()


@pytest.fixture(scope="session")
def engine(bundle):
    """The CPython engine over the bundle (the engine, browser and parity tests compare against it)."""
    from calculator import Engine
    return Engine(bundle)


def pytest_collection_modifyitems(items):
    """The longest modules first (tests/schedule.py); a module's tests stay together and in order."""
    from tests.schedule import rank
    items.sort(key=lambda item: rank(item.nodeid))


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` hands out modules longest first (tests/schedule.py)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.schedule import make_scheduler
    return make_scheduler(config, log)
