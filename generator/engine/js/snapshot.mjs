// A memory snapshot of the pinned Pyodide (node_modules/pyodide) with the engine imported, its
// data loaded and what a first roll needs imported ("warm"), made exactly as the engine worker
// starts: the site's standard library and engine zip, the lock file's info only. Used by
// generator/engine/snapshot.py.
// argv: <stdlib zip> <engine zip> <engine data json> <engine zip path inside Python> <out file>.
// Writes the snapshot's bytes to <out file> and prints the answer to "load" (JSON).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [stdlib, code, data, zipPath, out] = process.argv.slice(2);
const lock = JSON.parse(readFileSync(new URL("../../../node_modules/pyodide/pyodide-lock.json", import.meta.url)));
const pyodide = await loadPyodide({ stdLibURL: stdlib, lockFileContents: { info: lock.info, packages: {} },
  _makeSnapshot: true });
pyodide.FS.writeFile(zipPath, new Uint8Array(readFileSync(code)));
const sys = pyodide.pyimport("sys");
sys.path.insert(0, zipPath);
sys.destroy();
const webworker = pyodide.pyimport("calculator.webworker");
const loaded = webworker.dispatch("load", readFileSync(data, "utf8"));
if (!JSON.parse(loaded).ok) throw new Error("the engine did not load its data: " + loaded);
const warm = webworker.dispatch("warm", "null");
webworker.destroy();
if (!JSON.parse(warm).ok) throw new Error("the engine did not import what a first roll needs: " + warm);
writeFileSync(out, pyodide.makeMemorySnapshot());
process.stdout.write(loaded);
