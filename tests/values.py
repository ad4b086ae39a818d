"""Reading nested JSON-like values in tests."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def strings(value: Any) -> Iterator[str]:
    """Every string inside ``value`` (dicts' values and lists' items, at any depth), in order."""
    if isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value
