/* Calculator page: the maneuver's words as the engine publishes them with the catalogue
   (calculator.maneuver): its sides, directions, rolls and how many armies may oppose it. */
import { typeLabel } from "./calc-dom.js";

export const MARCHING = "maneuvering";      // the input's side names: "maneuvering", "opposing[N]"
export const opposingName = (n) => "opposing[" + n + "]";

/* The engine's words for the maneuver (catalogue: calculator.maneuver): sides, directions, rolls, limits. */
export function words(cat) { return cat.vocab.maneuver || { sides: {}, directions: [] }; }

export function maxOpposing(cat) {
  const n = words(cat).max_opposing;
  if (!Number.isInteger(n)) throw new Error("the engine publishes no limit of opposing armies");
  return n;
}

export function sideName(cat, name) {
  const sides = words(cat).sides || {};
  if (name === MARCHING) return sides[MARCHING] || typeLabel(name);
  if (name === "opposing") return "Another player's army";      // one that holds the eighth face, not opposing
  const m = /^opposing\[(\d+)\]$/.exec(name);
  return m ? (sides.opposing || typeLabel(name)) + " " + (Number(m[1]) + 1) : name;
}
