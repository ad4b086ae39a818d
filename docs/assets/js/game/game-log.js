/* Game page: a move already made, in words, for the list of moves made (the move's own fields), and
   what the last one did, in the engine's words. */
import { el } from "../calc/calc-dom.js";
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

/* The last move and what it did, shown as soon as it is made: the engine's words for it (the log
   entry's `did`: a maneuver's reason, or each packet of damage and who died), as the forum post has them. */
export function lastMove(ctx) {
  const moves = ctx.entry.game.moves;
  const log = (ctx.answer && ctx.answer.log) || [];
  if (!moves.length || !log.length) return [];
  const did = log[log.length - 1].did || [];
  return [el("p", {}, el("strong", {}, "Last move: "), describeMove(ctx, moves[moves.length - 1]) + "."),
    did.length ? el("ul", {}, did.map((text) => el("li", {}, text))) : null];
}
