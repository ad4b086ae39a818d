"""Permanent URLs of the parts that have no page of their own: glossary terms and ruling points."""
from __future__ import annotations

from typing import Any


def glossary_url(term_id: str) -> str:
    return f"/glossary/#{term_id}"


def ruling_url(anchor: str) -> str:
    return f"/rulings/#{anchor}"


def with_permalinks(bundle: dict[str, Any]) -> dict[str, Any]:
    """A copy of the bundle whose glossary terms and ruling points carry ``url`` (site paths)."""
    out = dict(bundle)
    out["glossary"] = [{**t, "url": glossary_url(t["id"])} for t in bundle.get("glossary", [])]
    out["rulings"] = [{**r, "points": [{**p, "url": ruling_url(p["id"])} for p in r.get("points", [])]}
                      for r in bundle.get("rulings", [])]
    return out
