/* Calculator page: share links. "#s=1.<base64url JSON>" (written by the page; a roll's link holds
   its wish list of spells and its Reserve Area too; "#x=" an exchange's, "#m=" a maneuver's),
   "?roll=<JSON>", "?magic=<JSON>" (a roll that is a magic roll unless it names another),
   "#a=" the advice's, followed by "~" and its view (calc-advise.js), "?exchange=<JSON>",
   "?maneuver=<JSON>" and "?advise=<JSON>" (written by hand or by other pages). A link is read as
   plain JSON, checked for shape and against the catalogue (ids that exist, sizes within the
   published limits); then the engine reads the link's own text, as the command line would, before
   the page uses it (vet): it names a key given twice, an unknown field, a hidden character. */
import { isObj, shortMsg } from "./calc-dom.js";
import { limit } from "./calc-catalogue.js";
import { engine } from "../engine/engine.js";

const VERSION = "1";
const MAX_TEXT = 20000;       // characters of JSON in one link

export function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function b64urlDecode(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it contains characters a share link never has");
  const pad = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  // The browser's own messages ("Failed to execute 'atob'", "The encoded data was not valid for
  // encoding utf-8") are not the player's words: say what is wrong with the link instead.
  let bin;
  try { bin = atob(pad); } catch (e) { throw new Error("it is damaged: a part of it is cut off or changed"); }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (e) {
    throw new Error("it is damaged: its text holds bytes that are no letters");
  }
}

const PREFIX = { roll: "s", exchange: "x", maneuver: "m", advise: "a" };
const MODE = { s: "roll", x: "exchange", m: "maneuver", a: "advise" };

export function encode(input, mode) { return (PREFIX[mode] || "s") + "=" + VERSION + "." + b64urlEncode(JSON.stringify(input)); }

function parseJson(text) {
  if (text.length > MAX_TEXT) throw new Error("it is too long");
  try { return JSON.parse(text); } catch (e) {      // not the parser's "Unterminated string in JSON at position 50"
    throw new Error("it is damaged: its text is cut short or has a mistake in it");
  }
}

/* Ids a link names must exist in the catalogue; numbers must be within the published limits. */
function check(raw, cat, where) {
  const fail = (w, why) => { throw new Error(w + ": " + why); };
  if (!isObj(raw)) fail(where || "input", "not an object");
  const army = raw.army == null ? [] : raw.army;
  if (!Array.isArray(army)) fail("army", "not a list of dice");
  if (army.length > limit(cat, "army_size")) fail("army", army.length + " dice, more than the " + limit(cat, "army_size") + " one army may hold");
  army.forEach((u, i) => {
    const w = "army[" + i + "]";
    if (!isObj(u)) fail(w, "not a die");
    if (u.die != null && !cat.dice.has(u.die)) fail(w, "no such die");
    if (u.species != null && !cat.species.has(u.species) && u.species !== "items") fail(w, "no such species");
    if (u.health != null && !(Number.isInteger(u.health) && u.health >= 1 && u.health <= limit(cat, "health"))) fail(w, "health out of range");
  });
  (Array.isArray(raw.modifiers) ? raw.modifiers : []).forEach((m, i) => {
    if (!isObj(m)) fail("modifiers[" + i + "]", "not a modifier");
    if (m.spell != null && !cat.spellById.has(m.spell)) fail("modifiers[" + i + "]", "no such spell");
    if (m.amount != null && !(Number.isInteger(m.amount) && m.amount >= 0 && m.amount <= limit(cat, "amount"))) fail("modifiers[" + i + "]", "amount out of range");
  });
  if (raw.terrain != null && raw.terrain !== "reserve" && !cat.terrainById.has(raw.terrain)) fail("terrain", "no such terrain");
  if (raw.roll != null && !cat.rollTypes.has(raw.roll)) fail("roll", "no such roll");
  if (raw.seed != null && !Number.isSafeInteger(raw.seed)) fail("seed", "not a whole number");
  if (raw.reserve != null && typeof raw.reserve !== "boolean") fail("Reserve Area", "neither yes nor no");
  checkCast(raw.cast, cat, fail);
  return raw;
}

/* A wish list of spells: the engine knows the spells and names one it does not know. */
function checkCast(cast, cat, fail) {
  if (cast == null) return;
  if (!Array.isArray(cast)) fail("wish list", "not a list of spells");
  if (cast.length > limit(cat, "cast")) fail("wish list", cast.length + " spells, more than the " + limit(cat, "cast") + " it may hold");
  cast.forEach((c, i) => {
    const w = "wish list, spell " + (i + 1);
    if (!isObj(c) || typeof c.spell !== "string") fail(w, "not a spell");
    if (c.times != null && !(Number.isInteger(c.times) && c.times >= 1 && c.times <= limit(cat, "cast_times"))) fail(w, "times out of range");
    if (c.combined != null && typeof c.combined !== "boolean") fail(w, "combined is neither yes nor no");
  });
}

/* An exchange or maneuver link is read as a JSON object only: the engine checks it and names the field. */
function exchangeJson(text) {
  const raw = parseJson(text);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("input: not an object");
  return raw;
}

/* A magic link's text as the engine reads it: "roll": "magic" first, unless the link names a roll. */
function magicText(text, input) {
  if (Object.prototype.hasOwnProperty.call(input, "roll")) return text;
  return text.replace(/^\s*\{/, Object.keys(input).length ? '{"roll":"magic",' : '{"roll":"magic"');
}

export function unreadable(what, err) {
  return "This " + what + " could not be read (" + shortMsg(err) + "). The calculator starts empty.";
}

/* Read the page's address: {mode, input, text, what} or {mode, error} or null when it names no
   roll (text: the link's JSON as the engine is to read it). "#exchange" opens an empty exchange. */
export function read(cat) {
  const params = new URLSearchParams(location.search);
  let hash = location.hash.replace(/^#/, "");
  let what = "link";
  let mode = "roll";
  try {
    const broken = new Error("its address is damaged: a % code in it is broken");
    try { hash = decodeURIComponent(hash); } catch (e) { throw broken; }
    // URLSearchParams reads a broken % code in ?roll=... as a stand-in character, never as an error.
    try { decodeURIComponent(location.search); } catch (e) { throw broken; }
    const m = /^([sxma])=(\d+)\.([^~]*)(~.*)?$/.exec(hash);      // "~": the advice's view, read by its mode
    if (m) {
      what = "share link";
      mode = MODE[m[1]];
      if (m[2] !== VERSION) throw new Error("unknown link version");
      const text = b64urlDecode(m[3]);
      return { mode, what, text, input: mode === "roll" ? check(parseJson(text), cat) : exchangeJson(text) };
    }
    if (/^[sxma]=/.test(hash)) { what = "share link"; mode = MODE[hash[0]]; throw new Error("it is incomplete"); }
    if (params.has("exchange")) { what = "exchange link"; mode = "exchange"; const text = params.get("exchange"); return { mode, what, text, input: exchangeJson(text) }; }
    if (params.has("advise")) { what = "advice link"; mode = "advise"; const text = params.get("advise"); return { mode, what, text, input: exchangeJson(text) }; }
    if (params.has("maneuver")) { what = "maneuver link"; mode = "maneuver"; const text = params.get("maneuver"); return { mode, what, text, input: exchangeJson(text) }; }
    if (params.has("magic")) {
      what = "magic link";
      const input = check(parseJson(params.get("magic")), cat);
      return { mode, what, text: magicText(params.get("magic"), input), input: Object.assign({ roll: "magic" }, input) };
    }
    if (params.has("roll")) { what = "roll link"; const text = params.get("roll"); return { mode, what, text, input: check(parseJson(text), cat) }; }
    if (hash === "exchange" || hash === "maneuver" || hash === "advise") return { mode: hash, input: null };
    return null;
  } catch (err) {
    return { mode, error: unreadable(what, err) };
  }
}

/* The engine reads a roll link's text (resolving it when it names dice; only reading it, as JSON
   it accepts, when it names none yet), then use(input) or refuse(message with the engine's line). */
export function vet(got, use, refuse) {
  const dice = Array.isArray(got.input.army) && got.input.army.length > 0;
  engine.whenReady().then(() => engine.call(dice ? "resolve" : "read", got.text))
    .then(() => use(got.input), (err) => refuse(unreadable(got.what, err)));
}
