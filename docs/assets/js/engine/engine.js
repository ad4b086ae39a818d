/* Engine client for pages that compute. No rules logic: calls go to the Python engine, which
   runs in Web Workers (engine-worker.js); the first one is usually started from the page's head
   (early-worker.js) and taken over here. Workers are reused across instant navigations.

   engine.call(cmd, payload, {signal, timeout, lane}) -> Promise, the payload being an input or
   its JSON text as a link gave it (read by the engine, which names a key given twice or nesting too
   deep; the worker only ever receives text); engine.busy() says what each
   worker is computing; engine.state.progress has the download's bytes per file.
   - "resolve" and other calls run in the main worker; "distribution" runs in a second worker
     (started when first needed), so a long Chances computation never holds up a roll.
   - Each call has a time budget (engine.budgets, or `timeout` in ms): past it, the worker running
     it is stopped and replaced, and the call fails with a TimeoutError that says so.
   - An AbortSignal cancels a call: waiting, it is dropped; running, its worker is replaced.
   - A newer "distribution" call drops older ones still waiting, and stops a running one once
     it has had SUPERSEDE_GRACE_MS (its answer would be thrown away anyway).
   - The start has a budget too: a worker that says nothing for budgets.stall ms while it
     downloads (a stalled link), or budgets.starting ms once its files are in (a runtime that hangs:
     a busy phone may take long, the worker says nothing while Python starts), is stopped, and the
     start fails in words;
     engine.retry() starts again (the worker then asks the network, not the browser's cache). */
import { takeEarlyWorker } from "./early-worker.js";

const WORKER_URL = new URL("engine-worker.js", import.meta.url).href;
const BUDGET_MS = { resolve: 15000, distribution: 30000, default: 15000, stall: 30000, starting: 90000 };
const WATCH_MS = 500;
const SUPERSEDE_GRACE_MS = 1500;
const BACKGROUND = { distribution: true };
const state = { status: "idle", progress: null, info: null, error: null, saved: null,
  readyAt: null, startedAt: null };
const listeners = new Set();
let seq = 0;

const emit = () => listeners.forEach((fn) => fn(state));

function failure(name, message) { const err = new Error(message); err.name = name; return err; }

/* The engine's refusal: its one line, and the input field it names (err.field, "" for the whole
   input, absent for a failure that names none) and whether a bound stopped it (err.tooLarge). */
function engineError(msg) {
  const err = new Error(msg.error);
  if (typeof msg.field === "string") err.field = msg.field;
  if (msg.too_large) err.tooLarge = true;
  return err;
}

function seconds(ms) {
  if (ms < 1000) return ms + " ms";
  const s = Math.round(ms / 1000);
  return s + (s === 1 ? " second" : " seconds");
}

/* One worker and the calls queued for it, answered one at a time in order. */
class Lane {
  constructor(name, primary) {
    this.name = name;
    this.primary = primary;
    this.worker = null;
    this.queue = [];
    this.running = null;
    this.timer = null;
  }

  spawn(early, again) {
    if (early) {
      this.worker = early.worker;
      early.worker.onmessage = null;
    } else {
      this.worker = new Worker(again ? WORKER_URL + "#again" : WORKER_URL);
    }
    this.heard = performance.now();
    const worker = this.worker;
    worker.onmessage = (event) => { if (worker === this.worker) this.receive(event.data); };
    worker.onerror = (event) => {
      if (worker !== this.worker) return;
      this.failStart(event.message || "the engine worker failed to start");
    };
    this.booted = false;
    this.boot = this.send("boot", undefined, { timeout: 0, internal: true });
    this.watch();
    this.boot.then((info) => {
      this.booted = true;
      if (!this.primary) return;
      state.status = "ready"; state.info = info; state.error = null;
      if (state.readyAt == null) state.readyAt = performance.now();
      emit();
    }, () => {});
    if (this.primary) { state.status = "loading"; emit(); }
    if (early) early.messages.forEach((msg) => this.receive(msg.data !== undefined ? msg.data : msg));
  }

  /* While the worker starts: silent past its budget (the early worker's messages count), stopped. */
  watch() {
    const worker = this.worker;
    const tick = setInterval(() => {
      if (worker !== this.worker || this.booted) { clearInterval(tick); return; }
      const downloading = !state.progress || state.progress.stage === "download";
      const budget = downloading ? BUDGET_MS.stall : BUDGET_MS.starting;
      if (performance.now() - this.heard < budget) return;
      clearInterval(tick);
      this.failStart((downloading ? "the download stopped: nothing arrived for " : "the start stopped: nothing happened for ")
        + seconds(budget));
    }, WATCH_MS);
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  /* A start that failed: the worker goes, and every call is refused with the same words until
     engine.retry() (a page that asks again on an error must not start worker after worker). */
  failStart(message) {
    this.failed = message;
    this.stop();
    this.fatal(message);
  }

  receive(msg) {
    this.heard = performance.now();
    if (msg && msg.error_event) { this.failStart(msg.error_event); return; }
    if (msg.type === "progress") {
      if (this.primary) { state.progress = msg; emit(); }
      return;
    }
    if (msg.type === "saved") {
      if (this.primary) { state.saved = msg.ok ? true : msg.error || false; emit(); }
      return;
    }
    const call = this.running;
    if (!call || call.id !== msg.id) return;
    if (msg.fatal && !this.booted) { this.failStart(msg.error); return; }
    this.finish();
    if (msg.fatal && this.primary) { state.status = "error"; state.error = msg.error; emit(); }
    if (msg.ok) call.resolve(msg.result); else call.reject(engineError(msg));
    this.next();
    if (this.primary) settle();
  }

  fatal(message) {
    if (this.primary) { state.status = "error"; state.error = message; emit(); }
    this.drop(message);
  }

  drop(message) {
    const calls = (this.running ? [this.running] : []).concat(this.queue);
    this.finish();
    this.queue = [];
    calls.forEach((c) => c.reject(new Error(message)));
  }

  send(cmd, payload, opts) {
    if (this.failed) return Promise.reject(new Error(this.failed));
    if (!this.worker) this.spawn();
    return new Promise((resolve, reject) => {
      // Text crosses to the worker: a deeply nested object would fail to be copied there.
      const text = payload === undefined || typeof payload === "string" ? payload : JSON.stringify(payload);
      const call = { id: ++seq, cmd, payload: text, resolve, reject, opts, started: 0 };
      const signal = opts.signal;
      if (signal) {
        if (signal.aborted) { reject(failure("AbortError", "the calculation was cancelled")); return; }
        signal.addEventListener("abort", () => this.cancel(call, failure("AbortError", "the calculation was cancelled")), { once: true });
      }
      if (BACKGROUND[cmd] && !opts.internal) this.supersede(cmd);
      this.queue.push(call);
      this.next();
    });
  }

  next() {
    if (this.running || !this.queue.length) return;
    const call = this.running = this.queue.shift();
    call.started = performance.now();
    const budget = call.opts.timeout != null ? call.opts.timeout : (BUDGET_MS[call.cmd] || BUDGET_MS.default);
    if (budget > 0 && this.booted !== false) this.arm(call, budget);
    else if (budget > 0) this.boot.then(() => { if (this.running === call) this.arm(call, budget); }, () => {});
    this.worker.postMessage({ id: call.id, cmd: call.cmd, payload: call.payload });
  }

  /* The budget counts from when the engine is up: starting Python is not the call's fault. */
  arm(call, budget) {
    call.started = performance.now();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.cancel(call, failure("TimeoutError",
      "it took longer than " + seconds(budget) + " to compute, so the calculator stopped it")), budget);
  }

  finish() { clearTimeout(this.timer); this.timer = null; this.running = null; }

  cancel(call, err) {
    const i = this.queue.indexOf(call);
    if (i >= 0) { this.queue.splice(i, 1); call.reject(err); return; }
    if (this.running !== call) return;
    // A running Python call cannot be interrupted: replace the worker (it restarts from the cache).
    this.finish();
    this.worker.terminate();
    this.worker = null;
    call.reject(err);
    const waiting = this.queue;
    this.queue = [];
    this.spawn();
    waiting.forEach((c) => this.queue.push(c));
    this.next();
  }

  supersede(cmd) {
    this.queue.filter((c) => c.cmd === cmd).forEach((c) =>
      this.cancel(c, failure("AbortError", "a newer calculation replaced this one")));
    const run = this.running;
    if (run && run.cmd === cmd && !run.superseded) {
      run.superseded = true;
      const left = SUPERSEDE_GRACE_MS - (performance.now() - run.started);
      const stop = () => this.cancel(run, failure("AbortError", "a newer calculation replaced this one"));
      if (left <= 0) stop(); else setTimeout(stop, left);
    }
  }
}

const lanes = { main: new Lane("main", true), background: new Lane("background", false) };

function start() {
  if (lanes.main.worker) return;
  const early = takeEarlyWorker();
  state.startedAt = early ? early.startedAt : performance.now();
  lanes.main.spawn(early);
}

/* After a failed start: both workers go, and the main one starts again. */
function retry() {
  if (state.status !== "error") return;
  Object.values(lanes).forEach((lane) => { lane.failed = null; lane.stop(); lane.drop("the calculator started again"); });
  state.progress = null;
  state.error = null;
  lanes.main.spawn(null, true);
}

function call(cmd, payload, opts = {}) {
  start();
  const name = opts.lane || (BACKGROUND[cmd] ? "background" : "main");
  // The second worker starts once the main one is up, so both never download at once.
  if (name === "background" && !lanes.background.worker) {
    return lanes.main.boot.then(() => lanes.background.send(cmd, payload, opts));
  }
  return lanes[name].send(cmd, payload, opts);
}

function subscribe(fn) { listeners.add(fn); fn(state); return () => listeners.delete(fn); }

/* What each worker is computing now ({main: "resolve" | null, background: ...}), for a
   "computing…" hint. */
function busy() {
  const out = {};
  Object.entries(lanes).forEach(([name, lane]) => {
    out[name] = lane.running && !lane.running.opts.internal ? lane.running.cmd : null;
  });
  return out;
}

/* Resolves when the engine is up; rejects with its error if it cannot start. */
function whenReady() {
  return new Promise((resolve, reject) => {
    const off = subscribe((s) => {
      if (s.status === "ready") { setTimeout(() => off(), 0); resolve(); }
      else if (s.status === "error") { setTimeout(() => off(), 0); reject(new Error(s.error)); }
    });
  });
}

export const engine = { start, call, retry, subscribe, busy, whenReady, state, budgets: BUDGET_MS };

// Said once on window when the engine has failed, or is up with nothing left to answer through an
// idle moment of the page (a link's answer may come in turns: a roll's plan, then its resolve, asked
// once the plan is read): on a page with the engine, the theme's sitemap request waits for it
// (overrides/assets/theme/sitemap.js), so that a slow link brings the first answer first.
let settledSaid = false;
const laneIdle = () => state.status === "ready" && !lanes.main.running && !lanes.main.queue.length;
const later = window.requestIdleCallback ? (fn) => requestIdleCallback(fn, { timeout: 1000 }) : (fn) => setTimeout(fn, 50);
function say() {
  if (settledSaid) return;
  settledSaid = true;
  dispatchEvent(new Event("dd-engine-settled"));
}
function settle() {
  if (settledSaid) return;
  if (state.status === "error") say();
  else if (laneIdle()) later(() => { if (laneIdle() || state.status === "error") say(); });
}
subscribe(settle);

/* Once the engine is up (or has failed), a page asks again for what it shows: ``ask(ctx)``, after
   its pending timer (ctx.timer) is dropped; it stops following when ctx.root leaves the page. */
export function followEngine(ctx, ask) {
  let wasReady = false;
  const off = subscribe((s) => {
    if (!document.body.contains(ctx.root)) { setTimeout(() => off && off(), 0); return; }
    const ready = s.status === "ready";
    if ((ready && !wasReady) || s.status === "error") { clearTimeout(ctx.timer); ask(ctx); }
    wasReady = ready;
  });
}
