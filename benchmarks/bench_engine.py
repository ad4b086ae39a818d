"""Resolutions per second for a 24-point army in CPython (``make bench``; no assertions).

Reads the validated bundle with generator.data.load.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calculator import Engine  # noqa: E402
from generator.data.load import load_dataset  # noqa: E402

# 24 points: two monsters (8), two large (6), three medium (6), four small (4).
ARMY = ["coral-elves/gryphon", "coral-elves/coral-giant", "coral-elves/protector", "coral-elves/sharpshooter",
        "coral-elves/trooper", "coral-elves/knight", "coral-elves/archer", "coral-elves/fighter",
        "coral-elves/guard", "coral-elves/bowman", "coral-elves/horseman"]


def main(seconds: float = 2.0) -> None:
    t0 = time.perf_counter()
    engine = Engine(load_dataset().bundle())
    t_index = time.perf_counter() - t0
    for roll in ("save", "melee", "dragon_attack"):
        n, seed = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            engine.resolve({"roll": roll, "terrain": "coastland", "seed": seed,
                            "army": [{"die": d} for d in ARMY], "modifiers": [{"spell": "stone-skin"}]})
            n += 1
            seed += 1
        rate = n / (time.perf_counter() - start)
        print(f"{roll:>14}: {rate:8.0f} resolutions/s (24-point army, {len(ARMY)} dice, random faces)")
    print(f"{'index':>14}: {t_index * 1000:8.1f} ms to load and index the bundle")


if __name__ == "__main__":
    main()
