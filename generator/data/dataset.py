"""The data set: every entry of every kind, read once; the open data bundle made from it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from calculator.vocabulary import vocabulary

from .files import KINDS
from .permalinks import with_permalinks
from .schemas import published_schemas


@dataclass
class Dataset:
    """Every entry of every kind, in file order, indexed by id."""

    root: Path
    kinds: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    files: dict[str, dict[str, str]] = field(default_factory=dict)   # kind -> id -> file
    _index: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def get(self, kind: str, ident: str) -> dict[str, Any]:
        return self._index[kind][ident]

    def has(self, kind: str, ident: str) -> bool:
        return ident in self._index.get(kind, {})

    def bundle(self) -> dict[str, Any]:
        """The open data bundle: every kind as a list, plus a small ``meta`` block."""
        out: dict[str, Any] = {
            "meta": {
                "name": "Dragon Dice rules data",
                "format": 1,
                "editions": ["v4.01d", "TSR 1996", "Dracolem v1.01", "OCTGN 1.2.1.4"],
                "kinds": [k.name for k in KINDS],
            }
        }
        for kind in KINDS:
            out[kind.name] = self.kinds.get(kind.name, [])
        out["calculator"] = vocabulary(out["spells"], out["dragons"], out["icons"])   # the engine's roll types, limits, anchors: once
        return with_permalinks(out)   # glossary terms and ruling points carry their URL

    def schemas(self) -> dict[str, dict[str, Any]]:
        """The published schemas: one per kind plus one for the whole bundle."""
        return published_schemas(self.root)

