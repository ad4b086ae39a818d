"""Checks of a JSON input's fields: each error is an :class:`InputError` naming the field's path
(``army[1].health``), and every number and list is bounded (calculator.core.limits).

>>> need_int(3, "army[0].health", 1, 20)
3
>>> need_int(0, "army[0].health", 1, 20)
Traceback (most recent call last):
...
calculator.core.errors.InputError: army[0].health: expected a whole number from 1 to 20, got 0
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import InputError
from .limits import LIMITS


def need_str(value: Any, where: str, limit: int = LIMITS["text"]) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a text, got {short(value)}")
    if len(value) > limit:
        raise InputError(where, f"longer than {limit} characters")
    return value.strip()


def need_int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f">= {low}"
        raise InputError(where, f"expected a whole number {span}, got {short(value)}")
    return value


def need_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {short(value)}")
    return value


def need_list(value: Any, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, "expected a list")
    if len(value) > limit:
        raise InputError(where, f"more than {limit} entries")
    return value


def short(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number with more than 38 digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def only(raw: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
    extra = sorted(k for k in raw if k not in keys)
    if extra:
        raise InputError(f"{where}.{extra[0]}" if where else str(extra[0]), "unknown field")
