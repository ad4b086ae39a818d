/* Calculator page: the advice mode, "What can this army do?". Its state is the engine's advise input
   (typed: terrain, army, opposing armies; or a game and one of its armies) and the view the player
   picked (sort, chart). The input comes from a share link (#a=1.<base64url>~<view>), from the
   maneuver mode's terrain and armies, or from the game page; the engine reads it ("advise") and
   advise-view.js shows its answer. One tap on an option opens it in its mode, from the input the
   engine's answer carries for it. A refused link is said in words and the mode starts empty. */
import { el, isObj, busy } from "./calc-dom.js";
import { encode } from "./calc-links.js";
import { engine } from "../engine/engine.js";
import { setMode } from "./calc-modes.js";
import { showAdvice, defaultView, checkView, words } from "./advise-view.js";
import { armyName } from "../game/game-words.js";
import { remember, forget } from "../shared/forum-copy.js";
import { copyText } from "../shared/copy.js";

const BUDGET_MS = 60000;
const MODE = { maneuver: "maneuver", exchange: "exchange", resolve: "roll" };

/* An army in words: the names the engine gives an unnamed one, or a game's army by its player. */
export function adviceName(name) {
  const m = /^(opposing|elsewhere)\[(\d+)\]$/.exec(name || "");
  if (m) return (m[1] === "opposing" ? "Opposing army " : "Army elsewhere ") + (Number(m[2]) + 1);
  if (name === "army") return "The army";
  return /^[^.\s]+\.(home|horde|campaign|reserve)$/.test(name || "") ? armyName(name) : name;
}

/* The view in a link: "sort.k.chart.view"; what it does not know is left at its default. */
export function viewText(v) { return [v.sort, v.k, v.chart, v.view].join("."); }
export function readView(cat, text) {
  const [sort, k, chart, view] = String(text || "").split(".");
  return checkView(cat, { sort, k: Number(k), chart, view });
}

export function adviceHash(input, view) { return encode(input, "advise") + "~" + viewText(view); }

function query(root) {
  const $ = (s) => root.querySelector(s);
  return { results: $("[data-advise-results]"), message: $("[data-advise-message]"), useManeuver: $("[data-advise-use-maneuver]"),
    share: $("[data-advise-share]"), shareStatus: $("[data-advise-share-status]"), empty: $("[data-advise-empty]") };
}

/* The maneuver mode's terrain and armies as the advise input: the dice, not their faces. */
function fromManeuver(m) {
  if (!isObj(m) || !isObj(m.maneuvering) || !Array.isArray(m.maneuvering.army) || !m.maneuvering.army.length) return null;
  const dice = (side) => {
    const s = JSON.parse(JSON.stringify(side));
    (s.army || []).forEach((u) => { if (isObj(u)) { delete u.rolled; delete u.rerolled; } });
    return s;
  };
  const terrain = Object.assign({}, m.terrain);
  if (terrain.controller === "maneuvering") terrain.controller = "army";
  return { terrain, army: dice(m.maneuvering), opposing: (m.opposing || []).map(dice) };
}

function writeLink(ad) {
  if (ad.page.mode !== "advise") return;
  const hash = ad.input ? "#" + adviceHash(ad.input, ad.view) : "#advise";
  ad.page.lastHash = hash;
  if (location.hash !== hash || location.search) history.replaceState(history.state, "", location.pathname + hash);
}

function say(ad, text) { ad.ui.message.textContent = text || ""; ad.ui.message.hidden = !text; }

function openOption(ad, o) {
  const mode = MODE[o.command];
  if (!mode || !ad.page.open[mode]) return;
  ad.page.open[mode](JSON.parse(JSON.stringify(o.input)));
  const modes = ad.root.querySelector("[data-calc-modes]");
  if (modes) modes.scrollIntoView({ block: "start" });
}

function ask(ad, text, fromLink) {
  if (!ad.root.isConnected || ad.page.mode !== "advise") return;
  forget(ad.ui.results);
  ad.ui.empty.hidden = !!ad.input;
  if (!ad.input) { ad.ui.results.replaceChildren(); ad.ui.results.dataset.state = "empty"; return; }
  const seq = ++ad.seq;
  busy(ad.ui.results, "computing");
  ad.ui.results.replaceChildren(el("p", { class: "dd-calc-notice", role: "status" }, "Working out every option…"));
  const input = ad.input;
  engine.whenReady().then(() => engine.call("advise", text || input, { lane: "background", timeout: BUDGET_MS })).then((out) => {
    if (seq !== ad.seq || !ad.root.isConnected) return;
    ad.ui.results.removeAttribute("aria-busy");
    ad.answer = out;
    ad.ui.results.dataset.input = JSON.stringify(input);
    showAdvice(ad.ui.results, ad.cat, out, { view: ad.view, nameOf: adviceName, open: (o) => openOption(ad, o), changed: () => writeLink(ad) });
    remember(ad.ui.results, "advise", input, out);
    writeLink(ad);
  }, (err) => {
    if (seq !== ad.seq) return;
    ad.ui.results.removeAttribute("aria-busy");
    const line = String((err && err.message) || err);
    if (fromLink) {       // the link's input is dropped: the plain mode, the engine's line in words
      ad.input = null;
      say(ad, "This advice link could not be used: " + line + ". Set the terrain and armies in the maneuver mode, then ask here.");
      ad.ui.results.replaceChildren();
      ad.ui.results.dataset.state = "refused";
      ad.ui.empty.hidden = false;
      writeLink(ad);
      return;
    }
    ad.ui.results.dataset.state = "error";
    ad.ui.results.replaceChildren(el("p", { class: "dd-calc-message" }, "No advice for these armies: " + line));
  });
}

/* Open the mode: as it was left (raw null), or with an input (a link's, whose own text the engine reads). */
function openAdvise(ad, raw, message, text) {
  setMode(ad.page, "advise");
  say(ad, message || "");
  if (raw == null) {
    if (message) ad.input = null;
    writeLink(ad);
    ask(ad);
    return;
  }
  const part = /~(.*)$/.exec(location.hash);
  ad.view = part ? readView(ad.cat, part[1]) : defaultView(ad.cat);
  ad.input = raw;
  ask(ad, text, true);
}

function share(ad) {
  writeLink(ad);
  if (!ad.input) { ad.ui.shareStatus.textContent = "Ask about an army first: the link holds its options."; return; }
  ad.ui.shareStatus.textContent = "";
  copyText(ad.ui.share, location.href);
}

export function bindAdvise(page) {
  const root = page.root;
  const ui = query(root);
  if (!ui.results) return;
  const ad = { page, root, cat: page.cat, ui, input: null, view: defaultView(page.cat), answer: null, seq: 0 };
  if (!words(page.cat).figures.length) return;       // an engine without advice words: no mode
  page.open.advise = (raw, message, text) => openAdvise(ad, raw, message, text);
  ui.useManeuver.addEventListener("click", () => {
    const got = fromManeuver(page.maneuverInput && page.maneuverInput());
    if (!got) { say(ad, "Put dice in the maneuvering army of the maneuver mode first: its terrain and armies are asked about here."); return; }
    say(ad, "");
    ad.input = got;
    ask(ad);
  });
  ui.share.addEventListener("click", () => share(ad));
}
