/* Games kept on this device (localStorage), for the game page. A game is the engine's `game` input
   itself ({setup, moves}); the store adds a name, an id and the moves undone that may be redone.
   Nothing here knows a rule: whether a move stands is the engine's answer. Also the JSON files a
   game is exported as and imported from: {"name": "...", "game": {"setup": ..., "moves": [...]}}. */
import { isObj } from "../calc/calc-dom.js";
import { keptStore, cleanName } from "../shared/kept-store.js";

const KEY = "dd-games";
const MAX_TEXT = 400000;      // characters of one game's JSON (the engine bounds the rest)

/* A kept game as far as it can be read (the engine replays it and says what it refuses). */
function cleanGame(raw) {
  if (!isObj(raw) || !isObj(raw.setup)) return null;
  const moves = Array.isArray(raw.moves) ? raw.moves.filter(isObj) : [];
  return { value: { setup: raw.setup, moves }, damaged: moves.length === (raw.moves || []).length ? [] : ["moves could not be read"] };
}

const store = keptStore({ key: KEY, part: "game", prefix: "g", noun: "Game", clean: cleanGame });
export const { kept, current, select, keep, remove, newId, freshName, stored, damaged, watch } = store;
export { cleanName };

/* A game read from a file or a link, checked for shape only (a setup object, a list of move
   objects); the engine checks every id, move and number and names the field it refuses. */
export function checkShape(raw) {
  if (!isObj(raw)) throw new Error("it is not a game");
  const unknown = Object.keys(raw).filter((k) => k !== "setup" && k !== "moves");
  if (unknown.length) throw new Error("it has parts a game does not have (" + unknown.slice(0, 3).join(", ").slice(0, 80) + ")");
  if (!isObj(raw.setup)) throw new Error("it has no setup");
  const moves = raw.moves == null ? [] : raw.moves;
  if (!Array.isArray(moves) || !moves.every(isObj)) throw new Error("its moves are not a list of moves");
  return { setup: raw.setup, moves: moves.slice() };
}

export function exportText(entry) {
  return JSON.stringify({ name: entry.name, game: entry.game }, null, 2) + "\n";
}

export function importText(text) {
  if (text.length > MAX_TEXT) throw new Error("it is too large to be a game");
  let raw;
  try { raw = JSON.parse(text); } catch (e) { throw new Error("the file is not valid JSON"); }
  if (!isObj(raw)) throw new Error("the file does not hold a game");
  return { name: cleanName(raw.name), game: checkShape(isObj(raw.game) ? raw.game : raw) };
}
