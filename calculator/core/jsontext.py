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
from typing import Any, NoReturn

from .shapes import Answer
from .errors import InputError
from .fields import walk
from .limits import LIMITS

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class Repeated(Answer):
    """An object of the JSON text in which ``key`` was given more than once."""

    key: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> Answer:
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


# The parser's messages in a player's words (the line and column stay: they point at the mistake).
_WORDS = (("Unterminated string", "a text in quotes is not closed"),
          ("Expecting value", "a value is missing or misspelt"),
          ("Expecting ',' delimiter", "a comma is missing"),
          ("Expecting ':' delimiter", "a colon is missing after a field name"),
          ("Expecting property name", "a field name must be a text in double quotes"),
          ("Extra data", "more text follows the end of the input"),
          ("Invalid control character", "a text holds a line break or another control character"),
          ("Invalid \\escape", "a text holds a backslash that starts no escape"),
          ("Invalid \\u", "a text holds a broken \\u escape"))


def parser_words(msg: str) -> str:
    return next((words for start, words in _WORDS if msg.startswith(start)), "it cannot be read")


def size_words(what: str = "input") -> InputError:
    """The error for a text past ``LIMITS["input_bytes"]``; the same line whether the size is known
    (the worker's text, a file) or not (the command line stops reading its standard input there)."""
    limit = LIMITS["input_bytes"]
    return InputError(what, f"longer than {limit // 1000} KB ({limit:,} bytes); no game needs an input that long")


def check_size(text: str, what: str = "input") -> None:
    """Refuse a text longer than ``LIMITS["input_bytes"]`` in UTF-8 before any parsing."""
    limit = LIMITS["input_bytes"]
    # A character is 1 to 4 bytes: only a text between limit/4 and limit characters is encoded.
    if len(text) > limit or (len(text) * 4 > limit and len(text.encode("utf-8", "surrogatepass")) > limit):
        raise size_words(what)


def _constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")       # Python's reader accepts NaN and Infinity


def read_json(text: str, what: str = "input") -> object:
    """The value of a JSON text, or an :class:`InputError` naming ``what`` or the field."""
    check_size(text, what)
    limit = LIMITS["depth"]
    if depth_of(text) > limit:       # counted on the text, so the parser never recurses that deep
        raise InputError(what, f"nested more than {limit} levels deep")
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(what, f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                               f"{parser_words(exc.msg)})") from None
    except RecursionError:
        raise InputError(what, f"nested more than {limit} levels deep") from None
    except ValueError as exc:       # a number with more digits than Python converts; NaN, Infinity
        said = str(exc).splitlines()[0]
        words = said if "JSON number" in said else "a number has more digits than any input needs"
        raise InputError(what, f"not usable JSON ({words})") from None
    for path, value, _ in walk(data):
        if isinstance(value, Repeated):
            raise InputError(f"{path}.{value.key}" if path else value.key,
                             "given twice (a field may appear only once)")
    return data
