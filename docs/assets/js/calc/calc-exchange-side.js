/* Calculator page: one side of an exchange (its army or its dragons, the face pickers of each
   unit, its modifiers and options), built once and redrawn on every change. */
import { el, option, fill, typeLabel, refuse, siteLink } from "./calc-dom.js";
import { elementsText, followArmy, limit, checkAmount } from "./calc-catalogue.js";
import { choiceLabel, modText } from "./calc-army.js";
import { attackOf, sideName } from "./calc-exchange-words.js";
import { rollNames, rollPicker } from "./calc-exchange-faces.js";
import { keptPicker, armyUndo, undoBox } from "./calc-kept.js";
import { heldRow } from "./calc-held.js";

/* The side's name: the exchange's (attacking, defending army), or the one its mode gives (a maneuver's). */
function nameOf(ctx, side) { return ctx.sideName ? ctx.sideName(side) : sideName(ctx.cat, side); }

function fate(ctx, side, i, dragon) {
  const res = ctx.fresh();
  const list = res && res.killed ? res.killed[side] || [] : [];
  return list.find((k) => (dragon ? k.dragon === i : k.unit === i && k.dragon == null)) || null;
}

function unitItem(ctx, side, u, i) {
  const cat = ctx.cat;
  const die = u.die ? cat.dice.get(u.die) : null;
  const name = die ? die.name : String(u.name || u.die || typeLabel(u.species || "unit"));
  const facts = [die ? (cat.species.get(die.species) || { name: "Items" }).name : "not in the catalogue"];
  const hp = die ? die.health : u.health;
  if (hp) facts.push("health " + hp);
  const dead = fate(ctx, side, i);
  const li = el("li", { class: "dd-calc-unit dd-ex-unit" + (dead ? " dd-ex-killed" : ""), "data-side": side, "data-unit": i,
    "data-status": dead ? dead.status : "alive" },
  el("div", { class: "dd-calc-unit-head" }, el("span", { class: "dd-calc-unit-name" }, (i + 1) + ". " + name),
    el("span", { class: "dd-calc-unit-facts" }, facts.join(" · ")),
    el("span", { class: "dd-calc-unit-buttons" }, el("button", { type: "button", class: "md-button dd-calc-small",
      "data-key": "ex-remove-" + side + "-" + i, "aria-label": "Remove " + name + " (" + nameOf(ctx, side) + ", " + (i + 1) + ")",
      onclick: () => { ctx.sideOf(side).army.splice(i, 1); ctx.armyChanged(); } }, "Remove"))));
  if (dead) li.append(el("p", { class: "dd-ex-fate" }, "Dies: " + dead.why));
  const faces = die ? die.faces : null;
  rollNames(ctx, side, u, i).forEach((n) => li.append(rollPicker(ctx, side, u, i, n, faces, name)));
  return li;
}

function dragonItem(ctx, d, i) {
  const cat = ctx.cat;
  const dr = cat.dragons.find((x) => x.id === d.die);
  const name = dr ? dr.name : String(d.die);
  const facts = dr ? [elementsText(dr.elements), "health " + dr.health] : ["not in the catalogue"];
  const dead = fate(ctx, "attacker", i, true);
  const li = el("li", { class: "dd-calc-unit dd-ex-unit dd-ex-dragon" + (dead ? " dd-ex-killed" : ""), "data-side": "attacker",
    "data-dragon": i, "data-status": dead ? dead.status : "alive" },
  el("div", { class: "dd-calc-unit-head" }, el("span", { class: "dd-calc-unit-name" }, (i + 1) + ". " + name),
    el("span", { class: "dd-calc-unit-facts" }, facts.join(" · ")),
    el("span", { class: "dd-calc-unit-buttons" }, el("button", { type: "button", class: "md-button dd-calc-small",
      "data-key": "ex-remove-dragon-" + i, "aria-label": "Remove " + name + " (dragon " + (i + 1) + ")",
      onclick: () => { ctx.x.attacker.dragons.splice(i, 1); ctx.armyChanged(); } }, "Remove"))));
  if (dead) li.append(el("p", { class: "dd-ex-fate" }, "Dies: " + dead.why));
  const words = (cat.vocab.dragon_faces || {})[dr ? dr.id : ""] || [];        // "Tail (3)": the engine's words
  const faces = dr ? dr.faces.map((f, j) => ({ icon: f.icon, words: words[j] })) : null;
  li.append(rollPicker(ctx, "attacker", d, i, (attackOf(cat, "dragon").rolls.attacker || [])[0], faces, name, true));
  li.append(bondPicker(ctx, d, i, name));
  return li;
}

/* Tamed or controlled on the turns after a champion's ability: the engine's choices, each its input key. */
function bondPicker(ctx, d, i, name) {
  const bonds = ctx.cat.vocab.dragon_bonds || { choices: [] };
  if (!bonds.choices.length) return null;
  const sel = el("select", { id: "ex-dragon-bond-" + i, "data-key": "ex-dragon-bond-" + i, "data-dragon-bond": i },
    bonds.choices.map((c) => option(c.id, c.name)));
  sel.value = bonds.choices.find((c) => c.id && d[c.id]) ? bonds.choices.find((c) => c.id && d[c.id]).id : "";
  sel.addEventListener("change", () => {
    bonds.choices.forEach((c) => { if (c.id) delete d[c.id]; });
    if (sel.value) d[sel.value] = true;
    ctx.armyChanged();
  });
  return el("div", { class: "dd-calc-row" }, el("label", { for: "ex-dragon-bond-" + i }, name + ": "), sel,
    bonds.see ? siteLink(ctx.cat.root, bonds.see, "How it is read") : null);
}

/* A modifier by hand: one of the engine's operations, an amount, the results it changes. */
function freeRow(ctx, side, id) {
  const cat = ctx.cat;
  const op = el("select", { id: id("op") }, (cat.vocab.free_modifiers || []).map((o) => option(o.op, typeLabel(o.op) + " (" + o.sign + ")")));
  const amount = el("input", { type: "number", min: 0, max: limit(cat, "amount"), value: 1, id: id("amount") });
  const result = el("select", { id: id("result") }, (cat.vocab.result_types || []).map((t) => option(t, typeLabel(t)))
    .concat([option("all", "All results")]));
  // A bad amount is said beside its box (and the note leaves once the amount is good).
  const recheck = () => { if (amount.dataset.refusal && !checkAmount(cat, op.value, amount.value).why) refuse(amount, ""); };
  amount.addEventListener("input", recheck);
  op.addEventListener("change", recheck);
  const add = () => {
    const got = checkAmount(cat, op.value, amount.value);
    refuse(amount, got.why || "");
    if (got.why) return;
    const n = got.amount;
    const s = ctx.sideOf(side);
    s.modifiers = (s.modifiers || []).concat([{ op: op.value, result: result.value, amount: n }]);
    ctx.changed();
  };
  return el("div", { class: "dd-calc-row" }, el("label", { for: id("op") }, "Change ", op),
    el("label", { for: id("amount") }, "Amount ", amount), el("label", { for: id("result") }, "Results ", result),
    el("button", { type: "button", class: "md-button", "data-key": "ex-op-" + side, onclick: add }, "Add modifier"));
}

/* The side's controls, built once; render() redraws its lists. `held`: whether the side offers the
   terrain faces its army holds (a maneuver draws its own terrain die instead). */
export function build(ctx, side, box, held = true) {
  const cat = ctx.cat;
  const id = (k) => "dd-ex-" + side + "-" + k;
  const ui = {
    legend: el("legend", {}, nameOf(ctx, side), " ", el("span", { class: "dd-calc-health" })),
    species: el("select", { id: id("species") }), unit: el("select", { id: id("unit") }),
    dragon: el("select", { id: id("dragon") }), units: el("ol", { class: "dd-calc-units", "aria-label": nameOf(ctx, side) + ": dice" }),
    dragons: el("ol", { class: "dd-calc-units", "aria-label": nameOf(ctx, side) + ": dragons" }),
    empty: el("p", { class: "dd-calc-empty" }), spell: el("select", { id: id("spell") }),
    modlist: el("ul", { class: "dd-calc-modlist", "aria-label": nameOf(ctx, side) + ": modifiers" }),
    options: el("div", { class: "dd-calc-options" }),
  };
  fill(ui.species, cat.speciesList.map((s) => option(s.id, s.name)));
  const units = () => fill(ui.unit, (cat.diceBySpecies.get(ui.species.value) || []).map((d) =>
    option(d.id, d.name + (d.health ? " (health " + d.health + ")" : " (" + d.kind + ")"))));
  units();
  ui.fillUnits = units;
  ui.species.addEventListener("change", () => { ui.species.dataset.picked = "1"; units(); });
  fill(ui.dragon, cat.dragons.slice().sort((a, b) => a.name.localeCompare(b.name)).map((d) => option(d.id, d.name)));
  fill(ui.spell, cat.spells.slice().sort((a, b) => a.name.localeCompare(b.name)).map((s) => option(s.id, s.name + " — " + s.label)));
  const add = () => {
    const list = ctx.sideOf(side).army;
    if (!ui.unit.value || list.length >= limit(cat, "army_size")) return;
    list.push({ die: ui.unit.value });
    ctx.armyChanged();
  };
  const addDragon = () => {
    const list = ctx.x.attacker.dragons = ctx.x.attacker.dragons || [];
    if (!ui.dragon.value || list.length >= limit(cat, "dragons")) return;
    list.push({ die: ui.dragon.value });
    ctx.armyChanged();
  };
  const addSpell = () => {
    const s = ctx.sideOf(side);
    if (ui.spell.value) { s.modifiers = (s.modifiers || []).concat([{ spell: ui.spell.value }]); ctx.changed(); }
  };
  // A kept army used over this side's dice sets them aside, to be brought back (calc-kept.js).
  const undo = undoBox(side);
  const replace = armyUndo(cat, undo, "dd-calc-army-" + ctx.mode + "-" + side, () => ctx.sideOf(side).army || [],
    (army) => { ctx.sideOf(side).army = army; ctx.armyChanged(); });
  ui.armyPart = el("div", {}, el("div", { class: "dd-calc-row" },
    el("label", { for: id("species") }, "Species ", ui.species), el("label", { for: id("unit") }, "Unit ", ui.unit),
    el("button", { type: "button", class: "md-button", "data-key": "ex-add-" + side, onclick: add }, "Add to " + nameOf(ctx, side).toLowerCase())),
  keptPicker(cat, id("kept"), (army) => replace(army, "replaced")), undo, ui.units);
  ui.dragonPart = el("div", {}, el("div", { class: "dd-calc-row" },
    el("label", { for: id("dragon") }, "Dragon ", ui.dragon),
    el("button", { type: "button", class: "md-button", "data-key": "ex-add-dragon", onclick: addDragon }, "Add dragon")), ui.dragons);
  ui.modPart = el("details", { class: "dd-calc-inline dd-ex-mods" }, el("summary", {}, held ? "Spells, terrain faces and other modifiers" : "Spells and other modifiers"),
    el("div", { class: "dd-calc-row" }, el("label", { for: id("spell") }, "Spell ", ui.spell),
      el("button", { type: "button", class: "md-button", "data-key": "ex-spell-" + side, onclick: addSpell }, "Add spell")),
    freeRow(ctx, side, id), ui.modlist);
  if (held) {
    ui.held = heldRow(ctx, side, ctx.sideOf);
    ui.modPart.append(ui.held.part);
  }
  box.replaceChildren(ui.legend, ui.armyPart, ui.dragonPart, ui.empty, ui.options, ui.modPart);
  return ui;
}

export function render(ctx, side, ui) {
  const s = ctx.sideOf(side);
  const dragons = side === "attacker" && ctx.x.attack === "dragon";
  ui.armyPart.hidden = dragons;
  ui.dragonPart.hidden = !dragons;
  ui.modPart.hidden = dragons;
  ui.options.hidden = dragons;
  const army = s.army || [];
  const list = dragons ? s.dragons || [] : army;
  if (dragons) ui.dragons.replaceChildren(...list.map((d, i) => dragonItem(ctx, d, i)));
  else ui.units.replaceChildren(...army.map((u, i) => unitItem(ctx, side, u, i)));
  followArmy(ctx.cat, ui.species, army, ui.fillUnits);
  ui.empty.hidden = list.length > 0;
  ui.empty.textContent = dragons ? "No dragon yet: choose one, then “Add dragon”." : "No dice yet: choose a species and a unit, then “Add to " + nameOf(ctx, side).toLowerCase() + "”.";
  const health = army.reduce((n, u) => n + ((u.die ? (ctx.cat.dice.get(u.die) || {}).health : u.health) || 0), 0);
  ui.legend.lastChild.textContent = dragons ? (list.length ? "(" + list.length + (list.length === 1 ? " dragon)" : " dragons)") : "")
    : (army.length ? "(" + army.length + (army.length === 1 ? " die, " : " dice, ") + health + " health)" : "");
  ui.modlist.replaceChildren(...(s.modifiers || []).map((m, i) => el("li", {}, el("span", {}, modText(ctx.cat, m)),
    el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "ex-mod-remove-" + side + "-" + i,
      "aria-label": "Remove modifier " + (i + 1) + " of the " + nameOf(ctx, side).toLowerCase(),
      onclick: () => { s.modifiers.splice(i, 1); ctx.changed(); } }, "Remove"))));
  if (ui.held) ui.held.sync();
  if ((s.modifiers && s.modifiers.length) || (ui.held && ui.held.held())) ui.modPart.open = true;
  renderOptions(ctx, side, ui);
}

/* The "may" choices the engine offers for this side (ctx.options[side]): one of the exchange's own
   is the input field it names (o.field), any other one of the side's options. */
function renderOptions(ctx, side, ui) {
  const opts = (ctx.options && ctx.options[side]) || [];
  const s = ctx.sideOf(side);
  if (!opts.length) { ui.options.replaceChildren(); return; }
  const chosen = s.options || {};
  ui.options.replaceChildren(el("p", { class: "dd-calc-options-title" }, "Choices (“may” in the rules)"), ...opts.map((o) => {
    const box = el("input", { type: "checkbox", "data-key": "ex-opt-" + side + "-" + o.id });
    const was = o.field ? ctx.x[o.field] : chosen[o.id];
    box.checked = was != null ? was : o.default;
    box.addEventListener("change", () => {
      if (o.field) {
        if (box.checked === o.default) delete ctx.x[o.field]; else ctx.x[o.field] = box.checked;
        ctx.changed();
        return;
      }
      s.options = Object.assign({}, s.options);
      if (box.checked === o.default) delete s.options[o.id]; else s.options[o.id] = box.checked;
      if (!Object.keys(s.options).length) delete s.options;
      ctx.changed();
    });
    return choiceLabel(box, o);
  }));
}
