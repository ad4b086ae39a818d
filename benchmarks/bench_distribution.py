"""Engine.distribution times for 6-, 12- and 24-point armies: CPython, then Pyodide in Chromium.

Measures and prints; never asserts. The browser part needs the built site (``make build``).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser_helpers import elapsed, engine_page  # noqa: E402
from tests.browser.modules import ENGINE  # noqa: E402
from calculator import Engine  # noqa: E402
from generator.data.load import load_dataset  # noqa: E402

ARMIES = {  # points: dice (monster 4, large 3, medium 2, small 1)
    6: ["coral-elves/sharpshooter", "coral-elves/trooper", "coral-elves/fighter"],
    12: ["coral-elves/gryphon", "coral-elves/sharpshooter", "coral-elves/trooper", "coral-elves/archer",
         "coral-elves/fighter"],
    24: ["coral-elves/gryphon", "coral-elves/coral-giant", "coral-elves/protector", "coral-elves/sharpshooter",
         "coral-elves/trooper", "coral-elves/knight", "coral-elves/archer", "coral-elves/fighter",
         "coral-elves/guard", "coral-elves/bowman", "coral-elves/horseman"],
}
ROLLS = ("save", "melee", "missile", "dragon_attack")


def inputs():
    for pts, dice in ARMIES.items():
        for roll in ROLLS:
            yield pts, roll, {"roll": roll, "terrain": "coastland", "army": [{"die": d} for d in dice],
                              "modifiers": [{"spell": "stone-skin"}]}


def cpython(repeat: int = 5) -> None:
    engine = Engine(load_dataset().bundle())
    for pts, roll, inp in inputs():
        best = min(elapsed(lambda: engine.distribution(inp)) for _ in range(repeat))
        print(f"CPython  {pts:>2} points {roll:>14}: {best * 1000:7.1f} ms")


def browser() -> None:
    with engine_page() as page:
        if page is None:
            return
        for pts, roll, inp in inputs():
            ms = page.evaluate("""async (inp) => {
                let best = Infinity;
                for (let i = 0; i < 3; i++) {
                  const t = performance.now();
                  await ENGINE.call("distribution", inp);
                  best = Math.min(best, performance.now() - t);
                }
                return best; }""".replace("ENGINE", ENGINE), inp)
            print(f"Pyodide  {pts:>2} points {roll:>14}: {ms:7.1f} ms (round trip to the worker)")


if __name__ == "__main__":
    cpython()
    browser()
