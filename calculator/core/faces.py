"""Faces: a parsed ``"3 melee"`` token.

>>> split_face("3 melee")
(3, 'melee')
>>> split_face("Rise from the Ashes")
(None, 'Rise from the Ashes')
"""
from __future__ import annotations

from typing import NamedTuple


class Face(NamedTuple):
    """One die face: an icon id (normal icon or SAI id) and its printed count. A named tuple: faces
    key many dictionaries of the chances, and a tuple hashes, compares and orders as (icon, count)
    without a Python call."""

    icon: str
    count: int    # type: ignore[assignment]  # the face's count, in place of tuple.count

    def label(self) -> str:
        return f"{self.count} {self.icon}"


def split_face(text: str) -> tuple[int | None, str]:
    """Split ``"N icon"`` into (N, icon); a bare icon gives (None, icon).

    Raises ``ValueError`` when the text is empty or N is not a positive whole number.
    """
    text = " ".join(str(text).split())
    if not text:
        raise ValueError("empty face")
    head, _, rest = text.partition(" ")
    if not head.isascii():      # "²" or "٣" are digits to Python but no count a player writes
        return None, text
    if head.isdigit() and rest:
        count = int(head)
        if count < 1:
            raise ValueError(f"count must be at least 1 in '{text}'")
        return count, rest
    if head.lstrip("+-").isdigit():
        if not rest:
            raise ValueError(f"no icon in '{text}'")
        raise ValueError(f"count must be at least 1 in '{text}'")
    return None, text


def slug(text: str) -> str:
    """Lower-case hyphenated form used for ids.

    >>> slug("Rise from the Ashes")
    'rise-from-the-ashes'
    >>> slug("double_strike")
    'double-strike'
    """
    out = []
    for ch in text.strip().lower():
        if ch.isalnum():
            out.append(ch)
        elif ch in " -_/&" and out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")
