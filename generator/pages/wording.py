"""Player language: source documents by their names, never by our internal labels.

The data's notes name documents the way the project does ("seed 003", "OCTGN writes ...");
``data/sources.yaml`` says how players should read each one. :class:`Wording` applies those
``mentions`` to any text on its way to a page, and labels ``source`` blocks for badges and quotes.
"""
from __future__ import annotations

import re
from typing import Any, Iterable


def _mention_regex(mention: dict[str, Any]) -> str:
    if "pattern" in mention:
        return mention["pattern"]
    return r"(?<![\w-])" + re.escape(mention["find"]) + r"(?![\w-])"


class Wording:
    """Rewrites internal document labels in text and formats source badges."""

    def __init__(self, sources: Iterable[dict[str, Any]]) -> None:
        self.sources = {s["id"]: s for s in sources}
        mentions = [m for s in self.sources.values() for m in s.get("mentions", [])]
        self.says = [m["say"] for m in mentions]
        alts = "|".join(f"({_mention_regex(m)})" for m in mentions) or r"(?!x)x"
        self.regex = re.compile(alts, re.IGNORECASE)
        self._cache: dict[str, str] = {}

    def say(self, text: str) -> str:
        """``text`` with every internal label replaced by its player-facing wording."""
        if not text:
            return text
        if text not in self._cache:
            self._cache[text] = self._say(text)
        return self._cache[text]

    def _say(self, text: str) -> str:
        out: list[str] = []
        pos = 0
        for m in self.regex.finditer(text):
            index = next(i for i, g in enumerate(m.groups()) if g is not None)
            say = self.says[index]
            before = text[:m.start()].rstrip()
            if not before or before.endswith((".", "!", "?")):
                say = say[0].upper() + say[1:]
            out.append(text[pos:m.start()] + say)
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)

    def label(self, src: dict[str, Any] | None) -> str:
        """``Rulebook SAI table, v4.01d, p.31`` from a ``source`` block (page or pages)."""
        if not src:
            return ""
        doc = self.sources.get(src["doc"], {})
        edition = doc.get("edition_label") or src.get("edition", "")
        parts = [doc.get("name", src["doc"]), edition]
        pages = src.get("pages") or ([src["page"]] if src.get("page") else [])
        if pages:
            parts.append(("pp." if len(pages) > 1 else "p.") + ", ".join(str(p) for p in pages))
        return ", ".join(p for p in parts if p and p != "n/a")
