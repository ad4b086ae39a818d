/* What a player keeps on this device (localStorage): the army builder's forces and the game page's
   games, one store each, written here once. An entry is {id, name, <part>, rev}: `rev` names the
   save it came from, so a save made meanwhile by another tab is found and never overwritten without
   the player choosing so (keep answers a clash). Kept data that cannot be read (damaged by hand or by
   another program) is set aside as it was under "<key>-damaged" and said in words; each entry is
   repaired as far as it can be read by the store's `clean`. A full storage is said apart from a
   blocked one. Nothing here knows a rule. */
import { isObj } from "../calc/calc-dom.js";

const VERSION = 1;
const MAX_NAME = 60;

export function cleanName(text) {
  return typeof text === "string" || typeof text === "number"
    ? String(text).replace(/\s+/g, " ").trim().slice(0, MAX_NAME) : "";
}

function newRev() { return Date.now().toString(36) + Math.floor(Math.random() * 1e9).toString(36); }

/* key: the localStorage key; part: the entry's field ("force", "game"); prefix: of new ids; noun:
   the default name ("Force"); clean(value) -> {value, damaged: [words]} or null (not readable). */
export function keptStore({ key, part, prefix, noun, clean }) {
  const list = part === "force" ? "forces" : "games";
  let damaged = [];         // the words of the last read that found damage

  function setAsideRaw(text) {
    try { if (localStorage.getItem(key + "-damaged") == null) localStorage.setItem(key + "-damaged", text); } catch (e) { /* blocked */ }
  }

  function read() {
    let text = null;
    try { text = localStorage.getItem(key); } catch (e) { return { items: [], current: null }; }
    if (text == null) { damaged = []; return { items: [], current: null }; }
    let raw;
    try { raw = JSON.parse(text); } catch (e) { raw = undefined; }
    const said = [];
    if (!isObj(raw) || raw.version !== VERSION || !Array.isArray(raw[list])) {
      said.push("what was kept could not be read at all");
      raw = { [list]: [], current: null };
    }
    const items = [];
    raw[list].forEach((e, i) => {
      const got = isObj(e) && typeof e.id === "string" ? clean(e[part]) : null;
      if (!got) { said.push("entry " + (i + 1) + " could not be read"); return; }
      const name = cleanName(e.name);
      if (!name || name !== e.name) said.push("“" + (name || "entry " + (i + 1)) + "” had a name that could not be read");
      got.damaged.forEach((w) => said.push("“" + (name || "entry " + (i + 1)) + "”: " + w));
      items.push({ id: e.id, name: name || noun + " " + (i + 1), [part]: got.value, rev: typeof e.rev === "string" ? e.rev : undefined,
        ...(Array.isArray(e.redo) ? { redo: e.redo.filter(isObj) } : {}) });
    });
    if (said.length) setAsideRaw(text);
    damaged = said;
    return { items, current: typeof raw.current === "string" ? raw.current : null };
  }

  /* true, or why not: "full" (the browser's storage for the site is full) or "blocked". */
  function write(data) {
    try {
      localStorage.setItem(key, JSON.stringify({ version: VERSION, [list]: data.items, current: data.current }));
      return true;
    } catch (e) {
      return e && (e.name === "QuotaExceededError" || e.code === 22) ? "full" : "blocked";
    }
  }

  const copy = (entry, rev) => ({ id: entry.id, name: entry.name, [part]: JSON.parse(JSON.stringify(entry[part])),
    ...(entry.redo ? { redo: JSON.parse(JSON.stringify(entry.redo)) } : {}), rev });

  const same = (a, b) => a.name === b.name && JSON.stringify(a[part]) === JSON.stringify(b[part])
    && JSON.stringify(a.redo || []) === JSON.stringify(b.redo || []);

  const store = {
    /* Every kept entry, in the order they were made. */
    kept: () => read().items,
    /* The words of what the last read found damaged ([] when all was read). */
    damaged: () => damaged.slice(),
    current() {
      const data = read();
      return data.items.find((e) => e.id === data.current) || data.items[data.items.length - 1] || null;
    },
    select(id) { const data = read(); data.current = id; return write(data) === true; },
    /* The kept save of this entry now: undefined when none is kept, else the entry. */
    stored: (id) => read().items.find((e) => e.id === id),
    /* Keep (add or replace) an entry; `at`: where one brought back after a delete goes. Unless
       `sure`, a save of the same entry made since this one was read (another tab's) or its delete
       is a clash: nothing is written and {clash: the kept entry or null} is answered. Else true,
       "full" or "blocked"; the entry's rev becomes the new save's. */
    keep(entry, at, sure) {
      const data = read();
      const i = data.items.findIndex((e) => e.id === entry.id);
      if (!sure && entry.rev !== undefined && (i < 0 || data.items[i].rev !== entry.rev)) return { clash: i < 0 ? null : data.items[i] };
      // Shown again unchanged: no new save (another tab showing it has nothing to hear of).
      if (i >= 0 && entry.rev !== undefined && same(data.items[i], entry)) {
        if (data.current === entry.id) return true;
        data.current = entry.id;
        return write(data);
      }
      const rev = newRev();
      const kept = copy(entry, rev);
      if (i >= 0) data.items[i] = kept;
      else if (Number.isInteger(at) && at >= 0 && at <= data.items.length) data.items.splice(at, 0, kept);
      else data.items.push(kept);
      data.current = entry.id;
      const done = write(data);
      if (done === true) entry.rev = rev;
      return done;
    },
    /* Delete an entry; answers where it stood (to bring it back with keep(entry, at, true)). */
    remove(id) {
      const data = read();
      const at = data.items.findIndex((e) => e.id === id);
      data.items = data.items.filter((e) => e.id !== id);
      if (data.current === id) data.current = data.items.length ? data.items[data.items.length - 1].id : null;
      write(data);
      return at;
    },
    newId: () => prefix + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36),
    /* A name not yet used: "Force 1", "Force 2", ... (or the name given, numbered when taken). */
    freshName(base) {
      const names = new Set(read().items.map((e) => e.name));
      const stem = base || noun;
      if (base && !names.has(base)) return base;
      for (let n = 1; ; n += 1) if (!names.has(stem + " " + n)) return stem + " " + n;
    },
    /* Call fn() when another tab changes what is kept, while `root` is on the page. */
    watch(root, fn) {
      const on = (e) => {
        if (!document.body.contains(root)) { window.removeEventListener("storage", on); return; }
        if (e.key === key || e.key === null) fn();
      };
      window.addEventListener("storage", on);
    },
  };
  return store;
}
