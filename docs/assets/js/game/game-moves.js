/* Game page: the moves open now (the engine's `open`) as buttons, and the form of the move picked:
   what the move needs (a direction, a target, dice, the faces rolled: picked, or left for the engine
   to roll), sent to the engine with the whole game. A refused move shows the engine's one-line
   reason beside its button. Which rolls a side makes in an attack comes from the engine's
   vocabulary (the catalogue); which moves are open, and whether a move stands, from its answers.
   The fields are the `game` input's own; no rule here. */
import { el, siteLink, newSeed } from "../calc/calc-dom.js";
import { armyName, terrainFull } from "./game-words.js";
import { FORMS, facesOf } from "./game-forms.js";
import "./game-play.js";          // the forms of the other moves (a dragon attack)
import "./game-calc.js";          // each rolling move: "Work it out in the calculator"
import { markMove } from "./game-marks.js";

const ROLLING = new Set(["maneuver", "melee", "missile", "magic", "dragon-attack"]);
const DIRECT = new Set(["end-phase", "end-turn"]);

function moveInfo(ctx, move) { return ctx.aid.moves[move] || { name: move }; }

function buttonText(ctx, m) {
  const info = moveInfo(ctx, m.move);
  if (m.target) return info.name + ": " + armyName(m.target);
  if (m.move === "reserves" && m.step) return info.name + ": " + (m.step === "reinforce" ? "reinforce" : "retreat");
  if (m.terrain && m.move === "dragon-attack") return info.name + " at " + terrainFull(ctx, m.terrain);
  return info.name;
}

function moveKey(m) { return [m.move, m.army || "", m.target || "", m.terrain || "", m.step || ""].join("|"); }

/* The buttons of the moves open now, grouped by the army that makes them. */
export function renderOpen(ctx) {
  const open = ctx.answer.open || [];
  const groups = new Map();
  open.forEach((m) => {
    const g = m.army || "";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(m);
  });
  const out = [];
  if (!open.length) out.push(el("p", { class: "dd-game-empty" }, "No move is open: the game is over."));
  groups.forEach((moves, army) => {
    const st = ctx.answer.state;
    const head = army ? armyName(army) + (st.armies[army] ? " (at " + terrainFull(ctx, st.armies[army].terrain) + ")" : "")
      : ctx.answer.state.turn.player + "’s other moves";
    out.push(el("div", { class: "dd-game-group", role: "group", "aria-label": head }, el("h3", {}, head),
      el("div", { class: "dd-game-buttons" }, moves.map((m) => el("button", {
        type: "button", class: "md-button" + (ctx.picked && moveKey(ctx.picked) === moveKey(m) ? " md-button--primary" : ""),
        "data-open-move": m.move, "data-army": m.army || null, "data-target": m.target || null,
        "data-terrain": m.terrain || null, "data-step": m.step || null, "data-key": "open-" + moveKey(m),
        onclick: (e) => pick(ctx, m, e.currentTarget),
      }, buttonText(ctx, m))))));
  });
  ctx.ui.open.replaceChildren(...out);
}

function pick(ctx, m, button) {
  if (DIRECT.has(m.move)) {
    const move = { move: m.move };
    if (m.terrain) move.terrain = m.terrain;
    if (ROLLING.has(m.move)) move.seed = newSeed();
    const why = el("span", { class: "dd-game-refused", role: "alert", "data-game-refused": "" });
    ctx.ui.open.querySelectorAll("[data-game-refused]").forEach((s) => s.remove());
    button.after(why);
    ctx.play(move, why);
    return;
  }
  ctx.picked = m;
  renderOpen(ctx);
  renderForm(ctx);
}

export function renderForm(ctx) {
  const m = ctx.picked;
  const box = ctx.ui.form;
  if (!m || !FORMS[m.move]) { box.replaceChildren(); return; }
  const info = moveInfo(ctx, m.move);
  const { parts, read } = FORMS[m.move](ctx, m);
  const why = el("span", { class: "dd-game-refused", role: "alert", "data-game-refused": "" });
  const form = el("form", { class: "dd-game-form", "data-game-move-form": m.move, "aria-label": buttonText(ctx, m) },
    el("h3", {}, buttonText(ctx, m)),
    info.see ? el("p", { class: "dd-game-rule" }, "The rule: ", siteLink(ctx.cat.root, info.see, info.rule)) : null,
    parts,
    el("div", { class: "dd-calc-row" }, el("button", { type: "submit", class: "md-button md-button--primary", "data-game-submit": "" }, "Make this move"),
      el("button", { type: "button", class: "md-button", onclick: () => { ctx.picked = null; renderOpen(ctx); renderForm(ctx); } }, "Cancel"), why));
  let seed = null;
  // The move as the form reads it (with the roll of its last try), or null while a box is refused.
  const again = () => {
    const move = read(form);
    if (!move) return null;             // a field refused beside its box
    const faces = facesOf(form);
    if (Object.keys(faces).length) move.faces = faces;
    if (seed != null) move.seed = seed;
    return move;
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    seed = ROLLING.has(m.move) ? newSeed() : null;
    const move = again();
    if (move) ctx.play(move, why);
  });
  // A refusal naming a field of the form: marked beside it (game-marks.js), checked again as it changes.
  why.addEventListener("dd-refused", (e) => markMove(ctx, form, e.detail, () => {
    const move = again();
    return move && { setup: ctx.entry.game.setup, moves: ctx.entry.game.moves.concat([move]) };
  }, why));
  box.replaceChildren(form);
}
