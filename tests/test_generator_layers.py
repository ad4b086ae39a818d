"""The generator's modules import top-down, in the layers ARCHITECTURE.md draws ("The generator's
parts"): a module imports only modules of its own layer or of the layers below it."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"

LAYERS = {   # top first, as in ARCHITECTURE.md
    "entry": ["__main__", "importer", "octgn"],
    "build": ["serve", "build", "finish", "glossary_links", "offline", "csp"],
    "generate": ["generate", "snapshot", "engine_assets"],
    "renderers": ["pages", "api_records", "reference", "search", "previews", "link_pages", "og_images", "raster"],
    "context": ["context", "cards", "icons", "links", "textutil", "wording"],
    "data": ["data", "crossrefs", "published", "example_check", "dataset", "reading", "schemas", "urls",
             "data_files", "permalinks", "kinds_doc", "markup_check"],
    "ground": ["paths", "errors", "bitmap_font", "app_icons", "pycompile", "stdlib", "wheel"],
}
RANK = {module: len(LAYERS) - i for i, modules in enumerate(LAYERS.values()) for module in modules}


def imports(path: Path) -> set[str]:
    """The generator modules ``path`` imports (relative imports, by their first name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            top = node.level == 1 and path.parent == GENERATOR or node.level == 2
            if top and node.module:
                found.add(node.module.split(".")[0])
            elif top:
                found.update(alias.name for alias in node.names)
    return found


def test_every_generator_module_has_a_layer():
    modules = {p.stem for p in GENERATOR.glob("*.py") if p.stem != "__init__"} | {"octgn"}
    assert modules == set(RANK)


def test_the_generator_imports_only_downwards():
    wrong = []
    for path in sorted(GENERATOR.rglob("*.py")):
        module = "octgn" if path.parent.name == "octgn" else path.stem
        for target in imports(path) - {"__init__"}:
            if RANK.get(target, 0) > RANK.get(module, 0):
                wrong.append(f"{module} imports {target}")
    assert wrong == []
