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
        from calculator.vocabulary import vocabulary

        out["calculator"] = vocabulary(out["spells"])   # the engine's roll types, limits, anchors: once
        return with_permalinks(out)   # glossary terms and ruling points carry their URL

    def schemas(self) -> dict[str, dict[str, Any]]:
        """The published schemas: one per kind plus one for the whole bundle."""
        return published_schemas(self.root)


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


# --- reading files strictly: UTF-8 only, no duplicate keys ------------------------------------

def _read_text(path: Path, rel: str) -> str:
    """The file as text; a file that is not UTF-8 is one error naming the line and byte."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(rel, None, None, f"cannot be read: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        lines = raw.decode("utf-8", errors="replace").splitlines()
        entry = None if _entry_before(lines[line - 1:line]) else _entry_before(lines[:line - 1])
        raise DataError(rel, entry, None,
                        f"line {line}, column {column} (byte {exc.start}): not UTF-8 text "
                        f"(byte 0x{raw[exc.start]:02x}); save the file as UTF-8") from None


class DuplicateKey(yaml.constructor.ConstructorError):
    """A key given twice in one mapping: YAML would silently keep the second value."""

    def __init__(self, key: Any, first: yaml.Mark, second: yaml.Mark) -> None:
        super().__init__(None, None, f"duplicate key '{key}'", second)
        self.key, self.first, self.second = key, first, second


class _StrictLoader(_LOADER):  # type: ignore[misc, valid-type]
    """The fast loader, refusing duplicate keys.

    Cheap on the normal path: a mapping without merge keys (``<<``) has a duplicate exactly
    when it ends up with fewer keys than it has pairs, so keys are only compared one by one
    when the counts differ or a merge key was present.
    """

    def construct_mapping(self, node: yaml.Node, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep=deep)
        own, count = node.value, len(node.value)   # flatten_mapping drops '<<' pairs from this list
        mapping = super().construct_mapping(node, deep=deep)
        if node.value is own and len(own) == count and len(mapping) == count:
            return mapping
        seen: dict[Any, yaml.Node] = {}
        for key_node, _ in own:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise DuplicateKey(key, seen[key].start_mark, key_node.start_mark)
            seen[key] = key_node
        return mapping


def _node_path(node: yaml.Node, line: int, column: int) -> list[Any] | None:
    """The path (keys and list indexes) of the mapping key written at ``line``/``column``."""
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
            if (key_node.start_mark.line, key_node.start_mark.column) == (line, column):
                return [key]
            sub = _node_path(value_node, line, column)
            if sub is not None:
                return [key, *sub]
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            sub = _node_path(item, line, column)
            if sub is not None:
                return [i, *sub]
    return None


def _entry_id(node: yaml.Node, kind: str, index: int) -> str:
    """The ``id`` of entry ``index`` of ``kind`` in a composed (not constructed) document."""
    entries = next((v for k, v in node.value if getattr(k, "value", None) == kind), None)
    entry = entries.value[index] if isinstance(entries, yaml.SequenceNode) else None
    ident = next((v.value for k, v in entry.value if getattr(k, "value", None) == "id"
                  and isinstance(v, yaml.ScalarNode)), None) if isinstance(entry, yaml.MappingNode) else None
    return ident or f"#{index + 1}"


def _duplicate_key_error(text: str, rel: str, kind: str, exc: DuplicateKey) -> DataError:
    """Name the entry and the full field path of a duplicate key (composed again: errors only)."""
    where = f"line {exc.second.line + 1}, column {exc.second.column + 1}"
    message = (f"{where}: duplicate key '{exc.key}' (first given on line {exc.first.line + 1}); "
               "YAML would silently keep only the second value")
    root = yaml.compose(text, Loader=_LOADER)
    path = _node_path(root, exc.second.line, exc.second.column) if root is not None else None
    if not path:
        return DataError(rel, None, None, message)
    entry = None
    if len(path) >= 3 and path[0] == kind and isinstance(path[1], int):
        entry, path = _entry_id(root, kind, path[1]), path[2:]
    return DataError(rel, entry, _format_path(path), message)


def _entry_before(lines: list[str]) -> str | None:
    """The id of the last entry that starts in ``lines`` (a file read up to a problem)."""
    entry = None
    for line in lines:
        m = re.match(r"^\s*-?\s*id:\s*['\"]?([^'\"#]+?)['\"]?\s*$", line)
        if m:
            entry = m.group(1)
    return entry


def _yaml_error(path: Path, rel: str, exc: yaml.YAMLError) -> DataError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if mark is None:
        return DataError(rel, None, None, f"not valid YAML: {problem}")
    # An unclosed bracket is found on a later line; the context mark is where it was opened.
    start = getattr(exc, "context_mark", None) or mark
    lines = path.read_text(encoding="utf-8").splitlines()[: min(start.line, mark.line) + 1]
    entry = _entry_before(lines)
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
    elif err.validator in ("enum", "const"):
        message = _value_message(err)
    field_name = _format_path(path) or None
    return DataError(rel, entry, field_name, message)


def _pick_error(errors: list[jsonschema.ValidationError]) -> jsonschema.ValidationError:
    """jsonschema's best match, unless a more specific error lies below it.

    best_match prefers the shallowest error: a clause whose ``rolls`` must be ``[save]`` would
    hide that ``rolls[1]`` is not a roll type at all. The bad value is the more useful report.
    """
    best = jsonschema.exceptions.best_match(errors)
    where = list(best.absolute_path)
    deeper = [e for e in errors if len(e.absolute_path) > len(where)
              and list(e.absolute_path)[:len(where)] == where]
    return jsonschema.exceptions.best_match(deeper) if deeper else best


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return json.dumps(value) if value is None or isinstance(value, bool) else str(value)


def _value_message(err: jsonschema.ValidationError) -> str:
    """``'sav' is not a roll type (maneuver, melee, ...)``: the noun is the schema's ``title``.

    A ``const`` says what it must be, and why when the schema gives a ``description``.
    """
    if err.validator == "const":
        why = err.schema.get("description")
        return f"must be {_show(err.validator_value)}" + (f" ({why})" if why else "")
    noun = err.schema.get("title")
    allowed = ", ".join(_show(v) for v in err.validator_value)
    if not noun:
        return f"{err.instance!r} is not one of the allowed values ({allowed})"
    article = "an" if noun[:1].lower() in "aeio" else "a"
    return f"{err.instance!r} is not {article} {noun} ({allowed})"


def _inline_refs(node: Any, defs: dict[str, Any], chain: tuple[str, ...] = ()) -> Any:
    """A copy of a schema with its local ``#/$defs/...`` references written out in place.

    Same meaning, validated about a quarter faster: jsonschema resolves every ``$ref`` anew
    for every value it checks. A recursive reference stays a ``$ref`` (``$defs`` are kept).
    """
    if isinstance(node, list):
        return [_inline_refs(v, defs, chain) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    name = ref[len("#/$defs/"):] if isinstance(ref, str) and ref.startswith("#/$defs/") else None
    rest = {k: _inline_refs(v, defs, chain) for k, v in node.items() if k != "$ref" or name is None}
    if name is None or name not in defs or name in chain:
        return {**rest, "$ref": ref} if name is not None else rest
    target = _inline_refs(defs[name], defs, chain + (name,))
    if isinstance(target, dict) and not rest.keys() & target.keys():
        return {**target, **rest}
    return {"allOf": [target, rest]} if rest else target


def _validator(root: Path, kind: Kind) -> jsonschema.protocols.Validator:
    schema = _load_schema(root, kind)
    return jsonschema.Draft202012Validator(_inline_refs(schema, schema.get("$defs", {})))


def _load_schema(root: Path, kind: Kind) -> dict[str, Any]:
    path = root / "schema" / kind.schema
    if not path.exists():
        raise DataError(_rel(path, root), None, None, "schema file is missing")
    try:
        return json.loads(_read_text(path, _rel(path, root)))
    except json.JSONDecodeError as exc:
        raise DataError(_rel(path, root), None, None, f"not valid JSON: {exc}") from None


def _read_file(path: Path, root: Path, kind: Kind, validator: jsonschema.protocols.Validator) -> list[dict]:
    rel = _rel(path, root)
    text = _read_text(path, rel)
    try:
        doc = yaml.load(text, Loader=_StrictLoader)
    except DuplicateKey as exc:
        raise _duplicate_key_error(text, rel, kind.name, exc) from None
    except yaml.YAMLError as exc:
        raise _yaml_error(path, rel, exc) from None
    if not isinstance(doc, dict) or kind.name not in doc:
        raise DataError(rel, None, kind.name, f"the file must be a mapping with the key '{kind.name}'")
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise _schema_error(rel, kind.name, doc, _pick_error(errors))
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


def _check_dice_ids(ds: Dataset) -> None:
    """A die's id is ``<species>/<slug>`` (``items/`` for items): the prefix is its species."""
    for die in ds.kinds.get("dice", []):
        prefix = die["id"].partition("/")[0]
        if prefix != die["species"]:
            raise DataError(ds.files["dice"][die["id"]], die["id"], "id",
                            f"the id must start with the die's species: '{die['species']}/...', not '{prefix}/...'")


def example_error(ds: Dataset, example: dict[str, Any], exc: Exception) -> DataError:
    """An engine error on an example roll, as a data error on that example's input."""
    where = ds.files.get("examples", {}).get(example["id"], "examples.yaml")
    field_name = getattr(exc, "field", None)
    if field_name is not None and hasattr(exc, "message"):
        return DataError(where, example["id"], f"input.{field_name}" if field_name else "input",
                         " ".join(str(exc.message).split()))
    first = (str(exc).strip().splitlines() or [""])[0]
    return DataError(where, example["id"], "input",
                     f"the calculator fails on this example ({type(exc).__name__}: {first})")


def _check_examples(ds: Dataset, engine: Any) -> None:
    """Every example roll resolves in the calculator exactly as its page will show it.

    The engine is the judge of what a valid input is (faces on the die, species, SAIs and
    delayed SAIs, spells, terrain), so nothing here restates its rules. Pages draw each unit
    from the catalogue, so every unit must name a die.
    """
    examples = ds.kinds.get("examples", [])
    if not examples:
        return
    for ex in examples:
        for i, unit in enumerate(ex["input"]["army"]):
            if "die" not in unit:
                raise DataError(ds.files["examples"][ex["id"]], ex["id"], f"input.army[{i}].die",
                                "missing: an example shown on a page names a die from the catalogue")
    for ex in examples:
        try:
            engine.resolve(ex["input"])
        except Exception as exc:  # noqa: BLE001 - an input error or an engine failure: both stop the build
            raise example_error(ds, ex, exc) from None


def load_dataset(root: Path | str = DEFAULT_DATA_DIR) -> Dataset:
    """Read, validate and cross-check every data file under ``root``.

    Raises :class:`DataError` naming the file, the entry and the field of the first problem.
    """
    root = Path(root)
    ds = Dataset(root=root)
    for kind in KINDS:
        validator = _validator(root, kind)
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
    _check_dice_ids(ds)
    _check_refs(ds)
    _check_examples(ds, _check_engine(ds))
    return ds


def _check_engine(ds: Dataset) -> Any:
    """Every effect, ability and modifier must be owned by the calculator's registry (one line if not).

    Returns the engine, which then resolves the example rolls.
    """
    from calculator import BundleError, Engine

    try:
        return Engine(ds.bundle())
    except BundleError as exc:
        where = ds.files.get(exc.kind, {}).get(exc.entry or "", exc.kind)
        raise DataError(where, exc.entry, exc.field, exc.message) from None


def published_schemas(root: Path) -> dict[str, dict[str, Any]]:
    """Schemas as published next to the bundle: ``<kind>.schema.json`` and ``dragondice.schema.json``."""
    out: dict[str, dict[str, Any]] = {}
    props: dict[str, Any] = {"meta": {"type": "object"},
                             "calculator": {"type": "object", "description": "The calculator's vocabulary: roll "
                                            "types, result types, die kinds, input limits, interpretation anchors."}}
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
