/* Game page: the engine's names in the players' words. The engine names players, terrains, armies,
   dice and play areas by the game's own ids (`alice.campaign`, `bob.home.2`, `alice.dua`, the
   terrain `frontier`); the page shows them as "alice's Campaign army", the die's name, "alice's
   Dead Unit Area (DUA)". Names of dice come from the catalogue, of phases and areas from the rules
   data (the page's data block). No rule here. */
import { isObj, typeLabel } from "../calc/calc-dom.js";
import { ARMIES, ARMY_NAMES } from "../army/army-store.js";

const LISTS = ARMIES.concat(["pool"]);

export function players(setup) {
  return isObj(setup) && Array.isArray(setup.players) ? setup.players.map((p) => (isObj(p) ? String(p.name) : "")) : [];
}

/* The die type (catalogue id) a game's die id names: `<player>.<list>.<n>` in the setup's lists. */
export function dieType(setup, id) {
  const m = /^(.+)\.(home|horde|campaign|pool)\.(\d+)$/.exec(String(id));
  if (!m || !isObj(setup) || !Array.isArray(setup.players)) return null;
  const p = setup.players.find((x) => isObj(x) && x.name === m[1]);
  if (!p) return null;
  const list = m[2] === "pool" ? p.summoning_pool : (isObj(p.armies) ? p.armies[m[2]] : null);
  return Array.isArray(list) ? list[Number(m[3]) - 1] || null : null;
}

export function catalogueEntry(cat, type) {
  if (!type) return null;
  return cat.dice.get(type) || cat.dragons.find((d) => d.id === type) || cat.terrainById.get(type) || null;
}

export function dieName(ctx, id) {
  const e = catalogueEntry(ctx.cat, dieType(ctx.setup, id));
  return e ? e.name : "a die";
}

export function armyName(name) {
  const m = /^(.+)\.(home|horde|campaign|reserve)$/.exec(String(name));
  if (!m) return String(name);
  const kind = m[2] === "reserve" ? "Reserve army" : ARMY_NAMES[m[2]];
  return m[1] + "’s " + kind;
}

export function terrainName(ctx, t) {
  if (t === "frontier") return "the frontier";
  if (t === "reserve") return "the Reserve Area";
  return players(ctx.setup).includes(t) ? t + "’s Home Terrain" : String(t);
}

/* A terrain with the die it is ("the frontier (Coastland City)"). */
export function terrainFull(ctx, t) {
  const st = ctx.answer && ctx.answer.state && ctx.answer.state.terrains && ctx.answer.state.terrains[t];
  const die = st ? ctx.cat.terrainById.get(st.die) : null;
  return terrainName(ctx, t) + (die ? " (" + die.name + ")" : "");
}

export function areaName(ctx, area) {
  const m = /^(.+)\.(dua|bua|reserve|pool)$/.exec(String(area));
  if (!m) return String(area);
  const part = ctx.aid.parts[m[2]];
  return m[1] + "’s " + (part ? part.name : typeLabel(m[2]));
}

export function phaseName(ctx, phase) {
  const p = ctx.aid.phases[phase];
  return p ? p.name : typeLabel(phase);
}

/* Any game name in words: a die, an army, a play area, a terrain. */
export function nameOf(ctx, token) {
  const s = String(token);
  if (/\.(home|horde|campaign|pool)\.\d+$/.test(s)) return dieName(ctx, s);
  if (/\.(home|horde|campaign|reserve)$/.test(s) && players(ctx.setup).includes(s.replace(/\.[a-z]+$/, ""))) return armyName(s);
  if (/\.(dua|bua|pool)$/.test(s)) return areaName(ctx, s);
  if (s === "frontier" || players(ctx.setup).includes(s)) return terrainName(ctx, s);
  return s;
}

/* One line of the engine (a refusal, a warning) in the players' words: the field it names is left
   out (the control it stands beside says which), and the game's ids become names. */
export function sayEngine(ctx, text) {
  let s = String(text || "").replace(/^error:\s*/, "");
  s = s.replace(/^(moves\[\d+\]|setup)(\.[\w.[\]-]+)?:\s*/, "");
  const names = players(ctx.setup).map((p) => p.replace(/[-]/g, "\\-")).join("|");
  if (names) {
    const ids = new RegExp("\\b(?:" + names + ")\\.(?:(?:home|horde|campaign|pool)\\.\\d+|home|horde|campaign|reserve|dua|bua|pool)\\b", "g");
    s = s.replace(ids, (m) => nameOf(ctx, m));
  }
  s = s.replace(/\b(at|to|from) frontier\b/g, "$1 the frontier");
  Object.keys(ctx.aid.phases).forEach((p) => {
    s = s.replace(new RegExp("\\b(the )?" + p + "( phase)?\\b", "g"), (m, the) => (the || "") + phaseName(ctx, p).replace(/^\d+\.\s*/, "") + " phase");
  });
  return s;
}

export const DIE_LISTS = LISTS;
