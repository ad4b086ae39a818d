"""Cross-checks between entries: every id a field names exists (and its #part), die ids name their species."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from .dataset import Dataset
from ..errors import DataError


def _split_fragment(value: str) -> tuple[str, str | None]:
    ref, _, frag = value.partition("#")
    return ref, frag or None


def _example_page(value: str) -> tuple[str, str]:
    """``sai/counter`` -> ("sais", "counter"); ``rules/die-roll-resolution`` -> ("rules", ...)."""
    prefix, _, ident = value.partition("/")
    return {"sai": "sais", "rules": "rules", "spells": "spells", "species": "species"}.get(prefix, "?"), ident


@dataclass(frozen=True)
class Ref:
    """A field holding ids of entries of other kinds (``[]`` walks a list)."""

    kind: str
    path: str
    targets: tuple[str, ...]
    allow: tuple[str, ...] = ()
    resolve: Callable[[str], tuple[str, str]] | None = None


REFS: tuple[Ref, ...] = (
    Ref("dice", "species", ("species",), allow=("items",)),
    Ref("dice", "faces[].icon", ("icons", "sais")),
    Ref("sais", "related[]", ("sais",)),
    Ref("icons", "sai", ("sais",)),
    Ref("icons", "rule", ("rules",)),
    Ref("spells", "species", ("species",)),
    Ref("species", "spells[]", ("spells",)),
    Ref("terrains", "type", ("terrain_types",)),
    Ref("terrains", "faces[].icon", ("icons",)),
    Ref("terrains", "eighth_face", ("icons",)),
    Ref("dragons", "faces[].icon", ("icons",)),
    Ref("rulings", "links.sais[]", ("sais",)),
    Ref("rulings", "links.species[]", ("species",)),
    Ref("rulings", "links.spells[]", ("spells",)),
    Ref("rulings", "links.rules[]", ("rules",)),
    Ref("rulings", "links.rulings[]", ("rulings",)),
    Ref("species", "history[].rulings[]", ("rulings",)),
    Ref("rulings", "points[].links.sais[]", ("sais",)),
    Ref("rulings", "points[].links.species[]", ("species",)),
    Ref("rulings", "points[].links.spells[]", ("spells",)),
    Ref("rulings", "points[].links.rules[]", ("rules",)),
    Ref("glossary", "rule", ("rules",)),
    Ref("rules", "force.sizes.see", ("rules",)),
    Ref("rules", "force.points.see", ("rules",)),
    Ref("rules", "force.terrains.see", ("rules",)),
    Ref("rules", "force.dragons.see", ("rules",)),
    Ref("rules", "force.armies.see", ("rules",)),
    Ref("rules", "force.summoning_pool.see", ("rules",)),
    Ref("rules", "force.carrying.see", ("rules",)),
    Ref("species", "force.see", ("rules",)),
    Ref("examples", "input.army[].die", ("dice",)),
    Ref("examples", "input.modifiers[].spell", ("spells",)),
    Ref("examples", "input.terrain", ("terrain_types", "terrains"), allow=("reserve",)),
    Ref("examples", "page", (), resolve=_example_page),
)



def _walk(value: Any, parts: list[str], trail: str) -> Iterator[tuple[str, Any]]:
    """Yield (field path, value) for a path like ``faces[].icon``."""
    if not parts:
        yield trail, value
        return
    head, rest = parts[0], parts[1:]
    is_list = head.endswith("[]")
    key = head[:-2] if is_list else head
    if not isinstance(value, dict) or key not in value or value[key] is None:
        return
    child = value[key]
    sub = f"{trail}.{key}" if trail else key
    if is_list:
        for i, item in enumerate(child if isinstance(child, list) else []):
            yield from _walk(item, rest, f"{sub}[{i}]")
    else:
        yield from _walk(child, rest, sub)


def _anchors(entry: Any) -> set[str]:
    """Every nested ``id`` inside an entry (rule steps, clauses): valid #fragments."""
    found: set[str] = set()
    if isinstance(entry, dict):
        for k, v in entry.items():
            if k == "id" and isinstance(v, str):
                found.add(v)
            else:
                found |= _anchors(v)
    elif isinstance(entry, list):
        for v in entry:
            found |= _anchors(v)
    return found


def check_refs(ds: Dataset) -> None:
    for ref in REFS:
        for entry in ds.kinds.get(ref.kind, []):
            for path, value in _walk(entry, ref.path.split("."), ""):
                if not isinstance(value, str) or value in ref.allow:
                    continue
                where = ds.files[ref.kind].get(entry["id"], ref.kind)
                if ref.resolve is not None:
                    target_kind, ident = ref.resolve(value)
                    if not ds.has(target_kind, ident):
                        raise DataError(where, entry["id"], path, f"'{value}' does not name a page that exists")
                    continue
                ident, frag = _split_fragment(value)
                hit = next((t for t in ref.targets if ds.has(t, ident)), None)
                if hit is None:
                    names = " or ".join(ref.targets)
                    raise DataError(where, entry["id"], path, f"unknown id '{ident}' (no such {names})")
                if frag and frag not in _anchors(ds.get(hit, ident)):
                    raise DataError(where, entry["id"], path, f"'{ident}' has no part with id '{frag}'")


def check_dice_ids(ds: Dataset) -> None:
    """A die's id is ``<species>/<slug>`` (``items/`` for items): the prefix is its species."""
    for die in ds.kinds.get("dice", []):
        prefix = die["id"].partition("/")[0]
        if prefix != die["species"]:
            raise DataError(ds.files["dice"][die["id"]], die["id"], "id",
                            f"the id must start with the die's species: '{die['species']}/...', not '{prefix}/...'")



def check_die_faces(ds: Dataset) -> None:
    """A die has as many faces as its shape says: a d4 four, a d6 six, ..., a d12 twelve."""
    for die in ds.kinds.get("dice", []):
        sides = int(die["die"][1:])
        if len(die["faces"]) != sides:
            raise DataError(ds.files["dice"][die["id"]], die["id"], "faces",
                            f"a {die['die']} has {sides} faces, but {len(die['faces'])} are listed")


def _sources(value: Any, trail: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every ``source`` (or ``..._source``) mapping inside an entry, with its field path."""
    if isinstance(value, dict):
        for key, child in value.items():
            sub = f"{trail}.{key}" if trail else str(key)
            if (key == "source" or str(key).endswith("_source")) and isinstance(child, dict) and "doc" in child:
                yield sub, child
            else:
                yield from _sources(child, sub)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _sources(child, f"{trail}[{i}]")


def check_editions(ds: Dataset) -> None:
    """A source's edition is the one data/sources.yaml gives its document."""
    editions = {s["id"]: s["edition"] for s in ds.kinds.get("sources", [])}
    for kind, entries in ds.kinds.items():
        for entry in entries:
            for path, src in _sources(entry, ""):
                doc, edition = src.get("doc"), src.get("edition")
                if doc in editions and edition != editions[doc]:
                    raise DataError(ds.files[kind].get(entry["id"], kind), entry["id"], f"{path}.edition",
                                    f"'{edition}' is not the edition of '{doc}', which is "
                                    f"'{editions[doc]}' (data/sources.yaml)")
