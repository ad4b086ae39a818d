/* Forces kept on this device (localStorage), for the army builder and the calculator's "use a
   kept army" picker. A force is the engine's `force` input itself ({size, terrains, armies,
   summoning_pool}); the store adds only a name and an id. Nothing here knows a rule: whether a
   force is legal is the engine's answer. Also the JSON files a force is exported as and imported
   from: {"name": "...", "force": {...}}. */
import { isObj } from "../calc/calc-dom.js";
import { load, limit } from "../calc/calc-catalogue.js";

const KEY = "dd-army-forces";
const VERSION = 1;
const MAX_NAME = 60;
// A force's parts, their names and how many dice one part may hold are the engine's (the catalogue's
// calculator.force and limit force_dice). A catalogue that does not load leaves them empty: the page
// that imports this store loads it too, and says it could not.
const cat = await load().catch(() => null);
const WORDS = (cat && cat.vocab.force) || { armies: [], names: {}, terrains: [] };
const MAX_PART = cat ? limit(cat, "force_dice") : 0;
export const ARMIES = WORDS.armies.slice();
export const ARMY_NAMES = Object.assign({}, WORDS.names);
const SHAPE = ["size", "terrains", "armies", "summoning_pool"];     // the engine's force input

export function emptyForce() {
  return { armies: Object.fromEntries(ARMIES.map((a) => [a, []])), summoning_pool: [] };
}

function read() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "null");
    if (isObj(raw) && raw.version === VERSION && Array.isArray(raw.forces)) {
      const forces = raw.forces.filter((f) => isObj(f) && typeof f.id === "string" && isObj(f.force));
      return { forces, current: raw.current };
    }
  } catch (e) { /* storage unreadable or blocked: start with nothing kept */ }
  return { forces: [], current: null };
}

function write(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, forces: data.forces, current: data.current }));
    return true;
  } catch (e) { return false; }
}

/* Every kept force, [{id, name, force}], in the order they were made. */
export function kept() { return read().forces; }

export function current() {
  const data = read();
  return data.forces.find((f) => f.id === data.current) || data.forces[0] || null;
}

export function select(id) { const data = read(); data.current = id; return write(data); }

/* Keep (add or replace) a force: {id, name, force}; `at`: where a force brought back after a
   delete goes. */
export function keep(entry, at) {
  const data = read();
  const i = data.forces.findIndex((f) => f.id === entry.id);
  const copy = { id: entry.id, name: entry.name, force: JSON.parse(JSON.stringify(entry.force)) };
  if (i >= 0) data.forces[i] = copy;
  else if (Number.isInteger(at) && at >= 0 && at <= data.forces.length) data.forces.splice(at, 0, copy);
  else data.forces.push(copy);
  data.current = entry.id;
  return write(data);
}

/* Delete a force; answers where it stood (to bring it back with keep(entry, at)). */
export function remove(id) {
  const data = read();
  const at = data.forces.findIndex((f) => f.id === id);
  data.forces = data.forces.filter((f) => f.id !== id);
  if (data.current === id) data.current = data.forces.length ? data.forces[data.forces.length - 1].id : null;
  write(data);
  return at;
}

export function newId() { return "f" + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36); }

/* A name not yet used: "Force 1", "Force 2", ... (or the name given, numbered when taken). */
export function freshName(base) {
  const names = new Set(kept().map((f) => f.name));
  const stem = base || "Force";
  if (base && !names.has(base)) return base;
  for (let n = 1; ; n += 1) if (!names.has(stem + " " + n)) return stem + " " + n;
}

export function cleanName(text) {
  const s = String(text == null ? "" : text).replace(/\s+/g, " ").trim();
  return s.slice(0, MAX_NAME);
}

/* A force read from a file or a link, checked for shape only (lists of ids); the engine checks
   every id and number and names the field it refuses. Throws an Error in words. */
export function checkShape(raw) {
  if (!isObj(raw)) throw new Error("it is not a force (no armies)");
  const unknown = Object.keys(raw).filter((k) => !SHAPE.includes(k));
  if (unknown.length) throw new Error("it has parts a force does not have (" + unknown.slice(0, 3).join(", ").slice(0, 80) + ")");
  const out = {};
  if (raw.size != null) out.size = raw.size;
  if (raw.terrains != null) {
    if (!isObj(raw.terrains)) throw new Error("its terrains are not a Home and a frontier terrain");
    out.terrains = {};
    WORDS.terrains.forEach((k) => { if (raw.terrains[k] != null) out.terrains[k] = raw.terrains[k]; });
  }
  if (!isObj(raw.armies)) throw new Error("it has no armies");
  const list = (v, what) => {
    if (v == null) return [];
    if (!Array.isArray(v) || !v.every((d) => typeof d === "string")) throw new Error(what + " is not a list of dice");
    if (v.length > MAX_PART) throw new Error(what + " names more dice than it can hold");
    return v.slice();
  };
  out.armies = {};
  ARMIES.forEach((a) => { out.armies[a] = list(raw.armies[a], "the " + ARMY_NAMES[a]); });
  out.summoning_pool = list(raw.summoning_pool, "the " + ARMY_NAMES.pool);
  return out;
}

/* The JSON file of one force, and back. */
export function exportText(entry) {
  return JSON.stringify({ name: entry.name, force: entry.force }, null, 2) + "\n";
}

export function importText(text) {
  let raw;
  try { raw = JSON.parse(text); } catch (e) { throw new Error("the file is not valid JSON"); }
  if (!isObj(raw)) throw new Error("the file does not hold a force");
  const force = checkShape(isObj(raw.force) ? raw.force : raw);
  return { name: cleanName(raw.name), force };
}
