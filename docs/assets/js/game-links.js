/* Game page: share links. "/game/?game=1.<base64url JSON>&name=<name>" (written by the page, the
   encoding of the calculator's and army builder's links), or "?game=<JSON>" written by hand. A link
   is read as plain JSON and checked for shape only (game-store.js checkShape); the engine checks
   every die, move and number and names the field it refuses. Every text shown is set as text. */
import { b64urlEncode, b64urlDecode } from "./calc-links.js";
import { checkShape, cleanName } from "./game-store.js";
import { shortMsg } from "./calc-dom.js";

const VERSION = "1";
const MAX_TEXT = 60000;       // characters of JSON in one link

export function shareUrl(entry) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("game", VERSION + "." + b64urlEncode(JSON.stringify(entry.game)));
  if (entry.name) url.searchParams.set("name", entry.name);
  return url.href;
}

function decode(value) {
  const text = value.trim();
  if (text.startsWith("{")) return text;
  const m = /^(\d+)\.(.*)$/.exec(text);
  if (!m) throw new Error("it is incomplete");
  if (m[1] !== VERSION) throw new Error("it is of an unknown version");
  return b64urlDecode(m[2]);
}

/* The game the page's address names: null (none), {name, game} or {error} in words. */
export function readLink() {
  const params = new URLSearchParams(location.search);
  if (!params.has("game")) return null;
  try {
    const text = decode(params.get("game") || "");
    if (text.length > MAX_TEXT) throw new Error("it is too long");
    let raw;
    try { raw = JSON.parse(text); } catch (e) { throw new Error("it is not valid JSON"); }
    return { name: cleanName(params.get("name")), game: checkShape(raw) };
  } catch (err) {
    return { error: "This game link could not be read (" + shortMsg(err) + "). Your kept games are shown instead." };
  }
}

export function dropLink() {
  const params = new URLSearchParams(location.search);
  params.delete("game");
  params.delete("name");
  const query = params.toString();
  history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
}
