"""No URL ever disappears: the manifest of published URLs, the build check, and declared moves."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.data import urls
from generator.site.build import build_site
from generator.errors import DataError
from generator.site.generate import generate
from generator.paths import REPO_ROOT


def test_manifest_lists_every_published_url(site):
    built = urls.site_urls(site)
    listed = set(urls.read_manifest())
    new = sorted(built - listed)
    assert not new, f"{len(new)} URLs not yet recorded, e.g. {new[:5]}: run python -m generator urls"
    assert "/sai/counter/" in built and "/rulings/#monster-sais-charm-e-2" in built
    assert "/dice/coral-elves/#gryphon" in built and "/glossary/#dead-unit-area" in built


def test_every_listed_url_still_lands(site):
    assert urls.check_site(site) == []


def test_bundle_permalinks_resolve_to_pages_and_anchors(site):
    """Every glossary term and ruling point of the published bundle has a url that lands."""
    bundle = json.loads((site / "data" / "dragondice.json").read_text(encoding="utf-8"))
    built = urls.site_urls(site)
    targets = [t["url"] for t in bundle["glossary"]] + [p["url"] for r in bundle["rulings"] for p in r["points"]]
    assert len(bundle["glossary"]) >= 40 and len(targets) >= 40 + 34
    assert [u for u in targets if u not in built] == []


def test_a_missing_url_is_named_and_a_move_must_lead_somewhere():
    built = {"/a/", "/a/#x", "/b/", "/b/#y"}
    published = ["/a/", "/a/#x", "/a/#gone", "/old/", "/old/#x"]
    problems = urls.missing_urls(published, built, [])
    assert problems == ["/a/#gone disappeared (declare where it moved in data/moves.yaml)",
                        "/old/ disappeared (declare where it moved in data/moves.yaml)",
                        "/old/#x disappeared (declare where it moved in data/moves.yaml)"]
    moves = [urls.Move("/a/#gone", "/b/#y"), urls.Move("/old/", "/a/")]
    assert urls.missing_urls(published, built, moves) == []
    assert urls.missing_urls(["/old/#z"], built, moves) == ["/old/#z moved to /a/#z, which does not exist"]


def _build_copy(tmp: Path, data: Path) -> Path:
    """Generate and build the site from a changed copy of data/ (the real build stays as it is)."""
    generate(out_dir=tmp / "docs", data_dir=data)
    build_site(tmp / "site", tmp / "docs", data, offline=False)
    return tmp / "site"


def test_renaming_an_id_fails_the_build_until_its_move_is_declared(site, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    gl = data / "glossary.yaml"
    gl.write_text(gl.read_text().replace("- id: dead-unit-area\n", "- id: dua\n"))
    rules = data / "rules.yaml"
    rules.write_text(rules.read_text().replace("- id: up-to\n", "- id: up-to-rule\n"))
    gl.write_text(gl.read_text().replace("  rule: up-to\n", "  rule: up-to-rule\n"))

    # The data check stops it before building, naming the entry that took the published id's place
    # (the built site's check, by URL, is tested above with missing_urls).
    with pytest.raises(DataError) as err:
        _build_copy(tmp_path / "a", data)
    assert str(err.value).startswith("data/glossary.yaml: entry 'dua': field 'id': /glossary/#dead-unit-area was "
                                     "published and no entry makes it now")
    (data / "moves.yaml").write_text("moves:\n- {from: '/glossary/#dead-unit-area', to: '/glossary/#dua', why: renamed}\n")
    with pytest.raises(DataError, match="^data/rules.yaml: entry 'up-to-rule': field 'id': /rules/up-to/ was published"):
        _build_copy(tmp_path / "a", data)

    (data / "moves.yaml").write_text(
        "moves:\n"
        "- {from: '/glossary/#dead-unit-area', to: '/glossary/#dua', why: renamed}\n"
        "- {from: /rules/up-to/, to: /rules/up-to-rule/, why: renamed}\n")
    built = _build_copy(tmp_path / "b", data)
    assert urls.check_site(built, moves_file=data / "moves.yaml") == []
    glossary = (built / "glossary" / "index.html").read_text()
    assert '<span id="dead-unit-area" class="dd-moved" data-moved-to="#dua"></span><dt id="dua">' in glossary
    redirect = (built / "rules" / "up-to" / "index.html").read_text()
    assert 'content="0; url=../../rules/up-to-rule/"' in redirect and "assets/js/site/moved.js" in redirect
