// Runs calculator.webworker.dispatch in Pyodide under Node, started as the site's engine worker
// starts it: the site's cut-down, precompiled standard library (or the stock one), the lock
// file's info only, and the site's engine zip (its bytecode, imported from the zip).
// With "snapshot", it starts from the build's memory snapshot as the worker may (generator/engine/snapshot.py:
// the engine already imported and its data loaded; only the engine's zip is written again), made
// whole from the pages the site ships by the worker's own function (packed.js's dense).
// stdin: {"stdlib": "<zip path>" | null, "engine": "<zip path>", "zip_path": "<where the worker writes it>",
//         "snapshot": "<path>" (optional),
//         "calls": [["cmd", "<json>"], ...],
//         "whole": "<zip path>", "then": [["cmd", "<json>"], ...] (optional: the whole engine's zip
//         written over the first, as the worker writes it once it comes, then more calls)}
// stdout: {"answers": [...], "boot_modules": [...], "modules": [...], "then": [...]} (sys.modules
// after start-up and after the calls).
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { dense } from "../../docs/assets/js/engine/packed.js";

const request = JSON.parse(readFileSync(0, "utf8"));
const lock = JSON.parse(readFileSync(new URL("../../node_modules/pyodide/pyodide-lock.json", import.meta.url)));
const options = { lockFileContents: { info: lock.info, packages: {} } };
if (request.stdlib) options.stdLibURL = request.stdlib;
if (request.snapshot) options._loadSnapshot = dense(new Uint8Array(readFileSync(request.snapshot)));
const pyodide = await loadPyodide(options);
const modules = () => pyodide.runPython("import sys; sorted(sys.modules)").toJs();
const boot = modules();
pyodide.FS.writeFile(request.zip_path, new Uint8Array(readFileSync(request.engine)));
if (!request.snapshot) {
  const sys = pyodide.pyimport("sys");
  sys.path.insert(0, request.zip_path);
  sys.destroy();
}
const dispatch = pyodide.pyimport("calculator.webworker").dispatch;
const answers = request.calls.map(([cmd, payload]) => dispatch(cmd, payload));
const after = modules();
let then = [];
if (request.whole) {
  pyodide.FS.writeFile(request.zip_path, new Uint8Array(readFileSync(request.whole)));
  then = [dispatch("reread", "null"), ...request.then.map(([cmd, payload]) => dispatch(cmd, payload))];
}
process.stdout.write(JSON.stringify({ answers, boot_modules: boot, modules: after, then }));
