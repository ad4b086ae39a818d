/* Army builder: the print view, a player aid to bring to the table. Each kept force on one or two
   A4 pages: each army's dice and points (the engine's answer), each die with its species, size and
   faces (drawn as the dice list draws them: its card's faces, copied), then once for the force the
   species abilities, species spells and SAIs its dice carry. Which species has which abilities and
   spells comes from the page's data block (generated from the data); their texts are the link
   previews' entries (assets/previews/, kept offline like every asset). Drawn for print only. */
import { el } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";
import * as store from "./army-store.js";
import { dieName, dieFacts, groups, listOf } from "./army-view.js";

const ARMIES_ONLY = store.ARMIES;
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

/* The species abilities and spells, and the SAIs, of the force's dice: each once. */
function forceAid(ctx, ids, entries) {
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
  const spells = [];
  const abilities = species.map((sp) => {
    const a = aid[sp] || { abilities: [], spells: [] };
    a.spells.forEach((s) => spells.push(entryBlock(entries, "spells/" + s + "/", s)));
    if (!a.abilities.length) return null;
    const name = (ctx.cat.species.get(sp) || { name: sp }).name;
    return el("div", { class: "dd-army-print-species", "data-print-species": sp }, el("h4", {}, name),
      el("dl", {}, a.abilities.map((ab) => entryBlock(entries, "species/" + sp + "/#" + ab, ab))));
  }).filter(Boolean);
  if (abilities.length) out.push(el("h3", {}, "Species abilities"), ...abilities);
  if (spells.length) out.push(el("h3", {}, "Species spells"), el("dl", {}, spells));
  if (sais.length) {
    sais.sort((a, b) => ctx.cat.sais.get(a).name.localeCompare(ctx.cat.sais.get(b).name));
    out.push(el("h3", {}, "SAIs on these dice"), el("dl", {}, sais.map((s) => entryBlock(entries, "sai/" + s + "/", ctx.cat.sais.get(s).name))));
  }
  return out.length ? el("section", { class: "dd-army-print-aid" }, out) : null;
}

/* One die of an army, with its facts and its faces as its card in the dice list draws them. */
function dieRow(ctx, id, n) {
  const card = ctx.root.querySelector('li.dd-card[data-die="' + CSS.escape(id) + '"] .dd-faces');
  return el("li", { class: "dd-army-print-die", "data-print-die": id },
    el("span", { class: "dd-army-print-die-name" }, dieName(ctx, id) + (n > 1 ? " ×" + n : "")),
    el("span", { class: "dd-army-print-die-facts" }, dieFacts(ctx, id).join(" · ")),
    card ? card.cloneNode(true) : null);
}

function forcePage(ctx, f, answer, entries) {
  const pts = (p) => (answer && answer.points && answer.points[p] != null ? " — " + answer.points[p] + " points" : "");
  const t = f.force.terrains || {};
  const terrain = (id) => (ctx.cat.terrainById.get(id) || { name: "not chosen" }).name;
  const facts = [(f.force.size ? f.force.size + "-point force" : "Force size not chosen"),
    "Home terrain: " + terrain(t.home), "Proposed frontier terrain: " + terrain(t.frontier)];
  if (answer && answer.points) facts.push("Total: " + answer.points.total + " points");
  const armies = ARMIES_ONLY.flatMap((part) => listOf(f.force, part));
  return el("article", { class: "dd-army-print-force", "data-print-force": f.id }, el("h2", {}, f.name), el("p", {}, facts.join(" · ")),
    answer && answer.problems && answer.problems.length ? el("p", { class: "dd-army-print-problems" },
      "Not legal yet: " + answer.problems.map((p) => p.text).join(" ")) : null,
    el("div", { class: "dd-army-print-armies" }, PARTS.map((part) => {
      const ids = listOf(f.force, part);
      if (!ids.length) return null;
      return el("section", { class: "dd-army-print-army" }, el("h3", {}, store.ARMY_NAMES[part] + pts(part)),
        el("ul", {}, groups(ids).map(([id, at]) => dieRow(ctx, id, at.length))));
    })), forceAid(ctx, armies, entries));
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
