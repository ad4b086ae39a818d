/* "What can this army do?": the engine's advice (its "advise" command) as a table, a row per
   option with its key figures, sorted by the figure the player picks, and the comparison chart
   below it (advise-chart.js). Which figures there are, where each is read in an option, which end
   is better and their names: the engine's vocabulary (cat.vocab.advise); the page only reads them.
   Used by the calculator's advice mode (calc-advise.js) and the game page (advise-game.js). */
import { el, option, fill, wholeIn } from "./calc-dom.js";
import { pct } from "./chances.js";
import { drawChart } from "./advise-chart.js";

/* The k of "at least k" the engine's vocabulary allows. */
function kRange(cat) { return words(cat).k || { from: 1, to: 1 }; }

export function words(cat) { return (cat.vocab && cat.vocab.advise) || { actions: {}, figures: [], charts: [], views: [] }; }

/* The view's choices, as a share link keeps them: what the rows are sorted by, k, the chart and its view. */
export function defaultView(cat) {
  const w = words(cat);
  return { sort: (w.figures[0] || {}).key, k: 1, chart: (w.charts[0] || {}).key, view: (w.views[0] || {}).key };
}

/* A view read from a link: a part it does not know is the default, never an error. */
export function checkView(cat, raw) {
  const w = words(cat);
  const v = defaultView(cat);
  const has = (list, key) => list.some((x) => x.key === key);
  if (raw && has(w.figures, raw.sort)) v.sort = raw.sort;
  if (raw && Number.isInteger(raw.k) && raw.k >= kRange(cat).from && raw.k <= kRange(cat).to) v.k = raw.k;
  if (raw && has(w.charts, raw.chart)) v.chart = raw.chart;
  if (raw && has(w.views, raw.view)) v.view = raw.view;
  return v;
}

function at(o, path) { return path.reduce((x, key) => (x != null && typeof x === "object" ? x[key] : undefined), o); }

/* P(at least k) of a distribution: the chances of every amount from k up. */
export function atLeast(dist, k) {
  return Object.entries(dist.distribution || {}).reduce((s, [n, p]) => (Number(n) >= k ? s + p : s), 0);
}

/* An option's figure (a number), or null where the option has none. */
export function figure(o, f, k) {
  const got = at(o, f.path);
  if (got == null) return null;
  if (f.as === "at_least") return typeof got === "object" ? atLeast(got, k) : null;
  return typeof got === "number" ? got : null;
}

function shown(f, value) {
  if (value == null) return "—";
  return f.as === "number" ? value.toFixed(2) : pct(value);
}

/* An option in words: its action and, for an attack, its target (named by the caller's nameOf). */
export function optionName(cat, o, nameOf) {
  const w = words(cat);
  const act = w.actions[o.action] || o.action;
  if (o.target != null) return act + " at " + nameOf(o.target);
  if (o.action === "maneuver") return act + ", turning " + (o.directions || []).join(" or ");
  return act;
}

/* The options in the order the player picked: best first; options without that figure last, in the engine's order. */
export function sorted(cat, options, view) {
  const f = words(cat).figures.find((x) => x.key === view.sort);
  const rows = options.map((o, i) => ({ o, i, v: f ? figure(o, f, view.k) : null }));
  if (!f) return rows;
  const sign = f.best === "low" ? 1 : -1;
  return rows.slice().sort((a, b) => {
    if (a.v == null || b.v == null) return (a.v == null) - (b.v == null) || a.i - b.i;
    return sign * (a.v - b.v) || a.i - b.i;
  });
}

function label(f, k) { return f.as === "at_least" ? f.short + " " + k : f.short; }

function controls(cat, view, redraw) {
  const w = words(cat);
  const sort = el("select", { "data-advise-sort": "" });
  fill(sort, w.figures.map((f) => option(f.key, f.label, f.key === view.sort)));
  const r = kRange(cat);
  const k = el("input", { type: "number", min: String(r.from), max: String(r.to), value: String(view.k), "data-advise-k": "", inputmode: "numeric" });
  const kWrap = el("label", { class: "dd-advise-k" }, "At least ", k);
  const sync = () => { kWrap.hidden = !w.figures.some((f) => f.key === view.sort && f.as === "at_least"); };
  sort.addEventListener("change", () => { view.sort = sort.value; sync(); redraw(); });
  k.addEventListener("change", () => {        // a bad k is said beside its box, never put back in silence
    const n = wholeIn(k, r.from, r.to, { still: "The table still shows at least " + view.k + "." });
    if (n != null && n !== view.k) { view.k = n; redraw(); }
  });
  sync();
  return el("div", { class: "dd-calc-row dd-advise-controls" }, el("label", {}, "Sort by ", sort), kWrap);
}

function row(cat, r, used, view, nameOf, open) {
  const name = optionName(cat, r.o, nameOf);
  const button = el("button", { type: "button", class: "md-button dd-calc-small dd-advise-open", "data-advise-open": r.i,
    "aria-label": "Open " + name.toLowerCase() + " in the calculator" }, name);
  button.addEventListener("click", () => open(r.o));
  const cells = used.map((f) => {
    const v = figure(r.o, f, view.k);
    return el("td", { "data-figure": f.key, "data-value": v == null ? "" : String(v) }, shown(f, v));
  });
  const est = r.o.method === "sampled" ? el("span", { class: "dd-advise-estimate" }, " (estimate from " + r.o.samples + " rolls)") : null;
  return el("tr", { "data-option": r.i, "data-action": r.o.action, "data-target": r.o.target }, el("th", { scope: "row" }, button, est), ...cells);
}

function table(cat, answer, view, nameOf, open) {
  const used = words(cat).figures.filter((f) => answer.options.some((o) => figure(o, f, view.k) != null));
  const rows = sorted(cat, answer.options, view).map((r) => row(cat, r, used, view, nameOf, open));
  return el("div", { class: "dd-advise-scroll" }, el("table", { class: "dd-advise-table", "data-advise-table": "" },
    el("caption", {}, "Each option's figures; tap one to open it in the calculator with everything filled in."),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Option"), ...used.map((f) =>
      el("th", { scope: "col", "data-figure": f.key, "aria-sort": f.key === view.sort ? (f.best === "low" ? "ascending" : "descending") : null }, label(f, view.k))))),
    el("tbody", {}, ...rows)));
}

/* An engine note with each army it names in words (the engine names an unnamed army by its place in the input). */
const ARMY_TOKEN = /\b(?:opposing|elsewhere)\[\d+\]|\b[a-z0-9-]+\.(?:home|horde|campaign|reserve)\b/gi;
function named(text, nameOf) { return String(text).replace(ARMY_TOKEN, (t) => nameOf(t)); }

function headline(cat, answer, nameOf) {
  const w = words(cat);
  const act = w.actions[answer.action] || (answer.action === "any" ? "Any action" : answer.action);
  const where = answer.face == null ? "In its Reserve Area" : "At face " + answer.face;
  const who = nameOf(answer.army);
  return el("p", { class: "dd-advise-head", "data-action": answer.action }, where + ", " + (who === "The army" ? "the army" : who) + " may take: " +
    (answer.action === "any" ? "any action" : act.toLowerCase()) + ".");
}

/* Draw the answer into box. opts: {nameOf(army name) -> words, open(option), view (kept and changed
   here), changed() after the player changes the view}. */
export function showAdvice(box, cat, answer, opts) {
  const view = opts.view;
  const draw = () => {
    const parts = [headline(cat, answer, opts.nameOf), controls(cat, view, redraw), table(cat, answer, view, opts.nameOf, opts.open)];
    const chart = el("div", { class: "dd-advise-chart", "data-advise-chart": "" });
    parts.push(chart);
    if (answer.notes && answer.notes.length) {
      parts.push(el("details", { class: "dd-ex-odds-table" }, el("summary", {}, "Notes (" + answer.notes.length + ")"),
        el("ul", { class: "dd-chances-notes" }, ...answer.notes.map((n) => el("li", {}, named(n, opts.nameOf))))));
    }
    box.replaceChildren(...parts);
    drawChart(chart, cat, answer, view, (o) => optionName(cat, o, opts.nameOf), redraw);
  };
  function redraw() {
    const focus = document.activeElement && box.contains(document.activeElement) ? document.activeElement : null;
    const key = focus && ["data-advise-sort", "data-advise-k", "data-advise-chart-pick", "data-advise-view"].find((a) => focus.hasAttribute(a));
    draw();
    if (opts.changed) opts.changed();
    if (key) { const again = box.querySelector("[" + key + "]" + (focus.value && key === "data-advise-view" ? '[value="' + focus.value + '"]' : "")); if (again) again.focus(); }
  }
  draw();
  box.dataset.state = "done";
}
