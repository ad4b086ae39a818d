/* The calculator's "Chances" panel: the exact distribution of the roll's total (computed by the
   Python engine's "distribution" command), as an inline SVG bar chart and a table of P(≥ k).
   The page (calc-page.js) calls refresh(input, section) on every change; the exchange's odds
   draw their charts with chart() and table(). */
import { engine } from "../engine/engine.js";

const SVG = "http://www.w3.org/2000/svg";
const DEBOUNCE_MS = 250;
// Each panel keeps its own pending timer and call number: after an instant page swap the old
// page's panel (now detached) must not cancel the new one's computation.
const panels = new WeakMap();
function panel(section) {
  if (!panels.has(section)) panels.set(section, { timer: null, seq: 0 });
  return panels.get(section);
}

export function pct(p) {
  if (p >= 0.9995) return "100%";
  if (p > 0 && p < 0.0005) return "<0.1%";
  return (p * 100).toFixed(1) + "%";
}

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  kids.forEach((k) => node.append(k));
  return node;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, String(v)));
  return node;
}

// A "nice" step for the percentage axis: about four gridlines up to the tallest bar.
function niceStep(top) {
  const steps = [0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5];
  return steps.find((s) => top / s <= 5) || 0.5;
}

function text(attrs, content) {
  const node = svg("text", attrs);
  node.textContent = content;
  return node;
}

/* The words a chart uses: a single roll's result type, or the names another panel gives
   (the exchange's odds: {each, unit, axis, caption}). */
function words(out, names) {
  const r = out.result;
  return Object.assign({ each: `${r} total`, unit: r, axis: `Total ${r} results`,
    caption: `Chance of at least k ${r} results` }, names || {});
}

/* At most MAX_BARS bars fit a 390 px phone at readable labels (11 px and more); the advice's
   comparison chart (advise-chart.js) keeps to the same number. Past it, a chart merges its tail. */
export const MAX_BARS = 8;
const TINY = 0.0005;          // what pct() writes as "<0.1%"

/* "7 or more" in a bar's label: the merged tail of a chart. */
export function orMore(n) { return n + "+"; }

/* The bars of a distribution {total: p}: one per total from the lowest to the highest, except that
   the tiny chances at either end are merged into their neighbour ("≤ 2", "9+"), and more totals than
   MAX_BARS are shown as ranges of equal width ("5–9"). Each bar: {key (its first total), label, p, lo, hi}. */
export function bars(dist, max = MAX_BARS) {
  const totals = Object.keys(dist).map(Number).sort((a, b) => a - b);
  const all = [];
  for (let t = totals[0]; t <= totals[totals.length - 1]; t++) all.push({ t, p: dist[t] || 0 });
  let first = 0, last = all.length - 1;
  while (first < last && all[first].p < TINY) first++;
  while (last > first && all[last].p < TINY) last--;
  const width = Math.ceil((last - first + 1) / max);
  const out = [];
  for (let i = first; i <= last; i += width) {
    const end = Math.min(i + width - 1, last);
    const lo = i === first ? 0 : i, hi = end === last ? all.length - 1 : end;
    const p = all.slice(lo, hi + 1).reduce((s, b) => s + b.p, 0);
    let label = end > i ? all[i].t + "\u2013" + all[end].t : String(all[i].t);
    if (hi > end) label = orMore(all[i].t);
    else if (lo < i) label = "\u2264 " + all[end].t;
    out.push({ key: all[i].t, label, p, lo: all[lo].t, hi: all[hi].t });
  }
  return out;
}

export function chart(out, names) {
  const w = words(out, names);
  const shown = bars(out.distribution);
  const lo = shown[0].lo, hi = shown[shown.length - 1].hi;
  const top = Math.max(...shown.map((b) => b.p));
  const step = niceStep(top);
  const yMax = Math.max(step, Math.ceil(top / step - 1e-9) * step);
  const bw = 32, gap = 6, h = 160, left = 46, head = 18, foot = 40;   // a bar fits its "12.5%" at 11px
  const width = left + shown.length * (bw + gap) + gap;
  const height = head + h + foot;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "dd-chances-chart",
    width: width, height: height, preserveAspectRatio: "xMinYMin meet" });
  const best = Object.keys(out.distribution).map(Number).reduce((a, t) => (out.distribution[t] > out.distribution[a] ? t : a), lo);
  const merged = shown.some((b) => b.lo !== b.hi) ? " Chances under 0.1% at either end are merged into the bar" +
    " beside them, and more than " + MAX_BARS + " totals are shown as ranges." : "";
  root.setAttribute("aria-label", `Chances of each ${w.each}, from ${lo} to ${hi}: ` +
    `most likely ${best} (${pct(out.distribution[best])}), average ${out.mean.toFixed(2)}.` + merged);
  const title = svg("title");
  title.textContent = root.getAttribute("aria-label");
  root.append(title);
  const y = (p) => head + h - (p / yMax) * h;
  // Percentage axis: gridlines and labels, then its title.
  for (let p = 0; p <= yMax + 1e-9; p += step) {
    root.append(svg("line", { x1: left, x2: width, y1: y(p), y2: y(p), class: "dd-chances-grid" }),
      text({ x: left - 5, y: y(p) + 4, "text-anchor": "end", class: "dd-chances-tick" }, Number((p * 100).toFixed(1)) + "%"));   // 2.5%, not 3%
  }
  root.append(text({ x: 11, y: head + h / 2, "text-anchor": "middle", class: "dd-chances-axis",
    transform: `rotate(-90 11 ${head + h / 2})` }, "Chance"));
  shown.forEach((b, i) => {
    const bh = Math.max(1, (b.p / yMax) * h);
    const x = left + gap + i * (bw + gap);
    const bar = svg("rect", { x, y: head + h - bh, width: bw, height: bh, class: "dd-chances-bar",
      "data-total": b.key, "data-label": b.label, "data-p": b.p });
    const tip = svg("title");
    tip.textContent = `${b.label} ${w.unit}: ${pct(b.p)}`;
    bar.append(tip);
    root.append(bar,
      text({ x: x + bw / 2, y: head + h - bh - 4, "text-anchor": "middle", class: "dd-chances-pct" }, pct(b.p)),
      text({ x: x + bw / 2, y: head + h + 15, "text-anchor": "middle", class: "dd-chances-label" }, b.label));
  });
  root.append(svg("line", { x1: left, x2: width, y1: head + h, y2: head + h, class: "dd-chances-baseline" }),
    text({ x: left + (width - left) / 2, y: height - 6, "text-anchor": "middle", class: "dd-chances-axis" },
      w.axis));
  return root;
}

export function table(out, names) {
  const rows = Object.keys(out.at_least).map(Number).sort((a, b) => a - b).map((k) =>
    el("tr", { "data-k": String(k) }, el("th", { scope: "row" }, "≥ " + k), el("td", {}, pct(out.at_least[k]))));
  return el("table", { class: "dd-chances-table" },
    el("caption", {}, words(out, names).caption),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "k"), el("th", { scope: "col" }, "Chance"))),
    el("tbody", {}, ...rows));
}

function render(section, out) {
  const summary = el("p", { class: "dd-chances-summary" },
    `Average ${out.mean.toFixed(2)} ${out.result} results (standard deviation ${out.sd.toFixed(2)}).`);
  const kids = [el("h2", {}, "Chances"), summary, chart(out), table(out)];
  if (out.notes && out.notes.length) kids.push(el("ul", { class: "dd-chances-notes" }, ...out.notes.map((n) => el("li", {}, n))));
  section.replaceChildren(...kids);
  section.dataset.state = "done";
  section.dataset.result = JSON.stringify(out.at_least);
  section.hidden = false;
}

function compute(input, section) {
  if (engine.state.status !== "ready") {
    // Try again once the engine is up (the worker may still be loading Pyodide).
    const off = engine.subscribe((s) => {
      if (s.status !== "ready") return;
      setTimeout(() => off(), 0);
      if (section.dataset.pending === JSON.stringify(input)) compute(input, section);
    });
    return;
  }
  if (!section.isConnected) return;
  const p = panel(section);
  const mine = ++p.seq;
  section.setAttribute("aria-busy", "true");
  engine.call("distribution", input).then((out) => {
    if (mine !== p.seq || !section.isConnected) return;   // a newer input is on its way
    section.removeAttribute("aria-busy");
    render(section, out);
  }, (err) => {
    if (mine !== p.seq || !section.isConnected) return;
    section.removeAttribute("aria-busy");
    section.replaceChildren(el("h2", {}, "Chances"),
      el("p", { class: "dd-chances-error" }, "No chances for this roll: " + String(err && err.message || err)));
    section.dataset.state = "error";
    section.hidden = false;
  });
}

export function refresh(input, section) {
  if (!section || !section.isConnected) return;     // a page swapped out by instant navigation
  const p = panel(section);
  clearTimeout(p.timer);
  p.seq++;   // any answer still on its way is stale now
  if (!input || !Array.isArray(input.army) || !input.army.length) {
    section.hidden = true;
    section.replaceChildren();
    delete section.dataset.pending;
    section.dataset.state = "empty";
    return;
  }
  // Chances are about the army before it rolls: faces picked or rolled on the page are left out,
  // except for a die described by hand without its faces, which keeps the face it was given.
  const free = Object.assign({}, input, {
    army: input.army.map((unit) => {
      const copy = Object.assign({}, unit);
      if (copy.die || (copy.faces && copy.faces.length)) {
        delete copy.rolled;
        delete copy.rerolled;
      }
      return copy;
    }),
  });
  delete free.seed;
  section.dataset.pending = JSON.stringify(free);
  section.dataset.state = "waiting";
  p.timer = setTimeout(() => compute(free, section), DEBOUNCE_MS);
}

/* Several distributions on one chart (the advice's comparison): for each amount, one bar per
   series, side by side, drawn as chart() draws one. series: [{name, values: {amount: p}}] with the
   amounts already cut to what fits (advise-chart.js merges a long tail); names: {axis, value, tip(amount)}.
   Its width is at most about 360 drawn pixels, so a 390 px screen shows it whole. */
export function compare(series, amounts, names) {
  const n = Math.max(1, series.length);
  const left = 40, head = 10, h = 150, foot = 36, gap = 8;
  const bw = Math.max(4, Math.min(28 / Math.sqrt(n), Math.floor((360 - left) / amounts.length - gap) / n));
  const width = left + amounts.length * (n * bw + gap) + gap;
  const root = svg("svg", { viewBox: `0 0 ${width} ${head + h + foot}`, role: "img", class: "dd-chances-chart dd-compare-chart",
    width, height: head + h + foot, preserveAspectRatio: "xMinYMin meet" });
  root.setAttribute("aria-label", names.value + ", by " + names.axis.toLowerCase() + ": " + series.map((s) => s.name).join("; "));
  const y = (p) => head + h - p * h;
  for (let p = 0; p <= 1 + 1e-9; p += 0.25) {
    root.append(svg("line", { x1: left, x2: width, y1: y(p), y2: y(p), class: "dd-chances-grid" }),
      text({ x: left - 4, y: y(p) + 4, "text-anchor": "end", class: "dd-chances-tick" }, Math.round(p * 100) + "%"));
  }
  root.append(text({ x: 10, y: head + h / 2, "text-anchor": "middle", class: "dd-chances-axis",
    transform: `rotate(-90 10 ${head + h / 2})` }, "Chance"));
  amounts.forEach((a, i) => {
    const x0 = left + gap + i * (n * bw + gap);
    series.forEach((s, j) => {
      const p = s.values[a.key] || 0;
      const bh = Math.max(p > 0 ? 1 : 0, p * h);
      const bar = svg("rect", { x: x0 + j * bw, y: head + h - bh, width: bw, height: bh,
        class: "dd-chances-bar dd-compare-bar dd-compare-bar--" + (j % 4), "data-series": j, "data-amount": a.key, "data-p": p });
      const tip = svg("title");
      tip.textContent = `${s.name}: ${names.tip(a.label)}: ${pct(p)}`;
      bar.append(tip);
      root.append(bar);
    });
    root.append(text({ x: x0 + (n * bw) / 2, y: head + h + 14, "text-anchor": "middle", class: "dd-chances-label" }, a.label));
  });
  root.append(svg("line", { x1: left, x2: width, y1: head + h, y2: head + h, class: "dd-chances-baseline" }),
    text({ x: left + (width - left) / 2, y: head + h + foot - 4, "text-anchor": "middle", class: "dd-chances-axis" }, names.axis));
  return root;
}
