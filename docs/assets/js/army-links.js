/* Army builder: share links. "/army/?force=1.<base64url JSON>&name=<name>" (written by the page,
   the same encoding as the calculator's share links), or "?force=<JSON>" written by hand. A link
   is read as plain JSON and checked for shape only (army-store.js checkShape); the engine checks
   every die, terrain and number and names the field it refuses. Every text shown is set as text. */
import { b64urlEncode, b64urlDecode } from "./calc-links.js";
import { checkShape, cleanName } from "./army-store.js";
import { shortMsg } from "./calc-dom.js";

const VERSION = "1";
const MAX_TEXT = 20000;       // characters of JSON in one link

export function shareUrl(entry) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("force", VERSION + "." + b64urlEncode(JSON.stringify(entry.force)));
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

/* The force the page's address names: null (none), {name, force} or {error} in words. */
export function readLink() {
  const params = new URLSearchParams(location.search);
  if (!params.has("force")) return null;
  try {
    const text = decode(params.get("force") || "");
    if (text.length > MAX_TEXT) throw new Error("it is too long");
    let raw;
    try { raw = JSON.parse(text); } catch (e) { throw new Error("it is not valid JSON"); }
    return { name: cleanName(params.get("name")), force: checkShape(raw) };
  } catch (err) {
    return { error: "This force link could not be read (" + shortMsg(err) + "). Your kept forces are shown instead." };
  }
}

/* The page's plain address once a link was read (a reload then shows the kept force). */
export function dropLink() {
  const params = new URLSearchParams(location.search);
  params.delete("force");
  params.delete("name");
  const query = params.toString();
  history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
}
