/* Share links of what a player keeps on the device (a force, a game):
   "?<key>=1.<base64url JSON>&name=<name>" (written by the page, the encoding of the calculator's
   share links), or "?<key>=<JSON>" written by hand. A link's text is handed on as it is, for the
   engine to read as the command line reads it; a refusal shows the engine's own line
   (refusedWords). Every text shown is set as text. */
import { b64urlEncode, b64urlDecode } from "../calc/calc-links.js";
import { shortMsg } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";

const VERSION = "1";

function decode(value) {
  const text = value.trim();
  if (text.startsWith("{")) return text;
  const m = /^(\d+)\.(.*)$/.exec(text);
  if (!m) throw new Error("it is incomplete");
  if (m[1] !== VERSION) throw new Error("it is of an unknown version");
  return b64urlDecode(m[2]);
}

/* The engine's refusal of a link's or a file's text: its own line, the command line's; a text it
   cannot read at all (it names the whole input: not JSON, cut short, far too long) is first said
   as what it means to the player. */
export function refusedWords(err, noun) {
  const line = shortMsg(err);
  return err && err.field === "input" ? "it is not a " + noun + " from this site, or it is damaged (" + line + ")" : line;
}

/* A kept thing (a force, a game) from a link ({name, text}: the text is `command`'s input itself) or
   a file ({text}: {name, <part>}), read by the engine as the command line reads it: `command`
   checks it, `read` gives its JSON back; fileOf(json) takes a file apart into {name, <part>},
   pageOf(json) gives it as the page keeps it. Answers a promise of {name, value}, or fails with the
   engine's line or in words. */
export function readKept(got, what, { command, part, fileOf, pageOf }) {
  const ask = (cmd, text) => engine.whenReady().then(() => engine.call(cmd, text));
  if (what === "link") return ask(command, got.text).then(() => ask("read", got.text)).then((v) => ({ name: got.name, value: pageOf(v) }));
  return ask("read", got.text).then((v) => {
    const file = fileOf(v);
    return ask(command, JSON.stringify(file[part])).then(() => ({ name: file.name, value: pageOf(file[part]) }));
  });
}

/* shareUrl(entry), readLink() and dropLink() for the link parameter `key`; `noun` and `plural` name
   what is kept in the words of a link that cannot be read. */
export function keptLinks({ key, maxText, cleanName, noun, plural }) {
  function shareUrl(entry) {
    const url = new URL(location.href);
    url.search = "";
    url.hash = "";
    url.searchParams.set(key, VERSION + "." + b64urlEncode(JSON.stringify(entry[key])));
    if (entry.name) url.searchParams.set("name", entry.name);
    return url.href;
  }

  /* What the page's address names: null (none), {name, text} or {error} in words. */
  function readLink() {
    const params = new URLSearchParams(location.search);
    if (!params.has(key)) return null;
    try {
      const text = decode(params.get(key) || "");
      if (text.length > maxText) throw new Error("it is too long");
      return { name: cleanName(params.get("name")), text };
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
