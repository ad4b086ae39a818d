/* Calculator page, part 1: DOM helpers shared by the calculator's scripts (no rules here).
   Text from links or data is only ever set with textContent, never innerHTML. */
(function () {
  "use strict";
  const DD = (window.DDCalc = window.DDCalc || {});

  function el(tag, attrs, ...children) {
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

  function option(value, label, selected) {
    const o = el("option", { value }, label);
    if (selected) o.selected = true;
    return o;
  }

  function fill(select, options) { select.replaceChildren(...options); }

  function shortMsg(err) {
    const s = String((err && err.message) || err);
    return s.length > 200 ? s.slice(0, 197) + "…" : s;
  }

  function randomInt(n) {
    const buf = new Uint32Array(1);
    crypto.getRandomValues(buf);
    return buf[0] % n;    // n <= 12 (faces) or 10^6 (seeds): the modulo bias is negligible
  }

  function typeLabel(t) { return t ? (t.charAt(0).toUpperCase() + t.slice(1)).replace(/_/g, " ") : ""; }

  /* A link to the site's own pages ("/rules/x/#a"), or null for anything else. */
  function siteLink(root, path, text, cls) {
    if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//")) return null;
    return el("a", { href: new URL(path.slice(1), root).href, class: cls || "dd-calc-see" }, text);
  }

  /* A drawn icon (icons.js), named as the data names it; nothing when icons.js is absent. */
  function icon(id, label) {
    return id && window.DragonDiceIcons ? window.DragonDiceIcons.element(id, label ? { label } : {}) : null;
  }

  /* A result section whose answer is on its way: what it shows is about an earlier input. */
  function busy(section, state) {
    section.dataset.state = state;
    section.setAttribute("aria-busy", "true");
  }

  function onPage(fn) {
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(fn);
    else document.addEventListener("DOMContentLoaded", fn);
    if (document.readyState !== "loading") fn();   // loaded later, by instant navigation (site.js)
  }

  DD.dom = { el, option, fill, shortMsg, randomInt, typeLabel, siteLink, icon, busy, onPage };
})();
