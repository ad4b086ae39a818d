/* The advice's comparison chart: one distribution (damage dealt, health-worth killed, ...: the
   engine's vocabulary names them and where each is read) of every option that has it, on one
   chart drawn by chances.js's compare(), as "at least" or "at most" chances, with the same
   figures in a table below. At most MAX_AMOUNTS amounts fit a 390 px screen: past them the long
   tail is merged into the last one ("7 or more"). */
import { el, option, fill } from "./calc-dom.js";
import { compare, pct, MAX_BARS, orMore } from "./chances.js";

const MAX_AMOUNTS = MAX_BARS;      // the Chances charts' limit, the same tail merged the same way

function at(o, path) { return path.reduce((x, key) => (x != null && typeof x === "object" ? x[key] : undefined), o); }

/* The amounts shown: the at-least view from 1 (at least 0 is always certain), the at-most view
   from 0 (at most the largest amount is certain); the last one merges what lies past it. */
function amounts(dists, view) {
  const top = Math.max(0, ...dists.flatMap((d) => Object.entries(d.distribution || {}).filter(([, p]) => p > 0).map(([n]) => Number(n))));
  const out = [];
  if (view === "at_most") {
    const last = Math.min(top - 1, MAX_AMOUNTS - 1);
    for (let n = 0; n <= last; n++) out.push({ key: n, label: String(n) });
  } else {
    const last = Math.min(top, MAX_AMOUNTS);
    for (let n = 1; n <= last; n++) out.push({ key: n, label: n === last && top > last ? orMore(n) : String(n) });
  }
  return out;
}

function chances(dist, shown, view) {
  const values = {};
  const entries = Object.entries(dist.distribution || {}).map(([n, p]) => [Number(n), p]);
  shown.forEach((a) => {
    values[a.key] = entries.reduce((s, [n, p]) => ((view === "at_most" ? n <= a.key : n >= a.key) ? s + p : s), 0);
  });
  return values;
}

function picker(list, attr, current, name, onPick) {
  return el("div", { class: "dd-advise-pick", role: "group", "aria-label": name }, ...list.map((x) => {
    const b = el("button", { type: "button", class: "md-button dd-calc-small", [attr]: "", value: x.key, "aria-pressed": String(x.key === current) }, x.label);
    b.addEventListener("click", () => onPick(x.key));
    return b;
  }));
}

/* The legend's colour: a square drawn as the chart's bars are, so it takes the same colour. */
function swatch(j) {
  const ns = "http://www.w3.org/2000/svg";
  const box = document.createElementNS(ns, "svg");
  const rect = document.createElementNS(ns, "rect");
  [["width", 12], ["height", 12], ["aria-hidden", "true"]].forEach(([k, v]) => box.setAttribute(k, String(v)));
  [["width", 12], ["height", 12], ["class", "dd-compare-bar--" + (j % 4)]].forEach(([k, v]) => rect.setAttribute(k, String(v)));
  box.append(rect);
  return box;
}

function legendAndTable(series, shown, kind) {
  const verb = kind.label.toLowerCase();
  const legend = el("ul", { class: "dd-advise-legend" }, ...series.map((s, j) =>
    el("li", {}, swatch(j), s.name)));
  const rows = series.map((s, j) => el("tr", { "data-series": j, "data-action": s.o.action, "data-target": s.o.target }, el("th", { scope: "row" }, s.name),
    ...shown.map((a) => el("td", { "data-amount": a.key, "data-value": String(s.values[a.key]) }, pct(s.values[a.key])))));
  const tbl = el("div", { class: "dd-advise-scroll" }, el("table", { class: "dd-advise-chart-table", "data-advise-chart-table": "" },
    el("caption", {}, "The chance of each option, " + verb + " each amount"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, kind.label), ...shown.map((a) => el("th", { scope: "col" }, a.label)))),
    el("tbody", {}, ...rows)));
  return [legend, tbl];
}

/* Draw into box the chart the view picks (view.chart, view.view); redraw() after a pick. */
export function drawChart(box, cat, answer, view, nameOf, redraw) {
  const w = (cat.vocab && cat.vocab.advise) || { charts: [], views: [] };
  const charts = w.charts.filter((c) => answer.options.filter((o) => at(o, c.path) && at(o, c.path).distribution).length >= 1);
  if (!charts.length) { box.replaceChildren(); return; }
  const chartOf = charts.find((c) => c.key === view.chart) || charts[0];
  const kind = w.views.find((v) => v.key === view.view) || w.views[0];
  const withIt = answer.options.filter((o) => at(o, chartOf.path) && at(o, chartOf.path).distribution);
  const shown = amounts(withIt.map((o) => at(o, chartOf.path)), kind.key);
  const series = withIt.map((o) => ({ o, name: nameOf(o), values: chances(at(o, chartOf.path), shown, kind.key) }));
  const verb = kind.label.toLowerCase();
  const pick = el("select", { "data-advise-chart-pick": "" });
  fill(pick, charts.map((c) => option(c.key, c.label, c.key === chartOf.key)));
  pick.addEventListener("change", () => { view.chart = pick.value; redraw(); });
  const parts = [el("h3", {}, "Compare the options"),
    el("div", { class: "dd-calc-row" }, el("label", {}, "Chart ", pick),
      picker(w.views, "data-advise-view", kind.key, "Show the chance of", (key) => { view.view = key; redraw(); }))];
  if (!shown.length) parts.push(el("p", { class: "dd-calc-notice" }, "Nothing to compare: every option gives 0 here."));
  else {
    parts.push(el("div", { class: "dd-ex-chart" }, compare(series, shown,
      { axis: chartOf.axis, value: kind.axis, tip: (n) => verb + " " + n + " (" + chartOf.label.toLowerCase() + ")" })));
    parts.push(...legendAndTable(series, shown, kind));
  }
  box.replaceChildren(...parts);
  box.dataset.chart = chartOf.key;
  box.dataset.view = kind.key;
}
