/* Service worker: the site without a network, after one visit.
   OFFLINE (written by the build, generator/site/offline.py) names this build's caches and lists what
   goes in them:
   - pages: every page, the theme's and the site's assets, the search index, the calculator's
     catalogue. The core of it (the shared assets, the home page and the pages that compute) is
     fetched when this worker installs, so it takes over within a second or two; the rest when
     a page asks for it ({type: "fill"}, offline.js), in the background, two at a time.
   - runtime, engine: Pyodide, the cut-down standard library, the engine and its data. The
     engine worker fills these itself on a page that computes; after the pages, this worker
     keeps any it has not (keepEngine), so a visit to any page readies the calculator for offline
     use. Then it tells the page ({type: "filled"}, or {type: "unfilled"} when it could not).
   - snapshot: the engine's memory snapshot (engine-worker.js starts from it when it is kept),
     fetched as its .gz copy and unpacked, in the background after the rest of the site.
   A cache's name holds the hash of its content, so a new build gets new caches and, once it
   activates, the old ones are deleted: nothing from an older build is ever served with a newer
   one. Under `make serve` (live reload) OFFLINE stays null: this worker then removes itself and its caches. */
"use strict";

const OFFLINE = /* @offline@ */ null;
const PREFIX = "dd-";
const CONCURRENCY = 2;     // a background task: never a burst beside what the player opened
const CORE_CONCURRENCY = 4;   // the few files this worker waits for before it takes over

/* unpacked(body): the body itself, or unpacked when it is a gzip stream; whole(stream, sha256,
   label): its bytes, if they are the build's (packed.js's, written in by the build). */
/* @packed-unpacked@ */
/* @packed-whole@ */

async function dropCaches(keep) {
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && !keep.has(key)) await caches.delete(key);
  }
}

if (!OFFLINE) {
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (event) => event.waitUntil(
    dropCaches(new Set()).then(() => self.registration.unregister())));
} else {
  const scope = self.registration.scope;
  const abs = (rel) => new URL(rel, scope).href;
  const precache = OFFLINE.precache.map(abs);
  const core = OFFLINE.core.map(abs);
  const pages = new Set(precache);
  let filling = null;
  let keeping = null;
  const stored = new Map();     // URL of a runtime or engine file -> its cache
  ["runtime", "engine"].forEach((kind) => OFFLINE[kind].forEach((rel) => stored.set(abs(rel), OFFLINE.caches[kind])));

  async function fill(list, concurrency) {
    const cache = await caches.open(OFFLINE.caches.pages);
    const have = new Set((await cache.keys()).map((r) => r.url));
    const todo = list.filter((u) => !have.has(u));
    async function worker() {
      for (let u = todo.shift(); u; u = todo.shift()) {
        const res = await fetch(u, { cache: "no-cache" });     // never a stale copy from the HTTP cache
        if (!res.ok) throw new Error(u + ": HTTP " + res.status);
        await cache.put(u, res);
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  /* The runtime, the engine and its data, kept as the engine worker keeps them: unpacked, checked,
     one at a time (a background task). */
  async function keepEngine() {
    for (const [rel, f] of Object.entries(OFFLINE.files)) {
      const url = abs(rel);
      const cache = await caches.open(stored.get(url));
      if (await cache.match(url)) continue;
      let res = f.packed ? await fetch(url + ".gz", { cache: "no-cache" }) : null;
      if (!res || !res.ok) res = await fetch(url, { cache: "no-cache" });     // a copy of the site without its .gz files
      if (!res.ok) throw new Error(url + ": HTTP " + res.status);
      const bytes = await whole(await unpacked(res.body), f.sha256, rel);
      await cache.put(url, new Response(bytes, { headers: { "Content-Type": f.type } }));
    }
  }

  async function keepSnapshot() {
    const url = abs(OFFLINE.snapshot);
    const cache = await caches.open(OFFLINE.caches.snapshot);
    if (await cache.match(url)) return;
    let res = await fetch(url + ".gz", { cache: "no-cache" });
    if (!res.ok) res = await fetch(url, { cache: "no-cache" });    // a copy of the site without its .gz files
    if (!res.ok) throw new Error(url + ": HTTP " + res.status);
    await cache.put(url, new Response(await unpacked(res.body), { headers: { "Content-Type": "application/octet-stream" } }));
  }

  self.addEventListener("install", (event) => event.waitUntil(fill(core, CORE_CONCURRENCY).then(() => self.skipWaiting())));
  self.addEventListener("message", (event) => {
    if (!event.data || event.data.type !== "fill") return;
    filling = filling || fill(precache, CONCURRENCY).then(keepEngine).finally(() => { filling = null; });
    const tell = (type) => event.source && event.source.postMessage({ type });
    const told = filling.then(() => tell("filled"), (err) => { tell("unfilled"); throw err; });
    // Once at a time; if it fails, the engine worker starts the usual way until a later visit keeps it.
    keeping = keeping || told.then(keepSnapshot).catch(() => {}).finally(() => { keeping = null; });
    event.waitUntil(keeping);
  });
  self.addEventListener("activate", (event) => event.waitUntil(
    dropCaches(new Set(Object.values(OFFLINE.caches))).then(() => self.clients.claim())));

  async function fromPages(request, key) {
    const cache = await caches.open(OFFLINE.caches.pages);
    const hit = await cache.match(key);
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (err) {
      const missing = request.mode === "navigate" && await cache.match(abs("404.html"));
      if (missing) return missing;
      throw err;
    }
  }

  async function fromStore(request, key, name) {
    const hit = await (await caches.open(name)).match(key);
    return hit || fetch(request);
  }

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    const key = url.origin + url.pathname;    // a page's ?roll= query does not make another page
    if (stored.has(key)) event.respondWith(fromStore(request, key, stored.get(key)));
    else if (pages.has(key) || request.mode === "navigate") event.respondWith(fromPages(request, key));
  });
}
