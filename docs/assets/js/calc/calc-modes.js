/* Calculator page: its modes (one roll, an exchange, a maneuver). Which panel shows, the mode
   buttons, and opening a mode with an input, from a link or from another mode ("Make this
   action" of a maneuver). Each mode registers its opener on the page: page.open[mode](input,
   message, text), where a null input opens the mode as it was left. Then the mode controller:
   what every mode does alike (following the engine, the Share button, opening a link). */
import { el, busy } from "./calc-dom.js";
import { engine, followEngine as follow } from "../engine/engine.js";

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

/* The rest is what every mode does alike, over its mode object `mc`: { page, root, mode, noun,
   ui: {results, message, form, share, shareStatus}, notice (its results' notice), seq, timer,
   changed(keepUrl) }. mc.seq counts the inputs: an answer is shown only while its input is the
   one shown (a change since moved mc.seq on). */

/* Whether the engine can answer now; if not, the results say why (waiting, or it failed to start). */
export function engineReady(mc) {
  if (engine.state.status === "ready") return true;
  mc.notice(mc.ui.results, engine.state.status === "error" ? "The engine could not start, so no result can be shown."
    : "The result appears here as soon as the engine is ready.", "waiting");
  return false;
}

/* Send this input to the engine (call) and show its answer (shown) or refusal (failed) only while
   it is about the input shown. shown gets `live`, to check again after a further call. */
export function send(mc, call, shown, failed) {
  const seq = ++mc.seq;
  const live = () => seq === mc.seq;
  busy(mc.ui.results, "resolving");
  call().then((out) => (live() ? shown(out, live) : null)).catch((err) => { if (live()) failed(err); });
}

/* Once the engine is up (or has failed), the mode shown asks again (not while a link is opening):
   the engine client's follower (as the army and game pages use it), asking only for the mode shown. */
export function followEngine(mc, ask) {
  follow(mc, () => { if (mc.page.mode === mc.mode && mc.ui.results.dataset.state !== "opening") ask(mc); });
}

/* The mode's Share button: the address (written by writeLink) to the clipboard, or where to find it. */
export function bindShare(mc, writeLink) {
  const { share, shareStatus } = mc.ui;
  share.addEventListener("click", () => {
    writeLink(mc);
    const done = (ok) => { shareStatus.textContent = ok ? "Link copied." : "Copy the address bar: it holds this " + mc.noun + "."; };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(location.href).then(() => done(true), () => done(false));
    else done(false);
  });
}

/* A line above the calculator; detail (the engine's own words) is marked for the tests and the reader. */
export function say(mc, text, detail) {
  mc.ui.message.replaceChildren(...[text, detail ? el("span", { ["data-" + mc.mode + "-error"]: true }, detail) : null,
    detail ? " — the " + mc.noun + " starts empty." : null].filter((n) => n != null));
  mc.ui.message.hidden = false;
}

/* The mode's address without an input (#exchange, #maneuver). */
function plainAddress(mc) {
  history.replaceState(history.state, "", location.pathname + "#" + mc.mode);
  mc.page.lastHash = "#" + mc.mode;
}

/* Opening a mode: shown, whatever was on its way dropped, the message of a link that was refused. */
export function enter(mc, message) {
  setMode(mc.page, mc.mode);
  clearTimeout(mc.timer);
  mc.seq++;
  if (message) say(mc, message);
  mc.ui.form.hidden = false;
}

/* Opened as it was left (a message: the address had a bad link of this mode, now the plain one). */
export function reopen(mc, message) {
  mc.changed(!!message);
  if (message) plainAddress(mc);
}

/* Opening a link: the engine checks it first (check), then opened(answer); refused, the mode opens
   empty under the engine's line and the plain address. */
export function openLink(mc, check, opened) {
  const seq = mc.seq;
  const live = () => seq === mc.seq && mc.page.mode === mc.mode;
  mc.ui.form.hidden = true;
  mc.notice(mc.ui.results, "Opening the " + mc.noun + " from the link…", "opening");
  engine.whenReady().then(check).then((out) => {
    if (!live()) return;
    mc.ui.form.hidden = false;
    opened(out);
  }, (err) => {
    if (!live()) return;
    mc.ui.form.hidden = false;
    say(mc, "This " + mc.noun + " link could not be used: ", String((err && err.message) || err));
    mc.changed(true);
    plainAddress(mc);
  });
}
