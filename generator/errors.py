"""Errors raised while reading data: each names the file, the entry and the field."""
from __future__ import annotations


class DataError(Exception):
    """A problem in a data file, with enough context to find it.

    >>> str(DataError("data/sais.yaml", "counter", "clauses[0].rolls", "must be a list"))
    "data/sais.yaml: entry 'counter': field 'clauses[0].rolls': must be a list"
    """

    def __init__(self, file: str, entry: str | None, field: str | None, message: str) -> None:
        self.file, self.entry, self.field, self.message = file, entry, field, message
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [self.file]
        if self.entry is not None:
            parts.append(f"entry '{self.entry}'")
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        parts.append(self.message)
        return ": ".join(parts)
