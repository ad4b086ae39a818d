/* Army builder: the print view, a player aid to bring to the table. One printed page per kept
   force: each army's dice and points (the engine's answer), and the species abilities, species
   spells and SAIs its dice carry. Which species has which abilities and spells comes from the
   page's data block (generated from the data); their texts are the link previews' entries
   (assets/previews/, kept offline like every asset). Drawn for print only (print CSS). */
import { el } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";
import * as store from "./army-store.js";
import { dieName, groups, listOf } from "./army-view.js";

const PARTS = store.ARMIES.concat(["pool"]);
let texts = null;

/* The preview entries of the species, spells and SAI pages: {url key: {t, p, m, s}}. */
function previewTexts(root) {
  if (!texts) {
    const get = (u) => fetch(new URL(u, root).href).then((r) => (r.ok ? r.json() : {}));
    texts = get("assets/previews/index.json").then((idx) => Promise.all(["species", "spells", "sai"]
      .map((k) => (idx[k] ? get("assets/previews/" + idx[k]) : Promise.resolve({})))))
      .then((parts) => Object.assign({}, ...parts))
      .catch(() => { texts = null; return {}; });
  }
  return texts;
}

/* The page's data (its root's data-army-aid, written by the generator): {species: {id: {abilities, spells}}, sizes: [...]}. */
export function aidOf(ctx) {
  if (!ctx.aid) {
    try { ctx.aid = JSON.parse(ctx.root.dataset.armyAid || "{}"); } catch (e) { ctx.aid = {}; }
  }
  return ctx.aid;
}

function entryBlock(entries, key, fallback) {
  const e = entries[key];
  if (!e) return el("div", { class: "dd-army-print-entry" }, el("dt", {}, fallback));
  return el("div", { class: "dd-army-print-entry" }, el("dt", {}, e.t, e.m && e.m.length ? el("small", {}, " (" + e.m.join(", ") + ")") : null),
    el("dd", {}, (e.p || []).join(" "), e.s ? el("small", {}, " — " + e.s) : null));
}

function armyAid(ctx, ids, entries) {
  const species = [];
  const sais = [];
  ids.forEach((id) => {
    const d = ctx.cat.dice.get(id);
    if (!d) return;
    if (!species.includes(d.species)) species.push(d.species);
    d.faces.forEach((f) => { if (ctx.cat.sais.has(f.icon) && !sais.includes(f.icon)) sais.push(f.icon); });
  });
  const aid = aidOf(ctx).species || {};
  const out = [];
  const abilities = [];
  const spells = [];
  species.forEach((sp) => {
    const a = aid[sp] || { abilities: [], spells: [] };
    a.abilities.forEach((ab) => abilities.push(entryBlock(entries, "species/" + sp + "/#" + ab, ab)));
    a.spells.forEach((s) => spells.push(entryBlock(entries, "spells/" + s + "/", s)));
  });
  if (abilities.length) out.push(el("h4", {}, "Species abilities"), el("dl", {}, abilities));
  if (spells.length) out.push(el("h4", {}, "Species spells"), el("dl", {}, spells));
  if (sais.length) {
    sais.sort((a, b) => ctx.cat.sais.get(a).name.localeCompare(ctx.cat.sais.get(b).name));
    out.push(el("h4", {}, "SAIs on these dice"), el("dl", {}, sais.map((s) => entryBlock(entries, "sai/" + s + "/", ctx.cat.sais.get(s).name))));
  }
  return out;
}

function forcePage(ctx, f, answer, entries) {
  const pts = (p) => (answer && answer.points && answer.points[p] != null ? " — " + answer.points[p] + " points" : "");
  const t = f.force.terrains || {};
  const terrain = (id) => (ctx.cat.terrainById.get(id) || { name: "not chosen" }).name;
  const facts = [(f.force.size ? f.force.size + "-point force" : "Force size not chosen"),
    "Home terrain: " + terrain(t.home), "Proposed frontier terrain: " + terrain(t.frontier)];
  if (answer && answer.points) facts.push("Total: " + answer.points.total + " points");
  return el("article", { class: "dd-army-print-force", "data-print-force": f.id }, el("h2", {}, f.name), el("p", {}, facts.join(" · ")),
    answer && answer.problems && answer.problems.length ? el("p", { class: "dd-army-print-problems" },
      "Not legal yet: " + answer.problems.map((p) => p.text).join(" ")) : null,
    PARTS.map((part) => {
      const ids = listOf(f.force, part);
      if (!ids.length) return null;
      return el("section", { class: "dd-army-print-army" }, el("h3", {}, store.ARMY_NAMES[part] + pts(part)),
        el("ul", {}, groups(ids).map(([id, at]) => el("li", {}, dieName(ctx, id) + (at.length > 1 ? " ×" + at.length : "")))), part === "pool" ? null : armyAid(ctx, ids, entries));
    }));
}

/* The engine's answer for each kept force (cached by its input); a failed one prints without points. */
function answers(ctx, forces) {
  ctx.printAnswers = ctx.printAnswers || new Map();
  return Promise.all(forces.map((f) => {
    const input = ctx.inputOf(f.force);
    const key = JSON.stringify(input);
    if (!ctx.printAnswers.has(key)) {
      ctx.printAnswers.set(key, engine.whenReady().then(() => engine.call("force", input)).catch(() => null));
    }
    return ctx.printAnswers.get(key);
  }));
}

export function refreshPrint(ctx) {
  const forces = store.kept();
  const seq = ctx.printSeq = (ctx.printSeq || 0) + 1;
  const box = ctx.ui.print;
  box.dataset.state = "drawing";
  Promise.all([answers(ctx, forces), previewTexts(ctx.cat.root)]).then(([outs, entries]) => {
    if (seq !== ctx.printSeq || !ctx.root.isConnected) return;
    box.replaceChildren(el("h1", {}, "My forces"), ...(forces.length ? forces.map((f, i) => forcePage(ctx, f, outs[i], entries))
      : [el("p", {}, "No force is kept on this device yet.")]));
    box.dataset.state = "ready";
  });
}

export function bindPrint(ctx) {
  ctx.ui.printButton.addEventListener("click", () => window.print());
}
