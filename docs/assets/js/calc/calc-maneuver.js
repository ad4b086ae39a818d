/* Calculator page: the maneuver mode (a march's maneuver step). Its state is the engine's maneuver
   input itself: the terrain die, its face and, at the eighth face, who holds it; the way to turn it;
   the maneuvering army and the armies that oppose it, each with the exchange's side pickers and a
   minor terrain. On every change the page draws it, writes the share link (#m=1.<base64url>) and
   asks the engine ("maneuver"); calc-maneuver-result.js shows the answer. A link is checked by the
   engine first: a refused link shows the engine's one-line message. */
import { el, option, fill, newSeed, busy, isObj, typeLabel } from "./calc-dom.js";
import { MARCHING, opposingName, words, maxOpposing, sideName } from "./calc-maneuver-words.js";
import { elementsText } from "./calc-catalogue.js";
import { encode } from "./calc-links.js";
import { engine } from "../engine/engine.js";
import { engineReady, send, followEngine, bindShare, enter, reopen, openLink } from "./calc-modes.js";
import { build as buildSide, render as renderSide } from "./calc-exchange-side.js";
import { markFace } from "./calc-exchange-faces.js";
import { faceButtons, faceOf, fillTerrains, isEighth, majorDice, minorRow, terrainOf } from "./calc-maneuver-die.js";
import { render as showResult, notice, error as showError, actionInput } from "./calc-maneuver-result.js";

const DEBOUNCE_MS = 80;

function emptyManeuver(cat) {
  const die = majorDice(cat)[0];
  return { terrain: { die: die ? die.id : "", face: 1 }, maneuvering: { army: [] }, opposing: [], direction: "up",
    seed: newSeed() };
}

/* A unit's face as the exchange's pickers write it ({<roll>: face}) is its bare face here: a maneuver is one roll. */
function bare(side) {
  (side.army || []).forEach((u) => ["rolled", "rerolled"].forEach((k) => {
    if (!isObj(u[k])) return;
    const v = Object.values(u[k])[0];
    if (v == null) delete u[k]; else u[k] = v;
  }));
}

function sideInput(side) {
  const s = JSON.parse(JSON.stringify(side));
  if (Array.isArray(s.modifiers) && !s.modifiers.length) delete s.modifiers;
  if (isObj(s.options) && !Object.keys(s.options).length) delete s.options;
  return s;
}

/* Whether the die shows its eighth face. */
function atEighth(cat, m) {
  const die = terrainOf(cat, m.terrain);
  return !!die && isEighth(die, faceOf(die, m.terrain.face));
}

/* The engine input: the state without empty parts, in the contract's order. */
function engineInput(cat, m) {
  const t = m.terrain.type != null ? { type: m.terrain.type, face: m.terrain.face } : { die: m.terrain.die, face: m.terrain.face };
  if (atEighth(cat, m) && m.terrain.controller) t.controller = m.terrain.controller;
  return { terrain: t, maneuvering: sideInput(m.maneuvering), opposing: m.opposing.map(sideInput), direction: m.direction, seed: m.seed };
}

function complete(m) { return m.maneuvering.army.length > 0 && m.opposing.every((o) => o.army.length > 0); }

/* A state from an input the engine accepted: every part the editor reads is there. */
function fromInput(raw) {
  const m = JSON.parse(JSON.stringify(raw));
  m.terrain = isObj(m.terrain) ? m.terrain : {};
  m.maneuvering = isObj(m.maneuvering) ? m.maneuvering : {};
  m.opposing = Array.isArray(m.opposing) ? m.opposing : [];
  [m.maneuvering].concat(m.opposing).forEach((s) => { if (!Array.isArray(s.army)) s.army = []; });
  return m;
}

/* The army builder's link: the marching army alone, or with the terrain die it stands at (a die of
   the catalogue, named alone); then the army, else null (a full maneuver, which the engine checks). */
function marchingOnly(cat, raw) {
  if (!isObj(raw)) return null;
  const t = raw.terrain;
  const at = isObj(t) && Object.keys(t).length === 1 && terrainOf(cat, { die: t.die }) ? t.die : null;
  if (Object.keys(raw).length !== (at ? 2 : 1) || (t != null && !at)) return null;
  const s = raw.maneuvering;
  return isObj(s) && Array.isArray(s.army) && Object.keys(s).length === 1 ? { army: s.army, at } : null;
}

function query(root) {
  const $ = (sel) => root.querySelector(sel);
  return {
    form: $("[data-maneuver-form]"), terrain: $("[data-mv-terrain]"), direction: $("[data-mv-direction]"),
    controller: $("[data-mv-controller]"), controllerWrap: $("[data-mv-controller-wrap]"), faces: $("[data-mv-faces]"),
    about: $("[data-mv-about]"), sides: $("[data-mv-sides]"), addOpposing: $("[data-mv-add-opposing]"),
    rollAgain: $("[data-mv-roll-again]"), share: $("[data-mv-share]"), shareStatus: $("[data-mv-share-status]"),
    results: $("[data-maneuver-results]"), message: $("[data-calc-message]"),
  };
}

/* The fieldsets of the sides: built once per side, rebuilt when the number of opposing armies changes. */
function sideBoxes(mv) {
  const names = [MARCHING].concat(mv.m.opposing.map((o, n) => opposingName(n)));
  if (mv.built === names.join(",")) return names;
  mv.built = names.join(",");
  mv.sideUi = {};
  mv.ui.sides.replaceChildren(...names.map((name) => {
    const box = el("fieldset", { class: "dd-ex-side", "data-mv-side": name });
    const ui = buildSide(mv, name, box, false);
    ui.minor = minorRow(mv, name, mv.sideOf);
    box.insertBefore(ui.minor, ui.modPart);
    if (name !== MARCHING) {
      const n = Number(/\d+/.exec(name)[0]);
      box.append(el("div", { class: "dd-calc-row" }, el("button", { type: "button", class: "md-button dd-calc-small",
        "data-key": "mv-remove-" + name, onclick: () => removeOpposing(mv, n) }, "Remove " + mv.sideName(name).toLowerCase())));
    }
    mv.sideUi[name] = ui;
    return box;
  }));
  return names;
}

function removeOpposing(mv, n) {
  mv.m.opposing.splice(n, 1);
  const c = mv.m.terrain.controller;
  if (c && c.startsWith("opposing[")) delete mv.m.terrain.controller;
  mv.changed();
}

function render(mv) {
  const { ui, cat, m } = mv;
  const active = document.activeElement;
  const focusKey = active && mv.root.contains(active) ? active.dataset.key : null;
  const die = terrainOf(cat, m.terrain);
  ui.terrain.value = m.terrain.type != null ? "type:" + m.terrain.type : m.terrain.die;
  ui.direction.value = m.direction;
  ui.faces.replaceChildren(...faceButtons(cat, die, m.terrain.face, (n) => pickFace(mv, n)));
  ui.controllerWrap.hidden = !atEighth(cat, m);
  fill(ui.controller, [MARCHING, "opposing"].concat(m.opposing.map((o, n) => opposingName(n))).map((s) => option(s, mv.sideName(s))));
  ui.controller.value = m.terrain.controller || "";
  ui.about.textContent = die ? die.name + ": elements " + elementsText(die.elements) + "." : "";
  ui.addOpposing.disabled = m.opposing.length >= maxOpposing(cat);
  sideBoxes(mv).forEach((name) => { renderSide(mv, name, mv.sideUi[name]); mv.sideUi[name].minor.sync(); });
  if (focusKey) { const f = mv.root.querySelector('[data-key="' + CSS.escape(focusKey) + '"]'); if (f) f.focus(); }
}

function pickFace(mv, n) {
  const t = mv.m.terrain;
  t.face = n;
  if (!atEighth(mv.cat, mv.m)) delete t.controller;
  else if (!t.controller) t.controller = mv.m.opposing.length ? opposingName(0) : MARCHING;
  mv.changed();
}

function writeLink(mv) {
  const hash = complete(mv.m) ? "#" + encode(engineInput(mv.cat, mv.m), "maneuver") : "#maneuver";
  mv.page.lastHash = hash;
  if (location.hash !== hash || location.search) history.replaceState(history.state, "", location.pathname + hash);
}

/* The engine's answer as the side pickers read it (faces rolled for the player), if it is about the state shown. */
function fresh(mv) {
  const r = mv.result;
  return r && r.key === JSON.stringify(engineInput(mv.cat, mv.m)) ? { rolls: r.out.rolls || [], killed: {} } : null;
}

function ask(mv) {
  if (!mv.root.isConnected || mv.page.mode !== "maneuver") return;
  const inp = engineInput(mv.cat, mv.m);
  mv.root.dataset.maneuverInput = JSON.stringify(inp);
  if (!complete(mv.m)) { notice(mv.ui.results, "Add dice to the maneuvering army (and to each opposing army) to see the maneuver."); return; }
  if (!engineReady(mv)) return;
  send(mv, () => engine.call("maneuver", inp), (out) => shown(mv, inp, out), (err) => {
    mv.result = null;
    render(mv);
    showError(mv.ui.results, String((err && err.message) || err));
    markFace(mv.root, err);
  });
}

function shown(mv, inp, out) {
  mv.result = { key: JSON.stringify(inp), out };
  render(mv);
  showResult(mv.ui.results, mv, out, inp);
}

function changed(mv, keepUrl) {
  mv.seq++;                                 // answers still on their way are about the input before this change
  [mv.m.maneuvering].concat(mv.m.opposing).forEach(bare);
  render(mv);
  if (keepUrl !== true) writeLink(mv);
  busy(mv.ui.results, "resolving");
  clearTimeout(mv.timer);
  mv.timer = setTimeout(() => ask(mv), DEBOUNCE_MS);
}

/* "Make this action": the melee or missile attack on the first opposing army as an exchange, any
   other action (or an action with no army to attack) as one roll of the maneuvering army. */
function makeAction(mv, action) {
  const got = actionInput(mv, engineInput(mv.cat, mv.m), mv.result && mv.result.out, action);
  mv.page.open[got.mode](got.input);
  mv.root.querySelector("[data-calc-modes]").scrollIntoView({ block: "start" });
}

function bindForm(mv) {
  const { ui, cat } = mv;
  fillTerrains(ui.terrain, cat);
  fill(ui.direction, (words(cat).directions || []).map((d) => option(d, typeLabel(d))));
  ui.terrain.addEventListener("change", () => {
    const t = mv.m.terrain;
    delete t.die; delete t.type;
    if (ui.terrain.value.startsWith("type:")) t.type = ui.terrain.value.slice(5); else t.die = ui.terrain.value;
    pickFace(mv, t.face);
  });
  ui.direction.addEventListener("change", () => { mv.m.direction = ui.direction.value; mv.changed(); });
  ui.controller.addEventListener("change", () => { mv.m.terrain.controller = ui.controller.value; mv.changed(); });
  ui.rollAgain.addEventListener("click", () => { mv.m.seed = newSeed(); mv.changed(); });
  ui.addOpposing.addEventListener("click", () => {
    if (mv.m.opposing.length >= maxOpposing(cat)) return;
    mv.m.opposing.push({ army: [] });
    mv.changed();
  });
  ui.form.addEventListener("submit", (e) => e.preventDefault());
  bindShare(mv, writeLink);
}

/* Open the maneuver mode: as it was (raw null), or with a link's input, which the engine checks first. */
function openManeuver(mv, raw, message) {
  enter(mv, message);
  if (raw == null) {
    if (!mv.m) mv.m = emptyManeuver(mv.cat);
    reopen(mv, message);
    return;
  }
  mv.m = emptyManeuver(mv.cat);
  const march = marchingOnly(mv.cat, raw);    // the army builder's link: the army, checked alone; the face is picked here
  openLink(mv, () => (march ? engine.call("plan", { roll: "maneuver", army: march.army }) : engine.call("maneuver", raw)), (out) => {
    if (march) {
      mv.m.maneuvering.army = march.army;
      if (march.at) mv.m.terrain = { die: march.at, face: 1 };
      mv.changed();
      return;
    }
    mv.m = fromInput(raw);
    [mv.m.maneuvering].concat(mv.m.opposing).forEach(bare);
    writeLink(mv);
    shown(mv, engineInput(mv.cat, mv.m), out);
  });
}

export function bindManeuver(page) {
  const root = page.root;
  const mv = { page, root, cat: page.cat, ui: query(root), m: null, seq: 0, timer: null, result: null,
    sideUi: {}, built: null, options: null, mode: "maneuver", noun: "maneuver", notice };
  if (!mv.ui.form) return;
  mv.changed = (keepUrl) => changed(mv, keepUrl);
  mv.armyChanged = () => mv.changed();
  mv.fresh = () => fresh(mv);
  mv.sideOf = (name) => (name === MARCHING ? mv.m.maneuvering : mv.m.opposing[Number(/\d+/.exec(name)[0])]);
  mv.sideName = (name) => sideName(mv.cat, name);
  mv.rollsOf = (name) => (mv.m.opposing.length ? [name === MARCHING ? "maneuver" : "counter_maneuver"] : []);
  mv.makeAction = (action) => makeAction(mv, action);
  mv.x = { attack: "maneuver" };           // no dragons on either side (the side pickers ask)
  page.open.maneuver = (raw, message) => openManeuver(mv, raw, message);
  page.maneuverInput = () => (mv.m && complete(mv.m) ? engineInput(mv.cat, mv.m) : null);     // the advice asks about it
  bindForm(mv);
  followEngine(mv, ask);
}
