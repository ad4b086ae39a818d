"""Fixtures for the engine tests: the bundle as a file and the command line (``engine`` and ``bundle`` are in
tests/conftest.py)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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
