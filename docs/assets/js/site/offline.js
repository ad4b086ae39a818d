/* Registers the site's service worker (sw.js at the site root), which keeps this build's pages
   and assets on the device; the engine worker keeps the runtime, the engine and its data.
   On a computing page, registration waits until the engine is ready (or failed), then happens at
   once: the service worker takes over as soon as it holds the core of the site (the shared
   assets and the pages that compute), so the calculator works offline within moments of its
   first start. On other pages it waits until the page has loaded and the browser is idle, so
   filling the cache never slows the page a player opened. Once a service worker controls the
   page, it is asked to fill in the rest of the site in the background; when it has, the
   document's root gets data-offline="site". The engine's state is read where the page shows
   it: the [data-engine] root's attribute. */
const ROOT = new URL("../../../", import.meta.url);    // assets/js/site/ -> site root
const IDLE_MS = 3000;
const AFTER_MS = 4000;    // after the page's own start-up work (the search index, say)
const SETTLED = ["ready", "error"];

function askToFill() {
  const sw = navigator.serviceWorker.controller;
  if (sw) sw.postMessage({ type: "fill" });
}

function register() {
  navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname })
    .then((reg) => { if (!reg.installing && !reg.waiting) askToFill(); })   // else: on controllerchange
    .catch(() => { /* no offline copy this time (private mode, storage full): the site still works */ });
}

function whenIdle(fn) {
  setTimeout(() => {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: IDLE_MS });
    else fn();
  }, AFTER_MS);
}

function calm() {
  const root = document.querySelector("[data-engine]");
  if (!root) { whenIdle(register); return; }
  if (SETTLED.includes(root.dataset.engine)) { register(); return; }
  const watch = new MutationObserver(() => {
    if (!SETTLED.includes(root.dataset.engine)) return;
    watch.disconnect();
    register();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.addEventListener("controllerchange", askToFill);
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "filled") document.documentElement.dataset.offline = "site";
  });
  navigator.serviceWorker.startMessages();
  if (document.readyState === "complete") calm();
  else window.addEventListener("load", calm, { once: true });
}
