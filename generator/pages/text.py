"""Small text helpers shared by the page renderers (no rendering state here)."""
from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from typing import Any, Callable

import yaml

from ..data.dataset import Dataset


def bullets(text: str) -> list[str]:
    """The seed's ``•a <br>•b`` cells (or ``<ul ...> •a •b`` lists) as a list of bullets, no markup."""
    parts = re.split(r"<br>|•", re.sub(r"<(?!br>)[^>]+>", " ", str(text)))
    return [" ".join(p.split()) for p in parts if p.strip()]


def words(token: Any) -> str:
    """A data token (``its-melee-results``, ``dragon_attack``) as the words it stands for."""
    return str(token).replace("-", " ").replace("_", " ")


def ruling_index(ds: Dataset) -> tuple[dict, dict]:
    """(kind, id) -> rulings that concern it, and -> [(ruling, point, anchor)] of its points.

    A ruling concerns what its ``links`` name; a point concerns what its own ``links`` name
    (``anchor`` is the part of a rule it is about, ``rules: [die-roll-resolution#step-6]``).
    """
    rulings: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    points: dict[tuple[str, str], list[tuple[dict, dict, str | None]]] = defaultdict(list)
    for ruling in ds.kinds.get("rulings", []):
        refs = [(k, i) for k, ids in (ruling.get("links") or {}).items() for i in ids or []]
        for point in ruling.get("points", []):
            for kind, ids in (point.get("links") or {}).items():
                for ref in ids or []:
                    ident, _, anchor = ref.partition("#")
                    points[(kind, ident)].append((ruling, point, anchor or None))
                    refs.append((kind, ident))
        for kind, ref in refs:
            key = (kind, ref.partition("#")[0])
            if ruling not in rulings[key]:
                rulings[key].append(ruling)
    return rulings, points


def point_label(ruling: dict[str, Any], point: dict[str, Any]) -> str:
    """``E (second)`` for a repeated letter, ``D, example 2`` for the FAQ's examples."""
    if point.get("example_of"):
        examples = [p for p in ruling["points"] if p.get("example_of") == point["example_of"]]
        n = examples.index(point) + 1
        return f"{point['letter']}, example" + (f" {n}" if len(examples) > 1 else "")
    same = [p for p in ruling["points"] if p["letter"] == point["letter"] and not p.get("example_of")]
    n = same.index(point)
    return point["letter"] + (f" ({('second', 'third', 'fourth')[n - 1]})" if n else "")


def point_text(point: dict[str, Any]) -> str:
    """A ruling point's own words, with its numbered items inline."""
    items = " ".join(f"{i}) {t}" for i, t in enumerate(point.get("items", []), 1))
    return f"{point['text']} {items}".strip()


def quotes_json(quotes: list[dict[str, str]]) -> str:
    """The page's "copy as quote" data: anchor id -> title, text, source (and a note), in an attribute:
    the theme's instant navigation runs every <script> of a page it swaps in as code, a JSON block too."""
    data = {q["id"]: {k: v for k, v in q.items() if k != "id" and v} for q in quotes}
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f'<div class="dd-quotes" hidden data-quotes="{html.escape(raw, quote=True)}"></div>'


def part_title(part: dict[str, Any], plain: Callable[[Any], str] = str, limit: int = 72) -> str:
    """A part of a rule as a title: ``Step 6: Subtract``, its own title, or (for an untitled
    point) the opening of its text, cut at a word: never its anchor."""
    title = part.get("title") or part.get("name") or ""
    if part.get("number"):
        return f"Step {part['number']}: {title}"
    if title:
        return str(title)
    text = " ".join(plain(part.get("text") or part.get("summary") or "").split())
    first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0].rstrip(".")
    return first if len(first) <= limit else first[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def front_matter(text: str) -> dict[str, Any] | None:
    """A Markdown page's front matter (the YAML between its opening ``---`` lines), or None when the
    page has none: the one reading of it, for the hand-written pages and the generated ones alike."""
    if not text.startswith("---\n"):
        return None
    meta = yaml.safe_load(text.split("---", 2)[1]) or {}
    return meta if isinstance(meta, dict) else {}
