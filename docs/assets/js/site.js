/* Small site-wide behaviours (no rules logic): copy-permalink and copy-as-quote buttons, moved
   anchors, index filters (filters.js), and the calculator's module on pages that have one.
   Material's instant navigation swaps pages without reloading, so everything (re)binds on
   every page (page-events.js). */
import { onPage } from "./page-events.js";
import { bindFilter } from "./filters.js";

const ANCHORED = "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id], tr[id], li[id], dt[id]";

const absoluteUrl = (id) => location.origin + location.pathname + "#" + encodeURIComponent(id);

function labelOf(el) {
  const text = (el.querySelector("a:not(.headerlink)") || el).textContent || el.id;
  return text.replace(/[¶\s]+/g, " ").trim().slice(0, 80) || el.id;
}

function showFallback(button, href) {
  const box = document.createElement("input");
  box.type = "text";
  box.readOnly = true;
  box.value = href;
  box.className = "dd-copy__fallback";
  box.setAttribute("aria-label", "Link to copy");
  button.after(box);
  box.select();
}

function copy(button, text) {
  const href = text || button.getAttribute("data-href");
  const label = button.textContent;
  const done = () => {
    button.classList.add("dd-copy--done");
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = label; button.classList.remove("dd-copy--done"); }, 1500);
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(href).then(done, () => showFallback(button, href));
  } else {
    showFallback(button, href);
  }
}

function addCopyButtons(root) {
  root.querySelectorAll(ANCHORED).forEach((el) => {
    if (el.querySelector(":scope > .dd-copy, :scope > td:first-child > .dd-copy")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "dd-copy";
    button.textContent = "Copy link";   // in words everywhere (a bare "#" said nothing)
    button.setAttribute("data-href", absoluteUrl(el.id));
    button.setAttribute("aria-label", "Copy link to " + labelOf(el));
    button.addEventListener("click", (event) => { event.preventDefault(); copy(button); });
    const host = el.tagName === "TR" ? el.querySelector("td") : el;
    if (host) host.appendChild(button);
  });
}

/* "Copy as quote": the page's quote data (script.dd-quotes: anchor id -> title, text, source,
   note) gives each of those elements a Quote menu beside its copy-link button, copying Markdown
   or BBCode with the text, its source and edition, and the permalink. */
function quoteData(root) {
  const data = {};
  root.querySelectorAll("script.dd-quotes").forEach((node) => {
    try { Object.assign(data, JSON.parse(node.textContent)); } catch (e) { /* ignore bad data */ }
  });
  return data;
}

function quoteText(q, href, format) {
  const lines = String(q.text).split("\n");
  if (format === "bbcode") {
    return "[quote][b]" + q.title + "[/b]\n" + lines.join("\n") + (q.note ? "\n\n" + q.note : "") +
      "\n\n\u2014 " + q.source + "[/quote]\n[url]" + href + "[/url]\n";
  }
  const body = ["**" + q.title + "**", ...lines];
  if (q.note) body.push("", q.note);
  body.push("", "\u2014 " + q.source + " \u00b7 <" + href + ">");
  return body.map((line) => (line ? "> " + line : ">")).join("\n") + "\n";
}

function quoteMenu(id, q) {
  const menu = document.createElement("details");
  menu.className = "dd-quote";
  const summary = document.createElement("summary");
  summary.textContent = "Quote";
  summary.setAttribute("aria-label", "Copy as quote: " + q.title);
  menu.appendChild(summary);
  [["markdown", "Markdown"], ["bbcode", "BBCode"]].forEach(([format, name]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "dd-copy dd-quote__format";
    button.textContent = name;
    button.setAttribute("data-format", format);
    button.setAttribute("aria-label", "Copy " + q.title + " as a " + name + " quote");
    button.addEventListener("click", (event) => {
      event.preventDefault();
      copy(button, quoteText(q, absoluteUrl(id), format));
    });
    menu.appendChild(button);
  });
  return menu;
}

function addQuoteButtons(root) {
  const data = quoteData(root);
  Object.keys(data).forEach((id) => {
    const el = document.getElementById(id);
    if (!el) return;
    const host = el.tagName === "TR" ? el.querySelector("td") : el;
    if (!host || host.querySelector(":scope > .dd-quote")) return;
    host.appendChild(quoteMenu(id, data[id]));
  });
}

/* An open quote menu closes when the reader clicks elsewhere. */
document.addEventListener("click", (event) => {
  document.querySelectorAll("details.dd-quote[open]").forEach((menu) => {
    if (!menu.contains(event.target)) menu.open = false;
  });
});

/* A published anchor that moved (data/moves.yaml) keeps a marker under its old id. */
function followMovedAnchor() {
  if (!location.hash) return;
  const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (el && el.classList.contains("dd-moved") && el.getAttribute("data-moved-to")) {
    location.replace(new URL(el.getAttribute("data-moved-to"), location.href).href);
  }
}

/* The calculator's module loads only where a calculator is: a page with one names it in its own
   head (overrides/main.html); when instant navigation brings one into this document, it is
   imported here (the same module: it runs once, and binds each calculator page it is shown). */
function loadCalculator() {
  if (!document.querySelector("[data-engine]")) return;
  import("./calculator.js").catch((err) => {
    const label = document.querySelector("[data-engine-label]");
    if (label) label.textContent = "The calculator could not be loaded (" + String((err && err.message) || err) + ").";
  });
}

function init() {
  loadCalculator();
  const article = document.querySelector("article") || document.body;
  addCopyButtons(article);
  addQuoteButtons(article);
  followMovedAnchor();
  document.querySelectorAll("form[data-filter]").forEach(bindFilter);
}

onPage(init);
