/* Calculator page: its modes (one roll, an exchange, a maneuver). Which panel shows, the mode
   buttons, and opening a mode with an input, from a link or from another mode ("Make this
   action" of a maneuver). Each mode registers its opener on the page: page.open[mode](input,
   message, text), where a null input opens the mode as it was left. */

export function setMode(page, mode) {
  page.mode = mode;
  page.root.querySelectorAll("[data-calc-panel]").forEach((p) => { p.hidden = p.dataset.calcPanel !== mode; });
  page.root.querySelectorAll("[data-calc-mode]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.calcMode === mode)));
}

export function openMode(page, mode, input, message, text) {
  const open = page.open[mode] || page.open.roll;
  open(input == null ? null : input, message, text);      // text: the link's own JSON, for the engine to read
}

export function bindModes(page) {
  const box = page.root.querySelector("[data-calc-modes]");
  if (!box) return;
  box.querySelectorAll("[data-calc-mode]").forEach((b) => b.addEventListener("click", () => {
    const mode = b.dataset.calcMode;
    if (mode !== page.mode && page.open[mode]) page.open[mode](null);
  }));
  box.hidden = false;
}
