"""The one exception the engine raises for bad input.

>>> str(InputError("army[1].rolled", "unknown icon 'meele' in '3 meele'"))
"army[1].rolled: unknown icon 'meele' in '3 meele'"
"""
from __future__ import annotations


class InputError(ValueError):
    """Bad engine input; ``field`` is the JSON path of the offending value."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
