"""MkDocs hooks: regenerate ``build/docs`` when data, docs or code changed (live reload).

Bad data stops ``mkdocs build`` and ``mkdocs serve`` with the same one line as
``python -m generator check`` (a PluginError), not a traceback.
"""
from __future__ import annotations

from mkdocs.exceptions import PluginError

from generator.build import generate, is_stale, register_mime_types
from generator.errors import DataError


def on_startup(command, dirty):  # noqa: ANN001 - MkDocs hook signature
    register_mime_types()


def on_pre_build(config):  # noqa: ANN001
    if is_stale():
        try:
            generate()
        except DataError as exc:
            raise PluginError(f"error: {exc}") from None

