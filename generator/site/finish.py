"""Finishing the built pages: what the generator adds to every page after the site builder ran.

Done on the HTML of each page made from Markdown (the article's content, as the theme laid it
out), so the same steps finish a site whichever builder made it (``mkdocs build`` today):

- the first mention of each glossary term links to its definition (:mod:`generator.site.glossary_links`);
- an anchor declared as moved in ``data/moves.yaml`` keeps a marker under its old id, next to
  its new place when it stays on the page, or one that sends the reader on (``site.js``);
- a page titled like the site (the home page) is titled once, not "Name - Name";
- the site's own style sheets go out without their comments (every page loads them all, so each
  comment is weight on every first visit; the sources keep them).
"""
from __future__ import annotations

import html
import json
import posixpath
import re
from pathlib import Path

from .glossary_links import GLOSSARY_PAGE, Glossary
from ..data.urls import Move

ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">')
BUNDLE = "data/dragondice.json"   # the open data bundle, written by generator.site.build


def markdown_pages(docs_dir: Path) -> dict[str, str]:
    """Page URL (``sai/counter/``, ``""`` for the home page) -> its HTML file below the site."""
    out = {}
    for md in sorted(docs_dir.rglob("*.md")):
        rel = md.relative_to(docs_dir).with_suffix("").as_posix()
        url = rel[: -len("index")] if rel == "index" or rel.endswith("/index") else rel + "/"
        out[url] = url + "index.html"
    return out


def glossary_terms(docs_dir: Path) -> list[dict]:
    """The glossary as the generated bundle holds it (the data this build was made from)."""
    return json.loads((docs_dir / BUNDLE).read_text(encoding="utf-8")).get("glossary", [])


def finish_pages(site: Path, docs_dir: Path, moves: list[Move], site_name: str) -> int:
    """Finish every page of ``site`` built from ``docs_dir``; returns how many pages were changed."""
    glossary = Glossary(glossary_terms(docs_dir))
    changed = 0
    for url, rel in markdown_pages(docs_dir).items():
        path = site / rel
        text = path.read_text(encoding="utf-8")
        new = single_title(finish_article(text, url, glossary, moves), site_name)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def finish_article(page: str, url: str, glossary: Glossary, moves: list[Move]) -> str:
    """The page with its article's content finished (markers, glossary links); no article: as is."""
    start = ARTICLE.search(page)
    end = page.rfind("</article>")
    if start is None or end < start.end():
        return page
    content = moved_markers(page[start.end():end], url, moves)
    if url != GLOSSARY_PAGE:
        content = glossary.link(content, url)
    return page[:start.end()] + content + page[end:]


def single_title(page: str, site_name: str) -> str:
    """A page titled like the site (the home page) is titled once, not "Name - Name"."""
    for name in {site_name, html.escape(site_name, quote=False)}:
        doubled = f"<title>{name} - {name}</title>"
        if doubled in page:
            return page.replace(doubled, f"<title>{name}</title>", 1)
    return page


def moved_markers(content: str, page_url: str, moves: list[Move]) -> str:
    """Markers under the old ids of anchors moved away from (or within) this page."""
    here = page_url.strip("/")
    for move in moves:
        if not move.old_anchor or move.old_page.strip("/") != here:
            continue
        new_page, _, new_anchor = move.new.partition("#")
        same_page = new_page.strip("/") == here
        href = "" if same_page else posixpath.relpath("/" + new_page.strip("/"), "/" + here) + "/"
        href = (href.replace("./", "", 1) if href == "./" else href) + (f"#{new_anchor}" if new_anchor else "")
        marker = (f'<span id="{html.escape(move.old_anchor)}" class="dd-moved" '
                  f'data-moved-to="{html.escape(href or "./")}"></span>')
        index = content.find(f'id="{new_anchor}"') if same_page and new_anchor else -1
        start = content.rfind("<", 0, index) if index >= 0 else -1
        content = content[:start] + marker + content[start:] if start >= 0 else marker + content
    return content


def without_comments(css: str) -> str:
    """A style sheet without its ``/* ... */`` comments; text in quotes is left as it is."""
    out, i, quote = [], 0, ""
    while i < len(css):
        c = css[i]
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < len(css):
                out.append(css[i + 1])
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
            out.append(c)
        elif css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = len(css) if end < 0 else end + 2
            continue
        else:
            out.append(c)
        i += 1
    return re.sub(r"\n\s*\n+", "\n", "".join(out))


def shed_css_comments(site: Path) -> int:
    """Strip the comments of the site's own style sheets (``assets/css/``); answers how many."""
    sheets = sorted((site / "assets" / "css").glob("*.css"))
    for sheet in sheets:
        sheet.write_text(without_comments(sheet.read_text(encoding="utf-8")), encoding="utf-8")
    return len(sheets)
