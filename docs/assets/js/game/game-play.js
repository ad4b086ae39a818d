/* Game page: what game-forms.js does not draw. A dragon attack's form: the face each dragon at the
   terrain rolled and the faces of the army it attacks (the marching player's army there), picked or
   left for the engine to roll. A melee or missile attack's casualties: the units each army's owner
   removes, or none picked and the engine picks. The dragon's faces come from the catalogue; which
   army is attacked, what the faces do and whether the units picked fit the damage is the engine's
   answer. No rule here. */
import { el, option, siteLink } from "../calc/calc-dom.js";
import { catalogueEntry, dieName, dieType, armyName, terrainFull } from "./game-words.js";
import { FORMS, facePickers } from "./game-forms.js";
import { iconName } from "../calc/calc-catalogue.js";
import "./game-cast.js";           // a spell's roll of its target, in the magic move's form

/* A dragon's roll: one choice per kind of face (the engine reads a dragon's face by its icon). */
function dragonFace(ctx, die) {
  const entry = catalogueEntry(ctx.cat, dieType(ctx.setup, die));
  const icons = [...new Set(((entry && entry.faces) || []).map((f) => f.icon))];
  return el("label", { class: "dd-game-face" }, dieName(ctx, die) + " ",
    el("select", { id: "dd-game-face-" + die.replace(/[^\w-]/g, "-"), "data-face-of": die, "data-roll": die },
      [option("", "Roll it for me")].concat(icons.map((i) => option(i, iconName(ctx.cat, i))))));
}

function dragonAttack(ctx, m) {
  const st = ctx.answer.state;
  const dragons = (st.terrains[m.terrain] || {}).dragons || [];
  const army = Object.keys(st.armies).find((a) => a.split(".")[0] === st.turn.player && st.armies[a].terrain === m.terrain);
  const parts = [el("fieldset", { class: "dd-game-faces", "data-faces-of": m.terrain },
    el("legend", {}, "Faces rolled by the dragons at " + terrainFull(ctx, m.terrain)), dragons.map((d) => dragonFace(ctx, d)))];
  if (army) parts.push(facePickers(ctx, army, null, "Faces rolled by " + armyName(army) + " in response"));
  return { parts, read: () => ({ move: "dragon-attack", terrain: m.terrain }) };
}

FORMS["dragon-attack"] = dragonAttack;

/* The units an army's owner removes in one damage event (the `casualties` of the move). */
function lossBox(ctx, event, army, label) {
  const dice = (ctx.answer.state.armies[army] || {}).dice || [];
  return el("fieldset", { class: "dd-game-checks", "data-casualties": event }, el("legend", {}, label),
    dice.map((d) => el("label", {}, el("input", { type: "checkbox", value: d }), " " + dieName(ctx, d) + " (" + d.split(".").pop() + ")")));
}

function withCasualties(ctx, m, form) {
  const events = [["attack", m.target, "Units " + armyName(m.target) + " removes"]];
  if (m.move === "melee") events.push(["counter", m.army, "Units " + armyName(m.army) + " removes after the counter-attack"]);
  const part = el("details", { class: "dd-game-casualties", "data-casualties-part": "" },
    el("summary", {}, "Units lost: the owners’ picks"),
    el("p", { class: "dd-game-hint" }, "Leave these empty and the page picks for the owners. ",
      ctx.aid.parts.casualties ? siteLink(ctx.cat.root, ctx.aid.parts.casualties.see, ctx.aid.parts.casualties.name) : ""),
    events.map(([ev, army, label]) => lossBox(ctx, ev, army, label)));
  const read = (f) => {
    const move = form.read(f);
    const picks = {};
    events.forEach(([ev]) => {
      if (ev === "counter" && move.counter_attack === false) return;
      const ids = [...f.querySelectorAll('[data-casualties="' + ev + '"] input:checked')].map((i) => i.value);
      if (ids.length) picks[ev] = ids;
    });
    if (Object.keys(picks).length) move.casualties = picks;
    return move;
  };
  return { parts: form.parts.concat([part]), read };
}

["melee", "missile"].forEach((kind) => {
  const base = FORMS[kind];
  FORMS[kind] = (ctx, m) => withCasualties(ctx, m, base(ctx, m));
});
