// A Pyodide memory snapshot of the engine imported (loadPyodide's _makeSnapshot/_loadSnapshot, which
// Pyodide 0.29 leaves undocumented), made under Node from a build's own runtime files, for
// bench_snapshot.py to boot from in the browser. Resolves "pyodide" from the checkout it lies in.
// argv: <site dir> <build/engine.json> <out file>; writes <out file> (the snapshot's bytes).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [site, infoPath, out] = process.argv.slice(2);
const info = JSON.parse(readFileSync(infoPath, "utf8"));
const at = (rel) => `${site}/${rel}`;
const pyodide = await loadPyodide({ stdLibURL: at(info.files.stdlib.url), lockFileContents: info.lockfile,
  _makeSnapshot: true });
pyodide.FS.writeFile("/lib/dragondice_engine.zip", new Uint8Array(readFileSync(at(info.files.code.url))));
pyodide.runPython("import sys; sys.path.insert(0, '/lib/dragondice_engine.zip'); import calculator.webworker");
writeFileSync(out, pyodide.makeMemorySnapshot());
