"""The game form of ``advise``: ``{"game": {"setup": ..., "moves": [...]}, "army": "<name>"}`` turned
into the typed form (calculator.advise.request) from the state the ``game`` command answers."""
from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from .request import AdviseInput


def from_game(engine: Any, data: Any) -> AdviseInput:
    raise InputError("game", "advice from a game's state is not available yet: type the armies and the terrain "
                             "by hand (terrain, army, opposing, elsewhere)")
