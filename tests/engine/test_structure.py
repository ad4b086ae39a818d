"""The engine's house rules: each rule is owned by its kind, the seams are typed, the rooms are
laid out as the plan says (ARCHITECTURE.md)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from calculator.kinds import ABILITIES, EFFECTS, MODIFIERS, TERRAIN

ROOT = Path(__file__).resolve().parents[2]
CALC = ROOT / "calculator"
# Where kind names belong: the kinds themselves and the registry that makes them.
OWNERS = (CALC / "kinds", CALC / "core" / "registry.py")
# The same words with another meaning: an interpretation anchor (a page of the site), an SAI
# application category, a clause's field.
HOMONYMS = {("calculator/core/interpret.py", "counts-as"), ("calculator/core/interpret.py", "automatic-saves"),
            ("calculator/core/rolls.py", "special"), ("calculator/bundle.py", "reroll")}


def _species_ids() -> set[str]:
    data = yaml.safe_load((ROOT / "data" / "species.yaml").read_text(encoding="utf-8"))
    return {s["id"] for s in data["species"]}


def named_strings(names: set[str], files: list[Path]) -> list[str]:
    """String literals equal to one of ``names`` (docstrings and interpretation anchors, the
    argument of ``see(...)``, are words for players and readers, not tests of a kind)."""
    out = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "see":
                skip.update(id(a) for a in node.args)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                    and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
                skip.add(id(node.body[0].value))
        for node in ast.walk(tree):
            rel = path.relative_to(ROOT).as_posix() if ROOT in path.parents else path.name
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                    and node.value in names and (rel, node.value) not in HOMONYMS:
                out.append(f"{rel}:{node.lineno} {node.value!r}")
    return out


def engine_files() -> list[Path]:
    return [p for p in sorted(CALC.rglob("*.py"))
            if not any(p == o or o in p.parents for o in OWNERS)]


def test_no_kind_name_or_species_id_tested_outside_the_kinds():
    kinds = set(EFFECTS.names()) | set(ABILITIES.names()) | set(MODIFIERS.names()) | set(TERRAIN.names())
    assert named_strings(kinds | _species_ids(), engine_files()) == []


def test_the_scan_finds_a_kind_name(tmp_path):
    # The scan must be able to fail: a name test written the old way is found.
    bad = tmp_path / "bad.py"
    bad.write_text('def f(m):\n    """counts-as"""\n    return m.kind == "counts-as" or see("counts-as")\n')
    assert named_strings({"counts-as"}, [bad]) == ["bad.py:3 'counts-as'"]


def test_the_type_checker_finds_no_error():
    # The pinned type checker over calculator/ with the settings of pyproject.toml.
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_a_kind_must_act_or_be_left_to_the_player():
    from calculator.core.registry import Kind, Registry

    reg: Registry[Kind] = Registry("effect")

    class Idle(Kind):
        kind = "idle"

    with pytest.raises(TypeError, match="neither acts nor is left to the player"):
        reg.register(Idle)

    class Listed(Kind):
        kind = "listed"
        left_to_player = True

    assert reg.register(Listed) is Listed


def test_every_registered_kind_acts_or_is_left_to_the_player():
    for family in (EFFECTS, ABILITIES, MODIFIERS, TERRAIN):
        for name, cls in family.kinds.items():
            assert cls.acts() or cls.left_to_player, name


def test_the_rooms_import_only_downwards():
    # ARCHITECTURE.md: engine > game > dragons and terrain > exchange, magic and forces > roll > bundle > kinds > core.
    # A module imports only rooms below its own (or beside it); the engine's lazy imports count too.
    rank = {"core": 0, "kinds": 1, "bundle": 2, "roll": 3, "magic": 4, "exchange": 4, "forces": 4, "dragons": 5,
            "terrain": 5, "game": 6, "face": 7}

    def room(module: str) -> str:
        part = module.split(".")[1] if module.count(".") else "face"
        return part if part in rank else "face"
    wrong = []
    for path in sorted(CALC.rglob("*.py")):
        mod = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                if rank[room(target)] > rank[room(mod)]:
                    wrong.append(f"{mod} imports {target}")
    assert wrong == []
