/* Calculator page: the catalogue of dice, species, spells and terrains from the open data, and
   the engine's vocabulary (roll types, result types, limits) published with it. Names only:
   what a face does in a roll is asked of the engine ("plan"). */
import { typeLabel, wholeNumber } from "./calc-dom.js";
import { fetchPacked } from "../engine/packed.js";

const SITE_ROOT = new URL("../../../", import.meta.url).href;   // assets/js/calc/ -> site root
// The page's own catalogue (names, faces, the engine's vocabulary), not the whole open data:
// read from its .gz copy (packed.js).
const CATALOGUE_URL = new URL("assets/engine/catalogue.json", SITE_ROOT).href;
// The engine's input limits the page checks an input against before sending it. Their numbers
// come only from the catalogue: one it does not publish stops the page with an error.
const PAGE_LIMITS = ["army_size", "dragons", "health", "amount", "text"];
let promise = null;

function byId(list) { const m = new Map(); (list || []).forEach((e) => m.set(e.id, e)); return m; }

function limits(v) {
  const input = (v.limits && v.limits.input) || {};
  const missing = PAGE_LIMITS.filter((name) => !Number.isInteger(input[name]));
  if (missing.length) throw new Error("the engine publishes no limit for " + missing.join(", "));
  return Object.freeze(Object.assign({}, input));
}

/* One of the engine's published input limits (never a number of the page's own). */
export function limit(cat, name) {
  const n = cat.limits[name];
  if (!Number.isInteger(n)) throw new Error("the engine publishes no limit for " + name);
  return n;
}

function index(b) {
  const v = b.calculator || {};
  const cat = {
    root: SITE_ROOT, vocab: v, limits: limits(v),
    icons: byId(b.icons), sais: byId(b.sais), species: byId(b.species), dice: byId(b.dice),
    spells: v.spell_modifiers || [], terrainTypes: b.terrain_types || [], terrains: b.terrains || [],
    dragons: b.dragons || [], terrainById: new Map(), diceBySpecies: new Map(),
  };
  cat.spellById = byId(cat.spells);
  cat.rollTypes = byId(v.roll_types);
  cat.terrainTypes.forEach((t) => cat.terrainById.set(t.id, t));
  cat.terrains.forEach((t) => cat.terrainById.set(t.id, t));
  (b.dice || []).forEach((d) => {
    if (!cat.diceBySpecies.has(d.species)) cat.diceBySpecies.set(d.species, []);
    cat.diceBySpecies.get(d.species).push(d);
  });
  cat.diceBySpecies.forEach((list) => list.sort((a, c) => (a.health || 0) - (c.health || 0) || a.name.localeCompare(c.name)));
  const named = (b.species || []).map((s) => ({ id: s.id, name: s.name }));
  if (cat.diceBySpecies.has("items")) named.push({ id: "items", name: "Items" });
  cat.speciesList = named.filter((s) => cat.diceBySpecies.has(s.id)).sort((a, c) => a.name.localeCompare(c.name));
  cat.inlineSpecies = (b.species || []).map((s) => ({ id: s.id, name: s.name })).sort((a, c) => a.name.localeCompare(c.name));
  cat.iconNames = [];
  cat.icons.forEach((i) => cat.iconNames.push(i.name));
  cat.sais.forEach((s) => cat.iconNames.push(s.name));
  return cat;
}

export function load() {
  if (!promise) {
    promise = fetchPacked(CATALOGUE_URL, "application/json")
      .then((r) => { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(index)
      .catch((err) => { promise = null; throw err; });
  }
  return promise;
}

export function iconName(cat, id) {
  const e = cat.icons.get(id) || cat.sais.get(id);
  return e ? e.name : id;
}

export function faceLabel(cat, face) { return (face.count != null ? face.count + " " : "") + iconName(cat, face.icon); }

export function elementsText(list) {
  return list && list.length ? list.map(typeLabel).join(", ") : "no element";
}

/* A "Species" picker shows the species of the army's last die until the player picks one, so an
   army opened from a link or kept on the device can be added to at once. `refill` redraws its units. */
export function followArmy(cat, select, army, refill) {
  if (select.dataset.picked) return;
  const last = army.map((u) => u.die && cat.dice.get(u.die)).filter(Boolean).pop();
  if (last && cat.diceBySpecies.has(last.species) && select.value !== last.species) {
    select.value = last.species;
    refill();
  }
}

/* An amount typed for a free modifier of `op`: {amount} or {why}, in player words. Its bounds are
   the engine's (the op's smallest amount, the amount limit); 0 added or taken away is refused too,
   as it would change nothing. */
export function checkAmount(cat, op, text) {
  const top = limit(cat, "amount");
  const o = (cat.vocab.free_modifiers || []).find((f) => f.op === op) || {};
  const lowest = Number.isInteger(o.lowest) ? o.lowest : 0;
  const from = lowest === 0 && (op === "add" || op === "subtract") ? 1 : lowest;
  const n = wholeNumber(text);
  const range = "from " + from + " to " + top;
  if (String(text).trim() === "") return { why: "Give an amount: a whole number " + range + "." };
  if (n === 0 && from > lowest) return { why: "0 changes nothing: give a whole number " + range + "." };
  if (n == null || n < from || n > top) return { why: "Give a whole number " + range + "." };
  return { amount: n };
}
