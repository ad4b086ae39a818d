/* "Copy as forum post": a menu beside a mode's share link with three formats (BBCode for forums,
   Markdown for chats, plain text). The engine writes the post (its "forum" command) from the
   answer the page shows, with the link that opens the same answer; the page only copies it, and
   the button pressed says "Copied". Each part of the page that shows an answer remembers it here
   (remember), so the post is of what the player sees, never computed again. */
import { el, shortMsg } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";
import { copyText } from "./copy.js";

const shown = new WeakMap();          // section -> {command, input, answer}

export function remember(section, command, input, answer) { shown.set(section, { command, input, answer }); }
export function forget(section) { shown.delete(section); }

const FORMATS = [["bbcode", "BBCode", "for a forum"], ["markdown", "Markdown", "for Discord or Reddit"],
  ["text", "Plain text", "for anywhere else"]];

function ask(button, status, source, format, link) {
  const got = shown.get(source.section);
  status.textContent = "";
  if (!got) { status.textContent = source.none || "There is no result to copy yet."; return; }
  const request = { command: got.command, input: got.input, answer: got.answer, format, link: link() };
  engine.call("forum", request).then((out) => copyText(button, out.text),
    (err) => { status.textContent = "The post could not be written: " + shortMsg(err); });
}

function row(source, link) {
  const status = el("span", { class: "dd-forum__status", role: "status", "aria-live": "polite" });
  const buttons = FORMATS.map(([format, name, where]) => {
    const b = el("button", { type: "button", class: "md-button dd-calc-small dd-forum__format", "data-forum-format": format,
      "aria-label": "Copy " + source.what + " as " + name + ", " + where }, name);
    b.addEventListener("click", () => ask(b, status, source, format, link));
    return b;
  });
  return el("p", { class: "dd-forum__row", "data-forum-source": source.key },
    source.label ? el("span", { class: "dd-forum__label" }, source.label) : null, ...buttons, status);
}

/* What the menu of each calculator mode copies: the answers its sections show. */
const MODES = {
  roll: (root) => [{ key: "roll", what: "this roll", section: root.querySelector("[data-calc-results]") }],
  exchange: (root) => [
    { key: "exchange", what: "this exchange", label: "The exchange:", section: root.querySelector("[data-exchange-results]") },
    { key: "odds", what: "its odds", label: "Its odds:", section: root.querySelector("#exchange-odds"),
      none: "The odds are not worked out yet." }],
  maneuver: (root) => [{ key: "maneuver", what: "this maneuver", section: root.querySelector("[data-maneuver-results]") }],
  advise: (root) => [{ key: "advise", what: "these options", section: root.querySelector("[data-advise-results]"),
    none: "Ask about an army first: the post shows its options." }],
};

/* A calculator mode's menu, in its [data-forum] placeholder; link(): the mode's share link. */
export function bindModeCopy(root, mode, link) {
  bindForumCopy(root.querySelector('[data-forum="' + mode + '"]'), MODES[mode](root), link);
}

/* Fill a [data-forum] placeholder once: sources are [{key, what, label, section, none}] (the
   answers it copies: what the section shows), link() the address that opens the same answer. */
export function bindForumCopy(holder, sources, link) {
  if (!holder || holder.dataset.bound) return;
  holder.dataset.bound = "1";
  const menu = el("details", { class: "dd-forum" },
    el("summary", { class: "md-button" }, "Copy as forum post"),
    el("p", { class: "dd-forum__about" }, "A post with tables and a link back to this result:"),
    ...sources.map((s) => row(s, link)));
  holder.replaceChildren(menu);
  holder.hidden = false;
}
