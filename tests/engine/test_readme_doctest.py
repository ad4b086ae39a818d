"""calculator/README.md's examples run as written (doctest), against the data bundle built from
data/ (not the built site's copy), so the engine's documentation cannot drift from the engine.
A room's own README (calculator/<room>/README.md, or a room within a room's:
calculator/<room>/<part>/README.md) has its ``>>>`` examples run the same way."""
from __future__ import annotations

import doctest
from pathlib import Path

import pytest

CALCULATOR = Path(__file__).resolve().parents[2] / "calculator"
READMES = [CALCULATOR / "README.md"] + sorted([*CALCULATOR.glob("*/README.md"), *CALCULATOR.glob("*/*/README.md")])


@pytest.mark.parametrize("readme", READMES, ids=lambda p: p.relative_to(CALCULATOR.parent).as_posix())
def test_the_readme_examples_run(readme, bundle):
    failed, tried = doctest.testfile(str(readme), module_relative=False, globs={"bundle": bundle},
                                     optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    if readme == READMES[0]:      # the engine's own page shows every command
        assert tried >= 30, f"only {tried} examples found in {readme}"
    assert failed == 0, f"{failed} of {tried} examples in {readme} failed (printed above)"
