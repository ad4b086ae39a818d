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

import math
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any

from .shapes import Raw
from .errors import InputError
from .limits import LIMITS


def need_str(value: object, where: str, limit: int = LIMITS["text"]) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a text, got {short(value)}")
    if len(value) > limit:
        raise InputError(where, f"longer than {limit} characters")
    return value.strip()


def need_int(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f">= {low}"
        raise InputError(where, f"expected a whole number {span}, got {short(value)}")
    return value


def need_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {short(value)}")
    return value


def need_list(value: object, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, "expected a list")
    if len(value) > limit:
        raise InputError(where, f"more than {limit} entries")
    return value


def opt_list(value: object, where: str, limit: int) -> list[Any]:
    """A list that may be left out (absent or null); any other value that is not a list is an error,
    never read as an empty list (``"rerolled": 0``, ``"modifiers": false``)."""
    return [] if value is None else need_list(value, where, limit)


def short(value: object) -> str:
    """A value as the player wrote it in JSON (null, true), never Python's spelling (None, True)."""
    if value is None or isinstance(value, bool):
        return json_word(value)
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number with more than 38 digits"
    if isinstance(value, float) and not math.isfinite(value):
        return "a number too large to use"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def only(raw: Raw, keys: tuple[str, ...], where: str) -> None:
    extra = [k for k in raw if k not in keys]
    if extra:
        extra.sort()
        raise InputError(f"{where}.{extra[0]}" if where else str(extra[0]), "unknown field")


# Control characters, invisible format characters (U+200B zero width space, U+202E right-to-left
# override), surrogates, private-use and unassigned code points: never part of an id, a face or a name.
HIDDEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def walk(data: object) -> Iterator[tuple[str, Any, int]]:
    """Every value of a JSON value with its path (``army[0].rolled``) and how many arrays and
    objects hold it, itself included; without recursion, so any depth is walked safely."""
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, (Mapping, list)):
            depth += 1
            items = value.items() if isinstance(value, Mapping) else enumerate(value)
            stack.extend(reversed([(f"{path}[{k}]" if isinstance(value, list) else f"{path}.{k}" if path else str(k),
                                    v, depth) for k, v in items]))
        yield path, value, depth


def json_word(value: None | bool) -> str:
    return "null" if value is None else "true" if value else "false"


# Issue 52: a text that starts or ends with a space (or any other blank: a no-break space, U+3000)
# is refused, never trimmed. Ids are matched exactly ("amazons/warrior " is not a die), and every
# command reads its texts here (check_tree), so none silently drops what another refuses.
def blank_end(value: str) -> bool:
    return bool(value) and (value[0].isspace() or value[-1].isspace())


def check_text(value: str, where: str) -> None:
    if blank_end(value):
        raise InputError(where, "starts or ends with a space (write it without)")
    if value.isprintable():
        return
    bad = next((ch for ch in value if unicodedata.category(ch) in HIDDEN), None)
    if bad is not None:
        raise InputError(where, f"contains an invisible or control character (U+{ord(bad):04X})")


def check_tree(data: object) -> None:
    """The whole input at once: nested at most ``LIMITS["depth"]`` levels, and no text (key or value)
    with a hidden character, which an id's spelling would otherwise silently drop."""
    limit = LIMITS["depth"]
    if not plainly_fine(data, limit):
        walk_check(data, limit)


def walk_check(data: object, limit: int) -> None:
    """check_tree's full walk: the first value nested too deep or text with a hidden character,
    named by its path."""
    for path, value, depth in walk(data):
        if depth > limit:
            raise InputError(path or "input", f"nested more than {limit} levels deep")
        if isinstance(value, str):
            check_text(value, path or "input")
        elif isinstance(value, Mapping):
            for key in value:
                if isinstance(key, str):
                    shown = key[:40].encode("unicode_escape").decode("ascii")    # the field named, visibly
                    check_text(key, f"{path}.{shown}" if path else shown)


SCALARS = (int, float, bool, type(None))


def plainly_fine(data: object, limit: int) -> bool:
    """A quick pass that names no path: True only when the input is plain JSON (dicts, lists, texts,
    numbers), nested at most ``limit`` levels, and every text is printable, so the full walk could
    find nothing; anything else (a hidden character, a deep tree, another type) takes the full walk,
    which names the field."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        kind = type(value)
        if kind is dict:
            items: Any = value.values()
            for key in value:
                if type(key) is not str or not key.isprintable() or blank_end(key):
                    return False
        elif kind is list:
            items = value
        elif kind is str:
            if not value.isprintable() or blank_end(value):
                return False
            continue
        elif kind in SCALARS:
            continue
        else:
            return False
        depth += 1
        if depth > limit:
            return False
        for v in items:
            k = type(v)
            if k is str:
                if not v.isprintable() or blank_end(v):
                    return False
            elif k not in SCALARS:
                stack.append((v, depth))
    return True
