/* Calculator page: the Dead Unit Area a magic roll reads. The engine's plan of the input says which
   species abilities read it here (plan.dua.in_dua: the army's own, such as an ability adding results;
   plan.dua.negation: opposing units that may roll to take results away) and in what words; the page
   only asks for the numbers and dice they need, as the input's `in_dua`, `size` and `negation`. */
import { el, option, fill, wholeNumber } from "./calc-dom.js";
import { limit } from "./calc-catalogue.js";

function numberBox(value, attrs, onSet) {
  const box = el("input", Object.assign({ type: "number", min: 0, value: value == null ? "" : value }, attrs));
  box.addEventListener("change", () => onSet(wholeNumber(box.value)));
  return box;
}

/* Force size: read by every limit "per 24 points" (the engine's words say which). */
function sizePart(ctx) {
  const st = ctx.state;
  return el("label", {}, "Force size (points) ", numberBox(st.size, { min: 1, "data-key": "dua-size", "data-calc-size": true }, (n) => {
    if (n == null || n < 1) delete st.size; else st.size = n;
    if (st.negation) { if (st.size) st.negation.size = st.size; else delete st.negation.size; }
    ctx.changed();
  }));
}

function ownPart(ctx, a) {
  const st = ctx.state;
  const now = st.in_dua && st.in_dua[a.species];
  return el("li", {}, el("label", {}, a.name + " units in your DUA ",
    numberBox(now, { max: limit(ctx.cat, "army_size"), "data-key": "dua-" + a.species, "data-calc-dua": a.species }, (n) => {
      st.in_dua = Object.assign({}, st.in_dua || {});
      if (n == null) delete st.in_dua[a.species]; else st.in_dua[a.species] = n;
      if (!Object.keys(st.in_dua).length) delete st.in_dua;
      ctx.changed();
    })), " (" + a.ability + ": " + a.does + ")");
}

function faceLabel(f) { return f.count + " " + f.icon; }

/* The opposing units' negation roll: their dice with the faces they showed, and their DUA. */
function negationPart(ctx, a) {
  const st = ctx.state;
  const neg = st.negation || { army: [], in_dua: {} };
  const dice = ctx.cat.diceBySpecies.get(a.species) || [];
  const save = () => {
    if (!neg.army.length) delete st.negation;
    else st.negation = Object.assign(neg, st.size ? { size: st.size } : {});
    ctx.changed();
  };
  const die = el("select", { "data-key": "neg-die-" + a.species, "data-calc-negation-die": a.species,
    "aria-label": a.name + " die to add" });
  const face = el("select", { "data-key": "neg-face-" + a.species, "data-calc-negation-face": a.species,
    "aria-label": "The face it rolled" });
  const faces = () => {
    const d = ctx.cat.dice.get(die.value);
    fill(face, ((d && d.faces) || []).map((f) => option(faceLabel(f), faceLabel(f))));
  };
  fill(die, dice.map((d) => option(d.id, d.name)));
  die.addEventListener("change", faces);
  faces();
  const add = el("button", { type: "button", class: "md-button dd-calc-small", "data-calc-negation-add": a.species,
    disabled: neg.army.length >= limit(ctx.cat, "army_size"),
    onclick: () => { neg.army.push({ die: die.value, rolled: face.value }); neg.in_dua[a.species] = neg.in_dua[a.species] || 0; save(); } }, "Add");
  const listed = neg.army.map((u, i) => el("li", {}, (ctx.cat.dice.get(u.die) || { name: u.die }).name + ": " + u.rolled + " ",
    el("button", { type: "button", class: "md-button dd-calc-small", "data-calc-negation-remove": i,
      onclick: () => { neg.army.splice(i, 1); save(); } }, "Remove")));
  const dua = numberBox(neg.in_dua && neg.in_dua[a.species], { max: limit(ctx.cat, "army_size"),
    "data-key": "neg-dua-" + a.species, "data-calc-negation-dua": a.species }, (n) => {
    neg.in_dua[a.species] = n == null ? 0 : n;
    if (neg.army.length) save();
  });
  return el("li", {}, el("p", {}, a.ability + " (" + a.name + "): " + a.does + ". Their dice at this terrain:"),
    el("ul", { "data-calc-negation": a.species }, listed),
    el("p", {}, die, " ", face, " ", add), el("label", {}, a.name + " units in their DUA ", dua));
}

/* The magic part's DUA questions; none when the plan names no ability reading it. */
export function duaPart(ctx) {
  const asks = ctx.plan && ctx.plan.dua;
  if (!asks || (!asks.in_dua.length && !asks.negation.length)) return [];
  return [el("h3", {}, "Dead Unit Area"),
    el("ul", { class: "dd-calc-dua" }, asks.in_dua.map((a) => ownPart(ctx, a)), asks.negation.map((a) => negationPart(ctx, a))),
    sizePart(ctx)];
}
