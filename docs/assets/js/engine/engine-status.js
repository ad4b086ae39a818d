/* The status panel of any computing page: a [data-engine] root (its attribute says "loading",
   "ready" or "error", for styles, tests and offline.js), a [data-engine-label] line (its data-ready:
   the page's own words once the engine is ready), a progress
   bar, and below them one line per file being downloaded. When the engine cannot start, the line
   says why and a "Try again" button follows it. */
import { engine } from "./engine.js";

function fileList(root) {
  let list = root.querySelector("[data-engine-files]");
  if (!list) {     // below the status line: one line per file, in the page's own text style
    list = document.createElement("ul");
    list.setAttribute("data-engine-files", "");
    list.setAttribute("aria-label", "Files of the calculator");
    list.className = "dd-engine-files";
    list.style.cssText = "margin:-.6rem 0 1rem;padding-left:1.2em;font-size:.8em;line-height:1.4";
    const label = root.querySelector("[data-engine-label]");
    const status = label && label.parentNode !== root ? label.parentNode : null;
    if (status) status.insertAdjacentElement("afterend", list); else root.prepend(list);
  }
  return list;
}

function showFiles(root, s) {
  const list = fileList(root);
  list.hidden = s.status !== "loading" || !s.progress || !s.progress.files;
  if (list.hidden) return;
  const items = s.progress.files.map((f) => {
    const li = document.createElement("li");
    li.dataset.file = f.id;
    li.textContent = f.label + ": " + (f.cached ? "on this device" : f.done ? "done"
      : (f.loaded / 1e6).toFixed(1) + " of " + (f.total / 1e6).toFixed(1) + " MB");
    return li;
  });
  list.replaceChildren(...items);
}

export const READY = "The calculator is ready.";

/* The "Try again" button after the status line, shown only while the start has failed. */
function retryButton(label, failed) {
  let button = label.parentNode.querySelector("[data-engine-retry]");
  if (!button && failed) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "md-button";
    button.setAttribute("data-engine-retry", "");
    button.textContent = "Try again";
    button.addEventListener("click", () => engine.retry());
    label.insertAdjacentElement("afterend", button);
  }
  if (button && !failed) button.remove();
}

function bindStatus(root) {
  if (root.dataset.engineBound) return;      // pages are bound on every page event: bind once
  root.dataset.engineBound = "1";
  const label = root.querySelector("[data-engine-label]");
  const bar = root.querySelector("progress[data-engine-progress]");
  const unsubscribe = engine.subscribe((s) => {
    if (!document.body.contains(root)) { unsubscribe(); return; }
    root.dataset.engine = s.status === "idle" ? "loading" : s.status;
    if (s.saved != null) root.dataset.engineSaved = s.saved === true ? "yes" : "no";
    if (bar && s.progress) { bar.max = s.progress.total_units || s.progress.total; bar.value = s.progress.done; }
    if (bar && s.status === "ready") { bar.max = 1; bar.value = 1; }
    showFiles(root, s);
    if (!label) return;
    retryButton(label, s.status === "error");
    if (s.status === "ready") {
      // player words: no tool names or versions on the page; a page may say what it is ready for
      label.textContent = label.dataset.ready || READY;
    } else if (s.status === "error") {
      label.textContent = "The engine could not start: " + s.error;
    } else if (s.progress) {
      label.textContent = s.progress.text + "…";
    }
  });
  engine.start();
}

export function bindEngineStatus() {
  document.querySelectorAll("[data-engine]").forEach(bindStatus);
}
