/* Small site-wide behaviours (no rules logic): copy-permalink and copy-as-quote buttons, moved
   anchors, and index filters.
   Material's instant navigation swaps pages without reloading, so everything (re)binds on
   every page through document$.subscribe. */
(function () {
  "use strict";

  var ANCHORED = "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id], tr[id], li[id], dt[id]";

  function absoluteUrl(id) {
    return location.origin + location.pathname + "#" + encodeURIComponent(id);
  }

  function labelOf(el) {
    var text = (el.querySelector("a:not(.headerlink)") || el).textContent || el.id;
    return text.replace(/[¶\s]+/g, " ").trim().slice(0, 80) || el.id;
  }

  function showFallback(button, href) {
    var box = document.createElement("input");
    box.type = "text";
    box.readOnly = true;
    box.value = href;
    box.className = "dd-copy__fallback";
    box.setAttribute("aria-label", "Link to copy");
    button.after(box);
    box.select();
  }

  function copy(button, text) {
    var href = text || button.getAttribute("data-href");
    var label = button.textContent;
    var done = function () {
      button.classList.add("dd-copy--done");
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = label; button.classList.remove("dd-copy--done"); }, 1500);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(href).then(done, function () { showFallback(button, href); });
    } else {
      showFallback(button, href);
    }
  }

  function addCopyButtons(root) {
    root.querySelectorAll(ANCHORED).forEach(function (el) {
      if (el.querySelector(":scope > .dd-copy, :scope > td:first-child > .dd-copy")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "dd-copy";
      button.textContent = /^H[1-6]$/.test(el.tagName) ? "Copy link" : "#";
      button.setAttribute("data-href", absoluteUrl(el.id));
      button.setAttribute("aria-label", "Copy link to " + labelOf(el));
      button.addEventListener("click", function (event) { event.preventDefault(); copy(button); });
      var host = el.tagName === "TR" ? el.querySelector("td") : el;
      if (host) host.appendChild(button);
    });
  }

  /* "Copy as quote": the page's quote data (script.dd-quotes: anchor id -> title, text, source,
     note) gives each of those elements a Quote menu beside its copy-link button, copying Markdown
     or BBCode with the text, its source and edition, and the permalink. */
  function quoteData(root) {
    var data = {};
    root.querySelectorAll("script.dd-quotes").forEach(function (node) {
      try { Object.assign(data, JSON.parse(node.textContent)); } catch (e) { /* ignore bad data */ }
    });
    return data;
  }

  function quoteText(q, href, format) {
    var lines = String(q.text).split("\n");
    if (format === "bbcode") {
      return "[quote][b]" + q.title + "[/b]\n" + lines.join("\n") + (q.note ? "\n\n" + q.note : "") +
        "\n\n\u2014 " + q.source + "[/quote]\n[url]" + href + "[/url]\n";
    }
    var body = ["**" + q.title + "**"].concat(lines);
    if (q.note) body.push("", q.note);
    body.push("", "\u2014 " + q.source + " \u00b7 <" + href + ">");
    return body.map(function (line) { return line ? "> " + line : ">"; }).join("\n") + "\n";
  }

  function quoteMenu(id, q) {
    var menu = document.createElement("details");
    menu.className = "dd-quote";
    var summary = document.createElement("summary");
    summary.textContent = "Quote";
    summary.setAttribute("aria-label", "Copy as quote: " + q.title);
    menu.appendChild(summary);
    [["markdown", "Markdown"], ["bbcode", "BBCode"]].forEach(function (f) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "dd-copy dd-quote__format";
      button.textContent = f[1];
      button.setAttribute("data-format", f[0]);
      button.setAttribute("aria-label", "Copy " + q.title + " as a " + f[1] + " quote");
      button.addEventListener("click", function (event) {
        event.preventDefault();
        copy(button, quoteText(q, absoluteUrl(id), f[0]));
      });
      menu.appendChild(button);
    });
    return menu;
  }

  function addQuoteButtons(root) {
    var data = quoteData(root);
    Object.keys(data).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      var host = el.tagName === "TR" ? el.querySelector("td") : el;
      if (!host || host.querySelector(":scope > .dd-quote")) return;
      host.appendChild(quoteMenu(id, data[id]));
    });
  }

  /* An open quote menu closes when the reader clicks elsewhere. */
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details.dd-quote[open]").forEach(function (menu) {
      if (!menu.contains(event.target)) menu.open = false;
    });
  });

  /* A published anchor that moved (data/moves.yaml) keeps a marker under its old id. */
  function followMovedAnchor() {
    if (!location.hash) return;
    var el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (el && el.classList.contains("dd-moved") && el.getAttribute("data-moved-to")) {
      location.replace(new URL(el.getAttribute("data-moved-to"), location.href).href);
    }
  }

  /* Index filters: a form[data-filter] filters every [data-row] of the page by its data-* tokens. */
  /* Index filters: a form[data-filter] filters every [data-row] of the page by its data-* tokens
     (space-separated; a row matches a key when one of its tokens is the chosen value). Filters
     combine, and their state lives in the page's address (?rolls=save, /dice/?sai=rend&species=dwarves,
     ?name=text for the name box; not ?q=, which opens Material's search) so that a filtered list
     can be linked and survives a reload. */
  function bindFilter(form) {
    if (form.dataset.bound) return;
    form.dataset.bound = "1";
    var rows = Array.prototype.slice.call(document.querySelectorAll("article [data-row]"));
    var names = rows.map(function (row) {
      return (row.getAttribute("data-name") || (row.querySelector("a") || row).textContent || "").toLowerCase();
    });
    var groups = Array.prototype.slice.call(document.querySelectorAll("article [data-group]"));
    var text = form.querySelector("[data-filter-text]");
    var count = form.querySelector("[data-filter-count]");
    var reset = form.querySelector("[data-filter-reset]");
    var controls = {};
    var state = {};

    function matches(row, i, needle) {
      if (needle && names[i].indexOf(needle) === -1) return false;
      return Object.keys(state).every(function (key) {
        return !state[key] || (row.getAttribute("data-" + key) || "").split(" ").indexOf(state[key]) !== -1;
      });
    }

    function apply() {
      var needle = text ? text.value.trim().toLowerCase() : "";
      var shown = 0;
      rows.forEach(function (row, i) {
        var ok = matches(row, i, needle);
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      document.querySelectorAll("article table.dd-index").forEach(function (table) {
        var any = table.querySelector("[data-row]:not([hidden])");
        table.hidden = !any;
        var heading = table.previousElementSibling;
        if (heading && /^H[2-4]$/.test(heading.tagName)) heading.hidden = !any;
      });
      groups.forEach(function (group) { group.hidden = !group.querySelector("[data-row]:not([hidden])"); });
      if (count) count.textContent = shown + " of " + rows.length + " shown";
    }

    function writeUrl() {
      var params = new URLSearchParams(location.search);
      Object.keys(controls).forEach(function (key) {
        if (state[key]) params.set(key, state[key]); else params.delete(key);
      });
      var needle = text ? text.value.trim() : "";
      if (needle) params.set("name", needle); else params.delete("name");
      var query = params.toString();
      history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
    }

    function show(key, value) {
      var control = controls[key];
      state[key] = value;
      if (control.tagName === "SELECT") {
        if (value && !Array.prototype.some.call(control.options, function (o) { return o.value === value; })) {
          var unknown = document.createElement("option");   // a linked value this list does not have
          unknown.value = value;
          unknown.textContent = value + " (none)";
          control.appendChild(unknown);
        }
        control.value = value;
        return;
      }
      control.querySelectorAll("button[data-filter-value]").forEach(function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-filter-value") === value ? "true" : "false");
      });
    }

    function readUrl() {
      var params = new URLSearchParams(location.search);
      Object.keys(controls).forEach(function (key) { show(key, params.get(key) || ""); });
      if (text) text.value = params.get("name") || "";
    }

    function changed() { apply(); writeUrl(); }

    form.querySelectorAll("[data-filter-key]").forEach(function (group) {
      var key = group.getAttribute("data-filter-key");
      controls[key] = group;
      if (group.tagName === "SELECT") {
        group.addEventListener("change", function () { state[key] = group.value; changed(); });
        return;
      }
      group.querySelectorAll("button[data-filter-value]").forEach(function (button) {
        button.addEventListener("click", function () { show(key, button.getAttribute("data-filter-value")); changed(); });
      });
    });
    if (text) text.addEventListener("input", changed);
    if (reset) {
      reset.addEventListener("click", function () {
        Object.keys(controls).forEach(function (key) { show(key, ""); });
        if (text) text.value = "";
        changed();
      });
    }
    readUrl();
    apply();
  }

  /* The calculator's scripts load only where a calculator is: on a full page load the page lists
     them itself; when instant navigation brings a calculator into this document, they load here,
     in order, once (their own page hooks then bind the calculator). */
  var calcScripts = null;
  var SITE_ROOT = new URL("../../", document.currentScript.src).href;   // assets/js/ -> the site root

  function loadCalculator() {
    if (calcScripts || window.DragonDiceEngine || !document.querySelector("[data-engine]")) return;
    var list = document.getElementById("dd-calc-scripts");
    var urls = [];
    try { urls = JSON.parse(list ? list.textContent : "[]"); } catch (e) { urls = []; }
    calcScripts = urls;
    urls.forEach(function (src) {
      var tag = document.createElement("script");
      tag.src = new URL(src, SITE_ROOT).href;
      tag.async = false;          // run in the listed order
      document.head.appendChild(tag);
    });
  }

  function init() {
    loadCalculator();
    var article = document.querySelector("article") || document.body;
    addCopyButtons(article);
    addQuoteButtons(article);
    followMovedAnchor();
    document.querySelectorAll("form[data-filter]").forEach(bindFilter);
  }

  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(init);
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
