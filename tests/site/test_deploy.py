"""Deploy defaults: without SITE_URL no page or sitemap entry points at a development address; with
SITE_URL set, canonical links and the sitemap are absolute to it; the home page title names the site once.

Each variant is a real build of the generated pages (MkDocs, then the generator's finishing steps)
with the environment set explicitly, so the result does not depend on how site/ was last built: the
public one into a temporary folder; the local one is site/ itself when the build recorded that it
had no SITE_URL (one build fewer in `make test`), else it too is built into a temporary folder.
"""
from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.site.build import OUT_DIR, built_for, ensure_site

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "https://dragondice.example.org/reference/"


def site_name() -> str:
    text = (REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return re.search(r"^site_name:\s*(.+)$", text, re.M).group(1).strip()


def build_site(target: Path, site_url: str | None) -> Path:
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    if site_url is not None:
        env["SITE_URL"] = site_url
    code = f"from generator.site.build import build_site; build_site(__import__('pathlib').Path({str(target)!r}))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    return target


def local_site(root: Path) -> Path:
    """The build without SITE_URL: site/ itself when it is current and was built so (as `make build`
    and the other tests build it; generator.site.build records the SITE_URL it was built with), else a
    build of its own."""
    site = ensure_site()
    try:
        if built_for() is None:
            return site
    except LookupError:
        pass
    return build_site(root / "local", None)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("deploy")
    local = local_site(root)    # build/docs is current
    assert OUT_DIR.exists()
    return {"local": local, "public": build_site(root / "public", PUBLIC)}


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("index.html"))


def url_of(site: Path, page: Path) -> str:
    rel = page.parent.relative_to(site).as_posix()
    return "" if rel == "." else rel + "/"


def sitemap_locs(site: Path) -> list[str]:
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert gzip.decompress((site / "sitemap.xml.gz").read_bytes()).decode() == text
    return re.findall(r"<loc>([^<]*)</loc>", text)


def canonical(html: str) -> list[str]:
    return re.findall(r'<link rel="canonical" href="([^"]*)"', html)


def test_without_site_url_nothing_points_at_a_development_address(built):
    site = built["local"]
    assert len(pages(site)) > 100
    for page in pages(site) + [site / "404.html"]:
        html = page.read_text(encoding="utf-8")
        assert not canonical(html), page
        assert "127.0.0.1" not in html and "localhost" not in html, page
    # A sitemap may only hold absolute addresses; without one to give, it lists nothing.
    assert sitemap_locs(site) == []


def test_with_site_url_canonical_links_and_sitemap_are_absolute_to_it(built):
    site = built["public"]
    expected = [PUBLIC + url_of(site, p) for p in pages(site)]
    for page, url in zip(pages(site), expected):
        assert canonical(page.read_text(encoding="utf-8")) == [url], page
    locs = sitemap_locs(site)
    # a part's own small page (one link, one preview; listed in /urls.txt) sends readers on to its
    # page: not a sitemap entry
    small = [url for page, url in zip(pages(site), expected) if 'class="dd-permalink"' in page.read_text(encoding="utf-8")]
    assert len(small) > 250 and PUBLIC + "glossary/action/" in small
    assert sorted(locs) == sorted(set(expected) - set(small))
    assert PUBLIC + "sai/counter/" in locs and PUBLIC in locs
    assert not any("127.0.0.1" in loc for loc in locs)


@pytest.mark.parametrize("variant", ["local", "public"])
def test_home_page_title_names_the_site_once(built, variant):
    name = site_name()
    home = (built[variant] / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<title>([^<]*)</title>", home) == [name]
    counter = (built[variant] / "sai" / "counter" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<title>([^<]*)</title>", counter) == [f"Counter - {name}"]

