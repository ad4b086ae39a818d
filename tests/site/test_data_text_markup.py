"""Issue 52: the renderer never turns a data text into live markup. A summary holding a Markdown
link (which ``generator check`` refuses, tests/data/test_strict_bookkeeping.py) is rendered here
anyway, through the site's own Markdown extensions, and shows as the words written: no javascript:
link, and no attribute added to the links whose title shows the summary."""
from __future__ import annotations

import copy
import re

from html.parser import HTMLParser

import markdown
import pytest
import yaml

from generator.pages.render import render_pages

from ..conftest import REPO_ROOT

EVIL = 'Gains 4 maneuver results [see](javascript:alert(1)) [x](y "z" onmouseover=alert(1)) {: onclick=alert(2)}.'


def site_extensions() -> tuple[list, dict]:
    text = (REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    section = re.search(r"^markdown_extensions:\n(?:[ #].*\n|\n)*", text, re.M)     # the site's own list
    assert section is not None
    conf = yaml.safe_load(section.group(0))
    names, configs = [], {}
    for ext in conf["markdown_extensions"]:
        name = next(iter(ext)) if isinstance(ext, dict) else ext
        names.append(name)
        if isinstance(ext, dict) and ext[name]:
            configs[name] = ext[name]
    return names, configs


class Tags(HTMLParser):
    """Attributes a page's HTML would run: an on... handler, or an address with a script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.bad: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on") or (name in ("href", "src") and "script:" in (value or "").lower()):
                self.bad.append((tag, name, value))


@pytest.fixture(scope="module")
def pages(dataset):
    ds = copy.copy(dataset)
    ds.kinds = dict(dataset.kinds)
    ds.kinds["spells"] = [dict(s, summary=EVIL) if s["id"] == "wind-walk" else s for s in dataset.kinds["spells"]]
    names, configs = site_extensions()
    out = {}
    for rel, text in render_pages(ds).items():
        if rel.endswith(".md") and "Wind Walk" in text:
            body = text.split("\n---\n", 1)[-1] if text.startswith("---") else text
            out[rel] = markdown.markdown(body, extensions=names, extension_configs=configs)
    return out


def test_the_summary_is_shown_not_run(pages):
    assert "spells/wind-walk.md" in pages and len(pages) > 2, sorted(pages)[:5]
    for rel, html in pages.items():
        tags = Tags()
        tags.feed(html)
        assert not [t for t in tags.bad], (rel, tags.bad[:3])
    assert "[see](javascript:alert(1))" in pages["spells/wind-walk.md"].replace("&#91;", "[").replace("&#93;", "]")
