/* Registers the site's service worker (sw.js at the site root), which keeps this build's pages
   and assets on the device; the engine worker keeps the runtime, the engine and its data.
   Registration waits until the page a player opened has loaded and the browser is idle, and on
   a computing page until the engine is ready (or failed), so filling the cache never slows that
   page. The engine's state is read where the page shows it: the [data-engine] root's attribute. */
const ROOT = new URL("../../", import.meta.url);    // assets/js/ -> site root
const IDLE_MS = 3000;
const AFTER_MS = 4000;    // after the page's own start-up work (the search index, say)
const SETTLED = ["ready", "error"];

function register() {
  navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname })
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
  if (!root || SETTLED.includes(root.dataset.engine)) { whenIdle(register); return; }
  const watch = new MutationObserver(() => {
    if (!SETTLED.includes(root.dataset.engine)) return;
    watch.disconnect();
    whenIdle(register);
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  if (document.readyState === "complete") calm();
  else window.addEventListener("load", calm, { once: true });
}
