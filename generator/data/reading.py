"""Reading data files strictly: UTF-8 only, no duplicate keys, errors naming line and entry."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import yaml

from ..errors import DataError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present: much faster


def rel_path(path: Path, root: Path) -> str:
    """``path`` as the error messages name it: relative to the data folder's parent."""
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


def read_text(path: Path, rel: str) -> str:
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
        entry = None if entry_before(lines[line - 1:line]) else entry_before(lines[:line - 1])
        raise DataError(rel, entry, None,
                        f"line {line}, column {column} (byte {exc.start}): not UTF-8 text "
                        f"(byte 0x{raw[exc.start]:02x}); save the file as UTF-8") from None


class DuplicateKey(yaml.constructor.ConstructorError):
    """A key given twice in one mapping: YAML would silently keep the second value."""

    def __init__(self, key: Any, first: yaml.Mark, second: yaml.Mark) -> None:
        super().__init__(None, None, f"duplicate key '{key}'", second)
        self.key, self.first, self.second = key, first, second


class StrictLoader(_LOADER):  # type: ignore[misc, valid-type]
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
    if root is not None and len(path) >= 3 and path[0] == kind and isinstance(path[1], int):
        entry, path = _entry_id(root, kind, path[1]), path[2:]
    return DataError(rel, entry, format_path(path), message)


def entry_before(lines: list[str]) -> str | None:
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
    entry = entry_before(lines)
    key = re.match(r"^\s*-?\s*([A-Za-z_][\w-]*)\s*:", lines[-1]) if lines else None
    return DataError(rel, entry, key.group(1) if key else None,
                     f"line {mark.line + 1}, column {mark.column + 1}: not valid YAML: {problem}")


def format_path(parts: Iterator[Any] | list[Any]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out



def load_yaml(path: Path, rel: str, kind: str) -> Any:
    """The YAML document of one data file; every problem is one :class:`DataError`."""
    text = read_text(path, rel)
    try:
        return yaml.load(text, Loader=StrictLoader)
    except DuplicateKey as exc:
        raise _duplicate_key_error(text, rel, kind, exc) from None
    except yaml.YAMLError as exc:
        raise _yaml_error(path, rel, exc) from None
