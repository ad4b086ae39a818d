// Compile Python sources to bytecode inside the pinned Pyodide (node_modules/pyodide), so the
// .pyc files match the browser's Python exactly. Used by generator/pycompile.py.
// argv: <in.zip of .py files> <out.zip>; writes <path>c for each <path>.py, and prints the
// cache tag (e.g. "cpython-313").
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const lock = JSON.parse(readFileSync(new URL("../../node_modules/pyodide/pyodide-lock.json", import.meta.url)));
const pyodide = await loadPyodide({ lockFileContents: { info: lock.info, packages: {} } });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(process.argv[2]));
const tag = pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in src.infolist():
        data = src.read(info)
        code = compile(data, info.filename, "exec", dont_inherit=True)
        # "unchecked hash" pycs: used as they are, whatever the file times after unpacking
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        out.writestr(info.filename + "c", bytes(pyc))
sys.implementation.cache_tag
`);
writeFileSync(process.argv[3], pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(tag);
