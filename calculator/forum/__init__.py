"""Forum posts: any answer the calculator gives, written as a post to paste into a forum (BBCode),
a chat (Markdown) or anywhere (plain text), with a link back to the same answer.

It reads the answers of the commands below it and makes them into one :class:`post.Post` per kind
of answer (calculator.forum.registry: one function per kind, registered in a table), which one
writer per format turns into text. The request is JSON (``python -m calculator forum``, worker
command ``forum``)::

    {"command": "resolve", "input": {...}, "answer": {...}, "format": "bbcode", "link": "https://..."}

``answer`` is optional (the engine then answers ``input`` itself); the answer is
``{"kind", "format", "text"}``. See calculator/forum/README.md.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol
from urllib.parse import quote

from ..core.shapes import Answer, Raw
from ..core.errors import InputError, TooLarge
from ..core.fields import check_tree, need_str, only
from . import advise, exchanges, force, game, maneuver, rolls  # noqa: F401  (each registers its kinds)
from .names import Names
from .post import FORMATS, write
from .registry import COMMANDS, RENDERERS

KEYS = ("command", "input", "answer", "format", "link")
MAX_LINK = 100000         # a game's share link holds up to 60,000 characters of JSON, in base64 (80,000)
LINK_SAFE = "-._~:/?#&=+%,;!$*'@"       # kept as they are; anything else (brackets, spaces) is %-escaped


class Answers(Protocol):
    """What the forum needs of the engine: its data, and its commands by name."""

    @property
    def index(self) -> Any: ...


def _link(value: object) -> str | None:
    if value is None:
        return None
    text = need_str(value, "link", MAX_LINK)
    if not text.lower().startswith(("https://", "http://")):
        raise InputError("link", "expected a web address starting with https:// or http://")
    return quote(text, safe=LINK_SAFE)


def _object(raw: Raw, key: str) -> Raw:
    value = raw.get(key)
    if not isinstance(value, Mapping):
        raise InputError(key, "expected an object")
    return value


def _answer(engine: Answers, command: str, inp: Raw, raw: Raw) -> Raw:
    if raw.get("answer") is not None:
        answer = _object(raw, "answer")
        check_tree(answer)
        return answer
    try:
        return getattr(engine, COMMANDS[command].method)(inp)
    except TooLarge:
        raise
    except InputError as exc:           # the input's own field, named inside the request
        raise InputError(f"input.{exc.field}" if exc.field else "input", exc.message) from None


def parse(raw: object) -> tuple[str, Raw, str, str | None]:
    if not isinstance(raw, Mapping):
        raise InputError("", 'expected {"command": ..., "input": {...}, "format": "bbcode"}')
    only(raw, KEYS, "")
    command = need_str(raw.get("command"), "command")
    if command not in COMMANDS:
        raise InputError("command", f"'{command}' has no forum post (one of {', '.join(COMMANDS)})")
    fmt = need_str(raw.get("format", "bbcode"), "format")
    if fmt not in FORMATS:
        raise InputError("format", f"expected one of {', '.join(FORMATS)}, got '{fmt}'")
    return command, _object(raw, "input"), fmt, _link(raw.get("link"))


def forum(engine: Answers, raw: object) -> Answer:
    """The post of one answer: ``{"kind", "format", "text"}``."""
    command, inp, fmt, link = parse(raw)
    assert isinstance(raw, Mapping)         # parse refused any other value
    answer = _answer(engine, command, inp, raw)
    kind = COMMANDS[command].kind(inp, answer)
    try:
        post = RENDERERS[kind](Names(engine.index.bundle), inp, answer)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        if raw.get("answer") is None:
            raise                   # the engine's own answer: a fault of the renderer, not of the request
        # An answer given by hand of the wrong shape: named, never a traceback.
        raise InputError("answer", f"not an answer of the '{command}' command ({type(exc).__name__})") from None
    post.link = link
    return {"kind": kind, "format": fmt, "text": write(post, fmt)}


__all__ = ["forum", "FORMATS", "COMMANDS", "RENDERERS"]
