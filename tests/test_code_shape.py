"""The house rules on code size: no function over 60 lines in calculator/ or generator/, no Python
file over 400 lines in calculator/ or generator/, no script under docs/ over 400 lines, and the page scripts hold
no rule vocabulary of their own."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def long_functions(folder: str, limit: int = 60) -> list[str]:
    out = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > limit:
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({n} lines)")
    return out


def test_no_long_functions():
    assert long_functions("calculator") + long_functions("generator") == []


def long_files(folder: str, limit: int = 400) -> list[str]:
    """Python files of ``folder`` longer than ``limit`` lines: split them by concern."""
    out = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > limit:
            out.append(f"{path.relative_to(ROOT)} ({n} lines)")
    return out


def test_long_files_are_found(tmp_path, monkeypatch):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * 400)
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * 401)
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert long_files("pkg") == ["pkg/long.py (401 lines)"]


def test_no_long_python_files():
    assert long_files("calculator") + long_files("generator") == []


def test_no_long_scripts():
    long = [f"{p.relative_to(ROOT)} ({n})" for p in sorted((ROOT / "docs").rglob("*.js"))
            for n in [len(p.read_text(encoding="utf-8").splitlines())] if n > 400]
    assert long == []


def test_page_scripts_restate_no_rule_vocabulary():
    # Roll types, what a save is against, and which faces roll again come from the engine or the bundle.
    for path in sorted((ROOT / "docs" / "assets" / "js").glob("calc*.js")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\[\s*\"maneuver\",\s*\"melee\"", text), path.name
        assert "reroll" not in re.sub(r"rerolled|reroll-|dd-calc-reroll", "", text), path.name
        assert "clauses" not in text, path.name
