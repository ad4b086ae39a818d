/* Game page: a move already made, in words, for the list of moves made (the move's own fields). */
import { armyName, nameOf, terrainFull } from "./game-words.js";

export function describeMove(ctx, m) {
  const info = ctx.aid.moves[m.move] || { name: String(m.move) };
  const bits = [info.name];
  if (m.army) bits.push("by " + armyName(m.army));
  if (m.direction) bits.push("turning the terrain " + (m.direction === "up" ? "up" : "down"));
  if (m.target) bits.push("at " + armyName(m.target));
  if (m.terrain) bits.push("at " + terrainFull(ctx, m.terrain));
  if (m.step) bits.push("(" + m.step + ")");
  if (Array.isArray(m.dice) && m.dice.length) bits.push(m.dice.map((d) => nameOf(ctx, d)).join(", "));
  if (m.to) bits.push("to " + nameOf(ctx, m.to));
  if (m.reason) bits.push("(" + m.reason + ")");
  return bits.join(" ");
}
