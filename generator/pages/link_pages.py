"""One link, one preview: a small page of its own for every rule part, ruling point and glossary term.

A link to ``/rulings/#monster-sais-charm-e-2`` previews (in a chat or a forum) as the whole rulings
page, since link previews never look past the ``#``. So each of those parts also has a page of
its own, a child of the page that holds it (``/rulings/monster-sais-charm-e-2/``,
``/rules/play-areas/dead-unit-area/``, ``/glossary/dua/``), whose title, description and image are
that part's, and which sends the reader on to the anchor on the full page: a meta refresh and a
visible link, no script. The Copy-link and Quote buttons give these addresses (the page's quote
data carries them, :mod:`generator.pages.reference`), and the URL manifest lists them.

``og:url``, ``og:image`` and the canonical link are absolute to the site's address when it is
known (``SITE_URL``, which ``mkdocs.yml`` reads): :func:`set_root` writes them after the site
builder, from its configuration; without it they are relative to the small page (no canonical).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Any

from ..images import share_images
from .links import short
from ..paths import REPO_ROOT
from .text import part_title, point_label, point_text

RULE_PARTS = ("steps", "points", "types", "sections")
# How a 1996 ruling stands under the current rules (its ``status``), in a player's words.
VERDICTS = {"superseded": "superseded by v4.01d", "partly-superseded": "partly superseded by v4.01d",
            "consistent": "still holds under v4.01d", "unclear": "unclear under v4.01d"}
MARK = "dd-permalink"          # the body class that tells these pages from the redirects of moves
ROOT = "@@site-root@@/"        # where the site's address goes; set_root fills it in after the build


@dataclass(frozen=True)
class LinkPage:
    path: str       # its own site path, below the full page: rules/play-areas/dead-unit-area/
    target: str     # the anchor on the full page: rules/play-areas/#dead-unit-area
    title: str
    kind: str       # what it is, as a player says it
    text: str       # the whole text, plain
    source: str
    verdict: str = ""   # a ruling point: how it stands under the current rules ("Superseded by v4.01d")
    now: str = ""       # ... and what they say now
    mark: str = ""      # the image's big letters where it has no icon ("p.29")
    glyphs: tuple[str, ...] = ()          # the image's icons, one per colour
    colours: tuple[str, ...] = ("sai",)
    name: str = ""      # the image's name where it is shorter than the title (a rule part's own title)


def verdict(status: str) -> str:
    return VERDICTS.get(status, status.replace("-", " "))


def rule_pages(site: Any) -> list[LinkPage]:
    out = []
    for rule in site.ds.kinds.get("rules", []):
        for key in RULE_PARTS:
            for part in rule.get(key, []):
                src = part.get("source") or rule.get("source")
                page = src.get("page")
                out.append(LinkPage(f"rules/{rule['id']}/{part['id']}/", f"rules/{rule['id']}/#{part['id']}",
                                    f"{rule['name']}: {part_title(part, site.plain)}", f"{rule['name']} rule",
                                    site.plain(part.get("text") or part.get("summary") or ""),
                                    site.wording.label(src), mark=f"p.{page}" if page else "Rules",
                                    name=part_title(part, site.plain)))
    return out


def ruling_pages(site: Any) -> list[LinkPage]:
    out = []
    for ruling in site.ds.kinds.get("rulings", []):
        for point in ruling["points"]:
            out.append(LinkPage(f"rulings/{point['id']}/", f"rulings/#{point['id']}",
                                f"{ruling['name']}, point {point_label(ruling, point)}", "Ruling, TSR FAQ 1996",
                                point_text(point), site.wording.label(ruling["source"]),
                                verdict(point["status"]).capitalize(), site.say(point["now"]), mark="FAQ"))
    return out


def glossary_pages(site: Any) -> list[LinkPage]:
    return [LinkPage(f"glossary/{t['id']}/", f"glossary/#{t['id']}", t["name"], "Glossary",
                     site.plain(t["text"]), site.wording.label(t["source"]), mark="A-Z")
            for t in site.ds.kinds.get("glossary", [])]


def die_pages(site: Any) -> list[LinkPage]:
    """Each die, below its species' dice page (``/dice/coral-elves/gryphon/``)."""
    species = {s["id"]: s["name"] for s in site.ds.kinds.get("species", [])}
    out = []
    for die in site.ds.kinds.get("dice", []):
        slug = die["id"].split("/", 1)[1]
        owner = species.get(die["species"])
        kind = f"{owner} die, {site.die_size(die)}" if owner else f"Item, {die['kind']}"
        faces = ", ".join(f"{f.get('count', 1)} {site.icon_name(f['icon'])}" for f in die["faces"])
        health = f"Health {die['health']}. " if die.get("health") else ""
        elements = tuple(e for e in die.get("element") or [] if e in share_images.COLOURS)
        out.append(LinkPage(f"dice/{die['species']}/{slug}/", f"dice/{die['species']}/#{slug}",
                            site.die_label(die), kind, f"{health}Faces: {faces}.", site.wording.label(die["source"]),
                            glyphs=tuple(f"element-{e}" for e in elements) or ("id",),
                            colours=elements or ("ivory",)))
    return out


def link_pages(site: Any) -> list[LinkPage]:
    return [*rule_pages(site), *ruling_pages(site), *glossary_pages(site), *die_pages(site)]


def site_name() -> str:
    match = re.search(r"^site_name:\s*(.+)$", (REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    return match.group(1).strip().strip("'\"") if match else ""


def description(page: LinkPage) -> str:
    """The preview's text: the part's own words; a ruling point's verdict first."""
    return short((f"{page.verdict}. " if page.verdict else "") + page.text, 300)


def render(page: LinkPage, name: str, images: share_images.ShareImages) -> str:
    """The small page, its addresses written from :data:`ROOT` (filled in by :func:`set_root`
    once the site's address is known, after the site builder), with an image of its own."""
    target = ROOT + page.target
    here = ROOT + page.path
    e = lambda s: escape(str(s), quote=True)  # noqa: E731
    desc = description(page)
    picture, alt = images.link_image(page.path, page.kind, page.name or page.title, desc, page.mark, page.glyphs,
                                  page.colours)
    image = ROOT + picture
    tags = "".join(f'<meta property="{k}" content="{e(v)}">' for k, v in (
        ("og:type", "article"), ("og:site_name", name), ("og:title", page.title), ("og:description", desc),
        ("og:url", here), ("og:image", image), ("og:image:type", "image/png"),
        ("og:image:width", share_images.WIDTH), ("og:image:height", share_images.HEIGHT), ("og:image:alt", alt)))
    tags += "".join(f'<meta name="{k}" content="{e(v)}">' for k, v in (
        ("twitter:card", "summary_large_image"), ("twitter:title", page.title), ("twitter:description", desc),
        ("twitter:image", image)))
    note = f"<p><strong>{e(page.verdict)}.</strong> {e(page.now)}</p>" if page.verdict else ""
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0; url={e(target)}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(page.title)} - {e(name)}</title><meta name=\"description\" content=\"{e(desc)}\">{tags}"
        f'<link rel="canonical" href="{e(here)}"><link rel="manifest" href="{ROOT}manifest.webmanifest">'
        f'<link rel="icon" href="{ROOT}assets/icons/icon.svg"></head>\n'
        f'<body class="{MARK}"><main><p>{e(page.kind)}</p><h1>{e(page.title)}</h1><p>{e(page.text)}</p>{note}'
        f"<p>{e(page.source)}</p>"
        f'<p><a href="{e(target)}">Read it on its page</a></p></main></body></html>\n')


def set_root(site: Path, base_url: str | None) -> None:
    """Fill in the addresses of every small page of a built site: absolute to ``base_url`` (the
    site's address, ``SITE_URL``), else relative to the page (and then no canonical link)."""
    for path in site.rglob("index.html"):
        text = path.read_text(encoding="utf-8")
        if f'class="{MARK}"' not in text or ROOT not in text:
            continue
        depth = len(path.relative_to(site).parts) - 1
        if base_url:
            text = text.replace(ROOT, base_url.rstrip("/") + "/")
        else:
            text = re.sub(r'<link rel="canonical" href="[^"]*">', "", text).replace(ROOT, "../" * depth)
        path.write_text(text, encoding="utf-8")


def moved(pages: list[LinkPage], moves: list[tuple[str, str]]) -> list[LinkPage]:
    """Published small pages keep working when their part moves (``data/moves.yaml``): an anchor
    moved from ``/P/#x`` to ``/Q/#y`` keeps ``/P/x/``, and a page moved from ``/P/`` to ``/Q/``
    keeps the small pages below it, each showing the part at its new place."""
    by_path = {p.path: p for p in pages}
    out = []
    for old, new in moves:
        old_page, _, old_anchor = old.strip("/").partition("#")
        new_page, _, new_anchor = new.strip("/").partition("#")
        if old_anchor and new_anchor:
            twin = by_path.get(f"{new_page.strip('/')}/{new_anchor}/")
            if twin:
                out.append(replace(twin, path=f"{old_page.strip('/')}/{old_anchor}/"))
        elif not old_anchor and not new_anchor:
            below = f"{new_page}/"
            out += [replace(p, path=f"{old_page}/{p.path[len(below):]}") for p in pages if p.path.startswith(below)]
    return out


def render_link_pages(site: Any, images: share_images.ShareImages, moves: list[tuple[str, str]] | None = None) -> dict[str, str]:
    """``{path below the site root: HTML}`` of every small page (and of those kept by moves)."""
    name = site_name()
    pages = link_pages(site)
    return {f"{p.path}index.html": render(p, name, images) for p in [*moved(pages, moves or []), *pages]}
