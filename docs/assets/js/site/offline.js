/* Registers the site's service worker (sw.js at the site root), which keeps this build's pages
   and assets on the device, and the engine (the runtime, the engine and its data) where the
   engine worker has not already kept it: after a visit to any page, the calculator and the army
   builder work offline.
   On a computing page, registration waits until the engine is ready (or failed) and has answered
   what the page asked first (then FIRST_MS and an idle moment: on a slow link the core's
   downloads would otherwise share the link with the page's first answer); the service worker takes over as soon
   as it holds the core of the site (the shared assets and the pages that compute). On other
   pages it waits until the page has loaded and the browser is idle, so filling the cache never
   slows the page a player opened. Once a service
   worker controls the page, it is asked to fill in the rest in the background; when it has, the
   document's root gets data-offline="site".
   Every page says, at its foot, whether the site is ready offline: the words are WORDS, here only.
   The engine's state is read where the page shows it: the [data-engine] root's attribute. */
import { onPage } from "../shared/page-events.js";

const ROOT = new URL("../../../", import.meta.url);    // assets/js/site/ -> site root
const IDLE_MS = 3000;
const AFTER_MS = 4000;    // after the page's own start-up work (the search index, say)
const FIRST_MS = 1500;    // after the engine's first answer (a link to a roll, a force's points), drawn
const SETTLED = ["ready", "error"];
export const WORDS = {
  getting: "Getting ready for offline use…",
  ready: "Ready offline",
  failed: "Not ready for offline use yet: the site tries again on your next visit",
  refused: "Not kept for offline use: this browser does not allow it here",
};
let status = "getting";

/* The line at the page's foot (drawn again on each page instant navigation shows). */
function show() {
  const foot = document.querySelector(".md-footer-meta__inner");
  if (!foot) return;
  let line = foot.querySelector("[data-offline-status]");
  if (!line) {
    line = document.createElement("p");
    line.className = "dd-offline-status";
    line.setAttribute("role", "status");
    foot.append(line);
  }
  line.dataset.offlineStatus = status;
  line.textContent = WORDS[status];
}

function setStatus(next) {
  status = next;
  show();
}

function askToFill() {
  const sw = navigator.serviceWorker.controller;
  if (sw) sw.postMessage({ type: "fill" });
}

function register() {
  navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname })
    .then((reg) => { if (!reg.installing && !reg.waiting) askToFill(); })   // else: on controllerchange
    .catch(() => setStatus("refused"));   // private mode, say: the site still works online
}

function whenIdle(fn, after = AFTER_MS) {
  setTimeout(() => {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: IDLE_MS });
    else fn();
  }, after);
}

/* fn, once the engine (already loaded by this computing page: the same module) computes nothing. */
async function afterFirstAnswer(fn) {
  const { engine } = await import("../engine/engine.js");
  const check = () => (engine.busy().main ? setTimeout(check, 250) : whenIdle(fn, FIRST_MS));
  check();
}

function calm() {
  const root = document.querySelector("[data-engine]");
  if (!root) {
    // Kept already, say: the service worker answers at once, and the page says so.
    if (navigator.serviceWorker.controller) askToFill();
    whenIdle(register);
    return;
  }
  if (SETTLED.includes(root.dataset.engine)) { afterFirstAnswer(register); return; }
  const watch = new MutationObserver(() => {
    if (!SETTLED.includes(root.dataset.engine)) return;
    watch.disconnect();
    afterFirstAnswer(register);
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.addEventListener("controllerchange", askToFill);
  navigator.serviceWorker.addEventListener("message", (event) => {
    const type = event.data && event.data.type;
    if (type === "filled") {
      document.documentElement.dataset.offline = "site";
      setStatus("ready");
    } else if (type === "unfilled" && status !== "ready") {
      setStatus("failed");
    }
  });
  navigator.serviceWorker.startMessages();
  onPage(show);
  if (document.readyState === "complete") calm();
  else window.addEventListener("load", calm, { once: true });
}
