/* Calculator page: the magic part's words (calc-magic.js). Spell names, elements and whether a
   spell's castings may be combined come from the engine's plan of the input (plan.magic.spells);
   the pools, payments and verdicts from its answer. No rule is restated here. */
import { typeLabel } from "./calc-dom.js";

/* What the engine's plan says of a spell: {name, element, cumulative, ...}, or {} before a plan. */
export function spellInfo(ctx, id) {
  const spells = (ctx.plan && ctx.plan.magic && ctx.plan.magic.spells) || [];
  if (spells.length) ctx.magic.spells = new Map(spells.map((s) => [s.spell, s]));
  return (ctx.magic.spells && ctx.magic.spells.get(id)) || {};
}

export function spellName(ctx, id) {
  const mod = ctx.cat.spellById.get(id);
  return spellInfo(ctx, id).name || (mod && mod.name) || typeLabel(String(id).replace(/-/g, " "));
}

function speciesName(cat, id) {
  const s = cat.species.get(id);
  return s ? s.name : typeLabel(String(id).replace(/-/g, " "));
}

function orList(list) {
  const names = list.map(typeLabel);
  return names.length > 1 ? names.slice(0, -1).join(", ") + " or " + names[names.length - 1] : names.join("");
}

/* One pool: " air or water magic, Coral Elves — Enchanter (1)" and what else the answer says of it. */
export function poolText(cat, p, units) {
  const bits = [" " + (p.any_element_or_species ? "magic of any element" : orList(p.elements || []) + " magic")];
  if (p.species) bits.push(", " + speciesName(cat, p.species));
  if (p.one_element) bits.push(", all of one element you choose");
  if (p.any_element_or_species) bits.push(", for any species");
  if (p.pays_species && p.pays_species.length) bits.push(", may help pay species spells of " + p.pays_species.map((s) => speciesName(cat, s)).join(", "));
  if (p.added_by_modifiers) bits.push(", added by the modifiers");
  if (units.length) bits.push(" — " + units.join(", "));
  return bits.join("");
}

function castName(ctx, c) {
  return spellName(ctx, c.spell) + (c.times > 1 ? " ×" + c.times : "") + (c.combined ? " (combined)" : "");
}

function andList(names) {
  return names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names.join("");
}

/* The engine's verdict on the wish list, in words. */
export function verdictText(ctx, v) {
  if (!v.ok) return "Cannot be paid: " + (v.why || "these results do not pay for this list.");
  const names = andList((v.payments || []).map((p) => castName(ctx, p)));
  return names + ": can be paid; " + v.left + " left.";
}

/* "Wind Walk ×2: paid by Enchanter (1) 4 air, Conjurer (2) 3 air" */
export function paymentText(ctx, p, unitName) {
  const by = (p.paid_by || []).map((b) => unitName(b.unit) + " " + b.amount + " " + typeLabel(b.element).toLowerCase());
  return castName(ctx, p) + ": paid by " + (by.length ? by.join(", ") : "nothing");
}
