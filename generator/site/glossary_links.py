"""Glossary links: the first mention of each glossary term on a page links to its definition.

Done on the built page's HTML (in running text, not in links, headings, code, buttons or chips),
with the definition as the tooltip. :mod:`generator.site.finish` runs it on every page but the
glossary itself.
"""
from __future__ import annotations

import html
import posixpath
import re
from typing import Any

from ..pages.links import short

GLOSSARY_PAGE = "glossary/"
# Text inside these elements is never linked.
SKIP = {"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "script", "style", "button", "textarea",
        "select", "option", "label", "title", "svg", "span", "th", "dt", "abbr", "output", "form", "nav",
        "sup", "summary", "q", "kbd", "footer"}
# ... nor inside elements of these classes (titles, badges, the glossary's own letter bar).
SKIP_CLASSES = {"admonition-title", "dd-meta", "dd-letters", "dd-source", "dd-search"}
# Phrases that contain a term but are not it: the game's name is not a dragon; the calculator's
# "exchange" (an attack with its saves and counter-attack) is not the glossary's exchange of units
# with the Dead Unit Area.
NOT_TERMS = ("Dragon Dice", "an exchange", "the exchange", "a whole exchange", "exchange mode", "roll or exchange")
VOID = {"br", "img", "input", "hr", "meta", "link", "source", "wbr", "col", "area", "base", "embed",
        "param", "track"}
TOKEN = re.compile(r"<!--.*?-->|<[^>]+>", re.S)


class Glossary:
    """The glossary's terms as one regex; :meth:`link` links their first mentions in a page."""

    def __init__(self, terms: list[dict[str, Any]]) -> None:
        self.regex, self.by_name = terms_regex(terms)

    def link(self, content: str, page_url: str) -> str:
        """The page's HTML with the first mention of each glossary term linked."""
        seen: set[str] = set()
        stack: list[tuple[str, bool]] = []   # open elements: (tag, text inside is never linked)
        out: list[str] = []
        pos = 0
        for m in TOKEN.finditer(content):
            out.append(self._link_text(content[pos:m.start()], stack, seen, page_url))
            tag = m.group(0)
            out.append(tag)
            pos = m.end()
            _follow(tag, stack)
        out.append(self._link_text(content[pos:], stack, seen, page_url))
        return "".join(out)

    def _link_text(self, text: str, stack: list[tuple[str, bool]], seen: set[str], page_url: str) -> str:
        if not text.strip() or any(skip for _, skip in stack):
            return text

        def repl(m: re.Match[str]) -> str:
            term = self.by_name[m.group(1).lower()]
            if term is None or term["id"] in seen:
                return m.group(0)
            seen.add(term["id"])
            return _glossary_link(term, m.group(0), page_url)

        return self.regex.sub(repl, text)


def _follow(tag: str, stack: list[tuple[str, bool]]) -> None:
    """Keep ``stack`` (the open elements) up to date with one tag or comment."""
    name = re.match(r"</?\s*([a-zA-Z0-9]+)", tag)
    if not name or tag.startswith("<!--"):
        return
    tag_name = name.group(1).lower()
    names = [t for t, _ in stack]
    if tag.startswith("</"):
        if tag_name in names:
            del stack[len(names) - 1 - names[::-1].index(tag_name):]
    elif tag_name not in VOID and not tag.endswith("/>"):
        classes = re.search(r'\sclass="([^"]*)"', tag)
        skip = tag_name in SKIP or bool(classes and SKIP_CLASSES & set(classes.group(1).split()))
        stack.append((tag_name, skip))


def terms_regex(terms: list[dict[str, Any]]) -> tuple[re.Pattern[str], dict[str, dict[str, Any] | None]]:
    """One regex for every name and alias (all-caps names such as DUA and SAI match in capitals
    only), and the term each name stands for (None: a phrase that is never a term)."""
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


def _glossary_link(term: dict[str, Any], text: str, page_url: str) -> str:
    href = posixpath.relpath("/" + GLOSSARY_PAGE, "/" + page_url) + "/#" + term["id"]
    title = html.escape(short(term["text"]), quote=True)
    ident = term["id"]
    return (f'<a class="dd-gloss" href="{html.escape(href)}" title="{title}" '
            f'data-glossary="{ident}">{text}</a>')
