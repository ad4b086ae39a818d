"""The single-roll chances against a general dice library (Icepool, exact fractions): on plain sums
of 12, 24 and 48 custom dice, every total's chance agrees to 1e-12.

Plain sums: hand-described units whose faces show N melee icons (N melee results each, p.10) or a
save or magic icon (no melee result), no terrain, no SAI, no ID face: the melee total is the sum of
the dice, which Icepool adds by its own convolution.
"""
from __future__ import annotations

import pytest

icepool = pytest.importorskip("icepool")      # installed by `make test` (pyproject's test extras)

from benchmarks.plain_dice import engine_input, icepool_sum, plain_dice   # noqa: E402


@pytest.mark.parametrize("n", [12, 24, 48])
def test_plain_sums_agree_with_icepool(engine, n):
    dice = plain_dice(n, seed=n)
    ours = {int(k): p for k, p in engine.distribution(engine_input(dice))["distribution"].items()}
    theirs = icepool_sum(dice)
    assert set(ours) == set(theirs)
    assert max(abs(ours[k] - theirs[k]) for k in theirs) < 1e-12
    assert abs(sum(ours.values()) - 1.0) < 1e-12
