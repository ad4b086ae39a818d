"""Plain custom dice for comparing the single-roll chances with Icepool (a test and a benchmark):
each die has six faces showing 1 to 4 melee icons, a save or a magic icon (no melee result)."""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

FILLERS = ("save", "magic")


def plain_dice(n: int, seed: int) -> list[list[int]]:
    """``n`` dice, each a list of six melee counts (0: a face with no melee result)."""
    rng = random.Random(seed)
    return [[rng.choice((0, 1, 1, 2, 2, 3, 4)) for _ in range(6)] for _ in range(n)]


def engine_input(dice: list[list[int]]) -> dict[str, Any]:
    def face(k: int, i: int) -> str:
        return f"{k} melee" if k else FILLERS[i % 2]
    return {"roll": "melee", "army": [{"species": "amazons", "health": 1, "faces": [face(k, i) for i, k in enumerate(d)]}
                                      for d in dice]}


def icepool_sum(dice: list[list[int]]) -> dict[int, float]:
    import icepool

    total = icepool.Die([0])
    for d in dice:
        total = total + icepool.Die(d)
    den = total.denominator()
    return {int(k): float(Fraction(q, den)) for k, q in total.items()}
