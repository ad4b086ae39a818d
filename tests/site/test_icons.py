"""Drawn icons: every SAI page shows its icon, every face of every die, terrain and dragon is drawn,
every drawn icon has a symbol on its page, and bad glyph data stops the build with one clear line."""
from __future__ import annotations

import json
import re
from html import unescape
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml


REPO_ROOT = Path(__file__).resolve().parents[2]
ICON = re.compile(r'<svg class="dd-icon[^"]*" data-icon="([a-z0-9-]+)" role="img" aria-label="([^"]+)">'
                  r'<use xlink:href="#dd-i-([a-z0-9-]+)"/></svg>')


def html_of(site: Path, rel: str) -> str:
    return (site / rel / "index.html").read_text(encoding="utf-8")


def names(dataset) -> dict[str, str]:
    return {e["id"]: e["name"] for kind in ("icons", "sais") for e in dataset.kinds[kind]}


def faces_drawn(html: str, die_id: str) -> list[tuple[str, str]]:
    """(icon id, number) of every face drawn in the element with ``data-die="<die_id>"``."""
    start = html.index(f'data-die="{die_id}"')
    end = min(i for i in (html.find("</div>", start), html.find("</li>", start)) if i > 0)
    block = html[start:end]   # faces hold no <div> or <li> of their own
    return re.findall(r'data-icon="([a-z0-9-]+)"[^>]*>.*?</svg><b>([^<]*)</b>', block)


def test_every_sai_page_shows_its_icon_by_the_title(site, dataset):
    for sai in dataset.kinds["sais"]:
        html = html_of(site, f"sai/{sai['id']}")
        hero = re.search(r'<div class="dd-hero">(.*?)</div>', html)
        assert hero, sai["id"]
        found = ICON.search(hero.group(1))
        assert found and found.group(1) == found.group(3) == sai["id"], sai["id"]
        assert unescape(found.group(2)) == sai["name"]
        assert 'class="dd-icon dd-icon--xl"' in hero.group(1)
        # The hero comes right before the title, and the page defines the symbol it draws.
        assert html.index('class="dd-hero"') < html.index(f'<h1 id="{sai["id"]}"')
        assert re.search(rf'<symbol id="dd-i-{sai["id"]}" viewBox="0 0 24 24"[^>]*><(path|circle|rect|ellipse|polygon|polyline|line) ', html)


def test_every_face_icon_of_every_die_terrain_and_dragon_is_drawn(site, dataset):
    used = {f["icon"] for kind in ("dice", "terrains", "dragons") for e in dataset.kinds[kind] for f in e["faces"]}
    drawn = set(re.findall(r'data-icon="([a-z0-9-]+)"', html_of(site, "dice")))
    assert used and used <= drawn, sorted(used - drawn)
    sprite = (site / "assets" / "icons" / "dd-icons.svg").read_text(encoding="utf-8")
    for icon in used:
        assert re.search(rf'<symbol id="dd-i-{icon}" [^>]*><', sprite), icon


def test_dice_pages_draw_every_face_in_order(site, dataset):
    pages = {}
    for die in dataset.kinds["dice"]:
        html = pages.setdefault(die["species"], html_of(site, f"dice/{die['species']}"))
        want = [(f["icon"], str(f.get("count", 1))) for f in die["faces"]]
        assert faces_drawn(html, die["id"]) == want, die["id"]
    terrains = html_of(site, "terrains")
    for t in dataset.kinds["terrains"]:
        want = [(f["icon"], str(f.get("number", i + 1))) for i, f in enumerate(t["faces"])]
        assert faces_drawn(terrains, t["id"]) == want, t["id"]
    dragons = html_of(site, "dragons")
    for d in dataset.kinds["dragons"]:
        assert faces_drawn(dragons, d["id"]) == [(f["icon"], str(f["value"])) for f in d["faces"]], d["id"]


def test_dice_index_lists_every_die_with_all_its_faces(site, dataset):
    html = html_of(site, "dice")
    ids = re.findall(r'<li class="dd-card[^"]*" data-die="([^"]+)"', html)
    everything = [d["id"] for d in dataset.kinds["dice"]] + [t["id"] for t in dataset.kinds["terrains"]] \
        + [d["id"] for d in dataset.kinds["dragons"]]
    assert sorted(ids) == sorted(everything) and len(set(ids)) == len(ids)
    for die in dataset.kinds["dice"][::7]:   # a spread of dice; test_dice_pages covers every one
        assert faces_drawn(html, die["id"]) == [(f["icon"], str(f.get("count", 1))) for f in die["faces"]]


def test_every_drawn_icon_is_named_and_has_its_symbol_on_the_page(site, dataset):
    known = names(dataset)
    checked = 0
    for path in sorted(site.rglob("index.html")):
        if path.relative_to(site).parts[0] in ("pyodide", "assets"):
            continue
        html = path.read_text(encoding="utf-8")
        symbols = set(re.findall(r'<symbol id="dd-i-([a-z0-9-]+)"', html))
        assert html.count('class="dd-icon-defs"') <= 1, path
        for icon, label, ref in ICON.findall(html):
            assert icon == ref and icon in symbols, (path, icon)
            assert unescape(label) == known[icon], (path, icon, label)
            checked += 1
        # Nothing else claims to be a drawn icon without the contract.
        assert len(re.findall(r'class="dd-icon[ "]', html)) == len(ICON.findall(html)), path
    assert checked > 5000


def test_sprite_and_names_for_scripts(site, dataset):
    sprite = (site / "assets" / "icons" / "dd-icons.svg").read_text(encoding="utf-8")
    assert set(re.findall(r'<symbol id="dd-i-([a-z0-9-]+)"', sprite)) == set(names(dataset))
    assert json.loads((site / "assets" / "icons" / "dd-icons.json").read_text()) == names(dataset)


# --- bad glyph data: one line naming file, entry and field ------------------------------------

@pytest.fixture
def data_copy(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", target)
    return target


def check(data_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data_dir)],
                          capture_output=True, text=True, cwd=REPO_ROOT)


def edit_glyphs(data_dir: Path, change) -> None:
    path = data_dir / "glyphs.yaml"
    doc = yaml.safe_load(path.read_text())
    change(doc["glyphs"])
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))


def one_line(proc: subprocess.CompletedProcess, *parts: str) -> None:
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    for part in parts:
        assert part in lines[0], (part, lines[0])


def test_a_missing_glyph_is_named(data_copy):
    edit_glyphs(data_copy, lambda gs: gs.remove(next(g for g in gs if g["id"] == "rend")))
    one_line(check(data_copy), "glyphs.yaml", "entry 'rend'", "no glyph drawn for this icon", "shown on ")


def test_a_glyph_for_nothing_is_named(data_copy):
    edit_glyphs(data_copy, lambda gs: gs.append({"id": "no-such-icon", "svg": '<circle cx="1" cy="1" r="1"/>'}))
    one_line(check(data_copy), "glyphs.yaml", "entry 'no-such-icon'", "field 'id'", "no icon or SAI")


@pytest.mark.parametrize("svg,message", [
    ('<script>alert(1)</script>', "<script> is not allowed"),
    ('<path d="M1 1" onclick="x()"/>', "attribute 'onclick'"),
    ('<path d="M1 1" class="glow"/>', "unknown class 'glow'"),
    ('<path d="M1 1"', "not valid SVG"),
])
def test_bad_glyph_markup_is_named(data_copy, svg, message):
    def change(gs):
        next(g for g in gs if g["id"] == "melee")["svg"] = svg
    edit_glyphs(data_copy, change)
    one_line(check(data_copy), "glyphs.yaml", "entry 'melee'", "field 'svg'", message)


def test_two_icons_drawn_alike_are_refused(data_copy):
    def change(gs):
        melee = next(g for g in gs if g["id"] == "melee")
        next(g for g in gs if g["id"] == "slay")["svg"] = melee["svg"]
    edit_glyphs(data_copy, change)
    one_line(check(data_copy), "glyphs.yaml", "field 'svg'", "draws exactly what")
