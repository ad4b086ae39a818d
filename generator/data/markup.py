"""Data texts are words, never markup (part of ``python -m generator check``, issue 52).

Every text of the data is written into a Markdown page. A Markdown link in a summary
(``[see](javascript:...)``) would become a live link, and inside a link's title attribute it would
close the attribute and add its own (``onmouseover``); an attribute list (``{: onclick=...}``) would
add attributes too. (HTML's own characters are always escaped.) The renderer writes such characters as character
references (generator.pages.links.esc); this check refuses them in the data first, naming the file, the
entry and the field, so a page never shows a text other than the one written.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from .dataset import Dataset
from ..errors import DataError

MARKUP = (
    (re.compile(r"\]\s*[(\[]|^\s*\[[^\]]*\]:", re.M), "a Markdown link"),
    (re.compile(r"\b(?:javascript|vbscript)\s*:|\bdata:[a-z]+/", re.I), "a script or data address"),
    (re.compile(r"\{[:#.]|\{[^}]*="), "a Markdown attribute list"),
)
NOT_SHOWN = ("pattern",)        # regular expressions of the sources' mentions: read, never shown


def texts(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every text inside an entry with its field path (``clauses[0].text``)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_SHOWN:
                yield from texts(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from texts(v, f"{path}[{i}]")


def check_markup(ds: Dataset) -> None:
    for kind, entries in ds.kinds.items():
        for entry in entries:
            for field, text in texts(entry):
                for pattern, what in MARKUP:
                    m = pattern.search(text)
                    if m is not None:
                        shown = text[max(0, m.start() - 20):m.end() + 20].strip()
                        raise DataError(ds.files[kind][entry["id"]], entry["id"], field,
                                        f"{what} in '{shown}': data texts are plain words (a page would turn "
                                        "it into live markup)")
