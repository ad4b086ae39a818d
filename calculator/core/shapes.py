"""The shapes of the JSON the engine reads and answers, named once for every room.

A command's input is read as :data:`Raw` (values of unknown type, each narrowed by
calculator.core.fields where it is read); what it answers is an :data:`Answer` (built here,
written out as JSON, never read back as anything but JSON).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired, TypedDict

Raw = Mapping[str, object]      # one JSON object as the player wrote it
Answer = dict[str, object]      # one JSON object the engine answers (or part of one)


class Notice(TypedDict):
    """A warning in player words, the section of the site it links to, and the input field it is
    about (for tools: a page does not show it)."""

    text: str
    see: NotRequired[str]
    field: NotRequired[str]
