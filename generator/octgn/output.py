"""Writing imported entries as the data files' YAML: block style, flow style for faces and lists."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

HEADER = (
    "# Imported once from the OCTGN module \"Dragon Dice (SFR)\" v1.2.1.4 by generator/importer.py.\n"
    "# This file is now the source of truth: edit it here (see data/README.md).\n"
)


class Flow(dict):
    """A mapping dumped in YAML flow style (faces, sources)."""


class FlowList(list):
    """A list dumped in YAML flow style (element lists)."""


class _Dumper(yaml.SafeDumper):
    """Block style overall, flow style for Flow/FlowList, list items indented under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


_Dumper.add_representer(
    Flow, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(
    FlowList, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def dump(path: Path, key: str, entries: list[dict[str, Any]]) -> None:
    """Write one data file: a mapping with one key holding the list."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.dump({key: entries}, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     width=100, default_flow_style=False)
    path.write_text(HEADER + text, encoding="utf-8")
