/* Games kept on this device (localStorage), for the game page. A game is the engine's `game` input
   itself ({setup, moves}); the store adds a name, an id and the moves undone that may be redone.
   Nothing here knows a rule: whether a move stands is the engine's answer. Also the JSON files a
   game is exported as and imported from: {"name": "...", "game": {"setup": ..., "moves": [...]}}. */
import { isObj } from "../calc/calc-dom.js";

const KEY = "dd-games";
const VERSION = 1;
const MAX_NAME = 60;
const MAX_TEXT = 400000;      // characters of one game's JSON (the engine bounds the rest)

function read() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "null");
    if (isObj(raw) && raw.version === VERSION && Array.isArray(raw.games)) {
      const games = raw.games.filter((g) => isObj(g) && typeof g.id === "string" && isObj(g.game));
      return { games, current: raw.current };
    }
  } catch (e) { /* storage unreadable or blocked: start with nothing kept */ }
  return { games: [], current: null };
}

function write(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, games: data.games, current: data.current }));
    return true;
  } catch (e) { return false; }
}

function copy(entry) {
  return { id: entry.id, name: entry.name, game: JSON.parse(JSON.stringify(entry.game)),
    redo: JSON.parse(JSON.stringify(entry.redo || [])) };
}

/* Every kept game, [{id, name, game, redo}], in the order they were made. */
export function kept() { return read().games; }

export function current() {
  const data = read();
  return data.games.find((g) => g.id === data.current) || data.games[data.games.length - 1] || null;
}

export function select(id) { const data = read(); data.current = id; return write(data); }

/* Keep (add or replace) a game; `at`: where a game brought back after a delete goes. */
export function keep(entry, at) {
  const data = read();
  const i = data.games.findIndex((g) => g.id === entry.id);
  if (i >= 0) data.games[i] = copy(entry);
  else if (Number.isInteger(at) && at >= 0 && at <= data.games.length) data.games.splice(at, 0, copy(entry));
  else data.games.push(copy(entry));
  data.current = entry.id;
  return write(data);
}

/* Delete a game; answers where it stood (to bring it back with keep(entry, at)). */
export function remove(id) {
  const data = read();
  const at = data.games.findIndex((g) => g.id === id);
  data.games = data.games.filter((g) => g.id !== id);
  if (data.current === id) data.current = data.games.length ? data.games[data.games.length - 1].id : null;
  write(data);
  return at;
}

export function newId() { return "g" + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36); }

export function freshName(base) {
  const names = new Set(kept().map((g) => g.name));
  const stem = base || "Game";
  if (base && !names.has(base)) return base;
  for (let n = 1; ; n += 1) if (!names.has(stem + " " + n)) return stem + " " + n;
}

export function cleanName(text) {
  return String(text == null ? "" : text).replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

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
