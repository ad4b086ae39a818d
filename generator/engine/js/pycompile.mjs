// Compile Python sources to bytecode inside the pinned Pyodide (node_modules/pyodide), so the
// .pyc files match the browser's Python exactly. Used by generator/engine/pycompile.py.
// argv: <in.zip of .py files> <out.zip> [<JSON list of path prefixes> [<JSON list of path prefixes>]];
// writes <path>c for each <path>.py, and prints the cache tag (e.g. "cpython-313"). Files under one
// of the first prefixes are compiled as \`python -OO\` would (no docstrings, no asserts): the
// standard library's docstrings are never read by the engine and are a good part of its size.
// Files under one of the second prefixes lose their docstrings only, their asserts kept (the
// engine's: it never reads a docstring, and a docstring is a sixth of its bytecode gzipped). Every file is compiled without
// column positions (PYTHONNODEBUGRANGES, as \`python -X no_debug_ranges\`): a traceback still names
// the file and line but draws no ^^^ under the failing part, and the bytecode is a quarter smaller
// once gzipped (the first visit's largest download after the runtime itself).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const lock = JSON.parse(readFileSync(new URL("../../../node_modules/pyodide/pyodide-lock.json", import.meta.url)));
const pyodide = await loadPyodide({ lockFileContents: { info: lock.info, packages: {} }, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(process.argv[2]));
pyodide.globals.set("STRIP", JSON.stringify(JSON.parse(process.argv[4] || "[]")));
pyodide.globals.set("DOCLESS", JSON.stringify(JSON.parse(process.argv[5] || "[]")));
const tag = pyodide.runPython(`
import ast, importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def docless(source, filename):
    """The module's tree without the docstrings of the module, its classes and functions (a body
    left empty gets a pass at the docstring's line: line numbers stay those of the source)."""
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

strip = tuple(json.loads(STRIP))
no_docs = tuple(json.loads(DOCLESS))
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in src.infolist():
        data = src.read(info)
        optimize = 2 if strip and info.filename.startswith(strip) else 0
        text = docless(data, info.filename) if no_docs and info.filename.startswith(no_docs) else data
        code = compile(text, info.filename, "exec", dont_inherit=True, optimize=optimize)
        # "unchecked hash" pycs: used as they are, whatever the file times after unpacking
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        out.writestr(info.filename + "c", bytes(pyc))
sys.implementation.cache_tag
`);
writeFileSync(process.argv[3], pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(tag);
