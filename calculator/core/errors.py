"""The engine's exceptions: bad input, bad data, and computations past their bounds.

>>> str(InputError("army[1].rolled", "unknown icon 'meele' in '3 meele'"))
"army[1].rolled: unknown icon 'meele' in '3 meele'"
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class InputError(ValueError):
    """Bad engine input; ``field`` is the JSON path of the offending value."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class TooLarge(InputError):
    """A computation that would pass its documented bound: answered at once, never by hanging."""


class NotExact(InputError):
    """Input whose exact chances are not worked out (a part of it depends on what only the roll
    itself shows); where an estimate can be made, it stands for them."""


class ParamError(ValueError):
    """A data value that no registered kind accepts; ``field`` is its path inside the entry."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class BundleError(ValueError):
    """A data bundle the engine cannot use: names the kind, the entry and the field."""

    def __init__(self, kind: str, entry: str | None, field: str | None, message: str) -> None:
        where = ": ".join(p for p in (kind, f"entry '{entry}'" if entry else "", f"field '{field}'" if field else "")
                          if p)
        super().__init__(f"{where}: {message}")
        self.kind, self.entry, self.field, self.message = kind, entry, field, message


def in_entry(kind: str, entry: str, fn: Callable[..., T], *args: object) -> T:
    """``fn(*args)``, a :class:`ParamError` it raises named as the data's: its kind, entry and field."""
    try:
        return fn(*args)
    except ParamError as exc:
        raise BundleError(kind, entry, exc.field, exc.message) from None
