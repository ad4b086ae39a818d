/* Game page: the roll a spell cast calls for of its target, in the magic move's form. When a row's
   spell is one the engine's plan says calls for a roll (its `calls_for`, and `target_rolls`: how
   many times a die rolls it) and a target is picked, the row shows the faces of the dice at that
   target (a die, an army, or the armies at a terrain), picked or left for the engine to roll; the
   cast entry then carries them as `faces`. Which dice really roll, what the faces do and who dies
   is the engine's answer: no rule here. */
import { el } from "../calc/calc-dom.js";
import { FORMS, faceSelect, facesOf } from "./game-forms.js";
import { armyName, dieName, terrainFull } from "./game-words.js";

const ROLLS = ["spell", "again"];

/* The dice a target names, by army: {title: [die, ...]}. */
function diceAt(ctx, target) {
  const st = ctx.answer.state;
  if (st.armies[target]) return [[armyName(target), st.armies[target].dice]];
  if (st.terrains[target]) {
    return Object.keys(st.armies).sort().filter((a) => st.armies[a].terrain === target)
      .map((a) => [armyName(a) + " at " + terrainFull(ctx, target), st.armies[a].dice]);
  }
  const army = Object.keys(st.armies).find((a) => st.armies[a].dice.includes(target));
  return army ? [[dieName(ctx, target), [target]]] : [];
}

function rollPart(ctx, spell, target) {
  const n = Math.max(1, Math.min(ROLLS.length, spell.target_rolls || 1));
  const groups = diceAt(ctx, target);
  return el("fieldset", { class: "dd-game-faces", "data-cast-roll": spell.spell },
    el("legend", {}, "The target's roll: " + spell.calls_for),
    groups.length ? groups.map(([title, dice]) => el("div", { class: "dd-game-die" }, el("span", { class: "dd-game-die-name" }, title),
      dice.map((d) => el("div", {}, el("span", {}, dieName(ctx, d) + " "),
        ROLLS.slice(0, n).map((r, i) => faceSelect(ctx, d, d + "-" + r, i ? "Second roll" : "Face"))))))
      : el("p", { class: "dd-game-empty" }, "Pick a target to give its roll."));
}

function redraw(ctx, row) {
  const old = row.querySelector("[data-cast-roll]");
  if (old) old.remove();
  const spell = (ctx.spells || []).find((s) => s.spell === row.querySelector("[data-cast-spell]").value);
  if (spell && spell.calls_for) row.append(rollPart(ctx, spell, row.querySelector("[data-cast-target]").value));
}

/* {die: {spell, again}} as the cast entry's faces: a bare face, or [first, second]. */
function entryFaces(part) {
  const out = {};
  Object.entries(facesOf(part)).forEach(([die, f]) => {
    out[die] = f.again != null ? [f.spell != null ? f.spell : null, f.again] : f.spell;
  });
  return out;
}

const base = FORMS.magic;
FORMS.magic = (ctx, m) => {
  const form = base(ctx, m);
  form.parts.forEach((p) => p && p.addEventListener && p.addEventListener("change", (e) => {
    const row = e.target.closest("[data-cast-row]");
    if (row && e.target.matches("[data-cast-spell], [data-cast-target]")) redraw(ctx, row);
  }));
  const read = (f) => {
    const move = form.read(f);
    const rows = [...f.querySelectorAll("[data-cast-row]")].filter((r) => r.querySelector("[data-cast-spell]").value);
    rows.forEach((r, i) => {
      const part = r.querySelector("[data-cast-roll]");
      if (part && move.cast[i]) move.cast[i].faces = entryFaces(part);
    });
    return move;
  };
  return { parts: form.parts, read };
};
