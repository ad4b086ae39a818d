"""The table of answer kinds: which command answers what, which kind of answer it gave, and the
one function that makes each kind's post.

A new command's answer becomes copyable with two entries and nothing else::

    COMMANDS["game"] = Command("game", lambda inp, answer: "game")

    @renders("game")
    def game_post(names: Names, inp: Raw, answer: Raw) -> Post: ...
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.shapes import Raw
from .names import Names
from .post import Post

Renderer = Callable[[Names, Raw, Raw], Post]


@dataclass(frozen=True)
class Command:
    """An engine command whose answer can be posted: the Engine method that answers it, and which
    kind of answer an input and its answer are (a roll may be a magic roll, an exchange a dragon
    attack)."""

    method: str
    kind: Callable[[Raw, Raw], str]


def _dragon(inp: Raw) -> bool:
    return inp.get("attack") == "dragon"


COMMANDS: dict[str, Command] = {
    "resolve": Command("resolve", lambda inp, out: "magic" if "magic" in out else "spell-roll" if out.get("spell")
                       else "roll"),
    "exchange": Command("exchange", lambda inp, out: "dragon-attack" if _dragon(inp) else "exchange"),
    "exchange-odds": Command("exchange_odds", lambda inp, out: "dragon-odds" if _dragon(inp) else "exchange-odds"),
    "maneuver": Command("maneuver", lambda inp, out: "maneuver"),
    "force": Command("force", lambda inp, out: "force"),
    "game": Command("game", lambda inp, out: "game"),
    "advise": Command("advise", lambda inp, out: "advise"),
}
RENDERERS: dict[str, Renderer] = {}


def renders(kind: str) -> Callable[[Renderer], Renderer]:
    """Register the function that makes the post of one kind of answer."""
    def register(fn: Renderer) -> Renderer:
        if kind in RENDERERS:
            raise ValueError(f"answer kind '{kind}' has a renderer already")
        RENDERERS[kind] = fn
        return fn
    return register
