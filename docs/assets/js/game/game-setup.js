/* Game page: starting a game from two forces kept by the army builder (army-store.js). The page
   gathers the setup's fields (each player's name and force, the force size, whose proposed
   frontier is played, who goes first, the starting faces) and the engine checks them: a refused
   setup shows the engine's reason beside the Start button; a force's own problems are noted on the
   board and never stop the game. */
import { el, option, siteLink, refuse, wholeNumber, newSeed } from "../calc/calc-dom.js";
import * as forces from "../army/army-store.js";
import { engine } from "../engine/engine.js";
import { sayEngine } from "./game-words.js";

const MAX_NAME = 20;

function slug(text, fallback) {
  const s = String(text || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, MAX_NAME).replace(/-+$/, "");
  return s || fallback;
}

function seeLink(ctx, key, text) {
  const part = ctx.aid.parts[key];
  return part ? el("span", { class: "dd-game-see" }, "(", siteLink(ctx.cat.root, part.see, text || "the rule"), ")") : "";
}

function playerBox(ctx, i, list) {
  const pick = el("select", { "data-setup-force": i }, list.map((f, j) => option(f.id, f.name, j === Math.min(i, list.length - 1))));
  const name = el("input", { type: "text", "data-setup-name": i, maxlength: MAX_NAME, autocomplete: "off", pattern: "[a-z0-9-]+" });
  const box = el("fieldset", { class: "dd-game-playerset" }, el("legend", {}, "Player " + (i + 1)),
    el("label", {}, "Force ", pick), el("label", {}, "Name ", name),
    el("p", { class: "dd-game-hint" }, "Lower-case letters, digits and hyphens: the game names this player so."));
  const sync = () => {
    const f = list.find((x) => x.id === pick.value);
    name.value = slug(f && f.name, "player-" + (i + 1));
  };
  pick.addEventListener("change", () => { sync(); refreshChoices(ctx); });
  name.addEventListener("change", () => { name.value = slug(name.value, "player-" + (i + 1)); refreshChoices(ctx); });
  sync();
  return box;
}

function chosen(ctx) {
  const list = forces.kept();
  return [0, 1].map((i) => {
    const pick = ctx.ui.setup.querySelector('[data-setup-force="' + i + '"]');
    const name = ctx.ui.setup.querySelector('[data-setup-name="' + i + '"]');
    return { name: name ? name.value : "", entry: pick ? list.find((f) => f.id === pick.value) : null };
  });
}

function terrainOf(ctx, entry, key) {
  const id = entry && entry.force.terrains ? entry.force.terrains[key] : null;
  const t = id ? ctx.cat.terrainById.get(id) : null;
  return t ? t.name : "no terrain chosen";
}

/* The choices that depend on the forces picked: the size, whose frontier, who goes first, the faces. */
function refreshChoices(ctx) {
  const box = ctx.ui.setup.querySelector("[data-game-setup-choices]");
  const [a, b] = chosen(ctx);
  const old = (sel) => { const f = box.querySelector(sel); return f ? f.value : ""; };
  const size = old("[data-setup-size]") || String((a.entry && a.entry.force.size) || (b.entry && b.entry.force.size) || "");
  const frontier = old("[data-setup-frontier]");
  const first = old("[data-setup-first]");
  const faces = ["a", "b", "frontier"].map((k) => old('[data-setup-face="' + k + '"]'));
  box.replaceChildren(
    el("label", {}, "Force size (points) ", el("input", { type: "number", min: 1, "data-setup-size": "", value: size })), seeLink(ctx, "size"),
    el("label", {}, "Frontier ", el("select", { "data-setup-frontier": "" },
      [a, b].map((p, i) => option(String(i), p.name + "’s proposal: " + terrainOf(ctx, p.entry, "frontier"), String(i) === frontier)))), seeLink(ctx, "frontier"),
    el("label", {}, "Who goes first ", el("select", { "data-setup-first": "" },
      [a, b].map((p, i) => option(String(i), p.name, String(i) === first)))), seeLink(ctx, "first"),
    el("fieldset", { class: "dd-game-checks" }, el("legend", {}, "Starting faces"),
      el("p", { class: "dd-game-hint" }, "The faces your terrain dice rolled; leave a box empty and the page rolls that die for you."),
      el("label", {}, a.name + "’s Home Terrain (" + terrainOf(ctx, a.entry, "home") + ") ", el("input", { type: "number", min: 1, "data-setup-face": "a", value: faces[0] })),
      el("label", {}, b.name + "’s Home Terrain (" + terrainOf(ctx, b.entry, "home") + ") ", el("input", { type: "number", min: 1, "data-setup-face": "b", value: faces[1] })),
      el("label", {}, "The frontier ", el("input", { type: "number", min: 1, "data-setup-face": "frontier", value: faces[2] })),
      seeLink(ctx, "faces", "how terrains start")));
}

function num(v) { return /^\d+$/.test(String(v).trim()) ? Number(v) : String(v).trim(); }
/* A starting face: as typed, or null (left empty): the engine rolls that die, from the setup's seed. A box
   holding what is not a number reads as empty too: sent as "", the engine refuses it by its field. */
function face(input) { return input.validity && input.validity.badInput ? "" : String(input.value).trim() === "" ? null : num(input.value); }

/* The engine's setup from the form. */
function setupOf(ctx) {
  const box = ctx.ui.setup;
  const ps = chosen(ctx);
  const val = (sel) => box.querySelector(sel).value;
  const players = ps.map((p) => Object.assign({ name: p.name }, inputForce(p.entry ? p.entry.force : forces.emptyForce())));
  const names = ps.map((p) => p.name);
  const box$ = (key) => box.querySelector('[data-setup-face="' + key + '"]');
  const faces = { [names[0]]: face(box$("a")), [names[1]]: face(box$("b")), frontier: face(box$("frontier")) };
  const setup = { size: num(val("[data-setup-size]")), frontier: names[Number(val("[data-setup-frontier]"))],
    first: names[Number(val("[data-setup-first]"))], faces, players };
  if (Object.values(faces).includes(null)) setup.seed = newSeed();      // the dice the page rolls
  return setup;
}

/* A kept force as the engine's force input, less its size (the setup's). */
function inputForce(force) {
  const out = { armies: {}, summoning_pool: (force.summoning_pool || []).slice() };
  forces.ARMIES.forEach((a) => { out.armies[a] = ((force.armies || {})[a] || []).slice(); });
  if (force.terrains) out.terrains = Object.assign({}, force.terrains);
  return out;
}

/* Which part of the setup a refusal is about, in words ("Player 2's force: "). */
function partOf(setup, text) {
  const m = /^(?:error:\s*)?setup\.([\w]+)(?:\[(\d+)\])?(?:\.([\w-]+))?/.exec(String(text || ""));
  if (!m) return "";
  if (m[1] === "players") return "player " + (Number(m[2] || 0) + 1) + "’s force: ";
  if (m[1] === "faces") return "the starting face" + (m[3] ? " of " + (m[3] === "frontier" ? "the frontier" : m[3] + "’s Home Terrain") : "s") + ": ";
  return { size: "the force size: ", frontier: "the frontier: ", first: "who goes first: " }[m[1]] || "";
}

export function renderSetup(ctx) {
  const list = forces.kept();
  ctx.ui.noForces.hidden = list.length > 0;
  ctx.ui.players.replaceChildren(...(list.length ? [playerBox(ctx, 0, list), playerBox(ctx, 1, list)] : []));
  ctx.ui.start.disabled = !list.length;
  if (list.length) refreshChoices(ctx);
  else ctx.ui.setup.querySelector("[data-game-setup-choices]").replaceChildren();
}

/* The setup's box the engine's refusal names (err.field: "setup.size", "setup.faces.<player>"). */
function boxOf(ctx, field) {
  const box = ctx.ui.setup;
  if (field === "setup.size") return box.querySelector("[data-setup-size]");
  const m = /^setup\.faces\.(.+)$/.exec(field || "");
  const k = m && (m[1] === "frontier" ? "frontier" : ["a", "b"][chosen(ctx).map((p) => p.name).indexOf(m[1])]);
  return k ? box.querySelector('[data-setup-face="' + k + '"]') : null;
}

/* Beside that box, what to give: the engine's bounds, in words. */
function markBox(ctx, err) {
  const box = boxOf(ctx, err && err.field);
  const m = /whole number from (\d+) to (\d+)/.exec(String((err && err.message) || ""));
  if (!box || !m) return;
  box.dataset.range = m[1] + " " + m[2];
  refuse(box, "Give a whole number from " + m[1] + " to " + m[2] + ".");
}

/* The note leaves as soon as the value typed is within those bounds. */
function recheck(e) {
  const box = e.target;
  if (!box.dataset || !box.dataset.refusal || !box.dataset.range) return;
  const [lo, hi] = box.dataset.range.split(" ").map(Number);
  const n = wholeNumber(box.value);
  if (n != null && n >= lo && n <= hi) refuse(box, "");
}

export function bindSetup(ctx) {
  ctx.ui.setup.addEventListener("input", recheck);
  ctx.ui.start.addEventListener("click", () => {
    const why = ctx.ui.startRefused;
    const setup = setupOf(ctx);
    ctx.ui.setup.querySelectorAll("[data-refusal]").forEach((b) => refuse(b, ""));
    why.textContent = "Checking…";
    engine.whenReady().then(() => engine.call("game", { setup, moves: [] })).then(() => {
      why.textContent = "";
      const [a, b] = chosen(ctx);
      ctx.startGame(setup, (a.entry ? a.entry.name : a.name) + " against " + (b.entry ? b.entry.name : b.name));
    }, (err) => {
      markBox(ctx, err);
      why.textContent = "This game cannot start: " + partOf(setup, err.message) + sayEngine({ setup, aid: ctx.aid, cat: ctx.cat }, err.message) + ".";
    });
  });
}
