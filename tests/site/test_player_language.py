"""Pages speak to players: no seed numbers, file names, raw effect ids or bare tool names.

Scans every built page's visible text, its tooltips and labels (title, aria-label, alt,
placeholder, meta description), the quote text players copy (div.dd-quotes) and the search
index's titles and snippets. Example traces made by the calculator (.dd-example) and the
calculator's own pages come from the engine and are checked with the engine, not here.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site.htmlindex import page_paths
from tests.values import strings

ATTRS = ("title", "aria-label", "alt", "placeholder")
ENGINE_PAGES = ("calculator",)
# Effect ids that are also the rulebook's own words ("a 'Counts As' effect").
ENGLISH = {"counts-as"}
FIXED = [
    (re.compile(r"\bseeds? ?0\d\d\b", re.I), "a seed number"),
    (re.compile(r"\bseed (?:file|document)s?\b", re.I), "the word seed for a source"),
    (re.compile(r"\b[\w-]+\.ya?ml\b"), "a data file name"),
    (re.compile(r"\bOCTGN\b(?! dice data| module| program| \d)"), "OCTGN as jargon (say 'the OCTGN dice data')"),
    (re.compile(r"@\d\d_[a-z_]+\.md"), "a seed cross-reference"),
    (re.compile(r"\b(the|a|an|of|to|and) \1\b", re.I), "a word written twice (a sentence joined to a title)"),
]
# Tools the site is made with: no page names them (its hand-written text, the theme's footer).
TOOLS = re.compile(r"\b(Pyodide|MkDocs|Jinja2?|Web ?Workers?|Playwright|Chromium)\b")


class _Text(HTMLParser):
    """Visible text, player-facing attributes and quote data of one page (engine traces skipped)."""

    SKIP = {"script", "style"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.said: list[str] = []                 # attributes and quote data: read apart from the text
        self.stack: list[tuple[str, bool]] = []   # (tag, skipped)

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        skip = tag in self.SKIP or "dd-example" in (a.get("class") or "").split()
        if "dd-quotes" in (a.get("class") or "").split() and a.get("data-quotes"):
            # what a quote copies (its "url" is an address, read by no one as words)
            self.said.extend(str(v) for q in json.loads(a["data-quotes"] or "{}").values()
                             for k, v in q.items() if k != "url")
        if tag == "meta" and a.get("name") == "description":
            self.said.append(a.get("content") or "")
        if not self._skipping():
            self.said.extend(a[k] for k in ATTRS if a.get(k))
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source", "wbr"):
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._skipping():
            self.parts.append(data)


def page_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    # A link's title is not part of the sentence it sits in: each attribute is read on its own.
    return " ¶ ".join(" ".join(text.split()) for text in [" ".join(parser.parts), *parser.said])


def effect_ids(dataset) -> set[str]:
    """Hyphenated tokens the SAI data uses as effect kinds and parameters (its-melee-results)."""
    found = {v for sai in dataset.kinds["sais"] for clause in sai["clauses"]
             for v in strings(clause.get("effect", {})) if re.fullmatch(r"[a-z]+(-[a-z]+)+", v)}
    return found - ENGLISH


def problems(text: str, ids_regex: re.Pattern[str]) -> list[str]:
    out = []
    for regex, what in FIXED:
        out += [f"{what}: …{text[max(m.start() - 40, 0):m.end() + 30]}…" for m in regex.finditer(text)]
    out += [f"raw effect id '{m.group(0)}': …{text[max(m.start() - 40, 0):m.end() + 20]}…"
            for m in ids_regex.finditer(text)]
    return out


@pytest.fixture(scope="module")
def ids_regex(dataset) -> re.Pattern[str]:
    ids = sorted(effect_ids(dataset), key=len, reverse=True)
    assert "its-melee-results" in ids and "reflect-damage" in ids   # the scan looks for real ids
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


@pytest.fixture(scope="module")
def texts(site) -> dict[Path, str]:
    """Every page's text, read once for the scans below."""
    return {p: page_text(p) for p in page_paths(site)}


def test_no_internal_labels_on_any_page(site, texts, ids_regex):
    found = {}
    pages = [p for p in texts if p.relative_to(site).parts[0] not in ENGINE_PAGES]
    assert len(pages) > 200
    for path in pages:
        hits = problems(texts[path], ids_regex)
        if hits:
            found[str(path.relative_to(site))] = hits[:3]
    assert not found, f"{len(found)} pages with internal labels, e.g. {dict(list(found.items())[:6])}"


def test_no_page_names_the_tools_it_is_made_with(site, texts):
    # The calculator's pages too: what they say before the engine answers is written by hand.
    found = {str(p.relative_to(site)): TOOLS.findall(text) for p, text in texts.items()}
    assert not {k: v for k, v in found.items() if v}
    assert TOOLS.findall("The calculator runs in Pyodide in a Web Worker; made with Material for MkDocs.")


def test_no_internal_labels_in_search_results(site, ids_regex):
    index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))
    hits = [h for e in index["entries"] for field in ("t", "k", "s")
            for h in problems(e.get(field, ""), ids_regex)]
    assert not hits, hits[:8]


def test_the_scan_catches_what_it_looks_for(ids_regex):
    """Each kind of label is found in a sentence that carries it, and ordinary text passes."""
    for bad in ("Seed 003 has no Cantrip column.", "OCTGN marks the spell Cantrip=No.",
                "See rules.yaml.", "reflect damage (its-melee-results)", "(see @62_eldarim_champions.md)",
                "X follows the The value of X;"):
        assert problems(bad, ids_regex), bad
    assert not problems("The OCTGN dice data gives it 10 saves; the Dracolem Rules v1.01 say nothing.", ids_regex)


def test_a_title_is_read_apart_from_the_sentence_it_sits_in(tmp_path, ids_regex):
    # "the" before a link whose tooltip starts "The ..." is no word written twice; "the" before the
    # link's own words "The value of X" is.
    page = tmp_path / "index.html"
    page.write_text('<p>Face counts: the <a title="The list of every die">dice list</a>.</p>', encoding="utf-8")
    assert not problems(page_text(page), ids_regex)
    page.write_text('<p>X follows the <a title="How X is set">The value of X</a>.</p>', encoding="utf-8")
    assert problems(page_text(page), ids_regex)
