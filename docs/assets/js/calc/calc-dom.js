/* Calculator page: DOM helpers shared by the calculator's modules (no rules here).
   Text from links or data is only ever set with textContent, never innerHTML. */
import { element as iconElement } from "../shared/icons.js";

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => {
    if (v == null || v === false) return;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  });
  children.flat().forEach((c) => {
    if (c != null && c !== false) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  });
  return node;
}

export function option(value, label, selected) {
  const o = el("option", { value }, label);
  if (selected) o.selected = true;
  return o;
}

export function fill(select, options) { select.replaceChildren(...options); }

/* A JSON text saved by the browser as a file named after `name` (a kept force or game). */
export function saveFile(text, name) {
  const blob = new Blob([text], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: name.replace(/[^\w-]+/g, "-") + ".json" });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

export function shortMsg(err) {
  const s = String((err && err.message) || err);
  return s.length > 200 ? s.slice(0, 197) + "…" : s;
}

export function randomInt(n) {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0] % n;    // n <= 12 (faces) or 10^6 (seeds): the modulo bias is negligible
}

/* A seed for the engine's random faces: a roll, exchange, maneuver, magic roll or game move made anew. */
export const newSeed = () => randomInt(1e6);

export function typeLabel(t) { return t ? (t.charAt(0).toUpperCase() + t.slice(1)).replace(/_/g, " ") : ""; }

/* A link to the site's own pages ("/rules/x/#a"), or null for anything else. */
export function siteLink(root, path, text, cls) {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//")) return null;
  return el("a", { href: new URL(path.slice(1), root).href, class: cls || "dd-calc-see" }, text);
}

/* A drawn icon (icons.js), named as the data names it. */
export function icon(id, label) {
  return id ? iconElement(id, label ? { label } : {}) : null;
}

/* An icon beside its name in words (a face button): hidden from assistive technology, so that the
   button's visible text is its words, which its accessible name contains. */
export function iconBeside(id, label) {
  const svg = icon(id, label);
  if (svg) { svg.setAttribute("aria-hidden", "true"); svg.removeAttribute("role"); }
  return svg;
}

/* A result section whose answer is on its way: what it shows is about an earlier input. */
export function busy(section, state) {
  section.dataset.state = state;
  section.setAttribute("aria-busy", "true");
}

export const isObj = (v) => v != null && typeof v === "object" && !Array.isArray(v);

/* A value the page refuses, said beside its field in words and read out with it (aria-invalid,
   aria-describedby, role=status); refuse(box, "") takes the note away once the value is good.
   `live` false: a note read with its field only, where another line already announces the words. */
let refusals = 0;
export function refuse(box, text, live = true) {
  let note = box.dataset.refusal ? document.getElementById(box.dataset.refusal) : null;
  if (!text) {
    if (note) note.remove();
    box.removeAttribute("aria-invalid");
    if (box.dataset.refusal && box.getAttribute("aria-describedby") === box.dataset.refusal) box.removeAttribute("aria-describedby");
    delete box.dataset.refusal;
    return;
  }
  if (!note) {
    note = el("span", { class: "dd-calc-field-refused", id: "dd-refused-" + (++refusals), role: live ? "status" : null, "data-refused": "" });
    (box.closest("label") || box).after(note);     // after its label: not read as part of the box's name
    box.dataset.refusal = note.id;
  }
  note.textContent = text;
  box.setAttribute("aria-invalid", "true");
  box.setAttribute("aria-describedby", note.id);
  note.scrollIntoView({ block: "nearest" });      // on a phone the box may sit at the screen's edge
}

/* A whole number typed in a box, or null (empty, a fraction, not a number). */
export function wholeNumber(text) {
  const s = String(text == null ? "" : text).trim();
  return /^[+-]?\d+$/.test(s) ? Number(s) : null;
}

/* A whole number from lo to hi (the engine's bounds) typed in `box`: the number, or null once the
   words why stand beside the box (`empty`: an empty box is allowed and gives ""; `what`: the words'
   start; `still`: what the page keeps counting meanwhile). While refused, the box is checked again
   as the player types, and the note leaves as soon as the value is good. */
export function wholeIn(box, lo, hi, opts = {}) {
  const bad = !!(box.validity && box.validity.badInput);     // "abc" in a number box reads as ""
  const s = String(box.value).trim();
  if (s === "" && !bad && opts.empty) { refuse(box, ""); return ""; }
  const n = bad ? null : wholeNumber(s);
  const ok = n != null && n >= lo && n <= hi;
  refuse(box, ok ? "" : (opts.what || "Give a whole number") + " from " + lo + " to " + hi + "." + (opts.still ? " " + opts.still : ""));
  if (!box.dataset.watched) {
    box.dataset.watched = "1";
    box.addEventListener("input", () => { if (box.dataset.refusal) wholeIn(box, lo, hi, opts); });
  }
  return ok ? n : null;
}
