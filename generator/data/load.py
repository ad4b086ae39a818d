"""Load, validate and cross-check everything under ``data/``.

The data is read once into a :class:`Dataset`; every later stage (pages, the open
data bundle, the calculator's examples) works from that object.

>>> ds = load_dataset(DEFAULT_DATA_DIR)          # doctest: +SKIP
>>> ds.get("sais", "counter")["name"]             # doctest: +SKIP
'Counter'
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema

from .crossrefs import check_dice_ids, check_die_faces, check_editions, check_refs
from .files import KINDS, Kind
from .dataset import Dataset
from ..errors import DataError
from .examples import check_engine, check_examples
from .markup import check_markup
from .published import check_published
from ..paths import DATA_DIR
from .reading import load_yaml, rel_path
from .schemas import check_document, validator

DEFAULT_DATA_DIR = DATA_DIR


def _read_file(path: Path, root: Path, kind: Kind, check: jsonschema.protocols.Validator) -> list[dict]:
    rel = rel_path(path, root)
    doc = load_yaml(path, rel, kind.name)
    if not isinstance(doc, dict) or kind.name not in doc:
        raise DataError(rel, None, kind.name, f"the file must be a mapping with the key '{kind.name}'")
    check_document(doc, rel, kind.name, check)
    return doc[kind.name]


def load_dataset(root: Path | str = DEFAULT_DATA_DIR) -> Dataset:
    """Read, validate and cross-check every data file under ``root``.

    Raises :class:`DataError` naming the file, the entry and the field of the first problem.
    """
    root = Path(root)
    ds = Dataset(root=root)
    for kind in KINDS:
        check = validator(root, kind)
        paths = sorted(root.glob(kind.pattern))
        if not paths:
            raise DataError(rel_path(root / kind.pattern, root), None, None, "no data file found")
        entries: list[dict[str, Any]] = []
        index: dict[str, dict[str, Any]] = {}
        files: dict[str, str] = {}
        for path in paths:
            rel = rel_path(path, root)
            for item in _read_file(path, root, kind, check):
                ident = item["id"]
                if ident in index:
                    raise DataError(rel, ident, "id", f"duplicate id (also in {files[ident]})")
                index[ident], files[ident] = item, rel
                entries.append(item)
        ds.kinds[kind.name], ds._index[kind.name], ds.files[kind.name] = entries, index, files
    check_dice_ids(ds)
    check_die_faces(ds)
    check_editions(ds)
    check_markup(ds)        # data texts are words: never a live link or attribute on a page
    check_published(ds)     # before the references: a renamed id is the cause, a dangling reference its effect
    check_refs(ds)
    check_examples(ds, check_engine(ds))
    return ds
