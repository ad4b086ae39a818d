/* Calculator page: the exchange mode (attack, saves, damage, counter-attack; or a dragon attack).
   Its state is the engine's exchange input itself; on every change the page draws both sides,
   writes the share link (#x=1.<base64url>), asks the engine ("exchange") and then for the odds
   ("exchange-odds"), and for each side's "may" choices ("plan" of the rolls it made).
   A link is checked by the engine first: a refused link shows the engine's one-line message. */
import { el, option, fill, newSeed, busy, isObj } from "./calc-dom.js";
import { elementsText } from "./calc-catalogue.js";
import { encode } from "./calc-links.js";
import { engine } from "../engine/engine.js";
import { sidesOf, vocab } from "./calc-exchange-words.js";
import { markFace } from "./calc-exchange-faces.js";
import { build as buildSide, render as renderSide } from "./calc-exchange-side.js";
import { render as showResult, error as showError, notice } from "./calc-exchange-result.js";
import { refresh as refreshOdds } from "./calc-exchange-odds.js";
import { engineReady, send, followEngine, bindShare, enter, reopen, openLink } from "./calc-modes.js";

const DEBOUNCE_MS = 80;

function emptyExchange(attack) {
  return { attack: attack || "melee", seed: newSeed(), attacker: { army: [] }, defender: { army: [] } };
}

/* The engine input: the state without empty parts (and without the other attack's attacker). */
function engineInput(cat, x) {
  const inp = JSON.parse(JSON.stringify(x));
  sidesOf(cat).forEach((s) => {
    const side = inp[s];
    if (!isObj(side)) return;
    if (s === "attacker" && x.attack === "dragon") { delete side.army; delete side.modifiers; delete side.options; }
    if (s === "attacker" && x.attack !== "dragon") delete side.dragons;
    if (Array.isArray(side.modifiers) && !side.modifiers.length) delete side.modifiers;
    if (isObj(side.options) && !Object.keys(side.options).length) delete side.options;
  });
  if (!inp.terrain) delete inp.terrain;
  return inp;
}

function complete(x) {
  const att = x.attack === "dragon" ? x.attacker.dragons : x.attacker.army;
  return !!(att && att.length && x.defender.army && x.defender.army.length);
}

/* A state from an input the engine accepted: every part the editor reads is there. */
function fromInput(cat, raw) {
  const x = JSON.parse(JSON.stringify(raw));
  sidesOf(cat).forEach((s) => {
    if (!isObj(x[s])) x[s] = {};
    if (!Array.isArray(x[s].army)) x[s].army = [];
  });
  return x;
}

function query(root) {
  const $ = (sel) => root.querySelector(sel);
  return {
    form: $("[data-exchange-form]"),
    attack: $("[data-ex-attack]"), terrain: $("[data-ex-terrain]"), about: $("[data-ex-about]"), rollAgain: $("[data-ex-roll-again]"),
    toResult: $("[data-ex-to-result]"),
    share: $("[data-ex-share]"), shareStatus: $("[data-ex-share-status]"), results: $("[data-exchange-results]"),
    odds: root.querySelector("#exchange-odds"), message: $("[data-calc-message]"),
    sides: { attacker: $('[data-ex-side="attacker"]'), defender: $('[data-ex-side="defender"]') },
  };
}

function render(xc) {
  const { ui, cat, x } = xc;
  const active = document.activeElement;
  const focusKey = active && xc.root.contains(active) ? active.dataset.key : null;
  ui.attack.value = x.attack;
  ui.terrain.value = x.terrain || "";
  const t = x.terrain && cat.terrainById.get(x.terrain);
  ui.about.textContent = t ? t.name + ": elements " + elementsText(t.elements) + "."
    : "No terrain chosen: abilities that need a terrain element do not apply.";
  sidesOf(cat).forEach((s) => renderSide(xc, s, xc.sideUi[s]));
  if (focusKey) { const f = xc.root.querySelector('[data-key="' + CSS.escape(focusKey) + '"]'); if (f) f.focus(); }
}

function writeLink(xc) {
  const hash = complete(xc.x) ? "#" + encode(engineInput(xc.cat, xc.x), "exchange") : "#exchange";
  xc.page.lastHash = hash;
  if (location.hash !== hash || location.search) history.replaceState(history.state, "", location.pathname + hash);
}

/* The engine's answer, if it is about the state shown now (else null: the marks would be stale). */
function fresh(xc) {
  return xc.result && xc.result.key === JSON.stringify(engineInput(xc.cat, xc.x)) ? xc.result.out : null;
}

function ask(xc) {
  if (!xc.root.isConnected) return;       // this page was swapped out by instant navigation
  const { ui } = xc;
  const inp = engineInput(xc.cat, xc.x);
  xc.root.dataset.exchangeInput = JSON.stringify(inp);
  if (!complete(xc.x)) {
    notice(ui.results, xc.x.attack === "dragon" ? "Add dragons and the army they attack to see the exchange."
      : "Add dice to both armies to see the exchange.");
    refreshOdds(ui.odds, xc.cat, null);
    return;
  }
  if (!engineReady(xc)) return;
  const key = JSON.stringify(inp);
  send(xc, () => engine.call("exchange", inp), (out) => shown(xc, inp, key, out), (err) => {
    xc.result = null;
    render(xc);
    const back = xc.x.casualties ? () => { delete xc.x.casualties; xc.changed(); } : null;
    showError(ui.results, String((err && err.message) || err), null, back);
    markFace(xc.root, err);
    refreshOdds(ui.odds, xc.cat, null);
  });
}

function shown(xc, inp, key, out, now) {
  xc.result = { key, out };
  render(xc);
  showResult(xc.ui.results, xc.cat, out, inp, (side, event, units) => {
    const all = xc.x.casualties || {};
    const mine = Object.assign({}, all[side] || {});
    if (units) mine[event] = units; else delete mine[event];
    const next = Object.assign({}, all, { [side]: mine });
    if (!Object.keys(mine).length) delete next[side];
    if (Object.keys(next).length) xc.x.casualties = next; else delete xc.x.casualties;
    xc.changed();
  });
  refreshOdds(xc.ui.odds, xc.cat, inp, now);
  askOptions(xc, inp, out);
}

/* Each side's "may" choices: the exchange's own (its answer's options: the counter-attack), then the
   engine's plan of every kind of roll the side made. */
function askOptions(xc, inp, out) {
  const jobs = [];
  sidesOf(xc.cat).forEach((s) => {
    const army = (inp[s] && inp[s].army || []).map((u) => { const c = Object.assign({}, u); delete c.rolled; delete c.rerolled; return c; });
    const seen = new Set();
    (out.rolls || []).forEach((r) => {
      const rt = r.roll && xc.cat.rollTypes.get(r.roll.roll);
      if (r.side !== s || !army.length || !rt || rt.individual) return;
      const q = { roll: r.roll.roll, army };
      if (r.roll.against && rt.against && rt.against.length > 1) q.against = r.roll.against;
      if (inp.terrain) q.terrain = inp.terrain;
      const k = JSON.stringify(q);
      if (!seen.has(k)) { seen.add(k); jobs.push([s, k, q]); }
    });
  });
  const own = out.options || {};
  const wanted = JSON.stringify([jobs.map((j) => j[1]), own]);
  if (wanted === xc.optionsKey) return;
  const mine = xc.seq;
  Promise.all(jobs.map(([s, k, q]) => (xc.plans.has(k) ? Promise.resolve(xc.plans.get(k))
    : engine.call("plan", q).then((p) => { xc.plans.set(k, p); return p; }, () => null)).then((p) => [s, p]))).then((got) => {
    if (mine !== xc.seq || !xc.root.isConnected) return;   // a newer input is on its way: its choices follow
    const opts = Object.fromEntries(sidesOf(xc.cat).map((s) => [s, (own[s] || []).slice()]));
    got.forEach(([s, p]) => ((p && p.options) || []).forEach((o) => { if (!opts[s].some((e) => e.id === o.id)) opts[s].push(o); }));
    xc.options = opts;
    xc.optionsKey = wanted;
    render(xc);                             // redraws both sides and gives the keyboard focus back
  });
}

function changed(xc, keepUrl) {
  xc.seq++;                                 // answers still on their way are about the input before this change
  render(xc);
  if (keepUrl !== true) writeLink(xc);
  busy(xc.ui.results, "resolving");  // the result shown is of the input before this change
  clearTimeout(xc.timer);
  xc.timer = setTimeout(() => ask(xc), DEBOUNCE_MS);
}

function bindForm(xc) {
  const { ui, cat } = xc;
  const v = vocab(cat);
  fill(ui.attack, v.attacks.map((a) => option(a.id, a.name)));
  fill(ui.terrain, [option("", "No terrain given"),
    el("optgroup", { label: "Terrain types" }, cat.terrainTypes.map((t) => option(t.id, t.name + " (" + elementsText(t.elements) + ")"))),
    el("optgroup", { label: "Terrain dice" }, cat.terrains.slice().sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => option(t.id, t.name + " (" + elementsText(t.elements) + ")")))]);
  ui.attack.addEventListener("change", () => {
    xc.x.attack = ui.attack.value;
    delete xc.x.casualties;
    // The choices were the attack before's: gone with it (the new answer's are asked for).
    Object.values(xc.options || {}).forEach((list) => list.forEach((o) => { if (o.field) delete xc.x[o.field]; }));
    xc.options = xc.optionsKey = null;
    xc.changed();
  });
  ui.terrain.addEventListener("change", () => { if (ui.terrain.value) xc.x.terrain = ui.terrain.value; else delete xc.x.terrain; xc.changed(); });
  ui.rollAgain.addEventListener("click", () => { xc.x.seed = newSeed(); xc.changed(); });
  // Two armies of face pickers push the result far down a phone's page: one tap to it (not a #link:
  // the address's hash is the share link).
  ui.toResult.addEventListener("click", () => { ui.results.scrollIntoView({ block: "start" }); ui.results.focus({ preventScroll: true }); });
  ui.form.addEventListener("submit", (e) => e.preventDefault());
  bindShare(xc, writeLink);
}

/* A link that gives one side's army only (the army builder's "Roll with this army"): the engine
   cannot resolve it yet, so only its attack, terrain and armies are kept, each army checked alone. */
function partial(cat, raw) {
  if (!isObj(raw) || raw.attack === "dragon") return null;
  const armies = sidesOf(cat).map((s) => (isObj(raw[s]) && Array.isArray(raw[s].army) ? raw[s].army : []));
  if (armies.every((a) => a.length)) return null;          // both armies: the engine checks it whole
  const x = emptyExchange(raw.attack);
  if (raw.terrain != null) x.terrain = raw.terrain;
  sidesOf(cat).forEach((s, i) => { x[s].army = armies[i]; });
  return x;
}

function checkHalf(cat, x) {
  const fail = (msg) => Promise.reject(new Error(msg));
  if (!vocab(cat).attacks.some((a) => a.id === x.attack)) return fail("attack: no such attack");
  if (x.terrain != null && !cat.terrainById.has(x.terrain)) return fail("terrain: no such terrain");
  return Promise.all(sidesOf(cat).filter((s) => x[s].army.length).map((s) => engine.call("plan", { roll: "melee", army: x[s].army })
    .catch((err) => fail(s + "." + String((err && err.message) || err)))));
}

/* Open the exchange mode: empty (raw null), or with a link's input, which the engine checks first
   (reading the link's own text, as the command line would). */
export function openExchange(page, raw, message, text) {
  const xc = page.exchange;
  enter(xc, message);
  if (raw == null) {
    if (!xc.x) xc.x = emptyExchange();
    reopen(xc, message);
    return;
  }
  xc.x = emptyExchange();
  const half = partial(xc.cat, raw);
  openLink(xc, () => (half ? checkHalf(xc.cat, half) : engine.call("exchange", text || raw)), (out) => {
    if (half) { xc.x = half; writeLink(xc); xc.changed(true); return; }
    xc.x = fromInput(xc.cat, raw);
    writeLink(xc);
    const inp = engineInput(xc.cat, xc.x);
    shown(xc, inp, JSON.stringify(inp), out, true);     // a link's odds: at once, no keystroke follows
  });
}

export function bindExchange(page) {
  const root = page.root;
  const xc = { page, root, cat: page.cat, ui: query(root), x: null, seq: 0, timer: null, result: null,
    plans: new Map(), options: null, optionsKey: null, sideUi: {}, mode: "exchange", noun: "exchange", notice };
  if (!xc.ui.form) return;
  page.exchange = xc;
  // The mode's button or a link: opened empty (or as it was left), or with an input the engine checks.
  page.open.exchange = (raw, message, text) => { xc.ui.form.hidden = false; openExchange(page, raw, message, text); };
  xc.changed = (keepUrl) => changed(xc, keepUrl);
  xc.armyChanged = () => { delete xc.x.casualties; xc.changed(); };
  xc.fresh = () => fresh(xc);
  xc.sideOf = (s) => xc.x[s];
  sidesOf(xc.cat).forEach((s) => { xc.sideUi[s] = buildSide(xc, s, xc.ui.sides[s]); });
  bindForm(xc);
  followEngine(xc, ask);
}
