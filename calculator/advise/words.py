"""The words and keys of the advice, for the page (published in the bundle's vocabulary): how the
options may be sorted and charted, each read from a place in an option of the answer, so the page
restates none of it. A path names keys of an option; ``at_least`` with ``k`` is P(at least k)."""
from __future__ import annotations

from typing import Any

ACTIONS = {"maneuver": "Maneuver", "melee": "Melee", "missile": "Missile", "magic": "Magic"}

# Each figure: what the table shows and the page may sort by; ``best``: which end is better.
FIGURES: list[dict[str, Any]] = [
    {"key": "killed", "label": "Expected health-worth killed", "short": "Average kills",
     "path": ["killed", "mean"], "best": "high", "as": "number"},
    {"key": "kill_at_least", "label": "Chance to kill at least", "short": "Chance to kill at least",
     "path": ["killed"], "best": "high", "as": "at_least", "k": 1},
    {"key": "maneuver", "label": "Chance the maneuver succeeds", "short": "Maneuver succeeds",
     "path": ["chance"], "best": "high", "as": "chance"},
    {"key": "losses", "label": "Own expected losses", "short": "Average own losses",
     "path": ["losses", "killed", "mean"], "best": "low", "as": "number"},
    {"key": "magic", "label": "Expected magic results", "short": "Average magic",
     "path": ["magic", "mean"], "best": "high", "as": "number"},
]

# What the comparison chart may draw: a distribution of each option that has it.
CHARTS: list[dict[str, Any]] = [
    {"key": "damage", "label": "Damage dealt", "path": ["damage"], "axis": "Damage dealt to the target"},
    {"key": "killed", "label": "Health-worth killed", "path": ["killed"], "axis": "Health-worth of units killed"},
    {"key": "losses", "label": "Own health-worth lost", "path": ["losses", "killed"],
     "axis": "Health-worth of own units lost"},
    {"key": "magic", "label": "Magic results", "path": ["magic"], "axis": "Magic results rolled"},
]

VIEWS: list[dict[str, Any]] = [{"key": "at_least", "label": "At least", "axis": "Chance of at least this many"},
         {"key": "at_most", "label": "At most", "axis": "Chance of at most this many"}]


# The k of "at least k" a page may ask for: more health-worth than any army can lose in one roll.
K_RANGE = {"from": 1, "to": 99}


def advise_vocabulary() -> dict[str, object]:
    return {"actions": dict(ACTIONS), "figures": [dict(f) for f in FIGURES], "charts": [dict(c) for c in CHARTS],
            "views": [dict(v) for v in VIEWS], "k": dict(K_RANGE)}


__all__ = ["advise_vocabulary"]
