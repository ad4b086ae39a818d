/* Forces kept on this device (localStorage), for the army builder and the calculator's "use a
   kept army" picker. A force is the engine's `force` input itself ({size, terrains, armies,
   summoning_pool}); the store adds only a name and an id. Nothing here knows a rule: whether a
   force is legal is the engine's answer. Also the JSON files a force is exported as and imported
   from: {"name": "...", "force": {...}}. */
import { isObj } from "../calc/calc-dom.js";
import { keptStore, cleanName } from "../shared/kept-store.js";
import { load, limit } from "../calc/calc-catalogue.js";

const KEY = "dd-army-forces";
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

/* A kept force repaired as far as it can be read: {value, damaged: [words]}, or null (not a force).
   What the builder cannot show (a terrain that is not a die's id, a list that is not of ids) is
   left out and said; the engine checks the rest when the force is shown. */
function cleanForce(raw) {
  if (!isObj(raw)) return null;
  const damaged = [];
  const force = emptyForce();
  if (Number.isInteger(raw.size) && raw.size >= 1) force.size = raw.size;
  else if (raw.size != null) damaged.push("its size could not be read");
  if (isObj(raw.terrains)) {
    force.terrains = {};
    WORDS.terrains.forEach((k) => {
      const t = raw.terrains[k];
      if (typeof t === "string") force.terrains[k] = t; else if (t != null) damaged.push("its " + k + " terrain could not be read");
    });
  } else if (raw.terrains != null) damaged.push("its terrains could not be read");
  if (!isObj(raw.armies)) damaged.push("its armies could not be read");
  const list = (v, name) => {
    if (v == null) return [];
    const ok = Array.isArray(v) ? v.filter((d) => typeof d === "string").slice(0, MAX_PART || undefined) : [];
    if (!Array.isArray(v) || ok.length !== v.length) damaged.push("dice of its " + name + " could not be read");
    return ok;
  };
  ARMIES.forEach((a) => { force.armies[a] = list(isObj(raw.armies) ? raw.armies[a] : null, ARMY_NAMES[a]); });
  force.summoning_pool = list(raw.summoning_pool, ARMY_NAMES.pool);
  return { value: force, damaged };
}

const store = keptStore({ key: KEY, part: "force", prefix: "f", noun: "Force", clean: cleanForce });
export const { kept, current, select, keep, remove, newId, freshName, stored, damaged, watch } = store;
export { cleanName };

/* A force the engine accepted (from a link or a file) as the page keeps it: its armies all
   there, in the engine input's shape. Throws in words when it holds what the builder does not keep. */
export function pageForce(value) {
  const unknown = isObj(value) ? Object.keys(value).filter((k) => !SHAPE.includes(k)) : [];
  if (unknown.length) throw new Error("it has parts the army builder does not keep (" + unknown.slice(0, 3).join(", ").slice(0, 80) + ")");
  const got = cleanForce(value);
  if (!got) throw new Error("it is not a force");
  return got.value;
}

/* The JSON file of one force, and back. */
export function exportText(entry) {
  return JSON.stringify({ name: entry.name, force: entry.force }, null, 2) + "\n";
}

/* What a file read by the engine holds: {name, force} (the force still to be checked by the
   engine), or throws in words when it is not a force. A force given bare is read too. */
export function fileForce(value) {
  if (!isObj(value)) throw new Error("it is not a force");
  if (!("force" in value)) {
    if (!SHAPE.some((k) => k in value)) throw new Error("it is not a force (it has no size and no armies)");
    return { name: "", force: value };
  }
  const unknown = Object.keys(value).filter((k) => k !== "name" && k !== "force");
  if (unknown.length) throw new Error("it is not a force file (it also holds " + unknown.slice(0, 3).join(", ").slice(0, 80) + ")");
  return { name: cleanName(value.name), force: value.force };
}
