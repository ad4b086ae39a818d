"""JSON text at the engine's boundary, read the same way by the command line and the browser's
worker: a key given twice in one object and nesting past ``LIMITS["depth"]`` are errors naming the
field, never a silent "last one wins" or a parser recursing until it runs out of stack.

>>> read_json('{"roll": "melee", "army": []}')
{'roll': 'melee', 'army': []}
>>> read_json('{"army": [{"rolled": 1, "rolled": 2}]}')
Traceback (most recent call last):
...
calculator.core.errors.InputError: army[0].rolled: given twice (a field may appear only once)
>>> read_json('[' * 40 + ']' * 40)
Traceback (most recent call last):
...
calculator.core.errors.InputError: input: nested more than 16 levels deep
"""
from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import InputError
from .fields import walk
from .limits import LIMITS

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class Repeated(dict[str, Any]):
    """An object of the JSON text in which ``key`` was given more than once."""

    key: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = Repeated(out)
    keys = [k for k, _ in pairs]
    marked.key = next(k for j, k in enumerate(keys) if k in keys[:j])
    return marked


def depth_of(text: str) -> int:
    """How deeply the text's arrays and objects nest (brackets inside strings do not count)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0)


def read_json(text: str, what: str = "input") -> Any:
    """The value of a JSON text, or an :class:`InputError` naming ``what`` or the field."""
    limit = LIMITS["depth"]
    if depth_of(text) > limit:       # counted on the text, so the parser never recurses that deep
        raise InputError(what, f"nested more than {limit} levels deep")
    try:
        data = json.loads(text, object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise InputError(what, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise InputError(what, f"nested more than {limit} levels deep") from None
    except ValueError as exc:       # e.g. a number with more digits than Python converts
        raise InputError(what, f"not usable JSON ({str(exc).splitlines()[0][:80]})") from None
    for path, value, _ in walk(data):
        if isinstance(value, Repeated):
            raise InputError(f"{path}.{value.key}" if path else value.key,
                             "given twice (a field may appear only once)")
    return data
