"""Parity fixtures: Pyodide under Node, started once per test process for every parity module."""
from __future__ import annotations

import pytest

from tests.parity.pyodide_node import PyodideNode


@pytest.fixture(scope="session")
def pyodide(tmp_path_factory):
    """``pyodide(calls)``: the answers of Pyodide under Node (see tests/parity/pyodide_node.py)."""
    node = PyodideNode(tmp_path_factory.mktemp("wheel"))
    yield node.run
    node.close()
