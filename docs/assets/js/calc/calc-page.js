/* Calculator page: the form, the page's state and its round trips to the engine.
   On every change: draw the army, write the share link, then ask the engine for its plan of the
   input (faces that roll again, choices, options) and for the roll's resolution, whose magic part
   (results to spend, spells, the wish list of the input's `cast`) calc-magic.js shows. */
import { el, option, fill, shortMsg, newSeed, typeLabel, busy, refuse } from "./calc-dom.js";
import { load, elementsText, followArmy, limit, checkAmount } from "./calc-catalogue.js";
import { encode, read, vet } from "./calc-links.js";
import { follow, renderMods, renderOptions, renderUnits, rollDie, addInline, addFree, markField } from "./calc-army.js";
import { render as showResult, notice, error as showError } from "./calc-trace.js";
import { refresh as refreshChances } from "./chances.js";
import { bindModes, openMode, setMode, engineReady, send, followEngine, bindShare, say } from "./calc-modes.js";
import { bindMagic, showMagic, hideMagic, syncReserve, busyMagic } from "./calc-magic.js";
import { engine } from "../engine/engine.js";
import { bindKeptRoll } from "./calc-kept.js";
import { heldRow } from "./calc-held.js";
import { bindModeCopy } from "../shared/forum-copy.js";

const DEBOUNCE_MS = 60;

function emptyState() { return { roll: "melee", army: [], modifiers: [], seed: newSeed() }; }

const empty = (v) => v == null || v === "" || (Array.isArray(v) ? !v.length : typeof v === "object" && !Object.keys(v).length);

/* The engine input: the state (the engine's own input, from the form or a link) with empty parts
   left out, the army always there and the seed last. The engine checks every field and names
   one it does not know. */
function engineInput(state) {
  const inp = {};
  Object.keys(state).forEach((k) => {
    if (k !== "seed" && (k === "army" || !empty(state[k]))) inp[k] = JSON.parse(JSON.stringify(state[k]));
  });
  inp.seed = state.seed;
  return inp;
}

function query(root) {
  const $ = (sel) => root.querySelector(sel);
  return {
    form: $("[data-calc-form]"), message: $("[data-calc-message]"), roll: $("[data-calc-roll]"),
    against: $("[data-calc-against]"), againstWrap: $("[data-calc-against-wrap]"),
    counts: $("[data-calc-counts]"), countsWrap: $("[data-calc-counts-wrap]"),
    terrain: $("[data-calc-terrain]"), elements: $("[data-calc-elements]"), health: $("[data-calc-health]"),
    species: $("[data-calc-species]"), unit: $("[data-calc-unit]"), add: $("[data-calc-add]"),
    inSpecies: $("[data-calc-inline-species]"), inHealth: $("[data-calc-inline-health]"),
    inType: $("[data-calc-inline-type]"), inFace: $("[data-calc-inline-face]"), inAdd: $("[data-calc-inline-add]"),
    icons: $("[data-calc-icons]"), units: $("[data-calc-units]"), empty: $("[data-calc-empty]"),
    rollAll: $("[data-calc-roll-all]"), clear: $("[data-calc-clear]"), toResult: $("[data-calc-to-result]"),
    spell: $("[data-calc-spell]"), spellAdd: $("[data-calc-spell-add]"), op: $("[data-calc-op]"),
    amount: $("[data-calc-amount]"), result: $("[data-calc-result]"), opAdd: $("[data-calc-op-add]"),
    modlist: $("[data-calc-modlist]"), options: $("[data-calc-options]"),
    share: $("[data-calc-share]"), shareStatus: $("[data-calc-share-status]"),
    results: $("[data-calc-results]"), chances: root.querySelector("#chances"),
  };
}

function fillStatic(ui, cat) {
  const v = cat.vocab;
  fill(ui.roll, (v.roll_types || []).map((t) => option(t.id, t.name)));
  fill(ui.counts, (v.result_types || []).map((t) => option(t, typeLabel(t))));
  fill(ui.terrain, [option("", "No terrain given"), option("reserve", "Reserve Area"),
    el("optgroup", { label: "Terrain types" }, cat.terrainTypes.map((t) => option(t.id, t.name + " (" + elementsText(t.elements) + ")"))),
    el("optgroup", { label: "Terrain dice" }, cat.terrains.slice().sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => option(t.id, t.name + " (" + elementsText(t.elements) + ")")))]);
  fill(ui.species, cat.speciesList.map((s) => option(s.id, s.name)));
  fill(ui.inSpecies, [option("", "No species (item)")].concat(cat.inlineSpecies.map((s) => option(s.id, s.name))));
  fill(ui.inType, (v.die_kinds || []).map((k) => option(k, typeLabel(k), k === "unit")));
  ui.inHealth.max = String(limit(cat, "health"));
  ui.amount.max = String(limit(cat, "amount"));
  fill(ui.icons, cat.iconNames.map((n) => el("option", { value: n.toLowerCase() })));
  fill(ui.spell, cat.spells.slice().sort((a, b) => a.name.localeCompare(b.name)).map((s) => option(s.id, s.name + " — " + s.label)));
  fill(ui.op, [option("add", "Add"), option("subtract", "Subtract"), option("halve", "Halve"), option("double", "Double")]);
  fill(ui.result, (v.result_types || []).map((t) => option(t, typeLabel(t))).concat([option("all", "All results")]));
}

function fillUnits(ui, cat) {
  fill(ui.unit, (cat.diceBySpecies.get(ui.species.value) || []).map((d) =>
    option(d.id, d.name + (d.health ? " (health " + d.health + ")" : " (" + d.kind + ")"))));
}

function syncControls(ctx) {
  const { ui, state, cat } = ctx;
  const rt = cat.rollTypes.get(state.roll) || {};
  ui.roll.value = state.roll;
  const against = rt.save ? rt.against || [] : [];
  ui.againstWrap.hidden = against.length < 2;
  fill(ui.against, against.map((a) => option(a, typeLabel(a), a === (state.against || against[0]))));
  ui.countsWrap.hidden = !rt.individual;
  if (rt.individual) ui.counts.value = (state.counts || ["save"])[0];
  ui.terrain.value = state.reserve ? "reserve" : state.terrain || "";
  syncReserve(ctx);
  const t = state.terrain && cat.terrainById.get(state.terrain);
  ui.elements.textContent = state.terrain === "reserve" || state.reserve ? "Reserve Area: no terrain, so no terrain elements."
    : t ? t.name + ": elements " + elementsText(t.elements) + "."
      : "No terrain chosen: abilities that need a terrain element do not apply.";
  ui.amount.disabled = ui.op.value === "halve" || ui.op.value === "double";
  ctx.held.sync();
}

function render(ctx) {
  const active = document.activeElement;
  const focusKey = active && ctx.root.contains(active) ? active.dataset.key : null;
  syncControls(ctx);
  followArmy(ctx.cat, ctx.ui.species, ctx.state.army, () => fillUnits(ctx.ui, ctx.cat));
  renderUnits(ctx);
  renderMods(ctx);
  renderOptions(ctx);
  if (focusKey) { const f = ctx.root.querySelector('[data-key="' + CSS.escape(focusKey) + '"]'); if (f) f.focus(); }
}

function writeLink(ctx) {
  if (ctx.mode !== "roll") return;          // the other modes write their own links
  const hash = "#" + encode(engineInput(ctx.state));
  ctx.lastHash = hash;
  if (location.hash !== hash || location.search) history.replaceState(history.state, "", location.pathname + hash);
}

/* Ask the engine: plan first (it may change the army: faces to roll, faces not used), then resolve. */
function ask(ctx) {
  if (!ctx.root.isConnected) return;      // this page was swapped out by instant navigation
  const { ui } = ctx;
  if (ctx.mode !== "roll" || ctx.vetting) return;
  if (!ctx.state.army.length) { notice(ui.results, "Add dice to the army to see the result."); hideMagic(ctx); return; }
  if (!engineReady(ctx.rm)) { hideMagic(ctx, "waiting"); return; }
  const input = engineInput(ctx.state);
  send(ctx.rm, () => engine.call("plan", input), (plan, live) => {
    ctx.plan = plan;
    if (follow(ctx) && ctx.rounds++ < 40) { changed(ctx, false, true); return null; }   // the plan's change: no keystroke
    ctx.rounds = 0;
    render(ctx);
    writeLink(ctx);
    const final = engineInput(ctx.state);
    ctx.root.dataset.input = JSON.stringify(final);
    refreshChances(final, ui.chances);
    return engine.call("resolve", final).then((out) => {
      if (live()) { showResult(ui.results, ctx.cat, out, final); showMagic(ctx, out, final); }
      ctx.later();       // the other modes' scripts, now that the first answer is drawn
    });
  }, (err) => {
    ctx.plan = null;
    hideMagic(ctx, "error");
    showError(ui.results, "The engine could not resolve this roll: " + shortMsg(err));
    markField(ctx, err);
  });
}

function changed(ctx, keepUrl, now) {
  ctx.rm.seq++;                             // answers still on their way are about the roll before this change
  render(ctx);
  if (keepUrl !== true) writeLink(ctx);
  ctx.root.dataset.input = JSON.stringify(engineInput(ctx.state));
  if (!ctx.state.army.length) refreshChances(null, ctx.ui.chances);
  if (ctx.mode === "roll") { busy(ctx.ui.results, "resolving"); busyMagic(ctx); }   // what is shown is of the roll before
  clearTimeout(ctx.rm.timer);
  ctx.rm.timer = setTimeout(() => ask(ctx), now ? 0 : DEBOUNCE_MS);     // now: a link's roll, no keystroke follows
}

function bindForm(ctx) {
  const { ui, cat } = ctx;
  const st = () => ctx.state;
  ui.roll.addEventListener("change", () => {
    st().roll = ui.roll.value;
    const rt = cat.rollTypes.get(st().roll) || {};
    // A save roll picked here is against what the engine suggests (an attack: melee), not "other".
    if (rt.save && rt.suggest_against) st().against = rt.suggest_against; else delete st().against;
    if (rt.individual) st().counts = [ui.counts.value || "save"]; else delete st().counts;
    delete st().spell;        // another roll is not the one a spell called for
    delete st().negation;     // the opposing units' roll answers this one roll only
    ctx.changed();
  });
  ui.against.addEventListener("change", () => { st().against = ui.against.value; ctx.changed(); });
  ui.counts.addEventListener("change", () => { st().counts = [ui.counts.value]; ctx.changed(); });
  ui.terrain.addEventListener("change", () => { if (ui.terrain.value) st().terrain = ui.terrain.value; else delete st().terrain; ctx.changed(); });
  ui.species.addEventListener("change", () => { ui.species.dataset.picked = "1"; fillUnits(ui, cat); });
  ui.add.addEventListener("click", () => {
    if (!ui.unit.value || st().army.length >= limit(cat, "army_size")) return;
    st().army.push({ die: ui.unit.value });
    ctx.changed();
  });
  ui.inAdd.addEventListener("click", () => addInline(ctx));
  ui.inFace.addEventListener("input", () => {      // the note leaves once a face is written
    const f = ui.inFace.value.trim();
    if (ui.inFace.dataset.refusal && f && f.length <= limit(cat, "text")) refuse(ui.inFace, "");
  });
  ui.rollAll.addEventListener("click", () => { st().army.forEach((u, i) => rollDie(ctx, u, i)); ctx.changed(); });
  // On a phone the total is screens below the dice: one tap brings it into view, with the focus.
  ui.toResult.addEventListener("click", () => { ui.results.scrollIntoView({ block: "start" }); ui.results.focus({ preventScroll: true }); });
  // Cleared at one tap, so the dice are set aside and can be brought back (calc-kept.js).
  ui.clear.addEventListener("click", () => { if (st().army.length) ctx.replaceArmy([], "cleared"); });
  ui.spellAdd.addEventListener("click", () => { if (ui.spell.value) { st().modifiers.push({ spell: ui.spell.value }); ctx.changed(); } });
  ui.op.addEventListener("change", () => syncControls(ctx));
  ui.opAdd.addEventListener("click", () => addFree(ctx));
  // The note beside the amount leaves once the amount is good (or not needed: halve, double).
  const recheck = () => { if (ui.amount.dataset.refusal && (ui.amount.disabled || !checkAmount(ctx.cat, ui.op.value, ui.amount.value).why)) refuse(ui.amount, ""); };
  ui.amount.addEventListener("input", recheck);
  ui.op.addEventListener("change", recheck);
  ui.form.addEventListener("submit", (e) => e.preventDefault());
  bindShare(ctx.rm, () => writeLink(ctx));
  bindModeCopy(ctx.root, "roll", () => { writeLink(ctx); return location.href; });
  // An exchange or a maneuver writes its share link into the address with every change.
  ["exchange", "maneuver", "advise"].forEach((mode) => bindModeCopy(ctx.root, mode, () => location.href));
}

function restore(ctx) {
  const got = read(ctx.cat);
  const turn = ctx.opening = (ctx.opening || 0) + 1;
  ctx.state = emptyState();
  ctx.plan = null;
  ctx.vetting = false;
  ctx.ui.message.hidden = !got || !got.error;
  ctx.ui.message.textContent = got && got.error ? got.error : "";
  if (got && got.mode !== "roll") { openMode(ctx, got.mode, got.input, got.error, got.text); return; }   // its link (or its error)
  setMode(ctx, "roll");
  changed(ctx, true);                   // an empty start keeps the plain address
  if (got && got.error) history.replaceState(history.state, "", location.pathname);
  if (!got || got.error || got.mode !== "roll") return;
  // The link's input is used once the engine has read its text; refused, the engine's line is shown.
  ctx.vetting = true;
  notice(ctx.ui.results, "Opening the roll from the link…", "opening");
  const mine = (fn) => (arg) => { if (turn === ctx.opening) { ctx.vetting = false; fn(arg); } };
  vet(got, mine((input) => {            // a hand-written roll without seed: the engine's default, 0
    ctx.state = Object.assign(emptyState(), { seed: 0, army: [], modifiers: [] }, input);
    changed(ctx, false, true);
  }), mine((text) => {                  // refused: the plain address, an empty calculator, the engine's line
    history.replaceState(history.state, "", location.pathname);
    restore(ctx);
    say(ctx.rm, text);
  }));
}

/* The exchange, maneuver and advice modes' scripts (half the calculator's): imported when one of them
   is first opened (a link, its button), else after the page's first answer, or LATER_MS after the
   engine is ready: on a slow link a first roll's answer does not wait for their bytes (issue 52). */
const LATER = { exchange: () => import("./calc-exchange.js").then((m) => m.bindExchange),
  maneuver: () => import("./calc-maneuver.js").then((m) => m.bindManeuver), advise: () => import("./calc-advise.js").then((m) => m.bindAdvise) };
const LATER_MS = 1500;
function bindLater(ctx) {
  let loaded = null;
  ctx.later = () => (loaded = loaded || Promise.all(Object.values(LATER).map((get) => get())).then((binds) => binds.forEach((b) => b(ctx))));
  Object.keys(LATER).forEach((mode) => {        // until then, a mode opens once its script is in
    const stub = ctx.open[mode] = (...args) => ctx.later().then(() => (ctx.open[mode] !== stub ? ctx.open[mode] : ctx.open.roll)(...args));
  });
  engine.whenReady().then(() => setTimeout(ctx.later, LATER_MS), () => ctx.later());
}

function bind(root, cat) {
  const ctx = { root, cat, ui: query(root), state: emptyState(), plan: null, rounds: 0,
    lastHash: null, autoRoll: new WeakSet(), mode: "roll", open: {} };
  // The roll as a mode of the controller (calc-modes.js): its inputs' count and its pending ask.
  ctx.rm = { page: ctx, root, mode: "roll", noun: "roll", ui: ctx.ui, notice, seq: 0, timer: null, changed: (keep) => changed(ctx, keep) };
  // "One roll": as it was left, or with an input (a maneuver's "Make this action").
  ctx.open.roll = (input) => {
    setMode(ctx, "roll");
    if (input) { ctx.state = Object.assign(emptyState(), input); ctx.plan = null; }
    changed(ctx);
  };
  // The player's own change while a link is still being read stands: the link's roll, once read,
  // would otherwise replace it without a word (a cleared army brought back before the engine woke).
  ctx.changed = () => { if (ctx.vetting) { ctx.opening++; ctx.vetting = false; } changed(ctx); };
  ctx.focusAfterRemove = (i) => {
    const next = root.querySelector('[data-key="remove-' + Math.min(i, ctx.state.army.length - 1) + '"]');
    (next || ctx.ui.add).focus();
  };
  fillStatic(ctx.ui, cat);
  fillUnits(ctx.ui, cat);
  ctx.held = heldRow(ctx, "roll", () => ctx.state);     // the terrain faces the army holds, after "Where"
  ctx.ui.elements.after(ctx.held.part);
  bindForm(ctx);
  bindKeptRoll(ctx);
  ctx.ui.form.hidden = false;
  bindLater(ctx);
  bindModes(ctx);
  bindMagic(ctx);
  restore(ctx);
  const onHash = () => {
    if (!document.body.contains(root)) { window.removeEventListener("hashchange", onHash); return; }
    if (location.hash && "#" + location.hash.replace(/^#/, "") !== ctx.lastHash) restore(ctx);
  };
  window.addEventListener("hashchange", onHash);
  followEngine(ctx.rm, () => ask(ctx));   // asked again once the engine is up
}


/* Bind the calculator of the page shown, once it has one and its catalogue has loaded. */
export function bindCalculator() {
  const root = document.querySelector("#calculator[data-engine]");
  if (!root || root.dataset.calcBound || !root.querySelector("[data-calc-form]")) return;
  root.dataset.calcBound = "1";
  const msg = root.querySelector("[data-calc-message]");
  load().then((cat) => { if (document.body.contains(root)) bind(root, cat); }, (err) => {
    msg.textContent = "The dice catalogue could not be loaded (" + shortMsg(err) + "). Reload the page to try again.";
    msg.hidden = false;
  });
}

