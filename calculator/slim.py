"""The part of the data bundle the engine reads: the browser's worker loads only this.

:func:`engine_data` is the engine's own statement of which kinds and fields :class:`Index`
(``bundle.py``) reads. Whoever changes what the engine reads changes :data:`FIELDS` too; the
test ``tests/engine/test_slim.py`` resolves every example roll with both bundles and fails when
their answers differ.

>>> engine_data({"dice": [{"id": "a/b", "name": "B", "rarity": "Common", "faces": []}], "rulings": []})
{'dice': [{'id': 'a/b', 'name': 'B', 'faces': []}]}
"""
from __future__ import annotations

from typing import Any, Mapping

from .core.shapes import Answer, Raw

# kind -> the fields of each entry that the engine reads. A nested mapping keeps only those
# fields of each item of a list field (a species' abilities).
FIELDS: dict[str, tuple[Any, ...]] = {
    "icons": ("id", "name", "kind", "terrain_effects", "dragon_face"),
    "sais": ("id", "name", "clauses", "fixed_results"),
    "species": ("id", "name", {"abilities": ("id", "name", "engine")}, "force"),
    "dice": ("id", "name", "species", "kind", "size", "health", "element", "alloy", "faces", "carries"),
    "spells": ("id", "name", "modifier", "effect", "element", "cost", "reserve", "cantrip", "species", "cumulative",
               "mixed_elements", "duration", "target"),
    "terrain_types": ("id", "name", "elements", "major", "minor_anywhere"),
    "terrains": ("id", "name", "type", "category", "eighth_face", "advanced", {"faces": ("icon",)}),
    "rules": ("id", "steps", "x_by_die", "force", "dragon_types", "breath_effects"),
    "dragons": ("id", "name", "form", "dragon_type", "elements", "health", "automatic_saves", "faces"),
}
# Of the rules, the engine reads Die Roll Resolution's step titles, the value of X and the setup
# limits a force is checked against (calculator.forces), and the dragon types' table and breath
# effects (calculator.kinds.dragon).
RULES = ("die-roll-resolution", "x-values", "setup-and-victory", "dragon-attacks")


def _pick(entry: Mapping[str, Any], fields: tuple[Any, ...]) -> Answer:
    out: Answer = {}
    for f in fields:
        if isinstance(f, dict):
            for name, sub in f.items():
                if name in entry:
                    out[name] = [_pick(item, sub) for item in entry[name] or []]
        elif f in entry:
            out[f] = entry[f]
    return out


def engine_data(bundle: Mapping[str, Any]) -> Answer:
    """The kinds and fields of ``bundle`` that :class:`calculator.Engine` reads, nothing else."""
    out: Answer = {}
    for kind, fields in FIELDS.items():
        if kind not in bundle:
            continue
        entries = bundle[kind] or []
        if kind == "rules":
            entries = [r for r in entries if r.get("id") in RULES]
        out[kind] = [_pick(e, fields) for e in entries]
    return out
