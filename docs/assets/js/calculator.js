/* Engine client for pages that compute. Loaded on every page (instant navigation keeps one
   document), but the Web Worker and Pyodide start only when a page has a [data-engine] root,
   and one worker is reused across navigations. No rules logic: calls go to the Python engine. */
(function () {
  "use strict";
  const WORKER_URL = new URL("engine-worker.js", document.currentScript.src).href;
  let worker = null;
  let seq = 0;
  const pending = new Map();
  const state = { status: "idle", progress: null, info: null, error: null };
  const listeners = new Set();

  function emit() { listeners.forEach((fn) => fn(state)); }

  function start() {
    if (worker) return;
    state.status = "loading";
    worker = new Worker(WORKER_URL);
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "progress") {
        state.progress = msg;
        emit();
        return;
      }
      const waiter = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.fatal) { state.status = "error"; state.error = msg.error; emit(); }
      if (waiter) (msg.ok ? waiter.resolve(msg.result) : waiter.reject(new Error(msg.error)));
    };
    worker.onerror = (event) => {
      state.status = "error";
      state.error = event.message || "the engine worker failed to start";
      emit();
    };
    call("boot").then((info) => { state.status = "ready"; state.info = info; emit(); }, () => {});
  }

  function call(cmd, payload) {
    start();
    const id = ++seq;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, cmd, payload });
    });
  }

  function subscribe(fn) { listeners.add(fn); fn(state); return () => listeners.delete(fn); }

  window.DragonDiceEngine = { start, call, subscribe, state };

  /* The status panel of any computing page: [data-engine] root, .engine-status child. */
  function bindStatus(root) {
    const label = root.querySelector("[data-engine-label]");
    const bar = root.querySelector("progress[data-engine-progress]");
    const unsubscribe = subscribe((s) => {
      if (!document.body.contains(root)) { unsubscribe(); return; }
      root.dataset.engine = s.status === "idle" ? "loading" : s.status;
      if (bar && s.progress) { bar.max = s.progress.total; bar.value = s.progress.done; }
      if (!label) return;
      if (s.status === "ready") {
        label.textContent = "Engine ready: Python " + s.info.python + " (Pyodide " + s.info.pyodide + ")";
      } else if (s.status === "error") {
        label.textContent = "The engine could not start: " + s.error;
      } else if (s.progress) {
        label.textContent = s.progress.text + "…";
      }
    });
    start();
  }

  function init() {
    document.querySelectorAll("[data-engine]").forEach(bindStatus);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);      // mkdocs-material: runs on every (instant) page load
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
