/* Registers the site's service worker (sw.js at the site root), which keeps this build's pages
   and assets on the device; the engine worker keeps the runtime, the engine and its data.
   Registration waits until the page a player opened has loaded and the browser is idle, and on
   a computing page until the engine is ready, so filling the cache never slows that page. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const ROOT = new URL("../../", document.currentScript.src);    // assets/js/ -> site root
  const IDLE_MS = 3000;
  const AFTER_MS = 4000;    // after the page's own start-up work (the search index, say)

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
    const engine = window.DragonDiceEngine;
    if (!document.querySelector("[data-engine]") || !engine) { whenIdle(register); return; }
    let done = false;
    engine.subscribe((s) => {
      if (done || (s.status !== "ready" && s.status !== "error")) return;
      done = true;
      whenIdle(register);
    });
  }

  if (document.readyState === "complete") calm();
  else window.addEventListener("load", calm, { once: true });
})();
