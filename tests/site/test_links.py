"""Every internal link and #anchor in the built site resolves to a file and an element id."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.site.build import ensure_site
from tests.site.htmlindex import Page, site_pages


@pytest.fixture(scope="module")
def site() -> tuple[Path, dict[Path, Page]]:
    root = ensure_site()
    return root, site_pages(root)


def target_file(root: Path, page: Path, path: str) -> Path:
    base = root if path.startswith("/") else page.parent
    target = (base / unquote(path.lstrip("/"))).resolve()
    return target / "index.html" if target.is_dir() or path.endswith("/") else target


def broken_links(root: Path, pages: dict[Path, Page]) -> list[str]:
    ids = {p.resolve(): set(page.ids) for p, page in pages.items()}
    broken = []
    for path, page in pages.items():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = target_file(root, path, parts.path) if parts.path else path.resolve()
            where = f"{path.relative_to(root)}: {href}"
            if not target.exists():
                broken.append(f"{where} (no file)")
            elif parts.fragment and target.suffix == ".html":
                frag = unquote(parts.fragment)
                if frag not in ids.get(target, set()):
                    broken.append(f"{where} (no id '{frag}')")
    return broken


def test_every_internal_link_and_anchor_resolves(site):
    root, pages = site
    assert len(pages) > 180   # the generated pages are really there
    broken = broken_links(root, pages)
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"


def test_link_checker_catches_a_dead_anchor(site, tmp_path):
    root, pages = site
    page = next(p for p in pages if p.parent.name == "counter")
    fake = {page: Page(ids=[], links=["../volley/#no-such-anchor", "../no-such-sai/"])}
    assert len(broken_links(root, {**pages, **fake})) >= 2


def test_no_page_repeats_an_id(site):
    root, pages = site
    dupes = {str(p.relative_to(root)): sorted({i for i in page.ids if page.ids.count(i) > 1})
             for p, page in pages.items()}
    assert not {k: v for k, v in dupes.items() if v}
