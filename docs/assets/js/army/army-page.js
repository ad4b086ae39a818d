/* Army builder (/army/): the page's state and its round trips to the engine. The state is one kept
   force ({id, name, force}, the force being the engine's `force` input); on every change it is kept
   on the device, drawn, and asked of the engine, whose answer (points and problems) is drawn as it
   comes. A ?force= link is checked by the engine before it is kept. */
import { el, option, fill, shortMsg, busy, isObj, wholeIn, refuse } from "../calc/calc-dom.js";
import { load, elementsText, limit } from "../calc/calc-catalogue.js";
import { engine, followEngine } from "../engine/engine.js";
import * as store from "./army-store.js";
import { readLink, dropLink, shareUrl } from "./army-links.js";
import { renderArmies, renderTarget, renderAnswer, renderCounts, enhanceCards, relabel, listOf } from "./army-view.js";
import { bindActions, renderKept, openForce, offerUndelete, keepShown, watchKept, sayDamaged } from "./army-kept.js";
import { onAddress, clearClash, alertBar, leaveClash } from "../shared/kept-share.js";
import { bindPrint, refreshPrint, aidOf } from "./army-print.js";
import { bindForumCopy, remember, forget } from "../shared/forum-copy.js";

const DEBOUNCE_MS = 60;

function query(root) {
  const $ = (sel) => root.querySelector(sel);
  return {
    message: $("[data-army-message]"), force: $("[data-army-force]"), pick: $("[data-army-pick]"), name: $("[data-army-name]"),
    newForce: $("[data-army-new]"), del: $("[data-army-delete]"), keptStatus: $("[data-army-kept-status]"), size: $("[data-army-size]"), sizes: $("[data-army-sizes]"),
    home: $('[data-army-terrain="home"]'), frontier: $('[data-army-terrain="frontier"]'), total: $("[data-army-total]"),
    armies: $("[data-army-armies]"), problems: $("[data-army-problems]"), target: $("[data-army-target]"),
    share: $("[data-army-share]"), exportButton: $("[data-army-export]"), importInput: $("[data-army-import]"),
    printButton: $("[data-army-print-button]"), status: $("[data-army-status]"), print: $("[data-army-print]"),
    filter: $("form[data-filter]"),
  };
}

/* The engine input: the force with what is not chosen yet left out. */
function engineInput(force) {
  const inp = { armies: {}, summoning_pool: force.summoning_pool.slice() };
  store.ARMIES.forEach((a) => { inp.armies[a] = force.armies[a].slice(); });
  if (force.size != null && force.size !== "") inp.size = force.size;
  const t = {};
  if (isObj(force.terrains)) ["home", "frontier"].forEach((k) => { if (force.terrains[k]) t[k] = force.terrains[k]; });
  if (Object.keys(t).length) inp.terrains = t;
  return inp;
}

function fillStatic(ctx) {
  const { ui, cat } = ctx;
  fill(ui.sizes, (aidOf(ctx).sizes || []).map((n) => option(String(n), String(n))));
  // Each select offers the terrain dice the engine accepts there (the build asks it: aid.terrains).
  const offered = aidOf(ctx).terrains || {};
  [["home", ui.home], ["frontier", ui.frontier]].forEach(([role, s]) => {
    const ok = new Set(offered[role] || cat.terrains.map((t) => t.id));
    const groups = cat.terrainTypes.map((tt) => el("optgroup", { label: tt.name },
      cat.terrains.filter((t) => t.type === tt.id && ok.has(t.id)).sort((a, b) => a.name.localeCompare(b.name))
        .map((t) => option(t.id, terrainText(t))))).filter((g) => g.children.length);
    fill(s, [option("", "Not chosen yet")].concat(groups));
  });
}

function terrainText(t) {
  return t.name + " (" + elementsText(t.elements) + ")";
}

/* A kept force or a link may name a terrain the select does not offer (a minor terrain as home):
   it is shown as chosen, while that force is shown, and the engine's problem says why it cannot
   be there. */
function showTerrain(ctx, select, id) {
  select.querySelectorAll("option[data-extra]").forEach((o) => { if (o.value !== id) o.remove(); });
  if (id && ![...select.options].some((o) => o.value === id)) {
    const t = ctx.terrains.get(id);
    const extra = option(id, t ? terrainText(t) : "A terrain not in the dice list");
    extra.dataset.extra = "";
    select.append(extra);
  }
  select.value = id || "";
}

/* Run fn, which may draw parts of the page again; the control that had the focus (by its data-key)
   has it again afterwards, so a keyboard or screen-reader user keeps their place. */
function keepingFocus(ctx, fn) {
  const active = document.activeElement;
  const focusKey = active && ctx.root.contains(active) ? active.dataset.key : null;
  fn();
  if (focusKey && !ctx.root.contains(active)) {
    const f = ctx.root.querySelector('[data-key="' + CSS.escape(focusKey) + '"]');
    if (f) f.focus();
  }
}

function render(ctx) {
  keepingFocus(ctx, () => draw(ctx));
}

function draw(ctx) {
  const { ui, entry } = ctx;
  renderKept(ctx);
  if (document.activeElement !== ui.name) ui.name.value = entry.name;
  if (document.activeElement !== ui.size && !ui.size.dataset.refusal) ui.size.value = entry.force.size != null ? String(entry.force.size) : "";
  const t = entry.force.terrains || {};
  showTerrain(ctx, ui.home, t.home);
  showTerrain(ctx, ui.frontier, t.frontier);
  renderArmies(ctx);
  renderTarget(ctx);
  renderCounts(ctx);
}

function ask(ctx) {
  if (!ctx.root.isConnected) return;
  const input = ctx.input();
  const key = JSON.stringify(input);
  if (engine.state.status !== "ready") {
    ctx.ui.problems.dataset.state = "waiting";
    ctx.ui.problems.replaceChildren(el("p", { class: "dd-calc-notice" }, engine.state.status === "error"
      ? "The engine could not start, so the force cannot be checked." : "Points and problems appear here as soon as the engine is ready."));
    return;
  }
  if (input.size == null) {
    ctx.answer = null;
    forget(ctx.ui.problems);
    ctx.ui.problems.dataset.state = "no-size";
    ctx.ui.problems.removeAttribute("aria-busy");
    ctx.ui.total.textContent = "";
    ctx.ui.problems.replaceChildren(el("p", { class: "dd-calc-notice" }, "Choose the force size to see its points and problems."));
    return;
  }
  const seq = ++ctx.seq;
  engine.call("force", input).then((out) => ({ key, out }), (err) => ({ key, error: shortMsg(err) })).then((answer) => {
    if (seq !== ctx.seq || !ctx.root.isConnected) return;
    ctx.answer = answer;
    if (answer.out) remember(ctx.ui.problems, "force", JSON.parse(answer.key), answer.out); else forget(ctx.ui.problems);
    keepingFocus(ctx, () => {
      renderAnswer(ctx);
      renderTarget(ctx);
      renderArmies(ctx);
    });
    refreshPrint(ctx);
  });
}

function changed(ctx, persist) {
  ctx.seq++;
  if (persist !== false) keepShown(ctx);
  render(ctx);
  busy(ctx.ui.problems, "checking");
  clearTimeout(ctx.timer);
  ctx.timer = setTimeout(() => ask(ctx), DEBOUNCE_MS);
}

function say(ctx, text) {
  ctx.ui.message.textContent = text;
  ctx.ui.message.hidden = !text;
}

/* Show one kept force (or a new one). */
export function show(ctx, entry, persist) {
  if (ctx.entry && ctx.entry.id !== entry.id) { leaveClash(store, ctx, ctx.ui.keptStatus); clearClash(alertBar(ctx.root)); }
  ctx.entry = entry;
  refuse(ctx.ui.size, "");        // a note about another force's size goes with it
  ctx.answer = null;
  changed(ctx, persist);
}

function bindForm(ctx) {
  const { ui } = ctx;
  ui.name.addEventListener("change", () => {
    ctx.entry.name = store.cleanName(ui.name.value) || store.freshName();
    changed(ctx);
  });
  // A size outside the engine's bounds is said beside the box (the force keeps its size meanwhile).
  ui.size.addEventListener("change", () => {
    const was = ctx.entry.force.size;
    const n = wholeIn(ui.size, 1, limit(ctx.cat, "force_size"), { empty: true, what: "Give the force size as a whole number of points",
      still: was != null ? "The force is still checked at " + was + " points." : "" });
    if (n == null) return;
    if (n === "") delete ctx.entry.force.size; else ctx.entry.force.size = n;
    changed(ctx);
  });
  [["home", ui.home], ["frontier", ui.frontier]].forEach(([k, s]) => s.addEventListener("change", () => {
    const t = ctx.entry.force.terrains = Object.assign({}, ctx.entry.force.terrains);
    if (s.value) t[k] = s.value; else delete t[k];
    changed(ctx);
  }));
  if (ui.filter) ui.filter.addEventListener("submit", (e) => e.preventDefault());
}

/* The force the address names, if any: checked, kept and shown (or an error in words). Once it
   is settled the link leaves the address, so a reload shows the kept force, not the link again.
   Not before: Back or Forward may make the theme swap the page in while the engine checks the
   force, and the page it brings must still find the link to open. */
function openLink(ctx) {
  const got = readLink();
  if (!got) return;
  if (got.error) { dropLink(); say(ctx, got.error); return; }
  const address = location.search;
  openForce(ctx, got, "link").then(() => { if (ctx.root.isConnected && location.search === address) dropLink(); });
}

function bind(root, cat) {
  const dragons = new Map(cat.dragons.map((d) => [d.id, d]));
  const terrains = new Map(cat.terrains.map((t) => [t.id, t]));
  const ctx = { root, cat, dragons, terrains, ui: query(root), entry: null, answer: null, seq: 0, timer: null, target: "home" };
  ctx.input = () => engineInput(ctx.entry.force);
  ctx.inputOf = engineInput;
  ctx.changed = () => changed(ctx);
  ctx.show = (entry, persist) => show(ctx, entry, persist);
  ctx.say = (text) => say(ctx, text);
  ctx.relabel = () => relabel(ctx);
  // Dragons and terrain dice go to the Summoning Pool (the engine says which may stay there).
  ctx.toPool = (id) => dragons.has(id) || terrains.has(id);
  ctx.add = (id) => {
    listOf(ctx.entry.force, ctx.toPool(id) ? "pool" : ctx.target).push(id);
    changed(ctx);
  };
  // The redraw keeps the focus on the row while any of its dice is left (keepingFocus); once the
  // row is gone, it goes to the army's first row left, else to the army.
  ctx.focusAfterRemove = (part) => {
    if (root.contains(document.activeElement)) return;
    const next = root.querySelector('[data-army-part="' + part + '"] [data-army-remove]');
    (next || root.querySelector("#dd-army-" + part)).focus();
  };
  fillStatic(ctx);
  enhanceCards(ctx);
  bindForm(ctx);
  bindActions(ctx);
  bindPrint(ctx);
  bindForumCopy(root.querySelector('[data-forum="force"]'), [{ key: "force", what: "this force", section: ctx.ui.problems,
    none: "Choose the force size first: the post shows its points." }], () => shareUrl(ctx.entry));
  ctx.ui.force.hidden = false;
  ctx.ui.target.hidden = false;
  const kept = store.current();      // a new force is kept once something is put in it
  const damaged = store.damaged();   // what could not be read of it (before it is kept again, repaired)
  show(ctx, kept || { id: store.newId(), name: store.freshName(), force: store.emptyForce() }, !!kept);
  offerUndelete(ctx);                // a force deleted before a reload can still come back
  openLink(ctx);
  sayDamaged(ctx, damaged);          // kept forces that could not be read whole, in words
  onAddress(root, () => openLink(ctx));    // Back or forward to a ?force= address opens that force too
  watchKept(ctx);                    // another tab's save of the force shown is the player's choice
  followEngine(ctx, ask);            // asked again once the engine is up
}


export function bindArmy() {
  const root = document.querySelector("#army[data-army]");
  if (!root || root.dataset.armyBound) return;
  root.dataset.armyBound = "1";
  const msg = root.querySelector("[data-army-message]");
  load().then((cat) => { if (document.body.contains(root)) bind(root, cat); }, (err) => {
    msg.textContent = "The dice catalogue could not be loaded (" + shortMsg(err) + "). Reload the page to try again.";
    msg.hidden = false;
  });
}
