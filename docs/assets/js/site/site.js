/* Small site-wide behaviours (no rules logic): copy-permalink and copy-as-quote buttons, moved
   anchors, index filters (filters.js), and the calculator's module on pages that have one.
   Material's instant navigation swaps pages without reloading, so everything (re)binds on
   every page (page-events.js). */
import { onPage } from "../shared/page-events.js";
import { bindFilter } from "./filters.js";
import { copyText } from "../shared/copy.js";

const ANCHORED = "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id], tr[id], li[id], dt[id]";

const absoluteUrl = (id) => location.origin + location.pathname + "#" + encodeURIComponent(id);
/* A rule part, ruling point or glossary term has a small page of its own that previews as that
   part when the link is pasted into a chat or forum (its quote data names it); others, the anchor. */
const linkOf = (id, quotes) => (quotes[id] && quotes[id].url
  ? new URL(quotes[id].url, location.origin + location.pathname).href : absoluteUrl(id));

/* What a copy button names: the quote data's title where the part has one (a ruling point: "Monster
   SAIs: Charm, point A", not the first link in its text), else the element's own first words. */
function labelOf(el, quotes) {
  if (quotes && quotes[el.id] && quotes[el.id].title) return quotes[el.id].title;
  const text = (el.querySelector("a:not(.headerlink)") || el).textContent || el.id;
  return text.replace(/[¶\s]+/g, " ").trim().slice(0, 80) || el.id;
}

function copy(button, text) { copyText(button, text || button.getAttribute("data-href")); }

function addCopyButtons(root, quotes) {
  root.querySelectorAll(ANCHORED).forEach((el) => {
    if (el.querySelector(":scope > .dd-copy, :scope > td:first-child > .dd-copy")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "dd-copy";
    button.textContent = "Copy link";   // in words everywhere (a bare "#" said nothing)
    button.setAttribute("data-href", linkOf(el.id, quotes));
    button.setAttribute("aria-label", "Copy link to " + labelOf(el, quotes));
    button.addEventListener("click", (event) => { event.preventDefault(); copy(button); });
    const host = el.tagName === "TR" ? el.querySelector("td") : el;
    if (host) host.appendChild(button);
  });
}

/* "Copy as quote": the page's quote data (div.dd-quotes, its data-quotes: anchor id -> title, text, source,
   its own page's url, a ruling's verdict and note) gives each of those elements a Quote menu
   beside its copy-link button, copying Markdown (Discord, Reddit) or BBCode (forums): the title
   on its own line, the text, the verdict, the source and edition, and the permalink. */
function quoteData(root) {
  const data = {};
  root.querySelectorAll(".dd-quotes[data-quotes]").forEach((node) => {
    try { Object.assign(data, JSON.parse(node.dataset.quotes)); } catch (e) { /* ignore bad data */ }
  });
  return data;
}

export function quoteText(q, href, format) {
  const bb = format === "bbcode";
  const bold = (text) => (bb ? "[b]" + text + "[/b]" : "**" + text + "**");
  const blocks = [bold(q.title), String(q.text).split("\n").filter(Boolean).join(bb ? "\n" : "\n> \n> ")];
  if (q.note) blocks.push((q.verdict ? bold(q.verdict + ".") + " " : "") + q.note);
  if (bb) return "[quote]" + blocks.join("\n\n") + "\n\n\u2014 " + q.source + "[/quote]\n[url]" + href + "[/url]\n";
  blocks.push("\u2014 " + q.source + " \u00b7 <" + href + ">");
  // "> " on blank lines too: Discord ends a quote at a bare ">", Reddit needs the blank line.
  return blocks.map((b) => "> " + b).join("\n> \n") + "\n";
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
      copy(button, quoteText(q, linkOf(id, { [id]: q }), format));
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
  let id;
  try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }   // a broken %-escape names no anchor
  const el = document.getElementById(id);
  if (el && el.classList.contains("dd-moved") && el.getAttribute("data-moved-to")) {
    location.replace(new URL(el.getAttribute("data-moved-to"), location.href).href);
  }
}

/* The calculator's module (or the army builder's, army.js, or the game page's, game.js) loads only where one is: such a page
   names it in its own head (overrides/main.html); when instant navigation brings one into this
   document, it is imported here (the same module: it runs once, and binds each page it is shown). */
function loadCalculator() {
  if (!document.querySelector("[data-engine]")) return;
  const entry = document.querySelector("[data-army]") ? import("../army/army.js")
    : document.querySelector("[data-game]") ? import("../game/game.js") : import("../calc/calculator.js");
  entry.catch((err) => {
    const label = document.querySelector("[data-engine-label]");
    if (label) label.textContent = "The calculator could not be loaded (" + String((err && err.message) || err) + ").";
  });
}

/* A link alone in its list item or table cell (a list of SAIs, a table of dice) is a control, not a
   word of a sentence: marked, it gets a phone's 44 px target (site.css). A code block that scrolls
   sideways takes the keyboard's focus, so that it can be scrolled without a mouse. */
function markTargets(article) {
  article.querySelectorAll("li > a[href], td > a[href]").forEach((a) => {
    if (a.parentElement.textContent.trim() === a.textContent.trim()) a.classList.add("dd-alone");
  });
  article.querySelectorAll("pre > code").forEach((code) => { code.tabIndex = 0; });
}

function init() {
  loadCalculator();
  const article = document.querySelector("article") || document.body;
  addCopyButtons(article, quoteData(article));
  addQuoteButtons(article);
  markTargets(article);
  followMovedAnchor();
  document.querySelectorAll("form[data-filter]").forEach(bindFilter);
}

onPage(init);
