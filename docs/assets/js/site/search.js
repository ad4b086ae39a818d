/* Site search: a box in the header over search/index.json (written by generator/pages/search.py).
   One entry per thing a player looks up (SAI, spell, species, die, dragon, terrain, rule part,
   glossary term, ruling point, page), ranked by search-rank.js (exact names first; it forgives
   spacing, plurals, typos and questions). Everything is this site's own file: it works offline.
   Text is set with textContent only; the result rows are made once and reused, and a keystroke
   changes only the rows, texts and links that differ (a keystroke within 50 ms on a phone-class
   CPU: benchmarks/bench_search.py). The first 12 results are shown, with how many were found in
   all; "Show more results" adds the next ones. The ranking module comes with the index, when the
   box is first used: a page that is never searched loads neither. */
import { onPage } from "../shared/page-events.js";

const PAGE = 12;       // results shown at first, and added by each "Show more results"
let root = null;      // absolute URL of the site root, fixed on the first page load
let loading = null;   // Promise of the prepared entries
let ranker = null;    // search-rank.js, once loaded
let ui = null;

function siteRoot() {
  if (root) return root;
  let base = ".";
  const config = document.getElementById("__config");
  try { base = JSON.parse(config.textContent).base || "."; } catch (e) { /* default: here */ }
  root = new URL(base.replace(/\/?$/, "/"), location.href).href;
  return root;
}

function load() {
  if (!loading) {
    const data = fetch(siteRoot() + "search/index.json")
      .then((r) => { if (!r.ok) throw new Error(r.status); return r.json(); });
    loading = Promise.all([import("./search-rank.js"), data]).then(([mod, got]) => {
      ranker = mod;
      const entries = got.entries.map(mod.prepare);
      mod.index(entries);
      return entries;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function icon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M9.5 3A6.5 6.5 0 0 1 16 9.5c0 1.61-.59 3.09-1.56 4.23l.27.27h.79l5 5-1.5 1.5-5-5v-.79l-.27-.27A6.52 6.52 0 0 1 9.5 16 6.5 6.5 0 0 1 3 9.5 6.5 6.5 0 0 1 9.5 3m0 2C7 5 5 7 5 9.5S7 14 9.5 14 14 12 14 9.5 12 5 9.5 5Z");
  svg.appendChild(path);
  return svg;
}

function build() {
  const box = el("div", "dd-search");
  box.setAttribute("role", "search");
  const open = el("button", "dd-search__open md-header__button md-icon");
  open.type = "button";
  open.setAttribute("aria-label", "Search");
  open.setAttribute("aria-expanded", "false");
  open.appendChild(icon());
  const panel = el("div", "dd-search__panel");
  const input = el("input", "dd-search__input");
  input.type = "search";
  input.placeholder = "Search: SAI, spell, die, rule…";
  input.setAttribute("aria-label", "Search the rules reference");
  input.setAttribute("autocomplete", "off");
  input.setAttribute("spellcheck", "false");
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", "dd-search-results");
  input.setAttribute("aria-autocomplete", "list");
  const close = el("button", "dd-search__close", "Close");
  close.type = "button";
  const status = el("p", "dd-search__status");
  status.setAttribute("aria-live", "polite");
  const drop = el("div", "dd-search__drop");
  const list = el("ol", "dd-search__results");
  list.id = "dd-search-results";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Search results");
  const more = el("button", "dd-search__more", "");
  more.type = "button";
  more.hidden = true;
  drop.append(status, list, more);
  const row = el("div", "dd-search__row");
  row.appendChild(input);
  row.appendChild(close);
  panel.appendChild(row);
  panel.appendChild(drop);
  box.appendChild(open);
  box.appendChild(panel);
  return { box, open, panel, input, close, status, list, more, rows: [], shown: 0, total: 0, active: -1, query: "" };
}

/* One result row, made once and reused: a keystroke only changes what differs. */
function makeRow(i) {
  // The link is the listbox's option (an option holding a link was two controls in one).
  const item = el("li", "dd-search__result");
  item.setAttribute("role", "none");
  const link = el("a", "dd-search__link");
  link.id = "dd-search-result-" + i;
  link.setAttribute("role", "option");
  const title = el("span", "dd-search__title", "");
  const kind = el("span", "dd-search__kind", "");
  const snippet = el("span", "dd-search__snippet", "");
  link.append(title, kind, snippet);
  link.addEventListener("click", () => { setOpen(false); });
  item.appendChild(link);
  return { item, link, title, kind, snippet, entry: null };
}

/* A node's text, changed in place and only when it differs (a new text node costs a relayout). */
function setText(node, text) {
  if (node.firstChild) { if (node.firstChild.nodeValue !== text) node.firstChild.nodeValue = text; }
  else if (text) node.textContent = text;
}

function fill(row, entry) {
  if (row.entry === entry) return;
  row.entry = entry;
  const href = siteRoot() + entry.u;
  if (row.link.getAttribute("href") !== href) row.link.setAttribute("href", href);
  setText(row.title, entry.t);
  setText(row.kind, " \u2014 " + entry.k);
  setText(row.snippet, entry.s || "");
}

/* Paint `entries` (best first): rows past the list's end are added, rows not needed are hidden. */
function showResults(entries, query) {
  if (ui.active >= 0) {
    ui.rows[ui.active].link.removeAttribute("aria-selected");
    ui.input.removeAttribute("aria-activedescendant");
    ui.active = -1;
  }
  const total = entries.total || 0;
  entries.forEach((entry, i) => {
    if (!ui.rows[i]) { ui.rows[i] = makeRow(i); ui.list.appendChild(ui.rows[i].item); }
    fill(ui.rows[i], entry);
    if (ui.rows[i].item.hidden) ui.rows[i].item.hidden = false;
  });
  for (let i = entries.length; i < ui.shown; i += 1) ui.rows[i].item.hidden = true;
  ui.shown = entries.length;
  ui.total = total;
  ui.box.setAttribute("data-query", query);
  const open = !!query;
  if (ui.box.classList.contains("dd-search--results") !== open) ui.box.classList.toggle("dd-search--results", open);
  if (ui.input.getAttribute("aria-expanded") !== String(open)) ui.input.setAttribute("aria-expanded", String(open));
  setText(ui.status, !query ? "" : total === 0 ? "Nothing found for \u201c" + query + "\u201d."
    : total > entries.length ? entries.length + " of " + total + " results" : total +
    (total === 1 ? " result" : " results"));
  const more = total - entries.length;
  if (ui.more.hidden !== more <= 0) ui.more.hidden = more <= 0;
  if (more > 0) setText(ui.more, "Show more results \u2014 the next " + Math.min(more, PAGE) + " of " + more + " not shown");
}

/* The box's text ranked and painted; `count` results at first, more when asked for. */
function search(count = PAGE) {
  const query = ui.input.value.trim();
  ui.query = query;
  if (!query) { showResults(Object.assign([], { total: 0 }), ""); return; }
  load().then((entries) => {
    if (ui.query === query) showResults(ranker.rank(entries, query, count), query);
  }, () => {
    setText(ui.status, "The search index could not be loaded.");
  });
}

/* "Show more results": the next page of results below the ones shown; the first new one takes the
   focus (the button may go, having shown the last). */
function showMore() {
  const first = ui.shown;
  const query = ui.query;
  load().then((entries) => {
    if (ui.query !== query) return;
    showResults(ranker.rank(entries, query, first + PAGE), query);
    if (ui.rows[first] && !ui.rows[first].item.hidden) ui.rows[first].link.focus();
  });
}

function move(step) {
  const items = ui.rows.slice(0, ui.shown).map((row) => row.link);
  if (!items.length) return;
  ui.active = (ui.active + step + items.length) % items.length;
  items.forEach((item, i) => { item.setAttribute("aria-selected", i === ui.active ? "true" : "false"); });
  ui.input.setAttribute("aria-activedescendant", items[ui.active].id);
  items[ui.active].scrollIntoView({ block: "nearest" });
}

function setOpen(open) {
  ui.box.classList.toggle("dd-search--open", open);
  ui.open.setAttribute("aria-expanded", open ? "true" : "false");
  // Opened again, the last query is chosen: typing replaces it (keys move into it to refine it).
  if (open) { load(); ui.input.focus(); ui.input.select(); } else { ui.box.classList.remove("dd-search--results"); }
}

function onKey(event) {
  if (event.key === "ArrowDown") { event.preventDefault(); move(1); }
  else if (event.key === "ArrowUp") { event.preventDefault(); move(-1); }
  else if (event.key === "Escape") { ui.input.value = ""; search(); setOpen(false); ui.input.blur(); }
  else if (event.key === "Enter") {
    const link = ui.shown ? ui.rows[Math.max(ui.active, 0)].link : null;
    if (link) { event.preventDefault(); link.click(); }
  }
}

function mount() {
  const header = document.querySelector(".md-header__inner");
  if (!header || header.querySelector(".dd-search")) return;
  siteRoot();
  ui = build();
  const source = header.querySelector(".md-header__source");
  header.insertBefore(ui.box, source || null);
  ui.open.addEventListener("click", () => { setOpen(!ui.box.classList.contains("dd-search--open")); });
  ui.close.addEventListener("click", () => { setOpen(false); });
  ui.input.addEventListener("focus", () => { load(); if (ui.input.value) search(Math.max(ui.shown, PAGE)); });
  ui.input.addEventListener("input", () => { search(); });
  ui.more.addEventListener("click", showMore);
  ui.input.addEventListener("keydown", onKey);
  document.addEventListener("click", (event) => {
    if (!ui.box.contains(event.target)) ui.box.classList.remove("dd-search--results");
  });
  document.addEventListener("keydown", (event) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test((event.target && event.target.tagName) || "");
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      setOpen(true);
    }
  });
}

onPage(mount);
