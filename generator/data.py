"""Load, validate and cross-check everything under ``data/``.

The data is read once into a :class:`Dataset`; every later stage (pages, the open
data bundle, the calculator's examples) works from that object.

>>> ds = load_dataset(DEFAULT_DATA_DIR)          # doctest: +SKIP
>>> ds.get("sais", "counter")["name"]             # doctest: +SKIP
'Counter'
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import jsonschema
import yaml

from .errors import DataError
from .urls import with_permalinks

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present: much faster
REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA_DIR = REPO_ROOT / "data"


@dataclass(frozen=True)
class Kind:
    """One kind of data: where its files are and which schema checks them."""

    name: str          # the top-level key of each file and of the bundle
    pattern: str       # glob below data/
    schema: str        # file name below data/schema/


KINDS: tuple[Kind, ...] = (
    Kind("icons", "icons.yaml", "icons.schema.json"),
    Kind("sais", "sais.yaml", "sais.schema.json"),
    Kind("spells", "spells.yaml", "spells.schema.json"),
    Kind("species", "species.yaml", "species.schema.json"),
    Kind("dice", "dice/*.yaml", "dice.schema.json"),
    Kind("terrain_types", "terrain-types.yaml", "terrain_types.schema.json"),
    Kind("terrains", "terrains.yaml", "terrains.schema.json"),
    Kind("dragons", "dragons.yaml", "dragons.schema.json"),
    Kind("rules", "rules.yaml", "rules.schema.json"),
    Kind("rulings", "rulings.yaml", "rulings.schema.json"),
    Kind("examples", "examples.yaml", "examples.schema.json"),
    Kind("glossary", "glossary.yaml", "glossary.schema.json"),
    Kind("sources", "sources.yaml", "sources.schema.json"),
)


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
    Ref("examples", "input.army[].die", ("dice",)),
    Ref("examples", "input.modifiers[].spell", ("spells",)),
    Ref("examples", "input.terrain", ("terrain_types", "terrains"), allow=("reserve",)),
    Ref("examples", "page", (), resolve=_example_page),
)


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
        return with_permalinks(out)   # glossary terms and ruling points carry their URL

    def schemas(self) -> dict[str, dict[str, Any]]:
        """The published schemas: one per kind plus one for the whole bundle."""
        return published_schemas(self.root)


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


def _yaml_error(path: Path, rel: str, exc: yaml.YAMLError) -> DataError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if mark is None:
        return DataError(rel, None, None, f"not valid YAML: {problem}")
    # An unclosed bracket is found on a later line; the context mark is where it was opened.
    start = getattr(exc, "context_mark", None) or mark
    lines = path.read_text(encoding="utf-8").splitlines()[: min(start.line, mark.line) + 1]
    entry = None
    for line in lines:
        m = re.match(r"^\s*-?\s*id:\s*['\"]?([^'\"#]+?)['\"]?\s*$", line)
        if m:
            entry = m.group(1)
    key = re.match(r"^\s*-?\s*([A-Za-z_][\w-]*)\s*:", lines[-1]) if lines else None
    return DataError(rel, entry, key.group(1) if key else None,
                     f"line {mark.line + 1}, column {mark.column + 1}: not valid YAML: {problem}")


def _format_path(parts: Iterator[Any] | list[Any]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _schema_error(rel: str, kind: str, doc: Any, err: jsonschema.ValidationError) -> DataError:
    path = list(err.absolute_path)
    entry = None
    if len(path) >= 2 and path[0] == kind and isinstance(path[1], int):
        item = doc[kind][path[1]]
        entry = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else f"#{path[1] + 1}"
        path = path[2:]
    elif path[:1] == [kind]:
        path = path[1:]
    message = err.message
    if err.validator == "required":
        m = re.match(r"'(.+?)' is a required property", err.message)
        if m:
            path.append(m.group(1))
            message = "missing required field"
    elif err.validator == "additionalProperties":
        m = re.search(r"\('(.+?)' was unexpected\)", err.message)
        if m:
            path.append(m.group(1))
            message = "unknown field (not in the schema)"
    elif err.validator == "type":
        message = f"wrong type: {err.message}"
    field_name = _format_path(path) or None
    return DataError(rel, entry, field_name, message)


def _load_schema(root: Path, kind: Kind) -> dict[str, Any]:
    path = root / "schema" / kind.schema
    if not path.exists():
        raise DataError(_rel(path, root), None, None, "schema file is missing")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataError(_rel(path, root), None, None, f"not valid JSON: {exc}") from None


def _read_file(path: Path, root: Path, kind: Kind, validator: jsonschema.protocols.Validator) -> list[dict]:
    rel = _rel(path, root)
    try:
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except yaml.YAMLError as exc:
        raise _yaml_error(path, rel, exc) from None
    if not isinstance(doc, dict) or kind.name not in doc:
        raise DataError(rel, None, kind.name, f"the file must be a mapping with the key '{kind.name}'")
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        raise _schema_error(rel, kind.name, doc, best)
    return doc[kind.name]


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


def _check_refs(ds: Dataset) -> None:
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


def load_dataset(root: Path | str = DEFAULT_DATA_DIR) -> Dataset:
    """Read, validate and cross-check every data file under ``root``.

    Raises :class:`DataError` naming the file, the entry and the field of the first problem.
    """
    root = Path(root)
    ds = Dataset(root=root)
    for kind in KINDS:
        schema = _load_schema(root, kind)
        validator = jsonschema.Draft202012Validator(schema)
        paths = sorted(root.glob(kind.pattern))
        if not paths:
            raise DataError(_rel(root / kind.pattern, root), None, None, "no data file found")
        entries: list[dict[str, Any]] = []
        index: dict[str, dict[str, Any]] = {}
        files: dict[str, str] = {}
        for path in paths:
            rel = _rel(path, root)
            for item in _read_file(path, root, kind, validator):
                ident = item["id"]
                if ident in index:
                    raise DataError(rel, ident, "id", f"duplicate id (also in {files[ident]})")
                index[ident], files[ident] = item, rel
                entries.append(item)
        ds.kinds[kind.name], ds._index[kind.name], ds.files[kind.name] = entries, index, files
    _check_refs(ds)
    return ds


def published_schemas(root: Path) -> dict[str, dict[str, Any]]:
    """Schemas as published next to the bundle: ``<kind>.schema.json`` and ``dragondice.schema.json``."""
    out: dict[str, dict[str, Any]] = {}
    props: dict[str, Any] = {"meta": {"type": "object"}}
    for kind in KINDS:
        schema = dict(_load_schema(root, kind))
        schema["$id"] = kind.schema
        out[kind.schema] = schema
        props[kind.name] = {"$ref": f"{kind.schema}#/properties/{kind.name}"}
    out["dragondice.schema.json"] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "dragondice.schema.json",
        "title": "Dragon Dice open data bundle",
        "type": "object",
        "required": ["meta"] + [k.name for k in KINDS],
        "properties": props,
        "additionalProperties": False,
    }
    return out
