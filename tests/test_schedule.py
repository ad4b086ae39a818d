"""The order `make test` hands out modules in (tests/schedule.py) names modules that exist."""
from __future__ import annotations

from pathlib import Path

from tests.schedule import LONGEST_FIRST, OWN_PYODIDE, SHARED_PYODIDE, rank, unit

ROOT = Path(__file__).resolve().parent.parent


def test_every_listed_module_exists_once():
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
    for name in LONGEST_FIRST + OWN_PYODIDE:
        assert (ROOT / name).exists(), name


def test_the_parity_modules_sharing_pyodide_are_one_unit_and_the_rest_their_own():
    assert unit("tests/parity/test_engine_parity.py") == unit("tests/parity/test_forum_parity.py") == SHARED_PYODIDE
    assert unit("tests/parity/test_site_runtime.py") == "tests/parity/test_site_runtime.py"
    assert unit("tests/site/test_urls.py") == "tests/site/test_urls.py"
    assert rank(LONGEST_FIRST[0] + "::test_x") == 0
    assert rank("tests/engine/test_words.py::test_x") == len(LONGEST_FIRST)
