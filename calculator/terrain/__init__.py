"""Maneuvers and the terrain die (rulebook v4.01d p.11 "Maneuver", p.15 "Eighth Face"), composed
of single maneuver rolls; eighth faces and minor terrains act inside each roll (calculator.roll.held,
calculator.kinds.terrain).

>>> from calculator import Engine                                    # doctest: +SKIP
>>> Engine(bundle).maneuver({"terrain": {"die": "coastland-tower", "face": 7},
...                          "maneuvering": {...}, "opposing": [], "direction": "up"})["captured"]  # doctest: +SKIP
True
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from .flow import resolve_maneuver
from .request import parse_maneuver
from ..roll.asks import EngineView


def maneuver(engine: EngineView, data: object) -> Answer:
    return resolve_maneuver(engine.index, parse_maneuver(data, engine.index))


__all__ = ["maneuver"]
