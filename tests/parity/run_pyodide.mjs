// Runs calculator.webworker.dispatch inside the pinned Pyodide (node_modules/pyodide) under Node.
// stdin: {"wheel": "<path>", "calls": [["cmd", "<json payload>"], ...]}
// stdout: a JSON list with one dispatch answer (a JSON string) per call.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const request = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(readFileSync(request.wheel)), "wheel");
const dispatch = pyodide.pyimport("calculator.webworker").dispatch;
const answers = request.calls.map(([cmd, payload]) => dispatch(cmd, payload));
process.stdout.write(JSON.stringify({ pyodide: pyodide.version, answers }));
