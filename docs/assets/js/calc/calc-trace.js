/* Calculator page: the engine's answer as the page shows it (totals, its steps, effects,
   warnings). Everything shown is the engine's text, step numbers and titles included; the page
   only lays it out. */
import { el, typeLabel, siteLink, icon } from "./calc-dom.js";
import { iconName } from "./calc-catalogue.js";
import { remember, forget } from "../shared/forum-copy.js";

function rulesHref(rule) {
  const [page, anchor] = String(rule).split("#");
  return "../rules/" + encodeURIComponent(page) + "/" + (anchor ? "#" + encodeURIComponent(anchor) : "");
}

function totalsText(t) {
  const keys = Object.keys(t || {});
  return keys.length ? keys.map((k) => t[k] + " " + k).join(", ") : "no results";
}

function see(cat, path) { const a = siteLink(cat.root, path, "why?"); return a ? [" ", a] : null; }

function whatRoll(cat, out) {
  const rt = cat.rollTypes.get(out.roll);
  const name = rt ? rt.name : typeLabel(out.roll);
  const where = out.terrain === "reserve" ? " in the Reserve Area"
    : out.terrain ? " at " + ((cat.terrainById.get(out.terrain) || {}).name || out.terrain) : "";
  const against = out.against && out.against !== "other" && out.roll !== "dragon_attack" ? " against " + out.against : "";
  return name + against + where + (out.counted && out.counted.length ? " — counts " + out.counted.join(", ") + " results." : ".");
}

function totalsBox(totals) {
  const keys = Object.keys(totals);
  return el("div", { class: "dd-calc-totals", "data-calc-totals": true },
    el("span", { class: "dd-calc-totals-label" }, "Total"),
    ...(keys.length ? keys.map((k) => el("span", { class: "dd-calc-total" }, el("strong", {}, String(totals[k])), " " + k))
      : [el("span", { class: "dd-calc-total" }, "no results")]));
}

/* A face as the engine writes it ("3 save", "4 bullseye"): the drawn icon of its icon id. */
function faceIcon(cat, face) {
  const id = String(face).split(" ").slice(1).join(" ");
  return (cat.icons.has(id) || cat.sais.has(id)) ? icon(id, iconName(cat, id)) : null;
}

/* A unit's number on the page: in an exchange, a roll's dice are some of a side's units. */
function unitNo(units, i) { return (units && units[i] != null ? units[i] : i); }

/* A step that changed nothing (one entry naming no unit, the subtotal as before) takes one line,
   so the steps that did something stand out and the chances come sooner on a phone. */
function quiet(st, before) {
  const entries = st.entries || [];
  return before != null && entries.length <= 1 && entries.every((e) => e.unit == null)
    && JSON.stringify(st.subtotals || {}) === JSON.stringify(before);
}

function renderStep(cat, st, units, before) {
  const subs = st.subtotals || {};
  return el("li", { class: "dd-calc-step" + (quiet(st, before) ? " dd-calc-step--quiet" : ""), "data-step": st.step },
    el("p", { class: "dd-calc-step-title" }, el("a", { href: rulesHref(st.rule) }, "Step " + st.step + ": " + st.title)),
    el("ul", { class: "dd-calc-entries" }, (st.entries || []).map((e) => el("li",
      { "data-unit": e.unit == null ? null : unitNo(units, e.unit), "data-text": e.text },
      e.label ? el("span", { class: "dd-calc-entry-unit" }, e.label + ": ") : null,      // the engine names units as players do
      e.face ? faceIcon(cat, e.face) : null,
      e.text, e.see ? see(cat, e.see) : null))),
    Object.keys(subs).length ? el("p", { class: "dd-calc-subtotal" }, "Subtotal: " + totalsText(subs)) : null);
}

function renderEffect(cat, fx, units) {
  const sai = fx.sai && cat.sais.get(fx.sai);
  const head = [sai ? el("a", { href: "../sai/" + encodeURIComponent(sai.id) + "/" }, sai.name) : el("strong", {}, String(fx.sai || "Effect"))];
  if (fx.label) head.push(" — " + fx.label);
  if (fx.x != null) head.push(", X = " + fx.x);
  const state = fx.delayed ? "waits for the target's save roll" : fx.applied ? "applied in this roll"
    : fx.in_exchange ? "already counted in the exchange" : "for you to resolve";
  return el("li", { "data-kind": fx.kind }, el("span", { class: "dd-calc-effect-head" }, head),
    el("span", { class: "dd-calc-effect-what" }, ": " + fx.what + " (" + state + ")"),
    fx.text ? el("span", { class: "dd-calc-effect-text" }, fx.text) : null, fx.see ? see(cat, fx.see) : null);
}

export function warnings(cat, list) {
  return el("ul", { class: "dd-calc-warnings" }, list.map((w) => el("li", {}, typeof w === "string" ? w : w.text,
    w.see ? see(cat, w.see) : null)));
}

/* One roll's answer: heading, totals, effects, warnings, the steps. Options: noTitle,
   fold (the steps folded), units (the side's number of each die of the roll), level (h3/h4). */
export function rollParts(cat, out, opts) {
  const o = opts || {};
  const h = o.level || "h3";
  const parts = [];
  if (!o.noTitle) parts.push(el("h2", {}, "Result"));
  parts.push(el("p", { class: "dd-calc-what" }, whatRoll(cat, out)), totalsBox(out.totals || {}));
  const shown = (out.effects || []).filter((e) => !e.applied || e.delayed);
  if (shown.length) parts.push(el(h, {}, "Other effects"), el("ul", { class: "dd-calc-effects" }, shown.map((fx) => renderEffect(cat, fx, o.units))));
  if (out.warnings && out.warnings.length) parts.push(el(h, {}, "Warnings"), warnings(cat, out.warnings));
  const list = out.steps || [];
  const steps = el("ol", { class: "dd-calc-steps" }, list.map((st, i) => renderStep(cat, st, o.units, i > 0 ? list[i - 1].subtotals || {} : null)));
  const title = "The " + list.length + " steps";     // as many as the engine's answer has
  if (o.fold) {
    parts.push(el("details", { class: "dd-calc-fold" }, el("summary", {}, title), steps));
  } else {
    parts.push(el(h, {}, title), steps);
  }
  return parts;
}

export function render(section, cat, out, input) {
  section.replaceChildren(...rollParts(cat, out));
  remember(section, "resolve", input, out);
  section.dataset.totals = JSON.stringify(out.totals || {});
  section.dataset.input = JSON.stringify(input);
  section.dataset.state = "resolved";
  section.removeAttribute("aria-busy");
}

export function notice(section, text, state) {
  section.replaceChildren(el("p", { class: "dd-calc-notice" }, text));
  forget(section);
  section.dataset.totals = "{}";
  section.dataset.state = state || "empty";
  section.removeAttribute("aria-busy");
}

export function error(section, text) {
  section.replaceChildren(el("h2", {}, "Result"), el("p", { class: "dd-calc-error", role: "alert" }, text));
  forget(section);
  section.dataset.totals = "{}";
  section.dataset.state = "error";
  section.removeAttribute("aria-busy");
}
