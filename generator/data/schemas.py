"""Checking data files against ``data/schema/``, with errors worded for people; the published schemas."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema

from .files import KINDS, Kind
from ..errors import DataError
from .reading import format_path, read_text, rel_path


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
    field_name = format_path(path) or None
    return DataError(rel, entry, field_name, message)


def _pick_error(errors: list[jsonschema.ValidationError]) -> jsonschema.ValidationError:
    """jsonschema's best match (among missing fields, if any), unless a more specific error lies below it.

    best_match prefers the shallowest error: a clause whose ``rolls`` must be ``[save]`` would
    hide that ``rolls[1]`` is not a roll type at all. The bad value is the more useful report.
    """
    # A missing field first: a conditional of the schema that keys on it (if/then/else) would
    # otherwise report what its other branch asks for instead.
    missing = [e for e in errors if e.validator == "required"]
    errors = [e for e in missing if not {"then", "else"} & set(map(str, e.schema_path))] or missing or errors
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
    schema = err.schema if isinstance(err.schema, dict) else {}
    if err.validator == "const":
        why = schema.get("description")
        return f"must be {_show(err.validator_value)}" + (f" ({why})" if why else "")
    noun = schema.get("title")
    allowed = ", ".join(_show(v) for v in err.validator_value)  # type: ignore[union-attr]  # an enum's list
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


def validator(root: Path, kind: Kind) -> jsonschema.protocols.Validator:
    schema = load_schema(root, kind)
    return jsonschema.Draft202012Validator(_inline_refs(schema, schema.get("$defs", {})))


def load_schema(root: Path, kind: Kind) -> dict[str, Any]:
    path = root / "schema" / kind.schema
    if not path.exists():
        raise DataError(rel_path(path, root), None, None, "schema file is missing")
    try:
        return json.loads(read_text(path, rel_path(path, root)))
    except json.JSONDecodeError as exc:
        raise DataError(rel_path(path, root), None, None, f"not valid JSON: {exc}") from None



def check_document(doc: Any, rel: str, kind: str, validator: jsonschema.protocols.Validator) -> None:
    """Raise the most useful schema error of a data file's document, if it has any."""
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise _schema_error(rel, kind, doc, _pick_error(errors))


def published_schemas(root: Path) -> dict[str, dict[str, Any]]:
    """Schemas as published next to the bundle: ``<kind>.schema.json`` and ``dragondice.schema.json``."""
    out: dict[str, dict[str, Any]] = {}
    props: dict[str, Any] = {"meta": {"type": "object"},
                             "calculator": {"type": "object", "description": "The calculator's vocabulary: roll "
                                            "types, result types, die kinds, input limits, interpretation anchors."}}
    for kind in KINDS:
        schema = dict(load_schema(root, kind))
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
