"""Every class of data error stops the build with one line naming file, entry and field."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_copy(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", target)
    return target


def check(data_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "check", "--data", str(data_dir)],
                          capture_output=True, text=True, cwd=REPO_ROOT)


def edit(path: Path, kind: str, ident: str, change) -> None:
    doc = yaml.safe_load(path.read_text())
    entry = next(e for e in doc[kind] if e["id"] == ident)
    change(entry)
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))


def assert_one_clear_line(proc: subprocess.CompletedProcess, *parts: str) -> None:
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    for part in parts:
        assert part in lines[0], (part, lines[0])


def test_clean_data_passes(data_copy):
    proc = check(data_copy)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("data ok:")


def test_bad_yaml(data_copy):
    path = data_copy / "dice" / "amazons.yaml"
    path.write_text(path.read_text().replace("name: Centaur", "name: [Centaur", 1))
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'",
                          "field 'name'", "not valid YAML")


def test_missing_field(data_copy):
    edit(data_copy / "dice" / "amazons.yaml", "dice", "amazons/centaur", lambda e: e.pop("health"))
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'",
                          "field 'health'", "missing")


def test_unknown_icon(data_copy):
    edit(data_copy / "dice" / "amazons.yaml", "dice", "amazons/centaur",
         lambda e: e["faces"][4].update(icon="meele"))
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'",
                          "field 'faces[4].icon'", "'meele'")


def test_dangling_reference(data_copy):
    path = data_copy / "rulings.yaml"
    ident = yaml.safe_load(path.read_text())["rulings"][0]["id"]
    edit(path, "rulings", ident, lambda e: e["links"].update(sais=["no-such-sai"]))
    assert_one_clear_line(check(data_copy), "data/rulings.yaml", f"entry '{ident}'",
                          "field 'links.sais[0]'", "'no-such-sai'")


def test_duplicate_id(data_copy):
    edit(data_copy / "sais.yaml", "sais", "bash", lambda e: e.update(id="attune"))
    assert_one_clear_line(check(data_copy), "data/sais.yaml", "entry 'attune'", "field 'id'", "duplicate")


def test_wrong_type(data_copy):
    edit(data_copy / "spells.yaml", "spells", "blizzard", lambda e: e.update(cost="three"))
    assert_one_clear_line(check(data_copy), "data/spells.yaml", "entry 'blizzard'", "field 'cost'",
                          "wrong type")


def test_generate_stops_on_bad_data_without_traceback(data_copy, tmp_path):
    """The build entry point reports the same one line (exit 1) and writes nothing."""
    edit(data_copy / "spells.yaml", "spells", "blizzard", lambda e: e.update(cost="three"))
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "generator", "generate", "--data", str(data_copy),
                           "--out", str(out)], capture_output=True, text=True, cwd=REPO_ROOT)
    assert_one_clear_line(proc, "data/spells.yaml", "entry 'blizzard'", "field 'cost'")
    assert not out.exists()
