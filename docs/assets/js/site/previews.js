/* Link previews: hovering or keyboard-focusing a link to an SAI, spell, species ability, die,
   terrain, dragon, rule, ruling or glossary term opens a card with its icon and its whole text.
   On touch, the first tap opens the card (with a link through to the page), a second tap on the
   same link follows it. One card at a time; Escape closes it and returns focus to the link.

   Data: assets/previews/index.json names a JSON file per first URL segment, keyed by the URL a link
   points at. Nothing is fetched until a link is first pointed at; every text is set as text. */
import { base, element as iconElement } from "../shared/icons.js";
import { onPage } from "../shared/page-events.js";

const OPEN_MS = 250;
const CLOSE_MS = 300;
let indexPromise = null;
const files = {};
let card = null;
let owner = null;
let pinned = false;
let openTimer = null;
let closeTimer = null;
let pointerType = "mouse";
let pressedAt = 0;
let seq = 0;
// A card on its way (0: a hover's wait, 1: its lookup), marked for tests to wait out.
const opening = [0, 0];
function pending(i, on) {
  opening[i] = on;
  document.documentElement.toggleAttribute("data-preview-opening", opening[0] || opening[1]);
}
let passThrough = null;

/* --- which links, which entry ------------------------------------------------------------ */
function keyOf(link) {
  if (!link || !link.getAttribute("href") || link.closest(".dd-preview, .dd-card__name")) return null;
  if (link.classList.contains("headerlink") || link.hasAttribute("download")) return null;
  let url;
  try { url = new URL(link.href, location.href); } catch (e) { return null; }
  const root = new URL(base, location.href);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return null;
  const path = url.pathname.slice(root.pathname.length);
  let hash = "";
  try { hash = decodeURIComponent(url.hash.slice(1)); } catch (e) { return null; }   // a broken %-escape: no entry
  if (!hash && url.pathname === location.pathname) return null;   // a link to this very page
  return { path, hash, segment: path.split("/")[0] };
}

function linkOf(node) {
  const link = node && node.closest ? node.closest("article a[href]") : null;
  return link && keyOf(link) ? link : null;
}

function index() {
  if (!indexPromise) {
    indexPromise = fetch(base + "assets/previews/index.json", { cache: "no-cache" })
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({}));
  }
  return indexPromise;
}

function lookup(key) {
  return index().then((idx) => {
    const file = idx[key.segment];
    if (!file) return null;
    if (!files[file]) {
      files[file] = fetch(base + "assets/previews/" + file)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({}));
    }
    return files[file].then((entries) =>
      entries[key.path + (key.hash ? "#" + key.hash : "")] || (key.hash && entries[key.path]) || null);
  });
}

/* --- the card ---------------------------------------------------------------------------- */
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function drawIcon(id, label) {
  return iconElement(id, label ? { label } : {});
}

function build(entry, link) {
  const box = el("div", "dd-preview");
  box.id = "dd-preview";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "Preview: " + (entry.t || ""));
  const head = el("div", "dd-preview__head");
  if (entry.i) head.appendChild(drawIcon(entry.i, entry.t));
  const titles = el("div");
  titles.append(el("span", "dd-preview__title", entry.t), el("span", "dd-preview__kind", entry.k));
  head.appendChild(titles);
  box.appendChild(head);
  if (entry.m && entry.m.length) {
    const chips = el("div", "dd-preview__chips");
    entry.m.forEach((m) => { chips.appendChild(el("span", "dd-chip", m)); });
    box.appendChild(chips);
  }
  if (entry.f && entry.f.length) {
    const faces = el("div", "dd-faces");
    entry.f.forEach((f) => {
      const face = el("span", "dd-face");
      face.append(drawIcon(f[0]), el("b", "", f[1]));
      faces.appendChild(face);
    });
    box.appendChild(faces);
  }
  (entry.p || []).forEach((p) => { box.appendChild(el("p", "", p)); });
  if (entry.s) box.appendChild(el("div", "dd-preview__source", entry.s));
  const foot = el("div", "dd-preview__foot");
  const open = el("a", "", "Open " + (entry.t || "page"));
  open.href = link.href;
  const close = el("button", "dd-preview__close", "Close");
  close.type = "button";
  close.setAttribute("aria-label", "Close preview");
  close.addEventListener("click", () => { hide(true); });
  foot.append(open, close);
  box.appendChild(foot);
  box.addEventListener("pointerenter", () => { clearTimeout(closeTimer); });
  box.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") later(); });
  box.addEventListener("keydown", cardKeys);
  return box;
}

function place() {
  if (!card || !owner) return;
  const rects = owner.getClientRects();
  if (!rects.length) { hide(false); return; }
  const r = rects[0];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const w = card.offsetWidth;
  const h = card.offsetHeight;
  const below = vh - r.bottom;
  const top = (below >= h + 8 || below >= r.top) ? r.bottom + 6 : r.top - h - 6;
  card.style.top = Math.max(4, Math.min(top, vh - h - 4)) + "px";
  card.style.left = Math.max(4, Math.min(r.left, vw - w - 4)) + "px";
}

function show(link, byTouch) {
  const key = keyOf(link);
  if (!key) return;
  const mine = ++seq;
  pending(1, 1);
  lookup(key).then((entry) => {
    if (mine !== seq) return;   // the player moved on
    pending(1, 0);
    if (!entry) {
      restoreTitle(link);
      if (byTouch) { passThrough = link; link.click(); }
      return;
    }
    hide(false);
    owner = link;
    pinned = !!byTouch;
    card = build(entry, link);
    document.body.appendChild(card);
    link.setAttribute("aria-expanded", "true");
    link.setAttribute("aria-controls", card.id);
    place();
  });
}

// Forget a card still on its way (Escape, a new page): the player moved on.
function cancel() {
  clearTimeout(openTimer);
  seq++;
  pending(0, 0);
  pending(1, 0);
}

function hide(refocus) {
  clearTimeout(closeTimer);
  if (!card) return;
  const had = card.contains(document.activeElement);
  card.remove();
  card = null;
  if (owner) {
    owner.removeAttribute("aria-expanded");
    owner.removeAttribute("aria-controls");
    if (refocus || had) owner.focus({ preventScroll: true });
  }
  owner = null;
  pinned = false;
}

function later() {
  clearTimeout(closeTimer);
  if (!pinned) closeTimer = setTimeout(() => { hide(false); }, CLOSE_MS);
}

/* --- keyboard: Tab from the link goes into the card, out of its end to what follows the link - */
function focusables(root) {
  return Array.from(root.querySelectorAll("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])"))
    .filter((n) => !n.disabled && n.getClientRects().length);
}

function focusAfter(link) {
  const all = focusables(document).filter((n) => !card || !card.contains(n));
  const next = all[all.indexOf(link) + 1];
  hide(false);
  if (next) next.focus(); else link.focus();
}

function cardKeys(e) {
  if (e.key !== "Tab") return;
  const inside = focusables(card);
  if (!e.shiftKey && document.activeElement === inside[inside.length - 1]) {
    e.preventDefault();
    focusAfter(owner);
  } else if (e.shiftKey && document.activeElement === inside[0]) {
    e.preventDefault();
    owner.focus();
  }
}

/* --- Material turns title attributes into tooltips; the preview replaces them on these links - */
function stripTitles(root) {
  root.querySelectorAll("article a[title]").forEach((link) => {
    if (!keyOf(link)) return;
    link.setAttribute("data-dd-title", link.getAttribute("title"));
    link.removeAttribute("title");
  });
}

function restoreTitle(link) {
  if (link.hasAttribute("data-dd-title") && !link.hasAttribute("title")) {
    link.setAttribute("title", link.getAttribute("data-dd-title"));
  }
}

/* --- events ------------------------------------------------------------------------------ */
document.addEventListener("pointerdown", (e) => {
  pointerType = e.pointerType || "mouse";
  pressedAt = Date.now();
  if (card && !card.contains(e.target) && !(owner && owner.contains(e.target))) hide(false);
  if (pointerType === "touch") index();
}, true);

document.addEventListener("pointerover", (e) => {
  if (e.pointerType === "touch") return;
  const link = linkOf(e.target);
  if (!link) return;
  if (link === owner) { clearTimeout(closeTimer); return; }
  clearTimeout(openTimer);
  pending(0, 1);
  openTimer = setTimeout(() => { pending(0, 0); show(link, false); }, OPEN_MS);
});

document.addEventListener("pointerout", (e) => {
  if (e.pointerType === "touch") return;
  const link = linkOf(e.target);
  if (!link || link.contains(e.relatedTarget)) return;
  clearTimeout(openTimer);
  pending(0, 0);
  if (link === owner && !(card && card.contains(e.relatedTarget))) later();
});

document.addEventListener("focusin", (e) => {
  if (card && card.contains(e.target)) { clearTimeout(closeTimer); return; }
  const link = linkOf(e.target);
  if (!link) { if (card && !pinned) hide(false); return; }
  if (Date.now() - pressedAt < 600) return;   // focus from a click or tap, not from the keyboard
  if (link !== owner) show(link, false);
});

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && card) {
    e.preventDefault();
    cancel();
    hide(true);
  } else if (e.key === "Tab" && !e.shiftKey && card && document.activeElement === owner) {
    const first = focusables(card)[0];
    if (first) { e.preventDefault(); first.focus(); }
  }
});

// On touch, the first tap on a previewable link opens its card instead of following it.
window.addEventListener("click", (e) => {
  if (pointerType !== "touch" || e.defaultPrevented || e.button !== 0) return;
  const link = linkOf(e.target);
  if (link && link === passThrough) { passThrough = null; return; }
  if (!link || link === owner) return;   // a second tap follows the link
  e.preventDefault();
  e.stopPropagation();
  show(link, true);
}, true);

window.addEventListener("scroll", () => { if (card) place(); }, { passive: true });
window.addEventListener("resize", () => { if (card) place(); });

stripTitles(document);   // before Material mounts its tooltips on first load
onPage(() => { cancel(); hide(false); stripTitles(document); });
