/* Game page: the board as the engine's `state` says it is: the turn and its phase, each terrain
   (its die, face, the army holding its eighth face, its dragons, the armies there and their dice),
   each player's Dead Unit Area, Buried Unit Area, Reserve Area and Summoning Pool, and the spells in
   force with the turn they end. Every part links to the rule that explains it. No rule here: what
   is where is the engine's answer. Each element carries the game's own id (data-*) for tests. */
import { el, siteLink, typeLabel } from "../calc/calc-dom.js";
import { iconName } from "../calc/calc-catalogue.js";
import { armyName, areaName, dieName, nameOf, phaseName, players, terrainName, sayEngine } from "./game-words.js";

const AREAS = ["dua", "bua", "reserve", "pool"];

/* "The frontier" at the start of a heading (a player's name keeps its own spelling). */
function capital(s) { return s.startsWith("the ") ? "T" + s.slice(1) : s; }

function see(ctx, key, text) {
  const part = ctx.aid.parts[key] || ctx.aid.phases[key];
  return part ? siteLink(ctx.cat.root, part.see, text || part.name) : (text || "");
}

function diceList(ctx, ids, label) {
  if (!ids || !ids.length) return el("p", { class: "dd-game-empty" }, "None.");
  return el("ul", { class: "dd-game-dice", "aria-label": label },
    ids.map((id) => el("li", { "data-die": id }, dieName(ctx, id))));
}

function turnLine(ctx, st) {
  const t = st.turn;
  const box = el("div", {});
  if (st.winner) {
    box.append(el("p", { class: "dd-game-winner", "data-game-winner": st.winner }, st.winner + " has won the game. ",
      see(ctx, "win", "Winning by captures"), " · ", see(ctx, "lose", "The last one standing")));
  }
  const phase = ctx.aid.phases[t.phase];
  box.append(el("p", { class: "dd-game-turnline", "data-turn": t.number, "data-player": t.player, "data-phase": t.phase },
    el("strong", {}, "Turn " + t.number + ": " + t.player + "’s turn."), " Phase: ",
    phase ? siteLink(ctx.cat.root, phase.see, phaseName(ctx, t.phase)) : phaseName(ctx, t.phase),
    t.army ? ". " + armyName(t.army) + " is marching" + (t.step === "action" ? " (its action step)" : "") : "", "."));
  return box;
}

function faceText(ctx, die, face) {
  const t = ctx.cat.terrainById.get(die);
  const f = t && (t.faces || []).find((x) => x.number === face);
  return "Face " + face + (f ? " (" + iconName(ctx.cat, f.icon) + ")" : "");
}

function terrainCard(ctx, st, t) {
  const info = st.terrains[t];
  const die = ctx.cat.terrainById.get(info.die);
  const armies = Object.keys(st.armies).filter((a) => st.armies[a].terrain === t).sort();
  const card = el("section", { class: "dd-game-terrain", "data-game-terrain": t, "data-face": info.face,
    "data-controller": info.controller || "", "aria-label": terrainName(ctx, t) },
  el("h3", {}, capital(terrainName(ctx, t)) + ": " + (die ? die.name : "a terrain")),
  el("p", {}, see(ctx, "face", faceText(ctx, info.die, info.face)),
    info.controller ? [" · captured by ", armyName(info.controller), " (", see(ctx, "capture", "eighth face"), ")"] : ""));
  if (info.dragons && info.dragons.length) {
    card.append(el("p", {}, "Dragons here:"), el("ul", { class: "dd-game-dice", "data-game-dragons": t },
      info.dragons.map((id) => el("li", { "data-die": id }, dieName(ctx, id)))));
  }
  armies.forEach((a) => card.append(armyBox(ctx, st, a)));
  if (!armies.length) card.append(el("p", { class: "dd-game-empty" }, "No army here."));
  return card;
}

function armyBox(ctx, st, a) {
  return el("div", { class: "dd-game-army", "data-game-army": a, "data-terrain": st.armies[a].terrain },
    el("h4", {}, armyName(a)), diceList(ctx, st.armies[a].dice, armyName(a)));
}

function areas(ctx, st) {
  return players(ctx.setup).map((p) => {
    const pl = st.players[p] || {};
    const reserve = st.armies[p + ".reserve"];
    return el("section", { class: "dd-game-player", "data-game-player": p, "aria-label": p + "’s play areas" },
      el("h3", {}, p + "’s play areas"),
      AREAS.map((k) => el("div", { class: "dd-game-area", "data-game-area": p + "." + k },
        el("h4", {}, see(ctx, k, areaName(ctx, p + "." + k))),
        diceList(ctx, k === "reserve" && reserve ? reserve.dice : pl[k] || [], areaName(ctx, p + "." + k)))));
  });
}

function effects(ctx, st) {
  const list = st.effects || [];
  return el("section", { class: "dd-game-effects", "aria-label": "Spells in force" },
    el("h3", {}, see(ctx, "effects", "Spells in force")),
    list.length ? el("ul", {}, list.map((e) => {
      const spell = ctx.cat.spellById.get(e.spell);
      return el("li", { "data-effect": e.spell, "data-expires": e.expires },
        siteLink(ctx.cat.root, "/spells/" + encodeURIComponent(e.spell) + "/", spell ? spell.name : typeLabel(e.spell.replace(/-/g, " "))),
        ", cast by " + e.caster + " on " + nameOf(ctx, e.target) + ": ends as turn " + e.expires + " begins.");
    })) : el("p", { class: "dd-game-empty" }, "None."));
}

/* What the engine noted: the setup's problems (never stopping the game) and warnings. */
function notes(ctx, out) {
  const items = (out.setup_problems || []).map((p) => el("li", {}, (p.player ? p.player + ": " : "") + p.text + " ",
    p.see ? siteLink(ctx.cat.root, p.see, "the rule") : ""));
  (out.warnings || []).forEach((w) => items.push(el("li", {}, sayEngine(ctx, w.text || w.message || JSON.stringify(w)))));
  return items.length ? [el("h3", {}, "Notes"), el("ul", {}, items)] : [];
}

export function renderBoard(ctx) {
  const out = ctx.answer;
  const ui = ctx.ui;
  const st = out.state;
  ui.turn.replaceChildren(turnLine(ctx, st));
  ui.terrains.replaceChildren(...Object.keys(st.terrains).map((t) => terrainCard(ctx, st, t)));
  ui.areas.replaceChildren(...areas(ctx, st));
  ui.effects.replaceChildren(effects(ctx, st));
  ui.notes.replaceChildren(...notes(ctx, out));
}
