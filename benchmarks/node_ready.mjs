// Engine-ready under Node on a build's own runtime files (its cut-down standard library, the
// engine's bytecode zip, the slim data), as the site's worker starts it: wall time and the CPU time of
// the whole process (every thread: wasm compilation included), which a busy machine disturbs less.
// Resolves "pyodide" from the checkout it lies in (the benchmark's copy links another version).
// argv: <site dir> <build/engine.json>; stdout: {"version", "python": [wall, cpu], "ready": [wall, cpu]} (ms)
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [site, infoPath] = process.argv.slice(2);
const info = JSON.parse(readFileSync(infoPath, "utf8"));
const at = (rel) => `${site}/${rel}`;
const t0 = performance.now();
const c0 = process.cpuUsage();
const since = () => {
  const c = process.cpuUsage(c0);
  return [performance.now() - t0, (c.user + c.system) / 1000];
};
const pyodide = await loadPyodide({ stdLibURL: at(info.files.stdlib.url), lockFileContents: info.lockfile });
const python = since();
// The engine's bytecode zip, imported straight from where it is written, as the worker does.
pyodide.FS.writeFile(info.zip_path, new Uint8Array(readFileSync(at(info.files.code.url))));
pyodide.runPython(`import sys; sys.path.insert(0, "${info.zip_path}")`);
const dispatch = pyodide.pyimport("calculator.webworker").dispatch;
const answer = JSON.parse(dispatch("load", readFileSync(at(info.files.data.url), "utf8")));
if (!answer.ok) throw new Error(answer.error);
process.stdout.write(JSON.stringify({ version: pyodide.version, python, ready: since() }));
