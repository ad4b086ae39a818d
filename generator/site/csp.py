"""The site's Content-Security-Policy: one place for the policy every page carries.

Every script is a file of the site (no inline script, no ``on...=`` handler; the theme's inline
scripts are moved to files by ``overrides/``), styles may be inline (the theme and the page
scripts set ``style``), images may be ``data:`` URLs (the theme's icons), and the calculator's
worker compiles WebAssembly (Pyodide): ``'wasm-unsafe-eval'``, which allows that and no ``eval``.

After the site builder ran, :func:`add_policy` writes the policy as a ``<meta http-equiv>`` into
every page (under ``generator serve`` it does not: the live-reload script is inline). A meta tag
cannot carry ``frame-ancestors`` or reporting, and does not reach the worker: hosts should send the
same policy as a ``Content-Security-Policy`` header (DEPLOYING.md).
"""
from __future__ import annotations

import html
import re
from pathlib import Path

POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; object-src 'none'; base-uri 'self'")

META = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(POLICY)}">'
_CHARSET = re.compile(r"<meta charset=[\"']?utf-8[\"']?\s*/?>", re.I)


def with_policy(page: str) -> str:
    """The page with the policy's meta tag right after its charset (first in <head>); once."""
    if 'http-equiv="Content-Security-Policy"' in page:
        return page
    found = _CHARSET.search(page)
    if found is None:
        head = page.find("<head>")
        if head < 0:
            raise ValueError("a page without <head> cannot carry the Content-Security-Policy")
        return page[:head + 6] + META + page[head + 6:]
    return page[:found.end()] + META + page[found.end():]


def add_policy(site: Path) -> int:
    """Give every HTML page of ``site`` the policy; returns how many pages were changed."""
    changed = 0
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        new = with_policy(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
    return changed
