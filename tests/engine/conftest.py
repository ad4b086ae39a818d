"""Fixtures for the engine tests: the data bundle, read once per session."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
KINDS = {
    "icons": ["icons.yaml"], "sais": ["sais.yaml"], "spells": ["spells.yaml"], "species": ["species.yaml"],
    "dice": sorted(str(p.relative_to(DATA)) for p in (DATA / "dice").glob("*.yaml")),
    "terrain_types": ["terrain-types.yaml"], "terrains": ["terrains.yaml"], "dragons": ["dragons.yaml"],
    "rules": ["rules.yaml"], "rulings": ["rulings.yaml"], "examples": ["examples.yaml"],
}


def _read_yaml_bundle() -> dict[str, Any]:
    """Fallback while generator.data cannot load the data: read each YAML file that exists."""
    out: dict[str, Any] = {}
    for kind, files in KINDS.items():
        out[kind] = []
        for rel in files:
            path = DATA / rel
            if path.exists():
                out[kind].extend((yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get(kind) or [])
    return out


def load_bundle() -> dict[str, Any]:
    try:
        from generator.data import load_dataset
        return load_dataset(DATA).bundle()
    except Exception:  # data still being written or not yet valid: read the YAML directly
        return _read_yaml_bundle()


@pytest.fixture(scope="session")
def bundle() -> dict[str, Any]:
    return load_bundle()


@pytest.fixture(scope="session")
def engine(bundle):
    from calculator import Engine
    return Engine(bundle)


@pytest.fixture(scope="session")
def bundle_file(bundle, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bundle") / "dragondice.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def cli(bundle_file):
    """Run ``python -m calculator resolve - --data <bundle>`` with the given stdin."""
    def run(stdin: str) -> subprocess.CompletedProcess:
        return _run_cli(stdin, bundle_file)
    return run


def _run_cli(stdin: str, bundle_file: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", "resolve", "-", "--data", str(bundle_file)],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)
