"""The build outlives its theme: the same sources build with Zensical (the successor of Material for
MkDocs, reading the same mkdocs.yml) into the same pages and anchors as the MkDocs build (site/),
but for the differences listed, each with its reason, in zensical-differences.yaml.

Zensical comes pinned in .venv-zensical (``make zensical``; ``make test`` does it). It wants its
docs and site folders inside the folder of its config, so it builds a copy of the config beside a
linked copy of build/docs in a temporary folder; then the generator's own steps after the site
builder (:func:`generator.site.build.finish_site`) run on its output, as they run after MkDocs.
"""
from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from mkdocs.config import load_config

from generator.site.build import CONFIG, ensure_site, finish_site
from generator.paths import DATA_DIR, OUT_DIR, REPO_ROOT

ZENSICAL = REPO_ROOT / ".venv-zensical" / "bin" / "zensical"
DIFFERENCES = Path(__file__).with_name("zensical-differences.yaml")
BUILDERS = ("mkdocs", "zensical")

Anchors = dict[str, set[str]]            # page (its .html file below the site) -> element ids
Difference = tuple[str, str, str]        # (the only builder that has it, page, id or "" for the page)


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ident = dict(attrs).get("id")
        if ident:
            self.ids.add(ident)


def anchors(site: Path) -> Anchors:
    """Every page of a built site -> the ids of its elements (what a #fragment can name)."""
    out = {}
    for path in sorted(site.rglob("*.html")):
        parser = _Ids()
        parser.feed(path.read_text(encoding="utf-8"))
        out[path.relative_to(site).as_posix()] = parser.ids
    return out


def differences(mkdocs: Anchors, zensical: Anchors) -> set[Difference]:
    """Pages and ids that only one of the two builds has."""
    out: set[Difference] = set()
    for builder, ours, theirs in (("mkdocs", mkdocs, zensical), ("zensical", zensical, mkdocs)):
        for page, ids in ours.items():
            if page not in theirs:
                out.add((builder, page, ""))
            else:
                out |= {(builder, page, ident) for ident in ids - theirs[page]}
    return out


def _explains(entry: dict, diff: Difference) -> bool:
    builder, page, ident = diff
    return (entry["only_in"] == builder and (entry.get("id") or "") == ident
            and any(fnmatch.fnmatchcase(page, pattern) for pattern in entry["pages"]))


def unexplained(found: set[Difference], listed: list[dict]) -> list[str]:
    """Differences that no listed entry explains, and listed entries that explain none (stale)."""
    problems = []
    for builder, page, ident in sorted(found):
        if not any(_explains(e, (builder, page, ident)) for e in listed):
            what = f"{page}#{ident}" if ident else f"page {page}"
            problems.append(f"{what} is only in the {builder} build")
    for entry in listed:
        if not any(_explains(entry, diff) for diff in found):
            problems.append(f"listed, but no longer a difference: {entry}")
    return problems


def listed() -> list[dict]:
    return yaml.safe_load(DIFFERENCES.read_text(encoding="utf-8"))["differences"]


def _link_tree(src: Path, dst: Path) -> None:
    """A copy of ``src`` made of hard links (a plain copy across file systems)."""
    try:
        shutil.copytree(src, dst, copy_function=os.link)
    except OSError:
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst)


@pytest.fixture(scope="module")
def mkdocs_site() -> Path:
    return ensure_site()


@pytest.fixture(scope="module")
def zensical_site(mkdocs_site, tmp_path_factory) -> Path:
    if not ZENSICAL.exists():
        pytest.fail("Zensical is not installed in .venv-zensical: run `make zensical` (`make test` does)")
    work = tmp_path_factory.mktemp("zensical")
    _link_tree(OUT_DIR, work / "docs")
    config = CONFIG.read_text(encoding="utf-8")
    config = re.sub(r"^docs_dir: .*$", "docs_dir: docs", config, flags=re.M)
    config = re.sub(r"^(\s+custom_dir: )(\S+)", lambda m: m.group(1) + str(REPO_ROOT / m.group(2)), config, flags=re.M)
    (work / "mkdocs.yml").write_text(config, encoding="utf-8")
    proc = subprocess.run([str(ZENSICAL), "build", "--strict", "-f", "mkdocs.yml"], cwd=work,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    finish_site(work / "site", work / "docs", DATA_DIR, load_config(str(CONFIG)).site_name, offline=False)
    return work / "site"


@pytest.fixture(scope="module")
def built(mkdocs_site, zensical_site) -> dict[str, Anchors]:
    return {"mkdocs": anchors(mkdocs_site), "zensical": anchors(zensical_site)}


def test_zensical_builds_the_same_pages_and_anchors(built):
    assert len(built["zensical"]) > 100
    problems = unexplained(differences(built["mkdocs"], built["zensical"]), listed())
    assert not problems, "\n".join(problems[:20])


def test_a_missing_page_or_anchor_fails_the_comparison(built):
    zensical = {page: set(ids) for page, ids in built["zensical"].items()}
    del zensical["sai/counter/index.html"]
    zensical["sai/rend/index.html"].discard("clause-1")
    problems = unexplained(differences(built["mkdocs"], zensical), listed())
    assert "page sai/counter/index.html is only in the mkdocs build" in problems
    assert "sai/rend/index.html#clause-1 is only in the mkdocs build" in problems


def test_differences_and_their_explanations():
    mkdocs = {"a/index.html": {"x", "y"}, "b/index.html": set()}
    zensical = {"a/index.html": {"x", "z"}}
    found = differences(mkdocs, zensical)
    assert found == {("mkdocs", "b/index.html", ""), ("mkdocs", "a/index.html", "y"), ("zensical", "a/index.html", "z")}
    entries = [{"only_in": "zensical", "pages": ["*"], "id": "z", "why": "theme"},
               {"only_in": "mkdocs", "pages": ["c/*"], "id": "y", "why": "stale"}]
    assert unexplained(found, entries) == [
        "a/index.html#y is only in the mkdocs build",
        "page b/index.html is only in the mkdocs build",
        f"listed, but no longer a difference: {entries[1]}",
    ]


def test_each_listed_difference_gives_its_reason():
    for entry in listed():
        assert entry["only_in"] in BUILDERS and entry["pages"] and entry.get("why", "").strip(), entry
