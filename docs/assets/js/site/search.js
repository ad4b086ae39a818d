/* Site search: a box in the header over search/index.json (written by generator/pages/search.py).
   One entry per thing a player looks up (SAI, spell, species, die, dragon, terrain, rule part,
   glossary term, ruling point, page), ranked by search-rank.js (exact names first; it forgives
   spacing, plurals, typos and questions). Everything is this site's own file: it works offline.
   Text is set with textContent only; the result rows are made once and reused. The ranking module
   comes with the index, when the box is first used: a page that is never searched loads neither. */
import { onPage } from "../shared/page-events.js";

const MAX_RESULTS = 12;
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
  const list = el("ol", "dd-search__results");
  list.id = "dd-search-results";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Search results");
  const row = el("div", "dd-search__row");
  row.appendChild(input);
  row.appendChild(close);
  panel.appendChild(row);
  panel.appendChild(status);
  panel.appendChild(list);
  box.appendChild(open);
  box.appendChild(panel);
  return { box, open, panel, input, close, status, list, active: -1, query: "" };
}

/* The result rows, made once and reused: a keystroke only sets their text and links. */
function rows() {
  if (!ui.rows) {
    ui.rows = Array.from({ length: MAX_RESULTS }, (_, i) => {
      // The link is the listbox's option (an option holding a link was two controls in one).
      const item = el("li", "dd-search__result");
      item.setAttribute("role", "none");
      const link = el("a", "dd-search__link");
      link.id = "dd-search-result-" + i;
      link.setAttribute("role", "option");
      const title = el("span", "dd-search__title");
      const kind = el("span", "dd-search__kind");
      const snippet = el("span", "dd-search__snippet");
      link.append(title, kind, snippet);
      link.addEventListener("click", () => { setOpen(false); });
      item.appendChild(link);
      return { item, link, title, kind, snippet };
    });
  }
  return ui.rows;
}

function showResults(entries, query) {
  ui.active = -1;
  ui.input.removeAttribute("aria-activedescendant");
  const total = entries.total || 0;
  rows().forEach((row, i) => {
    const entry = entries[i];
    if (!entry) { if (row.item.parentNode) row.item.remove(); return; }
    row.link.removeAttribute("aria-selected");
    row.link.href = siteRoot() + entry.u;
    row.title.textContent = entry.t;
    row.kind.textContent = " \u2014 " + entry.k;
    row.snippet.textContent = entry.s || "";
    if (!row.item.parentNode) ui.list.appendChild(row.item);
  });
  ui.box.setAttribute("data-query", query);
  const open = !!query;
  ui.box.classList.toggle("dd-search--results", open);
  ui.input.setAttribute("aria-expanded", open ? "true" : "false");
  ui.status.textContent = !query ? "" : total === 0 ? "Nothing found for \u201c" + query + "\u201d."
    : total > entries.length ? entries.length + " of " + total + " results" : total +
    (total === 1 ? " result" : " results");
}

function search() {
  const query = ui.input.value.trim();
  ui.query = query;
  if (!query) { showResults(Object.assign([], { total: 0 }), ""); return; }
  load().then((entries) => {
    if (ui.query === query) showResults(ranker.rank(entries, query, MAX_RESULTS), query);
  }, () => {
    ui.status.textContent = "The search index could not be loaded.";
  });
}

function move(step) {
  const items = ui.list.querySelectorAll("[role=option]");
  if (!items.length) return;
  ui.active = (ui.active + step + items.length) % items.length;
  items.forEach((item, i) => { item.setAttribute("aria-selected", i === ui.active ? "true" : "false"); });
  ui.input.setAttribute("aria-activedescendant", items[ui.active].id);
  items[ui.active].scrollIntoView({ block: "nearest" });
}

function setOpen(open) {
  ui.box.classList.toggle("dd-search--open", open);
  ui.open.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) { load(); ui.input.focus(); } else { ui.box.classList.remove("dd-search--results"); }
}

function onKey(event) {
  if (event.key === "ArrowDown") { event.preventDefault(); move(1); }
  else if (event.key === "ArrowUp") { event.preventDefault(); move(-1); }
  else if (event.key === "Escape") { ui.input.value = ""; search(); setOpen(false); ui.input.blur(); }
  else if (event.key === "Enter") {
    const link = ui.list.querySelectorAll("a")[Math.max(ui.active, 0)];
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
  ui.input.addEventListener("focus", () => { load(); if (ui.input.value) search(); });
  ui.input.addEventListener("input", search);
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
