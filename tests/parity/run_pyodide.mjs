// Runs calculator.webworker.dispatch inside the pinned Pyodide (node_modules/pyodide) under Node,
// started once and asked many times (each start is seconds of the test machine's time).
// stdin: one request a line, {"wheel": "<path>", "calls": [["cmd", "<json payload>"], ...]}
// stdout: one answer a line, {"pyodide": "<version>", "answers": [one dispatch answer (a JSON string) per call]}
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide();
let unpacked = null;     // the wheel in Pyodide's file system (a test session builds one)
let dispatch = null;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  if (request.wheel !== unpacked) {
    if (unpacked !== null) throw new Error(`one wheel a process: ${unpacked}, then ${request.wheel}`);
    pyodide.unpackArchive(new Uint8Array(readFileSync(request.wheel)), "wheel");
    dispatch = pyodide.pyimport("calculator.webworker").dispatch;
    unpacked = request.wheel;
  }
  const answers = request.calls.map(([cmd, payload]) => dispatch(cmd, payload));
  process.stdout.write(JSON.stringify({ pyodide: pyodide.version, answers }) + "\n");
}
