"""MkDocs hooks on every built page: glossary links and the markers of moved anchors.

- The first mention of each glossary term on a page (in running text, not in links, headings,
  code, buttons or chips) links to its definition, with the definition as the tooltip.
- An anchor declared as moved in ``data/moves.yaml`` keeps a marker under its old id, next to
  its new place when it stays on the page, or one that sends the reader on (``site.js``).
"""
from __future__ import annotations

import html
import os
import posixpath
import re
from pathlib import Path
from typing import Any

from generator.data import DEFAULT_DATA_DIR, load_dataset
from generator.links import short
from generator.urls import Move, load_moves

# Text inside these elements is never linked.
SKIP = {"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "script", "style", "button", "textarea",
        "select", "option", "label", "title", "svg", "span", "th", "dt", "abbr", "output", "form", "nav",
        "sup", "summary", "q", "kbd", "footer"}
# ... nor inside elements of these classes (titles, badges, the glossary's own letter bar).
SKIP_CLASSES = {"admonition-title", "dd-meta", "dd-letters", "dd-source", "dd-search"}
# Phrases that contain a term but are not it: the game's name is not a dragon.
NOT_TERMS = ("Dragon Dice",)
VOID = {"br", "img", "input", "hr", "meta", "link", "source", "wbr", "col", "area", "base", "embed",
        "param", "track"}
TOKEN = re.compile(r"<!--.*?-->|<[^>]+>", re.S)
GLOSSARY_PAGE = "glossary/"

_state: dict[str, Any] = {}


def _terms_regex(terms: list[dict[str, Any]]) -> tuple[re.Pattern[str], dict[str, dict[str, Any]]]:
    """One regex for every name and alias; all-caps names (DUA, SAI) match in capitals only."""
    by_name: dict[str, dict[str, Any] | None] = {phrase.lower(): None for phrase in NOT_TERMS}
    for term in terms:
        for name in [term["name"], *term.get("aliases", [])]:
            by_name.setdefault(name.lower(), term)
    alts = []
    for name in sorted(by_name, key=len, reverse=True):
        original = next((n for t in terms for n in [t["name"], *t.get("aliases", [])] if n.lower() == name), name)
        word = re.escape(original)
        alts.append(word if original.isupper() or len(original) == 1 else f"(?i:{word})")
    pattern = r"(?<![\w-])(" + "|".join(alts) + r")(?:e?s)?(?![\w-])"
    return re.compile(pattern), by_name


def on_pre_build(config: Any) -> None:   # noqa: ANN401 - MkDocs hook signature
    # DRAGONDICE_DATA: another data folder (tests build a site from a changed copy of data/).
    data = Path(os.environ.get("DRAGONDICE_DATA") or DEFAULT_DATA_DIR)
    ds = load_dataset(data)
    terms = ds.kinds.get("glossary", [])
    _state["regex"], _state["terms"] = _terms_regex(terms)
    _state["moves"] = load_moves(data / "moves.yaml")


def _glossary_link(term: dict[str, Any], text: str, page_url: str) -> str:
    href = posixpath.relpath("/" + GLOSSARY_PAGE, "/" + page_url) + "/#" + term["id"]
    title = html.escape(short(term["text"]), quote=True)
    ident = term["id"]
    return (f'<a class="dd-gloss" href="{html.escape(href)}" title="{title}" '
            f'data-glossary="{ident}">{text}</a>')


def link_glossary(content: str, page_url: str) -> str:
    """The page's HTML with the first mention of each glossary term linked."""
    regex, by_name = _state["regex"], _state["terms"]
    seen: set[str] = set()
    stack: list[tuple[str, bool]] = []   # open elements: (tag, text inside is never linked)
    out: list[str] = []
    pos = 0
    for m in TOKEN.finditer(content):
        out.append(_link_text(content[pos:m.start()], stack, seen, regex, by_name, page_url))
        tag = m.group(0)
        out.append(tag)
        pos = m.end()
        name = re.match(r"</?\s*([a-zA-Z0-9]+)", tag)
        if not name or tag.startswith("<!--"):
            continue
        tag_name = name.group(1).lower()
        names = [t for t, _ in stack]
        if tag.startswith("</"):
            if tag_name in names:
                del stack[len(names) - 1 - names[::-1].index(tag_name):]
        elif tag_name not in VOID and not tag.endswith("/>"):
            classes = re.search(r'\sclass="([^"]*)"', tag)
            skip = tag_name in SKIP or bool(classes and SKIP_CLASSES & set(classes.group(1).split()))
            stack.append((tag_name, skip))
    out.append(_link_text(content[pos:], stack, seen, regex, by_name, page_url))
    return "".join(out)


def _link_text(text: str, stack: list[tuple[str, bool]], seen: set[str], regex: re.Pattern[str],
               by_name: dict[str, dict[str, Any] | None], page_url: str) -> str:
    if not text.strip() or any(skip for _, skip in stack):
        return text

    def repl(m: re.Match[str]) -> str:
        term = by_name[m.group(1).lower()]
        if term is None or term["id"] in seen:
            return m.group(0)
        seen.add(term["id"])
        return _glossary_link(term, m.group(0), page_url)

    return regex.sub(repl, text)


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


def on_page_content(content: str, page: Any, config: Any, files: Any) -> str:   # noqa: ANN401
    url = page.url or ""
    if "regex" not in _state:
        on_pre_build(config)
    content = moved_markers(content, url, _state["moves"])
    if url != GLOSSARY_PAGE:
        content = link_glossary(content, url)
    return content
