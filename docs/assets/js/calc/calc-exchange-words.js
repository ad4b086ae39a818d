/* Calculator page: the exchange's words, as the engine publishes them with the catalogue
   (calculator.exchange): its attacks and the rolls each side makes, the names of rolls, sides
   and summary lines. */
import { typeLabel } from "./calc-dom.js";
import { iconName } from "./calc-catalogue.js";

export function vocab(cat) { return cat.vocab.exchange || { attacks: [], rolls: {}, summary: {}, sides: {} }; }
export function attackOf(cat, id) { return vocab(cat).attacks.find((a) => a.id === id) || { rolls: {} }; }
export function sideName(cat, side) { return vocab(cat).sides[side] || typeLabel(side); }

/* The two sides of an exchange, in the engine's order (attacker, defender). */
export function sidesOf(cat) { return Object.keys(vocab(cat).sides); }

export function rollLabel(cat, name) {
  const v = vocab(cat);
  if (v.rolls[name]) return v.rolls[name];
  const mv = (cat.vocab.maneuver || {}).rolls || {};    // a maneuver's rolls (calc-maneuver.js)
  if (mv[name]) return mv[name];
  const m = /^([a-z0-9-]+)_target_[a-z]+$/.exec(name);     // "<sai id>_target_<test>", the input's form
  if (m && v.target_roll) return v.target_roll.replace("{sai}", iconName(cat, m[1]));
  return typeLabel(name);
}

/* A face as the engine writes it ("2 melee") in the data's words ("2 Melee"). */
export function faceText(cat, face) {
  const s = String(face);
  const m = /^(\d+) (.+)$/.exec(s);
  return m ? m[1] + " " + iconName(cat, m[2]) : iconName(cat, s);
}
