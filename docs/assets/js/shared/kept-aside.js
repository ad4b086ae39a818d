/* A kept force or game that is deleted is set aside on this device for a day (localStorage), so
   "Bring it back" still works after a reload. Only the last one deleted of each kind is set aside.
   One module for the army builder, the game page and the calculator (an army cleared or replaced);
   the note and its button go in a status beside the button used (role=status), where the player
   is looking. */
import { el, isObj } from "../calc/calc-dom.js";

const KEEP_MS = 24 * 60 * 60 * 1000;      // a day: long enough for a slip noticed after a reload

// This page's own copy of what it set aside: a storage that is full or blocked still lets the
// player bring it back until the page is left.
const held = new Map();

function read(key) {
  if (held.has(key)) return held.get(key);
  try {
    const raw = JSON.parse(localStorage.getItem(key) || "null");
    if (isObj(raw) && isObj(raw.entry) && typeof raw.entry.id === "string" && typeof raw.when === "number") return raw;
  } catch (e) { /* storage unreadable or blocked: nothing set aside */ }
  return null;
}

export function forget(key) {
  held.delete(key);
  try { localStorage.removeItem(key); } catch (e) { /* blocked: nothing to forget */ }
}

/* Set a deleted entry aside; `at`: where it stood among the kept ones. Answers whether it is kept
   past a reload too. */
export function setAside(key, entry, at) {
  const got = { entry, at, when: Date.now() };
  held.set(key, got);
  try {
    localStorage.setItem(key, JSON.stringify(got));
    return true;
  } catch (e) { return false; }
}

/* The entry set aside less than a day ago, {entry, at}, or null (an older one is forgotten). */
export function aside(key) {
  const got = read(key);
  if (got && Date.now() - got.when >= 0 && Date.now() - got.when < KEEP_MS) return { entry: got.entry, at: got.at };
  if (got) forget(key);
  return null;
}

const DELETED = {
  gone: (entry) => "“" + (entry.name || "") + "” is deleted. ",
  label: "Bring it back",
  back: (entry) => "“" + (entry.name || "") + "” is back.",
};

/* Show "“name” is deleted. [Bring it back]" in `box` when an entry is set aside under `key`;
   `back(entry, at)` keeps and shows it again (and may set aside what it replaces, which is then
   offered in turn). `words`: other words for the note, its button and what is said once it is back.
   Answers whether there was one to offer. */
export function offerBack(box, key, attr, back, words = DELETED) {
  const got = aside(key);
  if (!got) return false;
  const button = el("button", { type: "button", class: "md-button", [attr]: "" }, words.label);
  button.addEventListener("click", () => {
    forget(key);
    back(got.entry, got.at);
    if (!offerBack(box, key, attr, back, words)) box.replaceChildren(words.back(got.entry));
  });
  box.replaceChildren(words.gone(got.entry), button);
  return true;
}
