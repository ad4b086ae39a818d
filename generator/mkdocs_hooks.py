"""MkDocs hooks: regenerate ``build/docs`` when data, docs or code changed (live reload)."""
from __future__ import annotations

from generator.build import generate, is_stale, register_mime_types


def on_startup(command, dirty):  # noqa: ANN001 - MkDocs hook signature
    register_mime_types()


def on_pre_build(config):  # noqa: ANN001
    if is_stale():
        generate()
