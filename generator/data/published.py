"""Published URLs, checked from the data alone (part of ``python -m generator check``).

Every page or anchor an entry was published under (``data/published-urls.txt``) must still belong
to an entry, unless ``data/moves.yaml`` declares where it moved; every move must lead to a page the
data or ``docs/`` makes. The full build checks the built site by URL (``generator/data/urls.py``); this
finds the same losses before building, and names the file, the entry and the field.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from .dataset import Dataset
from ..errors import DataError
from .reading import rel_path
from .urls import Move, handwritten_pages, load_moves, read_manifest

# Where an entry of each kind is published: its own page, or an anchor on a page it shares.
PLACES = {"sais": "/sai/{}/", "spells": "/spells/{}/", "species": "/species/{}/", "rules": "/rules/{}/",
          "terrains": "/terrains/#{}", "terrain_types": "/terrains/#{}", "dragons": "/dragons/#{}",
          "glossary": "/glossary/#{}", "rulings": "/rulings/#{}"}
SHARED = ("/terrains/", "/dragons/", "/glossary/", "/rulings/")      # and /dice/<species>/
# The shared pages' own anchors, made by their templates, not by one entry: headings, icon legends,
# glossary letters, ruling topics, unit classes.
OWN_ANCHORS = re.compile(r"(dd-i|icon|class|letter|topic)-.+|dice|dragons|dragon-dice|dragon-faces|terrains|"
                         r"terrain-icons|glossary|rulings-index")


class Owner(NamedTuple):
    file: str
    entry: str
    field: str


def data_urls(ds: Dataset) -> dict[str, Owner]:
    """Every page and anchor the data makes, with the entry (and field) it comes from."""
    out: dict[str, Owner] = {}
    for kind, place in PLACES.items():
        for entry in ds.kinds.get(kind, []):
            out[place.format(entry["id"])] = Owner(ds.files[kind][entry["id"]], entry["id"], "id")
    for ruling in ds.kinds.get("rulings", []):
        for i, point in enumerate(ruling.get("points") or []):
            out[f"/rulings/#{point['id']}"] = Owner(ds.files["rulings"][ruling["id"]], ruling["id"], f"points[{i}].id")
    for die in ds.kinds.get("dice", []):
        species, _, unit = die["id"].partition("/")
        owner = Owner(ds.files["dice"][die["id"]], die["id"], "id")
        out[f"/dice/{species}/#{unit}"] = owner
        out.setdefault(f"/dice/{species}/", owner)
    return out


def _from_data(url: str, handwritten: set[str]) -> bool:
    """Whether a published URL is one an entry makes (not a page's own heading or a hand-written page)."""
    page, _, anchor = url.partition("#")
    if page in handwritten:
        return False
    shared = page in SHARED or re.fullmatch(r"/dice/[a-z0-9-]+/", page) is not None
    if shared:
        return bool(anchor) and OWN_ANCHORS.fullmatch(anchor) is None or (not anchor and page.startswith("/dice/"))
    return not anchor and any(re.fullmatch(re.escape(p).replace(r"\{\}", "[^/#]+"), page)
                              for p in PLACES.values() if "#" not in p)


def _lost(ds: Dataset, url: str, owners: dict[str, Owner], published: set[str]) -> DataError:
    """The published URL no entry makes any more: blamed on the entry that now stands in its place."""
    page, _, anchor = url.partition("#")
    if page == "/rulings/":
        ruling = max((r for r in ds.kinds.get("rulings", []) if anchor.startswith(r["id"] + "-")),
                     key=lambda r: len(r["id"]), default=None)
        if ruling is not None:
            return DataError(ds.files["rulings"][ruling["id"]], ruling["id"], "points",
                             f"its point published as {url} is gone: a published point is never removed "
                             "(or declare where it moved in data/moves.yaml)")
    kin = [o for u, o in owners.items() if u not in published and _same_place(u, url)]
    file = kin[0].file if kin else _file_of(ds, url)
    entry = kin[0].entry if len(kin) == 1 else (anchor or page.strip("/").rsplit("/", 1)[-1])
    return DataError(file, entry, "id", f"{url} was published and no entry makes it now: an id never changes once "
                                        "published (keep it, or declare the move in data/moves.yaml)")


def _same_place(new: str, old: str) -> bool:
    """Two URLs of the same family: the same page with another anchor, or another page beside it."""
    (np, _, na), (op, _, oa) = new.partition("#"), old.partition("#")
    return (np == op and bool(na) == bool(oa)) or (not na and not oa and np.rsplit("/", 2)[0] == op.rsplit("/", 2)[0])


def _file_of(ds: Dataset, url: str) -> str:
    page = url.partition("#")[0]
    for kind, place in PLACES.items():
        if page.startswith(place.split("{}")[0]) and ds.files.get(kind):
            return next(iter(ds.files[kind].values()))
    species = page.strip("/").split("/")[-1]
    return f"data/dice/{species}.yaml"


def check_published(ds: Dataset) -> None:
    """No published URL is lost without a move, and every move leads to a page that exists."""
    manifest, moves_file = ds.root / "published-urls.txt", ds.root / "moves.yaml"
    if not manifest.exists():
        return
    published = read_manifest(manifest)
    check_manifest_lines(manifest, ds.root)
    moves = load_moves(moves_file)
    owners, handwritten = data_urls(ds), handwritten_pages()
    by_old = {m.old: m for m in moves}
    for url in published:
        if url in owners or not _from_data(url, handwritten):
            continue
        if url not in by_old and url.partition("#")[0] not in by_old:
            raise _lost(ds, url, owners, set(published))
    pages = {u for u in published if "#" not in u and not _from_data(u, handwritten)} | handwritten | \
        {u.partition("#")[0] for u in owners}
    for move in moves:
        _check_moved_from(rel_path(moves_file, ds.root), move, set(published), owners, handwritten)
        _check_move(rel_path(moves_file, ds.root), move, pages, owners, set(published), handwritten)


# A site path as published: a page (/sai/counter/) or an anchor on it (/sai/counter/#clause-1).
SITE_PATH = re.compile(r"/([a-z0-9-]+/)*(#[A-Za-z0-9_-]+)?")


def check_manifest_lines(manifest: Path, root: Path) -> None:
    """Each line of the manifest is a comment, blank, or one site path: a typo (a missing slash, a
    space, a full address) would otherwise stand for a URL nobody published and hide the real one."""
    for n, line in enumerate(manifest.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if SITE_PATH.fullmatch(line) is None:
            raise DataError(rel_path(manifest, root), None, f"line {n}",
                            f"{line.strip()[:80]!r} is not a site path like /rules/name/ or /rules/name/#anchor")


def _check_moved_from(where: str, move: Move, published: set[str], owners: dict[str, Any],
                      handwritten: set[str]) -> None:
    """A move starts at a URL that was published and is no longer made: a move from a URL never
    published is a typo, and a move of a page or anchor that still exists would hide it."""
    if move.old not in published:
        raise DataError(where, move.old, "from", f"{move.old} was never published (it is not in "
                                                 "data/published-urls.txt): only a published URL moves")
    if move.old in owners or move.old in handwritten:
        raise DataError(where, move.old, "from", f"{move.old} still exists: move a page or anchor only once the "
                                                 "data no longer makes it")


def _check_move(where: str, move: Move, pages: set[str], owners: dict[str, Any], published: set[str],
                handwritten: set[str]) -> None:
    page, _, anchor = move.new.partition("#")
    if page not in pages:
        raise DataError(where, move.old, "to", f"{move.new}: no entry or page makes {page}")
    if anchor and move.new not in owners and (_from_data(move.new, handwritten) or move.new not in published):
        raise DataError(where, move.old, "to", f"{move.new}: {page} has no anchor '{anchor}'")
