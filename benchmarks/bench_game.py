"""How long the game command takes to replay a 200-move game in CPython (``make bench``; no assertions).

Each turn the marching player's campaign army maneuvers against the other's (dice rolled with the
move's seed, faces left to the dice), then ends its phase and its turn. Reads the validated bundle
with generator.data.load.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calculator import Engine  # noqa: E402
from generator.data.load import load_dataset  # noqa: E402

PLAYERS = [
    {"name": "alice", "terrains": {"home": "highland-tower", "frontier": "coastland-city"},
     "armies": {"home": ["amazons/seer"], "horde": ["amazons/darter"],
                "campaign": ["amazons/soldier", "amazons/runner", "amazons/charioteer"]}},
    {"name": "bob", "terrains": {"home": "flatland-tower", "frontier": "swampland-city"},
     "armies": {"home": ["goblins/thug"], "horde": ["goblins/thug"],
                "campaign": ["goblins/thug", "goblins/mugger", "goblins/wardog-rider"]}}]


def game(n_moves: int) -> dict:
    moves: list[dict] = []
    turn = 0
    while len(moves) < n_moves:
        player = ("alice", "bob")[turn % 2]
        # up on alice's turns, down on bob's: the frontier never reaches its eighth face
        moves.append({"move": "maneuver", "army": f"{player}.campaign", "direction": "up" if turn % 2 == 0 else "down"})
        moves += [{"move": "end-phase"}, {"move": "end-turn"}]
        turn += 1
    return {"setup": {"size": 24, "frontier": "alice", "first": "alice",
                      "faces": {"alice": 2, "bob": 3, "frontier": 4}, "players": PLAYERS},
            "moves": moves[:n_moves]}


def main(repeats: int = 5) -> None:
    engine = Engine(load_dataset().bundle())
    data = game(200)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        answer = engine.game(data)
        best = min(best, time.perf_counter() - start)
    turn = answer["state"]["turn"]
    print(f"{'game replay':>14}: {best * 1000:8.1f} ms for 200 moves (best of {repeats}; reached turn {turn['number']})")


if __name__ == "__main__":
    main()
