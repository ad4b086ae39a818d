"""calculator/README.md's examples run as written (doctest), against the data bundle built from
data/ (not the built site's copy), so the engine's documentation cannot drift from the engine."""
from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "calculator" / "README.md"


def test_the_calculator_readme_examples_run(bundle):
    failed, tried = doctest.testfile(str(README), module_relative=False, globs={"bundle": bundle},
                                     optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried >= 30, f"only {tried} examples found in {README.name}"
    assert failed == 0, f"{failed} of {tried} examples in {README.name} failed (printed above)"
