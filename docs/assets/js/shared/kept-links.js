/* Share links of what a player keeps on the device (a force, a game):
   "?<key>=1.<base64url JSON>&name=<name>" (written by the page, the encoding of the calculator's
   share links), or "?<key>=<JSON>" written by hand. Without a checkShape, a link's text is handed
   on as it is, for the engine to read as the command line reads it (the army builder); with one, it
   is read as plain JSON and checked for shape (the game page), the engine checking every die, move
   and number. Every text shown is set as text. */
import { b64urlEncode, b64urlDecode } from "../calc/calc-links.js";
import { shortMsg } from "../calc/calc-dom.js";

const VERSION = "1";

function decode(value) {
  const text = value.trim();
  if (text.startsWith("{")) return text;
  const m = /^(\d+)\.(.*)$/.exec(text);
  if (!m) throw new Error("it is incomplete");
  if (m[1] !== VERSION) throw new Error("it is of an unknown version");
  return b64urlDecode(m[2]);
}

/* shareUrl(entry), readLink() and dropLink() for the link parameter `key`; `noun` and `plural` name
   what is kept in the words of a link that cannot be read. */
export function keptLinks({ key, maxText, checkShape, cleanName, noun, plural }) {
  function shareUrl(entry) {
    const url = new URL(location.href);
    url.search = "";
    url.hash = "";
    url.searchParams.set(key, VERSION + "." + b64urlEncode(JSON.stringify(entry[key])));
    if (entry.name) url.searchParams.set("name", entry.name);
    return url.href;
  }

  /* What the page's address names: null (none), {name, [key]} (or {name, text}) or {error} in words. */
  function readLink() {
    const params = new URLSearchParams(location.search);
    if (!params.has(key)) return null;
    try {
      const text = decode(params.get(key) || "");
      if (text.length > maxText) throw new Error("it is too long");
      if (!checkShape) return { name: cleanName(params.get("name")), text };
      let raw;
      try { raw = JSON.parse(text); } catch (e) { throw new Error("it is not valid JSON"); }
      return { name: cleanName(params.get("name")), [key]: checkShape(raw) };
    } catch (err) {
      return { error: "This " + noun + " link could not be read (" + shortMsg(err) + "). Your kept " + plural +
                      " are shown instead." };
    }
  }

  /* The page's plain address once a link was read (a reload then shows what is kept). */
  function dropLink() {
    const params = new URLSearchParams(location.search);
    params.delete(key);
    params.delete("name");
    const query = params.toString();
    history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  return { shareUrl, readLink, dropLink };
}
