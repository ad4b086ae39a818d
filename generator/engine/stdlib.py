"""A standard library for Pyodide cut down to what the engine can import.

Pyodide's ``python_stdlib.zip`` (2.4 MB, already deflated, so a host cannot compress it
further) is the second largest download of the calculator, and the engine uses a small part:
what Pyodide imports to start, what ``calculator.webworker`` imports, and what those modules
import when they load. The closure follows every import statement of the engine (also inside
functions) and the module-level imports of the standard library (a function-level import there
belongs to a feature the engine does not use: ``pdb``, ``unittest``, ``email`` ...).
``tests/parity/test_slim_runtime.py`` runs every example in Pyodide on the slim zip.

Sources are scanned with :mod:`tokenize`, not :mod:`ast`: the zip holds Python 3.13 code that
the build's Python (3.11) cannot always parse.
"""
from __future__ import annotations

import io
import tokenize
import zipfile
from pathlib import Path

# What Pyodide 0.29's start-up imports from the zip (sys.modules right after loadPyodide):
# the roots of the closure besides the engine. The test above fails if a Pyodide upgrade
# imports a module at start-up that the slim zip lacks.
BOOT = ("site", "_pyodide", "_pyodide._base", "_pyodide._core_docs", "_pyodide._future_helper",
        "_pyodide._importhook", "_pyodide.docs_argspec", "_pyodide.docstring", "_pyodide.jsbind",
        "pyodide", "pyodide._package_loader", "pyodide._state", "pyodide.code", "pyodide.common",
        "pyodide.ffi", "pyodide.webloop", "zipimport")
# Imported by a computed name (codecs.lookup), which no import statement shows: UTF-8 and its
# BOM and wide forms, ASCII, Latin-1, the escape codecs, and cp437 (zipfile's entry names).
CODECS = ("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.utf_16",
          "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32", "encodings.ascii",
          "encodings.latin_1", "encodings.cp437", "encodings.raw_unicode_escape",
          "encodings.unicode_escape", "encodings.idna", "encodings.punycode")

# Windows' own event loop: asyncio imports it only where sys.platform is "win32", and it needs the
# _overlapped extension, which Pyodide lacks, so it can never load there (90 kB of bytecode).
WINDOWS_ONLY = ("asyncio.windows_events", "asyncio.windows_utils", "asyncio.proactor_events")


def _module_name(path: str) -> tuple[str, bool]:
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


class Modules:
    """Python sources by dotted module name."""

    def __init__(self) -> None:
        self.source: dict[str, bytes] = {}
        self.packages: set[str] = set()
        self.follow_all: set[str] = set()     # modules whose function-level imports count too

    def add(self, path: str, data: bytes, follow_all: bool = False) -> None:
        name, is_package = _module_name(path)
        self.source[name] = data
        if is_package:
            self.packages.add(name)
        if follow_all:
            self.follow_all.add(name)

    def imports(self, name: str) -> set[str]:
        """Absolute names that ``name``'s import statements may load."""
        package = name if name in self.packages else name.rpartition(".")[0]
        out: set[str] = set()
        for level, module, names in scan_imports(self.source[name], name not in self.follow_all):
            base = module
            if level:
                anchor = package.split(".")[:len(package.split(".")) - (level - 1)]
                base = ".".join(p for p in [*anchor, module] if p)
            out.add(base)
            out.update(f"{base}.{n}" for n in names if n != "*")
        return out

    def closure(self, roots: list[str]) -> set[str]:
        """Modules reachable from ``roots``, with the parent packages of each."""
        seen: set[str] = set()
        todo = list(roots)
        while todo:
            parts = todo.pop().split(".")
            for i in range(1, len(parts) + 1):      # importing a.b.c runs a and a.b first
                name = ".".join(parts[:i])
                if name in self.source and name not in seen:
                    seen.add(name)
                    todo.extend(self.imports(name))
        return seen


def scan_imports(source: bytes, module_level: bool) -> list[tuple[int, str, list[str]]]:
    """``(level, module, names)`` of each import statement; with ``module_level``, only those
    that run when the module loads (not inside a ``def`` or an ``if __name__ == "__main__"``)."""
    out: list[tuple[int, str, list[str]]] = []
    depth, def_depths, after_def = 0, [], False
    line: list[str] = []
    for tok in tokenize.tokenize(io.BytesIO(source).readline):
        if tok.type == tokenize.INDENT:
            depth += 1
            if after_def:
                def_depths.append(depth)
                after_def = False
        elif tok.type == tokenize.DEDENT:
            if def_depths and def_depths[-1] == depth:
                def_depths.pop()
            depth -= 1
        elif tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            words, line = line, []
            if words[:1] == ["def"] or words[:2] == ["async", "def"] or _is_main_guard(words):
                after_def = words[-1] == ":"      # a body on the next lines
            elif words and not (module_level and def_depths):
                _statements(words, out)
        elif tok.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENCODING):
            line.append(tok.string)
    return out


def _is_main_guard(words: list[str]) -> bool:
    """``if __name__ == "__main__":`` runs as a script only (heapq's doctest, for one)."""
    return words[:3] == ["if", "__name__", "=="] and words[3].strip("'\"") == "__main__"


def _statements(words: list[str], out: list[tuple[int, str, list[str]]]) -> None:
    """The imports of one logical line (``a; b``, ``try: import x``)."""
    stmt: list[str] = []
    for w in [*words, ";"]:
        if w != ";":
            stmt.append(w)
            continue
        while stmt and stmt[0] in ("if", "elif", "else", "try", "except", "finally", "with") and ":" in stmt:
            stmt = stmt[stmt.index(":") + 1:]
        if stmt[:1] == ["import"]:
            out.extend((0, name, []) for name in _names(stmt[1:]))
        elif stmt[:1] == ["from"] and "import" in stmt:
            at = stmt.index("import")
            lead = 1
            while lead < at and set(stmt[lead]) == {"."}:     # relative: "." or "..." tokens
                lead += 1
            level = len("".join(stmt[1:lead]))
            out.append((level, "".join(stmt[lead:at]), _names(stmt[at + 1:])))
        stmt = []


def _names(words: list[str]) -> list[str]:
    names, current, alias = [], "", False
    for w in [*words, ","]:
        if w == ",":
            if current:
                names.append(current)
            current, alias = "", False
        elif w == "as":
            alias = True
        elif not alias and w not in ("(", ")"):
            current += w
    return names


def slim_stdlib(full_zip: Path, package_dir: Path, entry: str) -> tuple[bytes, list[str]]:
    """A stdlib zip with only what Pyodide and ``entry`` (in ``package_dir``) can import."""
    mods = Modules()
    with zipfile.ZipFile(full_zip) as zf:
        for info in zf.infolist():
            if info.filename.endswith(".py"):
                mods.add(info.filename, zf.read(info))
        for name in WINDOWS_ONLY:
            mods.source.pop(name, None)
        stdlib = set(mods.source)
        for path in sorted(package_dir.rglob("*.py")):
            if "__pycache__" not in path.parts:
                mods.add(path.relative_to(package_dir.parent).as_posix(), path.read_bytes(), follow_all=True)
        keep = mods.closure([*BOOT, *CODECS, entry]) & stdlib
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as slim:
            for info in zf.infolist():
                if _kept(info.filename, keep, mods.packages):
                    slim.writestr(info, zf.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue(), sorted(keep)


def _kept(filename: str, keep: set[str], packages: set[str]) -> bool:
    if filename.endswith(".py"):
        return _module_name(filename)[0] in keep
    folder = filename.rstrip("/").replace("/", ".") if filename.endswith("/") else \
        filename.rpartition("/")[0].replace("/", ".")
    if filename.endswith("/"):       # a directory entry: kept with any module below it
        return any(m == folder or m.startswith(folder + ".") for m in keep)
    return folder in (keep & packages)   # data beside a kept package's modules (py.typed)
