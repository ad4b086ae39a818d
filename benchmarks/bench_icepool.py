"""Single-roll chances against Icepool, a general dice library: plain sums of 12, 24 and 48 custom
dice (benchmarks/plain_dice.py), the engine's ``distribution`` beside Icepool's sum of the same dice.

Each figure is the median of 6 fresh processes (Icepool keeps caches within a process), timing only
the computation, after one untimed sum of other dice of the same size: the engine from its input to
the answer, Icepool from its dice to the summed die. Half the processes time the engine first and
half Icepool first, since the second finds the processor's caches as the first left them.
Measures and prints; never asserts.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = (12, 24, 48)
RUNS = 6


def once(icepool_first: bool) -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.plain_dice import engine_input, icepool_sum, plain_dice
    from calculator import Engine
    from generator.data.load import load_dataset

    engine = Engine(load_dataset().bundle())
    out = {}
    for n in SIZES:
        warm = plain_dice(n, seed=n + 1000)   # first calls import and set up: other dice, not timed
        engine.distribution(engine_input(warm))
        icepool_sum(warm)
        dice = plain_dice(n, seed=n)
        timings = {}
        for who in (("icepool", "engine") if icepool_first else ("engine", "icepool")):
            t = time.perf_counter()
            got = engine.distribution(engine_input(dice))["distribution"] if who == "engine" else icepool_sum(dice)
            timings[who] = (time.perf_counter() - t, got)
        (t_ours, ours), (t_theirs, theirs) = timings["engine"], timings["icepool"]
        worst = max(abs(ours.get(str(k), 0.0) - p) for k, p in theirs.items())
        out[n] = (t_ours, t_theirs, worst)
    print(json.dumps(out))


def main() -> None:
    try:
        import icepool
    except ImportError:
        print("Icepool is not installed (make test installs it)")
        return
    runs = []
    for _ in range(RUNS):
        proc = subprocess.run([sys.executable, __file__, "--once", "icepool" if len(runs) % 2 else "engine"],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode:
            print(proc.stderr.strip().splitlines()[-1])
            return
        runs.append(json.loads(proc.stdout))
    print(f"plain sums of custom dice, engine vs Icepool {icepool.__version__} (median of {RUNS} fresh processes)")
    for n in SIZES:
        ours = statistics.median(r[str(n)][0] for r in runs) * 1000
        theirs = statistics.median(r[str(n)][1] for r in runs) * 1000
        worst = max(r[str(n)][2] for r in runs)
        print(f"{n:>3} dice   engine {ours:8.1f} ms   Icepool {theirs:8.1f} ms   "
              f"Icepool / engine {theirs / ours:5.2f}   largest difference {worst:.1e}")


if __name__ == "__main__":
    once(sys.argv[-1] == "icepool") if "--once" in sys.argv else main()
