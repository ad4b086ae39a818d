/* Web Worker: loads the pinned Pyodide from this site's own origin, the calculator engine and its
   data, then answers calls. No rules logic here: every command goes to calculator.webworker.dispatch.
   It starts downloading at once (ENGINE, written by the build, has the URLs, sizes and hashes):
   the runtime's files in parallel, then the engine and its data while Python starts. A file with
   a .gz copy ("packed") is fetched as its .br copy (brotli.js) or that, and unpacked as it arrives,
   so even a plain host sends a small copy. It reports bytes received per file, checks each file's
   hash, and keeps it, unpacked, in this build's cache for the next visit, online or not. A packed
   script runs from a blob: URL only where no Content-Security-Policy reaches this worker (a plain
   host); else the scripts are fetched as they are and run from their own URL (the policy untried).
   Not kept yet, on a first roll's page, the engine comes as its first part (ENGINE.first), then whole.
   It starts from the engine's memory snapshot (generator/engine/snapshot.py) where it pays
   (snapshot()); any failure there means the usual start. Any other failure ends the start at
   once, in words (engine.js offers to try again). */
"use strict";

const ENGINE = /* @engine-files@ */ null;
const SITE_ROOT = new URL("../../../", self.location.href);   // assets/js/engine/ -> site root
const REPORT_MS = 100;
const FAST_MS = 250;
const SNAPSHOT_MS = 600;   // a first visit fetches the snapshot if due this fast at the rate seen (it spares ~0.6 s)
const WHOLE_MS = 1500;     // idle this long after an answer, a worker with the engine's first part fetches it whole
const nativeFetch = self.fetch.bind(self);
const files = {};          // key -> {label, loaded, total, cached, done}
const FIRST = ["loader", "script", "wasm", "stdlib"];    // what Python needs to start
let restGo = null;         // resolves when the engine and its data may start downloading
const saving = [];         // cache writes still going on
const checks = [];         // the runtime's check, which ends after it has started compiling
let broken = null;         // rejects `failed` with the first failure, in words: the start stops at once
const failed = new Promise((resolve, reject) => { broken = reject; });
// A second try (engine.js starts it at "#again"): the network's copy, never the browser's cache.
const FETCH_INIT = self.location.hash === "#again" ? { cache: "reload" } : undefined;
const PART = self.location.hash === "#first" && ENGINE && ENGINE.first;   // early-worker.js: a first roll's page
let stage = "download";
let lastReport = 0;
let booting = null;
let idle = null, partial = false;   // WHOLE_MS's timer; whether the engine's zip is its first part (ENGINE.first)
let brotli = null;         // once asked for: brotli.js's decoder and unbrotli, or null (then the .gz copies)
const timings = {};       // ms since this worker started, by stage (the benchmark reads them)
const mark = (name) => { timings[name] = Math.round(performance.now()); };
const abs = (rel) => new URL(rel, SITE_ROOT).href;
const MB = (n) => (n / 1e6).toFixed(1);
const tellSaved = () => Promise.all(saving).then(() => self.postMessage({ type: "saved", ok: true }),
  (err) => self.postMessage({ type: "saved", ok: false, error: String(err && err.message || err) }));

function report(force) {
  const now = Date.now();
  if (!force && now - lastReport < REPORT_MS) return;
  lastReport = now;
  const list = Object.entries(files).map(([id, f]) => Object.assign({ id }, f));
  const loaded = list.reduce((s, f) => s + f.loaded, 0);
  const total = list.reduce((s, f) => s + f.total, 0);
  const cached = list.length > 0 && list.every((f) => f.cached);
  const texts = { start: "Starting the calculator", engine: "Installing the calculator engine",
    data: "Loading the rules data", ready: "Ready", download: (cached ? "Reading the calculator from this device: "
      : "Downloading the calculator: ") + MB(loaded) + " of " + MB(total) + " MB" };
  // The bar: the bytes, then a fifth more for the work that follows the downloads.
  const after = { download: 0, start: 0.05, engine: 0.15, data: 0.18, ready: 0.2 }[stage];
  self.postMessage({ type: "progress", stage, text: texts[stage], files: list, loaded, total,
    done: loaded + Math.round(total * after), total_units: Math.round(total * 1.2) });
}

function setStage(name) { stage = name; mark(name); report(true); }
/* Every byte is in: what remains is starting Python (compiling, if not yet done). */
function checkDownloaded() {
  if (stage !== "download" || !Object.values(files).every((f) => f.done)) return;
  mark("downloaded");
  setStage("start");
}

function counter(id) {
  return new TransformStream({
    transform(chunk, ctl) { files[id].loaded += chunk.byteLength; checkRest(); report(false); ctl.enqueue(chunk); },
    flush() { arrived(id); report(false); checkDownloaded(); },
  });
}

function arrived(id) { mark("in:" + id); Object.assign(files[id], { loaded: files[id].total, done: true }); checkRest(); }

/* The engine and its data start once the runtime is in, so that Python starts while they arrive
   instead of sharing the link with the runtime's last bytes. On a fast link (the whole runtime due
   within FAST_MS at the rate seen since the first byte), at once. */
function checkRest() {
  if (!restGo || restGo.done) return;
  const got = FIRST.reduce((n, id) => n + (files[id].cached ? 0 : files[id].loaded), 0);
  if (got > 0 && !restGo.first) restGo.first = performance.now();
  const took = restGo.first ? performance.now() - restGo.first : 0;
  const all = FIRST.reduce((n, id) => n + (files[id].cached ? 0 : files[id].total), 0);
  const fast = took > 40 && got > 0 && all * took / got < FAST_MS;
  if (!fast && !FIRST.every((id) => files[id].done)) return;
  mark("rest");
  restGo.done = true;
  restGo.resolve(got / Math.max(took, 1));      // bytes per ms
}

/* packed.js's unpacked(body), dense(bytes) and whole(stream, sha256, label), which the build writes in
   here (a classic worker cannot import a module). */
/* @packed-unpacked@ */
/* @packed-dense@ */
/* @packed-whole@ */
async function get(url, label) {
  try { return await nativeFetch(url, FETCH_INIT); } catch (err) {
    throw new Error(self.navigator && self.navigator.onLine === false
      ? "you are offline, and the calculator is kept on this device only after one visit online"
      : "the calculator could not be downloaded (" + label + ": no answer from the site)");
  }
}

const openCache = async (name) => { try { return self.caches ? await self.caches.open(name) : null; } catch (err) { return null; } };
/* {cache, hit}: this build's cache for a file (or null) and the file as it keeps it (or null). */
async function kept(id) {
  const f = ENGINE.files[id];
  const cache = await openCache(ENGINE.caches[f.cache]);
  const hit = cache && await cache.match(abs(f.url)).catch(() => null);
  if (hit) { files[id].cached = true; arrived(id); report(false); checkDownloaded(); }
  return { cache, hit };
}

/* One download, counted, checked and kept in the cache for next time: a Response read once. */
async function download(id, cache, packed, f = ENGINE.files[id]) {
  const url = abs(f.url);
  // The .br copy where there is one, asked for as the decoder starts (brotli.js); without either, the .gz copy
  // (and once the decoder has failed, no .br copy is asked for again).
  const dec = packed && f.br && ENGINE.decoder && (brotli = brotli || import("./brotli.js").then(async (m) =>
    ({ Dec: await m.decoder(SITE_ROOT, ENGINE.decoder), unbrotli: m.unbrotli })).catch(() => (ENGINE.decoder = null)));
  let res = dec ? await get(url + ".br", f.label) : null;
  const br = res && res.ok && (/\bbr\b/.test(res.headers.get("Content-Encoding") || "") || await dec);  // labelled: unpacked already
  if (res && !br) res.body && res.body.cancel().catch(() => {});
  files[id].total = br === true ? f.size : br ? f.br : packed ? f.packed : f.size;   // true: the browser unpacks it
  if (!br) res = await get(packed ? url + ".gz" : url, f.label);
  if (!res.ok && packed) [files[id].total, res] = [f.size, await get(url, f.label)];    // a copy of the site without its .gz files
  if (!res.ok) throw new Error("the calculator could not be downloaded (" + f.label + ": the site answered with error " + res.status + ")");
  // Counted as the bytes arrive, checked once all are in (else the start stops, in words) before use.
  const headers = { "Content-Type": f.type };
  const counted = res.body.pipeThrough(counter(id));
  const body = br && br.Dec ? br.unbrotli(counted, br.Dec) : await unpacked(counted);
  const keep = (bytes) => { if (cache) saving.push(cache.put(url, new Response(bytes, { headers }))); return bytes; };
  if (id !== "wasm") return new Response(keep(await whole(body, f.sha256, f.label)), { headers });
  // The runtime is compiled as it arrives: a second branch, read at once, is checked, then kept.
  const [mine, other] = body.tee();
  const check = whole(other, f.sha256, f.label).then(keep);
  checks.push(check); check.catch(broken);
  return new Response(mine, { headers });
}

/* Whether a script may run from a blob: URL: only if this worker's script came without any Content-Security-Policy. */
async function blobScripts() {
  try {
    const res = await nativeFetch(self.location.href, { cache: "force-cache" });
    res.body && res.body.cancel().catch(() => {});
    return res.ok && !res.headers.has("content-security-policy") &&
      !res.headers.has("content-security-policy-report-only");
  } catch (err) { return false; }
}

/* Run a downloaded script (pyodide.js, pyodide.asm.js): from a blob: URL where allowed, else from its own URL. */
async function runScript(response, id, fromBlob) {
  const body = await (await response).blob();
  if (fromBlob) {
    const url = URL.createObjectURL(body);
    try { importScripts(url); return; } catch (err) {
      if (!(err instanceof DOMException) || err.name !== "NetworkError") throw err;   // else refused: its URL
    } finally { URL.revokeObjectURL(url); }
  }
  importScripts(abs(ENGINE.files[id].url));
}

/* The snapshot's bytes or null: kept on this device, else downloaded (and kept) where the browser
   tells about its link and the runtime's download (rate: bytes per ms, once "go" resolves) has it
   due within SNAPSHOT_MS. Never bytes without the build's SHA-256. */
async function snapshot(go) {
  const f = ENGINE.snapshot;
  const link = self.navigator && self.navigator.connection;        // Chromium only
  if (!f || !self.crypto || !self.crypto.subtle) return null;
  const cache = await openCache(f.cache);
  let res = cache && await cache.match(abs(f.url)).catch(() => null);
  const rate = res || !link || link.saveData || /2g|3g/.test(link.effectiveType) ? 0 : await go;
  if (!res && !(rate > 0 && (f.packed || f.size) / rate < SNAPSHOT_MS)) return null;
  files.snapshot = { label: f.label, loaded: 0, total: f.packed || f.size, cached: !!res, done: false };
  const copy = res;           // a kept copy is checked as a download is
  res = res ? arrived("snapshot") || res : await download("snapshot", cache, !!f.packed, f);
  const bytes = copy ? await whole(res.body, f.sha256, f.label).catch(() => null) : new Uint8Array(await res.arrayBuffer());
  if (bytes && bytes.length === f.size) return mark("snapshot") || dense(bytes);
  if (cache) cache.delete(abs(f.url)).catch(() => {});     // not kept again
  throw new Error("not this build's snapshot");
}

function skip(id) { Object.assign(files[id], { loaded: 0, total: 0, done: true }); return checkDownloaded(); }  // the snapshot holds it

async function boot() {
  if (!ENGINE) throw new Error("this copy of the site was built without the engine's file list");
  const started = {};
  Object.entries(ENGINE.files).forEach(([id, f]) => {
    const g = id === "code" && PART || f;        // the engine's first part, unless kept whole
    files[id] = { label: f.label, loaded: 0, total: g.br || g.packed || g.size, cached: false, done: false };
  });
  restGo = { first: 0 };       // first: when the first byte came in
  const go = new Promise((resolve) => { restGo.resolve = resolve; });
  const fromBlob = blobScripts();
  const snap = snapshot(go).catch(() => { delete files.snapshot; checkDownloaded(); return null; });
  // The engine and its data wait their turn (checkRest) not to slow the runtime; the data, for the snapshot too.
  Object.entries(ENGINE.files).forEach(([id, f]) => {
    const hit = kept(id);
    const turn = FIRST.includes(id) ? hit : Promise.all([hit, go, id === "data" && snap]).then(([h, , s]) => s ? Object.assign(h, { skip: true }) : h);
    const packed = f.type !== "text/javascript" ? Promise.resolve(!!f.packed) : fromBlob.then((b) => b && !!f.packed);
    const part = id === "code" && PART;      // not kept: the whole engine is, once it comes (wholeEngine)
    started[id] = turn.then(async (k) => k.hit || (k.skip ? skip(id)
      : part ? (partial = true, download(id, null, !!part.packed, part)) : download(id, k.cache, await packed)));
  });
  Object.values(started).forEach((p) => p.catch(broken));   // the start stops at the first failure
  // Pyodide fetches the wasm and the standard library itself: give it the downloads under way.
  const byUrl = new Map(["wasm", "stdlib"].map((id) => [abs(ENGINE.files[id].url), started[id]]));
  self.fetch = (input, init) => byUrl.get(String(input && input.url ? input.url : input)) || nativeFetch(input, init);
  // Compile the wasm as it arrives, while the scripts load; Pyodide then instantiates the compiled module.
  const compiled = started.wasm.then((res) => WebAssembly.compileStreaming(res).catch(() => {
    throw new Error("a file of the calculator arrived damaged or incomplete (" + ENGINE.files.wasm.label + ")");
  }));
  compiled.catch(broken);
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    if (source !== started.wasm) return instantiateStreaming(source, imports);
    const module = await compiled;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  const blob = await fromBlob;
  await runScript(started.loader, "loader", blob);
  mark("loader");
  await runScript(started.script, "script", blob);  // defines _createPyodideModule: loadPyodide skips its own load
  mark("script");
  const options = { indexURL: abs("pyodide/"), stdLibURL: abs(ENGINE.files.stdlib.url), lockFileContents: ENGINE.lockfile };
  const bytes = await snap;
  let pyodide = bytes && await loadPyodide(Object.assign({ _loadSnapshot: bytes }, options)).catch(() => null);
  if (bytes && !pyodide) {      // refused after all: the usual start, with the data, the stdlib asked again
    delete timings.snapshot;
    byUrl.delete(options.stdLibURL);
    Object.assign(files.data, { total: ENGINE.files.data.packed || ENGINE.files.data.size, done: false });
    started.data = kept("data").then((k) => k.hit || download("data", k.cache, !!ENGINE.files.data.packed));
  }
  pyodide = pyodide || await loadPyodide(options);
  self.fetch = nativeFetch;
  WebAssembly.instantiateStreaming = instantiateStreaming;
  setStage("engine");
  // The engine's bytecode is imported straight from its zip, as the standard library is.
  pyodide.FS.writeFile(ENGINE.zip_path, new Uint8Array(await (await started.code).arrayBuffer()));
  if (!timings.snapshot) pyodide.runPython(`import sys; sys.path.insert(0, "${ENGINE.zip_path}")`);
  const dispatch = pyodide.pyimport("calculator.webworker").dispatch;
  if (timings.snapshot) dispatch("reread", "null");     // the snapshot's zipimport had read the whole zip
  setStage("data");
  const info = JSON.parse(timings.snapshot ? dispatch("loaded", "null") : dispatch("load", await (await started.data).text()));
  if (!info.ok) throw new Error(info.error);
  await Promise.all(checks);
  info.result.pyodide = pyodide.version;
  setStage("ready");
  info.result.timings = timings;
  if (!partial) tellSaved();       // else once the whole engine is kept too
  return { dispatch, info: info.result, pyodide, partial };
}

/* The whole engine, once (the worker idle after an answer, or a call needs a part the first lacks):
   kept, written over the first part, read again by zipimport, then warmed for an exchange too. */
function wholeEngine(engine, f = ENGINE.files.code) {
  clearTimeout(idle);
  if (engine.whole) return engine.whole;
  Object.assign(files.code, { loaded: 0, total: f.packed || f.size, done: false });
  engine.whole = openCache(ENGINE.caches[f.cache]).then((cache) => download("code", cache, !!f.packed)).then(async (res) => {
    engine.pyodide.FS.writeFile(ENGINE.zip_path, new Uint8Array(await res.arrayBuffer()));
    engine.dispatch("reread", "null");
    engine.partial = false;
    engine.dispatch("warm", "null");
    tellSaved();
  }, (err) => { engine.whole = null; throw err; });   // tried again by the next call that needs it
  return engine.whole;
}
const whenIdle = (engine) => { clearTimeout(idle); if (engine.partial) idle = setTimeout(() => wholeEngine(engine).catch(() => {}), WHOLE_MS); };

self.onmessage = async (event) => {
  const { id, cmd, payload } = event.data || {};      // the payload: JSON text (engine.js)
  try {
    const engine = await (booting = booting || boot());
    if (cmd === "boot") {
      self.postMessage({ type: "reply", id, ok: true, result: engine.info });
      // "warm": what a first roll needs, imported while the page draws itself (a call waits its turn).
      if (!engine.warmed) setTimeout(() => { engine.dispatch("warm", "null"); mark("warm"); whenIdle(engine); }, 0);
      engine.warmed = true;
      return;
    }
    const text = typeof payload === "string" ? payload : "null";
    let answer = JSON.parse(engine.dispatch(cmd, text));
    if (answer.missing && engine.partial) answer = await wholeEngine(engine).then(() => JSON.parse(engine.dispatch(cmd, text)));
    const { ok, result, error, field, too_large } = answer;
    self.postMessage({ type: "reply", id, ok, result, error, field, too_large });   // field: the input field the line names
    whenIdle(engine);
  } catch (err) {
    self.postMessage({ type: "reply", id, ok: false, fatal: true, error: String(err && err.message || err) });
  }
};

// Start now; the first failure ends it, even one Python would wait on for ever (the reply to "boot" tells it).
booting = Promise.race([boot(), failed]);
booting.catch(() => {});
