"""Permanent URLs: the "no URL ever disappears" check, and the moves that keep old URLs working.

``data/published-urls.txt`` lists every page URL and every anchor the site has published, one
site path a line (``/sai/counter/``, ``/sai/counter/#clause-1``). After each build
:func:`check_site` compares it with the built site: a listed URL that is gone fails the build,
naming it, unless ``data/moves.yaml`` declares where it moved. A moved page gets a redirect page
at its old path; a moved anchor keeps a marker under its old id that sends the reader on
(``generator/site/finish.py``). ``python -m generator urls`` records the URLs of a fresh build.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import yaml

from ..errors import DataError
from ..paths import DATA_DIR, DOCS_DIR, REPO_ROOT

MANIFEST = DATA_DIR / "published-urls.txt"
MOVES = DATA_DIR / "moves.yaml"
MOVES_SCHEMA = DATA_DIR / "schema" / "moves.schema.json"
HANDWRITTEN = DOCS_DIR
SKIP_DIRS = ("assets", "pyodide", "data", "search")   # not pages: runtimes, data, the search index


# --- moves -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    old: str   # site path, with or without #anchor
    new: str

    @property
    def old_page(self) -> str:
        return self.old.partition("#")[0]

    @property
    def old_anchor(self) -> str:
        return self.old.partition("#")[2]


def load_moves(path: Path = MOVES) -> list[Move]:
    """``data/moves.yaml``: ``moves: [{from: /old/#a, to: /new/#b, why: ...}]``."""
    rel = path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {"moves": []}
    except yaml.YAMLError as exc:
        raise DataError(str(rel), None, None, f"not valid YAML: {str(exc).splitlines()[0]}") from None
    schema = json.loads(MOVES_SCHEMA.read_text(encoding="utf-8"))
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(doc))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or None
        raise DataError(str(rel), None, where, error.message)
    return [Move(m["from"], m["to"]) for m in doc.get("moves") or []]


def redirect_page(move: Move, old_dir_depth: int) -> str:
    """A static page at a moved page's old path that sends the reader (and the #anchor) on.

    No inline script (the Content-Security-Policy runs none): ``assets/js/site/moved.js`` reads the new
    address from the canonical link and keeps the #anchor; without scripts the refresh sends the
    reader on (without the anchor).
    """
    target = "../" * old_dir_depth + move.new.lstrip("/")
    script = "../" * old_dir_depth + "assets/js/site/moved.js"
    safe = escape(target)
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Moved</title>"
        f"<link rel=\"canonical\" href=\"{safe}\"><script src=\"{escape(script)}\"></script>"
        f"<meta http-equiv=\"refresh\" content=\"0; url={safe}\"></head>"
        f"<body><main><p>This page has moved: <a href=\"{safe}\">{escape(move.new)}</a>.</p></main></body></html>\n")


def redirect_files(moves: list[Move]) -> dict[str, str]:
    """``rel path below build/docs`` -> redirect page, one per moved page."""
    out: dict[str, str] = {}
    for move in moves:
        if move.old_anchor:
            continue
        rel = move.old.strip("/")
        out[f"{rel}/index.html" if rel else "index.html"] = redirect_page(move, rel.count("/") + 1 if rel else 0)
    return out


# --- the built site's URLs -------------------------------------------------------------------

class _Anchors(HTMLParser):
    """Ids inside the page's article; on hand-written pages only headings (their form ids are not links)."""

    def __init__(self, headings_only: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.headings_only = headings_only
        self.depth = 0          # > 0 while inside <article>
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.depth += 1
            return
        if not self.depth:
            return
        ident = dict(attrs).get("id")
        if ident and (not self.headings_only or re.fullmatch(r"h[1-6]", tag)):
            self.ids.append(ident)

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self.depth:
            self.depth -= 1


def handwritten_pages() -> set[str]:
    pages = set()
    for md in HANDWRITTEN.rglob("*.md"):
        rel = md.relative_to(HANDWRITTEN).with_suffix("").as_posix()
        rel = rel[: -len("index")] if rel.endswith("index") else rel + "/"
        pages.add("/" + rel.lstrip("/"))
    return pages


def site_urls(site: Path) -> set[str]:
    """Every page URL and anchor of a built site, as site paths (``/sai/counter/#clause-1``)."""
    handwritten = handwritten_pages()
    urls: set[str] = set()
    for html in site.rglob("index.html"):
        rel = html.relative_to(site)
        if rel.parts[0] in SKIP_DIRS:
            continue
        text = html.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in text[:600] and 'class="dd-permalink"' not in text:
            continue   # a redirect left by a move, not a page (a part's own small page is one)
        page = "/" + "/".join(rel.parts[:-1]) + ("/" if len(rel.parts) > 1 else "")
        parser = _Anchors(headings_only=page in handwritten)
        parser.feed(text)
        urls.add(page)
        urls.update(f"{page}#{i}" for i in parser.ids)
    return urls


def write_url_list(site: Path, base_url: str | None) -> None:
    """``/urls.txt``: every page and anchor of this build, one a line, for other tools and bots to
    link safely (absolute when the site's address is known, site paths otherwise)."""
    prefix = base_url.rstrip("/") if base_url else ""
    (site / "urls.txt").write_text("".join(f"{prefix}{u}\n" for u in sorted(site_urls(site))), encoding="utf-8")


def read_manifest(path: Path = MANIFEST) -> list[str]:
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def write_manifest(urls: set[str], path: Path = MANIFEST) -> None:
    header = ("# Every page URL and anchor this site has published (site paths). A URL listed here\n"
              "# must keep working: remove one only by declaring its move in data/moves.yaml.\n"
              "# Add new URLs with: python -m generator urls\n")
    path.write_text(header + "".join(f"{u}\n" for u in sorted(urls)), encoding="utf-8")


def _moved_anchor(url: str, move: Move) -> str:
    """Where an anchor of a moved page lands: the same id on the new page (the page's own
    title anchor, named after the page, is renamed with it)."""
    anchor = url.partition("#")[2]
    old_slug = move.old.strip("/").rsplit("/", 1)[-1]
    new_page = move.new.partition("#")[0]
    if anchor == old_slug:
        anchor = new_page.strip("/").rsplit("/", 1)[-1]
    return f"{new_page}#{anchor}"


def missing_urls(published: list[str], built: set[str], moves: list[Move]) -> list[str]:
    """One message per published URL that the build lost without a declared, working move."""
    by_old = {m.old: m for m in moves}
    problems = []
    for url in published:
        if url in built:
            continue
        page = url.partition("#")[0]
        move = by_old.get(url) or by_old.get(page)
        if move is None:
            problems.append(f"{url} disappeared (declare where it moved in data/moves.yaml)")
            continue
        new = move.new if move.old == url else _moved_anchor(url, move)
        if new not in built:
            problems.append(f"{url} moved to {new}, which does not exist")
    return problems


def check_site(site: Path, manifest: Path = MANIFEST, moves_file: Path = MOVES) -> list[str]:
    """Problems of a built site against the manifest (empty when every published URL still lands)."""
    built = site_urls(site)
    moves = load_moves(moves_file)
    problems = missing_urls(read_manifest(manifest), built, moves)
    for move in moves:    # every move must lead somewhere, and its old URL must still land
        if move.new not in built:
            problems.append(f"{move.old} moved to {move.new}, which does not exist")
        elif move.old_anchor and move.old_page not in built:
            problems.append(f"{move.old}: its page {move.old_page} is gone too; move the page instead")
        elif not move.old_anchor and not (site / move.old.strip("/") / "index.html").exists():
            problems.append(f"{move.old}: no redirect page was written")
    return problems
