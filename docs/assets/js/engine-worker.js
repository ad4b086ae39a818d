/* Web Worker: loads the pinned Pyodide from this site's own origin, installs the
   calculator wheel and the data bundle, then answers calls. No rules logic here:
   every command is passed to calculator.webworker.dispatch (Python). */
"use strict";

const SITE_ROOT = new URL("../../", self.location.href);   // assets/js/ -> site root
let booting = null;

function progress(stage, done, total, text) {
  self.postMessage({ type: "progress", stage, done, total, text });
}

async function fetchOk(url, kind) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${kind} (${response.status} ${url})`);
  return response;
}

async function boot() {
  const total = 4;
  progress("manifest", 0, total, "Reading the engine manifest");
  const manifest = await (await fetchOk(new URL("assets/engine/manifest.json", SITE_ROOT), "manifest")).json();
  progress("runtime", 1, total, "Loading the Python runtime (Pyodide " + manifest.pyodide + ")");
  importScripts(new URL("pyodide/pyodide.js", SITE_ROOT).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", SITE_ROOT).href });
  progress("engine", 2, total, "Installing the calculator engine");
  const wheel = await (await fetchOk(new URL(manifest.wheel, SITE_ROOT), "engine")).arrayBuffer();
  pyodide.unpackArchive(wheel, "wheel");
  progress("data", 3, total, "Loading the rules data");
  const bundle = await (await fetchOk(new URL(manifest.bundle, SITE_ROOT), "data")).text();
  const dispatch = pyodide.pyimport("calculator.webworker").dispatch;
  const info = JSON.parse(dispatch("load", bundle));
  if (!info.ok) throw new Error(info.error);
  info.result.pyodide = pyodide.version;
  progress("ready", total, total, "Ready");
  return { pyodide, dispatch, info: info.result };
}

self.onmessage = async (event) => {
  const { id, cmd, payload } = event.data;
  try {
    booting = booting || boot();
    const engine = await booting;
    if (cmd === "boot") {
      self.postMessage({ type: "reply", id, ok: true, result: engine.info });
      return;
    }
    const reply = JSON.parse(engine.dispatch(cmd, payload === undefined ? "null" : JSON.stringify(payload)));
    self.postMessage({ type: "reply", id, ok: reply.ok, result: reply.result, error: reply.error });
  } catch (err) {
    self.postMessage({ type: "reply", id, ok: false, fatal: true, error: String(err && err.message || err) });
  }
};
