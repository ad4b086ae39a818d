"""What the rooms above the single roll may ask of the engine (calculator.engine.Engine): its
indexed data and its commands, each answering plain JSON. A room is handed the engine and calls
only what is declared here; the type checker holds the engine to it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..core.shapes import Answer

if TYPE_CHECKING:       # annotations only: a room handed the engine loads nothing more for it
    from ..bundle import Index
    from .inputs import RollInput


class EngineView(Protocol):
    @property
    def index(self) -> Index: ...

    def parse(self, data: object) -> RollInput: ...
    def resolve(self, data: object) -> Answer: ...
    def distribution(self, data: object) -> Answer: ...
    def exchange(self, data: object) -> Answer: ...
    def exchange_odds(self, data: object) -> Answer: ...
    def maneuver(self, data: object) -> Answer: ...
