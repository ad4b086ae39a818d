"""The generator's modules import top-down, in the layers ARCHITECTURE.md draws ("The generator's
parts"): a module imports only modules of its own layer or of the layers below it. Modules are
named by their path in the generator (``data.load``, ``pages.context``); the folders group them by
part (data, pages, images, engine, site), the layers by which may call which."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"

LAYERS = {   # top first, as in ARCHITECTURE.md
    "entry": ["__main__", "importer", "octgn"],
    "build": ["site.serve", "site.build", "site.finish", "site.glossary_links", "site.offline", "site.csp", "site.minify"],
    "generate": ["site.generate", "engine.snapshot", "engine.assets"],
    "renderers": ["pages.render", "pages.api_records", "pages.reference", "pages.search", "pages.previews",
                  "pages.link_pages", "images.share_images", "images.raster"],
    "context": ["pages.context", "pages.dice_cards", "images.glyphs", "pages.links", "pages.text", "pages.wording"],
    "data": ["data.load", "data.crossrefs", "data.published", "data.examples", "data.markup", "data.dataset",
             "data.reading", "data.schemas", "data.urls", "data.files", "data.permalinks", "data.kinds_doc"],
    "ground": ["paths", "errors", "node", "images.bitmap_font", "images.app_icons", "engine.pycompile", "engine.stdlib",
               "engine.wheel"],
}
RANK = {module: len(LAYERS) - i for i, modules in enumerate(LAYERS.values()) for module in modules}


def module_name(path: Path) -> str:
    """``generator/data/load.py`` -> ``data.load``; a package is its folder; octgn/ is one module."""
    parts = list(path.relative_to(GENERATOR).with_suffix("").parts)
    if parts[0] == "octgn":
        return "octgn"
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def known(dotted: list[str]) -> str | None:
    """The module of LAYERS a dotted name (below the generator) is, or is inside; None for a package."""
    for n in range(len(dotted), 0, -1):
        name = ".".join(dotted[:n])
        if name in RANK:
            return name
    return None


def imports(path: Path) -> set[str]:
    """The generator modules ``path`` imports (relative imports, resolved from its package)."""
    package = list(path.relative_to(GENERATOR).parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
            targets = [known(base)] if known(base) else [known(base + [a.name]) for a in node.names]
            found.update(t for t in targets if t)
    return found


def test_every_generator_module_has_a_layer():
    modules = {module_name(p) for p in GENERATOR.rglob("*.py") if p.stem != "__init__" or p.parent.name == "octgn"}
    assert modules == set(RANK)


def test_the_generator_imports_only_downwards():
    wrong = []
    for path in sorted(GENERATOR.rglob("*.py")):
        module = module_name(path)
        for target in imports(path) - {module}:
            if RANK[target] > RANK.get(module, 0):
                wrong.append(f"{module} imports {target}")
    assert wrong == []


def test_an_upward_import_is_found(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "load.py").write_text("from ..site.build import make_site\nfrom . import dataset\n")
    monkeypatch.setitem(globals(), "GENERATOR", tmp_path)
    assert imports(tmp_path / "data" / "load.py") == {"site.build", "data.dataset"}
