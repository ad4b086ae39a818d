"""Input limits and computation bounds: one set, enforced by the engine, published for the page.

The calculator page reads these (through ``plan`` and the data bundle) so it never offers or
writes an input the engine refuses. Computation bounds make every exact calculation answer
"too large" at once instead of hanging or running out of memory.
"""
from __future__ import annotations

from typing import Any

from .shapes import Answer

LIMITS: dict[str, int] = {
    "army_size": 60,        # dice in one army
    "health": 20,           # health of a unit given without a catalogue die
    "face_count": 99,       # N in a face "N icon" given by hand
    "faces_per_die": 20,    # faces of a die given by hand
    "amount": 999,          # amount of a free modifier
    "modifiers": 30,        # modifiers in one roll
    "reroll_depth": 20,     # faces one unit may show in a roll: the first and its "roll again" chain
    "delayed": 10,          # delayed effects passed to a save roll
    "x": 99,                # X of a delayed effect
    "seed_digits": 15,      # a seed is a whole number of at most this many digits
    "text": 80,             # free text (names, sources)
    "dragons": 6,           # dragons in one dragon attack
    "cast": 20,             # entries of a magic roll's cast list
    "cast_times": 20,       # castings of one spell in one cast entry
    "force_size": 240,      # points of a force (four times the largest suggested size, p.8)
    "force_dice": 240,      # dice in one army or in the Summoning Pool of a force
    "owned": 999,           # dice of one kind a collection holds
    "players": 8,           # players in a game (the number of terrains sets the minor terrains allowed)
    "depth": 16,            # arrays and objects nested in one input (the deepest input needs 6)
    "input_bytes": 500_000,  # bytes of one input's JSON text (UTF-8), refused before it is parsed: the
                             # largest real input (six sides of 60 dice, each face given) is under 100 KB
}

# Exact calculations (distributions, exchange odds): how much work one answer may take. The work
# is counted, not timed, so CPython and Pyodide refuse exactly the same inputs.
BOUNDS: dict[str, int] = {
    "states": 200_000,          # distinct partial outcomes kept at once
    "work": 4_000_000,          # outcome combinations examined for one answer (an evaluation counts 30)
    "payments": 300_000,        # flow steps spent checking whether magic results pay for a cast list
    "samples": 200,             # exchanges resolved for a sampled estimate (where exact odds pass "work"),
    "sample_dice": 5_000,       # ... fewer for large armies: at most this many dice rolled in all, at least 40
    "carriers": 20_000,         # ways of sharing one army's medallions and relics among its units
}


def published() -> Answer:
    """The limits as the page and the open data see them."""
    return {"input": dict(LIMITS), "bounds": dict(BOUNDS)}
