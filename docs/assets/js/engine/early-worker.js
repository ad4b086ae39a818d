/* Starts the engine's worker as early as a page can: a calculator page loads this module from
   its <head>, async, before the stylesheets and the theme's script (overrides/main.html), so
   Pyodide downloads while the page is still being laid out. The engine client (engine.js)
   imports this same module, takes the worker over and replays the messages it sent meanwhile;
   reached by instant navigation instead, the module starts the worker when the client imports it. */
let early = null;
// The engine's first part (the modules a first roll imports) serves the calculator's single roll:
// its worker starts with it ("#first"); any other page or link (an exchange, a maneuver, advice, a
// force, a game) needs more of the engine at once, and its worker starts with the whole engine.
const ROLL_PAGE = /\/calculator\/$/.test(location.pathname) &&
  !/^#[xma]=|[?&](exchange|maneuver|advise)=/.test(location.hash + location.search);

try {
  const url = new URL("engine-worker.js", import.meta.url) + (ROLL_PAGE ? "#first" : "");
  const worker = new Worker(url);
  const messages = [];
  worker.onmessage = (e) => { messages.push(e.data); };
  worker.onerror = (e) => { messages.push({ error_event: e.message || "the engine worker failed to start" }); };
  early = { worker, messages, startedAt: performance.now() };
} catch (err) { /* the engine client starts the worker itself */ }

/* The early worker, once: {worker, messages, startedAt}, or null. */
export function takeEarlyWorker() {
  const taken = early;
  early = null;
  return taken;
}
