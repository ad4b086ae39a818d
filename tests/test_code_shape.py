"""The house rules on code size and shape: no function over 60 lines in calculator/ or generator/, no
Python file over 400 lines there, no script under docs/ over 300 lines; the page scripts are ES
modules of one style (no `var`, no global namespace) that hold no rule vocabulary and no limit of
their own."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

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


SCRIPTS = ROOT / "docs" / "assets" / "js"
WORKER = "engine-worker.js"     # a classic Web Worker: Pyodide's scripts need importScripts


def scripts() -> list[Path]:
    return sorted(SCRIPTS.rglob("*.js"))


def code_of(path: Path) -> str:
    """The script without its comments and string literals (a comment may name what it avoids)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def test_no_long_scripts():
    long = [f"{p.relative_to(ROOT)} ({n})" for p in sorted((ROOT / "docs").rglob("*.js"))
            for n in [len(p.read_text(encoding="utf-8").splitlines())] if n > 300]
    assert long == []


def test_page_scripts_are_modules_of_one_style():
    for path in scripts():
        code = code_of(path)
        assert not re.search(r"\bvar\s", code), f"{path.name}: var (const or let)"
        assert not re.search(r"\bwindow\.(DDCalc|DragonDice\w*|dd[A-Z]\w*)\b", code), f"{path.name}: a global namespace"
        assert not re.search(r"\bwindow\.\w+\s*=[^=]", code), f"{path.name}: sets a global"
        assert "document.currentScript" not in code, f"{path.name}: a module finds itself with import.meta.url"
        if path.name != WORKER:
            assert "(function () {" not in code, f"{path.name}: a wrapper function (a module has its own scope)"


def test_pages_load_scripts_as_modules():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("!ENV", ""))
    assert all(isinstance(e, dict) and e.get("type") == "module" for e in config["extra_javascript"])
    theme = (ROOT / "overrides" / "main.html").read_text(encoding="utf-8")
    tags = re.findall(r"<script\b[^>]*>", theme)
    assert tags and all('type="module"' in t and " src=" in t for t in tags), tags     # no inline script


def test_page_scripts_invent_no_limit():
    # An input limit is the engine's (catalogue: calculator.limits): the page reads each through
    # limit() of calc-catalogue.js, which fails when one is missing, and never falls back on a number.
    for path in scripts():
        code = code_of(path)
        fallback = re.search(r"limits?\b(\.\w+|\[[^\]]*\]|\([^()]*\))*\s*\)?\s*\|\|\s*\d", code)
        assert not fallback, f"{path.name}: a `|| <number>` fallback for a limit ({fallback.group(0)})"
        if path.name != "calc-catalogue.js":     # (the force answer's own figures, out.limits, are an answer)
            assert not re.search(r"(?<!\bout)\.limits\b", code), f"{path.name}: reads the limits without limit()"


def test_page_scripts_restate_no_step_number():
    # Step numbers and titles come from the engine's answers (st.step, st.title), never a number of the page's.
    for path in SCRIPTS.glob("calc/calc*.js"):
        code = code_of(path)
        assert not re.search(r"\.step\s*[!=]==?\s*\d|steps\[\d", code), path.name
        assert "ten steps" not in path.read_text(encoding="utf-8"), path.name


def test_page_scripts_restate_no_rule_vocabulary():
    # Roll types, what a save is against, and which faces roll again come from the engine or the bundle.
    for path in sorted((ROOT / "docs" / "assets" / "js").glob("calc/calc*.js")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\[\s*\"maneuver\",\s*\"melee\"", text), path.name
        assert "reroll" not in re.sub(r"rerolled|reroll-|dd-calc-reroll", "", text), path.name
        assert "clauses" not in text, path.name


def test_page_scripts_restate_no_force_vocabulary():
    # A force's armies, their names and how many dice a part may hold are the engine's
    # (calculator.vocabulary: "force", and the limit force_dice); the page reads them from the catalogue.
    from calculator.core.limits import LIMITS
    from calculator.forces.request import PART_NAMES
    names = "|".join(re.escape(n) for n in PART_NAMES.values())
    for path in scripts():
        text = path.read_text(encoding="utf-8")
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
        said = re.search(rf"[\"'`]({names})[\"'`]", code)
        assert not said, f"{path.name}: names a part of a force itself ({said.group(0)})"
        listed = re.search(r"\[\s*[\"']home[\"'],\s*[\"']horde[\"']", code)
        assert not listed, f"{path.name}: lists a force's armies itself"
        bound = re.search(r"\b[A-Z_]*DICE[A-Z_]*\s*=\s*\d+|\b" + str(LIMITS["force_dice"]) + r"\b", code)
        assert not bound, f"{path.name}: a bound of its own on a force's dice ({bound.group(0)})"
