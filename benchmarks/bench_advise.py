"""``advise`` for a whole army: every option of a 24-point force's army facing another at one
terrain (the maneuver, melee, missile and magic: the army holds the terrain's eighth face, so any
action is open), beside the time of the same questions asked one by one (``distribution`` of each
maneuver roll and of the magic roll, ``exchange-odds`` of the melee and of the missile attack).

Measures and prints; never asserts.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_exchange import AMAZONS_23, CORAL_24  # noqa: E402
from browser_helpers import elapsed  # noqa: E402
from calculator import Engine  # noqa: E402
from generator.data.load import load_dataset  # noqa: E402

TERRAIN = "highland-tower"


def side(dice: list[str]) -> dict:
    return {"army": [{"die": d} for d in dice]}


def advice() -> dict:
    return {"terrain": {"die": TERRAIN, "face": 8, "controller": "army"},
            "army": {"name": "Amazons (23)", **side(AMAZONS_23)},
            "opposing": [{"name": "Coral Elves (24)", **side(CORAL_24)}]}


def one_by_one(engine: Engine) -> None:
    """The same questions, each asked of its own command (the army rolls with the Tower, p.15)."""
    mine = {**side(AMAZONS_23), "eighth_faces": ["tower"]}
    engine.distribution({"roll": "maneuver", "terrain": TERRAIN, **mine})
    engine.distribution({"roll": "maneuver", "terrain": TERRAIN, "counter": True, **side(CORAL_24)})
    for attack in ("melee", "missile"):
        engine.exchange_odds({"attack": attack, "terrain": TERRAIN, "attacker": mine, "defender": side(CORAL_24)})
    engine.distribution({"roll": "magic", "terrain": TERRAIN, **mine})


def cpython(engine: Engine, repeat: int = 3) -> None:
    data = advice()
    best = min(elapsed(lambda: engine.advise(data)) for _ in range(repeat))
    out = engine.advise(data)
    methods = ", ".join(f"{o['action']} {o['method']}" for o in out["options"])
    print(f"CPython  advise, Amazons (23) vs Coral Elves (24) at a held Tower, all options: {best * 1000:7.0f} ms  "
          f"({methods})")
    alone = min(elapsed(lambda: one_by_one(engine)) for _ in range(repeat))
    print(f"CPython  the same maneuver rolls, exchanges and magic roll asked one by one: {alone * 1000:7.0f} ms")


if __name__ == "__main__":
    cpython(Engine(load_dataset().bundle()))
