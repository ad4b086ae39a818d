/* Games kept on this device (localStorage), for the game page. A game is the engine's `game` input
   itself ({setup, moves}); the store adds a name, an id and the moves undone that may be redone.
   Nothing here knows a rule: whether a move stands is the engine's answer. Also the JSON files a
   game is exported as and imported from: {"name": "...", "game": {"setup": ..., "moves": [...]}},
   whose text the engine reads (game-kept.js). */
import { isObj } from "../calc/calc-dom.js";
import { keptStore, cleanName } from "../shared/kept-store.js";

const KEY = "dd-games";
export const MAX_FILE = 400000;      // bytes of a game file read at all (the engine bounds the rest)

/* A kept game as far as it can be read (the engine replays it and says what it refuses). */
function cleanGame(raw) {
  if (!isObj(raw) || !isObj(raw.setup)) return null;
  const moves = Array.isArray(raw.moves) ? raw.moves.filter(isObj) : [];
  return { value: { setup: raw.setup, moves }, damaged: moves.length === (raw.moves || []).length ? [] : ["moves could not be read"] };
}

const store = keptStore({ key: KEY, part: "game", prefix: "g", noun: "Game", clean: cleanGame });
export const { kept, current, select, keep, remove, newId, freshName, stored, damaged, watch } = store;
export { cleanName };

export function exportText(entry) {
  return JSON.stringify({ name: entry.name, game: entry.game }, null, 2) + "\n";
}

/* What a file read by the engine holds: {name, game} (the game still to be replayed by the engine),
   or throws in words when it is not a game file. A game given bare is read too. */
export function fileGame(value) {
  if (!isObj(value)) throw new Error("it is not a game");
  if (!("game" in value)) {
    if (!("setup" in value)) throw new Error("it is not a game (it has no setup)");
    return { name: "", game: value };
  }
  const unknown = Object.keys(value).filter((k) => k !== "name" && k !== "game");
  if (unknown.length) throw new Error("it is not a game file (it also holds " + unknown.slice(0, 3).join(", ").slice(0, 80) + ")");
  return { name: cleanName(value.name), game: value.game };
}

/* A game the engine replayed (from a link or a file) as the page keeps it: its moves always a list. */
export function pageGame(value) {
  return { setup: value.setup, moves: Array.isArray(value.moves) ? value.moves.slice() : [] };
}
