"""MkDocs hooks: regenerate ``build/docs`` when data, docs or code changed (live reload).

Bad data stops ``mkdocs build`` and ``mkdocs serve`` with the same one line as
``python -m generator check`` (a PluginError), not a traceback.
"""
from __future__ import annotations

import html

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


def on_post_page(output, page, config):  # noqa: ANN001
    """A page titled like the site (the home page) is titled once, not "Name - Name"."""
    for name in {config.site_name, html.escape(config.site_name, quote=False)}:
        doubled = f"<title>{name} - {name}</title>"
        if doubled in output:
            return output.replace(doubled, f"<title>{name}</title>", 1)
    return output
