/* Calculator page: the army, its face pickers, the modifiers and the player's choices.
   Which faces roll again, which choices and options apply: all from the engine's "plan" of the
   current input (ctx.plan). Before the engine answers, each die shows its first face only. */
import { el, option, randomInt, typeLabel, iconBeside, refuse, wholeIn } from "./calc-dom.js";
import { faceLabel, iconName, limit, checkAmount } from "./calc-catalogue.js";

/* The plan's entry for unit i, if the plan is about the same army. */
function planned(ctx, i) {
  const p = ctx.plan;
  const u = ctx.state.army[i];
  if (!p || !p.units || p.units.length !== ctx.state.army.length || !u) return null;
  const pu = p.units[i];
  return pu && (pu.die || null) === (u.die || null) ? pu : null;
}

function unitFaces(ctx, u, i) {
  const die = u.die ? ctx.cat.dice.get(u.die) : null;
  if (die) return die.faces;
  const pu = planned(ctx, i);
  return pu && pu.faces.length ? pu.faces.map((f) => ({ icon: f.icon, count: f.count })) : null;
}

function setFace(u, level, value) {
  if (level === 0) {
    if (value == null) delete u.rolled; else u.rolled = value;
    delete u.rerolled;
    return;
  }
  u.rerolled = (u.rerolled || []).slice(0, level - 1);
  while (u.rerolled.length < level - 1) u.rerolled.push(1);
  if (value != null) u.rerolled.push(value);
  if (!u.rerolled.length) delete u.rerolled;
}

/* Roll a die on the page: its first face now; the faces it must roll again come once the
   engine's plan says how many (ctx.autoRoll). */
export function rollDie(ctx, u, i) {
  const faces = unitFaces(ctx, u, i);
  if (!faces) return;
  u.rolled = randomInt(faces.length) + 1;
  delete u.rerolled;
  ctx.autoRoll.add(u);
}

/* After a plan: drop given faces the engine will not use, roll the ones it needs. Returns
   true when the army changed (the caller asks for a new plan). */
export function follow(ctx) {
  let changed = false;
  ctx.state.army.forEach((u, i) => {
    const pu = planned(ctx, i);
    if (!pu) return;
    if (pu.rerolled_unused > 0 && u.rerolled) {
      u.rerolled = u.rerolled.slice(0, u.rerolled.length - pu.rerolled_unused);
      if (!u.rerolled.length) delete u.rerolled;
      changed = true;
    }
    const given = u.rolled == null ? 0 : 1 + (u.rerolled || []).length;
    const faces = unitFaces(ctx, u, i);
    if (ctx.autoRoll.has(u) && faces && given < pu.faces_needed) {
      u.rerolled = (u.rerolled || []).concat([randomInt(faces.length) + 1]);
      changed = true;
    } else {
      ctx.autoRoll.delete(u);
    }
  });
  return changed;
}

function faceButton(ctx, u, i, name, level, f, j, value, info) {
  const cat = ctx.cat;
  const pu = planned(ctx, i);
  const said = pu ? (level === 0 ? pu.rolled : pu.rerolled[level - 1]) : null;   // "3 save", as the engine read it
  const pressed = value === j + 1 || (typeof value === "string" && said === f.count + " " + f.icon);
  const again = info && info.rolls_again ? " (rolls again" + (info.rolls_again_if ? " if " + info.rolls_again_if + " is chosen" : "") + ")" : "";
  return el("button", {
    type: "button", class: "dd-face" + (f.icon === "id" ? " dd-face-id" : "") + (again ? " dd-face-again" : ""),
    "aria-pressed": pressed ? "true" : "false", "data-key": "face-" + i + "-" + level + "-" + j, "data-face": j + 1,
    "aria-label": name + " face " + (j + 1) + ": " + faceLabel(cat, f) + (f.icon === "id" ? " (ID face)" : "") + again,
    onclick: () => { setFace(u, level, pressed ? null : j + 1); ctx.changed(); },
  }, iconBeside(f.icon, iconName(cat, f.icon)), el("span", { class: "dd-face-count" }, String(f.count)), " ",
  el("span", { class: "dd-face-icon" }, iconName(cat, f.icon)));
}

function facePicker(ctx, u, i, name, level) {
  const faces = unitFaces(ctx, u, i);
  const pu = planned(ctx, i);
  const value = level === 0 ? u.rolled : (u.rerolled || [])[level - 1];
  const title = level === 0 ? "Face rolled" : "Rolls again (face " + (level + 1) + ")";
  const wrap = el("div", { class: "dd-calc-picker" + (level ? " dd-calc-reroll" : "") });
  const labelId = "dd-face-" + i + "-" + level;
  wrap.append(el("span", { class: "dd-calc-picker-label", id: labelId }, title));
  if (u.die && faces) {
    const group = el("div", { class: "dd-calc-faces", role: "group", "aria-labelledby": labelId, "aria-describedby": "dd-note-" + i + "-" + level });
    faces.forEach((f, j) => group.append(faceButton(ctx, u, i, name, level, f, j, value, pu && pu.faces[j])));
    if (level > 0) {
      group.append(el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "reroll-" + i + "-" + level,
        onclick: () => { setFace(u, level, randomInt(faces.length) + 1); ctx.changed(); } }, "Roll it"));
    }
    wrap.append(group, el("span", { class: "dd-calc-picker-note", id: "dd-note-" + i + "-" + level },
      value == null ? "Not set: the engine rolls it at random." : ""));
  } else {
    const input = el("input", { type: "text", list: "dd-calc-icons", placeholder: "2 melee", "aria-labelledby": labelId,
      maxlength: limit(ctx.cat, "text"), "data-key": "inline-" + i + "-" + level, value: value == null ? "" : String(value) });
    input.addEventListener("change", () => {
      const v = input.value.trim();
      if (level === 0 && !v) { input.value = String(u.rolled || ""); return; }
      setFace(u, level, v || null);
      ctx.changed();
    });
    wrap.append(input);
  }
  return wrap;
}

function choiceControls(ctx, u, i) {
  const pu = planned(ctx, i);
  if (!pu || !pu.choices.length) return null;
  return el("div", { class: "dd-calc-choices" }, pu.choices.flatMap((c) => {
    const mine = (u.choose || {})[c.key];
    const splitting = mine != null && typeof mine === "object";
    const sel = el("select", { "data-key": "choose-" + i + "-" + c.key, "aria-label": "Result type for " + c.name + " (" + u.label + ")" },
      option("", "Default (" + c.default + ")"), c.types.map((t) => option(t, typeLabel(t), mine === t)),
      c.results || splitting ? option("split", "Split between types", splitting) : null);
    sel.addEventListener("change", () => {
      u.choose = Object.assign({}, u.choose);
      // a split starts with every result where the default puts them; the engine checks the sum
      if (sel.value === "split") u.choose[c.key] = { [c.default]: c.results };
      else if (sel.value) u.choose[c.key] = sel.value; else delete u.choose[c.key];
      if (!Object.keys(u.choose).length) delete u.choose;
      ctx.changed();
    });
    const label = el("label", { class: "dd-calc-choice" }, c.name + ": ", sel);
    return splitting ? [label, splitControls(ctx, u, i, c)] : label;
  }));
}

/* p.28: the SAI's results shared between the types, as many as the engine's plan says it shows. */
function splitControls(ctx, u, i, c) {
  const split = u.choose[c.key];
  return el("fieldset", { class: "dd-calc-split", "data-split": c.key }, el("legend", {}, c.results ? "Share its " + c.results + " results" : "Share its results"),
    (c.split_types || c.types).map((t) => {
      const input = el("input", { type: "number", min: 0, max: c.results, value: split[t] || 0, "data-key": "split-" + i + "-" + c.key + "-" + t,
        "aria-label": c.name + " results as " + typeLabel(t).toLowerCase() + " (" + u.label + ")" });
      input.addEventListener("change", () => {
        const n = wholeIn(input, 0, Number.isInteger(c.results) ? c.results : limit(ctx.cat, "amount"));   // the results to share
        if (n == null) return;
        const next = Object.assign({}, split);
        if (n > 0) next[t] = n; else delete next[t];
        u.choose = Object.assign({}, u.choose, { [c.key]: next });
        ctx.changed();
      });
      return el("label", {}, typeLabel(t) + " ", input);
    }));
}

function unitItem(ctx, u, i) {
  const cat = ctx.cat;
  const die = u.die ? cat.dice.get(u.die) : null;
  const pu = planned(ctx, i);
  const name = die ? die.name : (pu ? pu.label : (u.name || typeLabel(u.species || "item") + " " + (u.die_type || "unit")));
  const facts = [die ? (cat.species.get(die.species) || { name: "Items" }).name : (pu ? pu.species_name || "Item" : "not in the catalogue"),
    typeLabel(die ? die.kind : (u.die_type || "unit"))];
  const hp = die ? die.health : (pu ? pu.health : u.health);
  if (hp) facts.push("health " + hp);
  if (die && die.die) facts.push(die.die);
  const head = el("div", { class: "dd-calc-unit-head" },
    el("span", { class: "dd-calc-unit-name" }, (i + 1) + ". " + name),
    el("span", { class: "dd-calc-unit-facts" }, facts.join(" · ")),
    el("span", { class: "dd-calc-unit-buttons" },
      die ? el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "roll-" + i, "aria-label": "Roll " + name + " (die " + (i + 1) + ")",
        onclick: () => { rollDie(ctx, u, i); ctx.changed(); } }, "Roll") : null,
      el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "remove-" + i, "aria-label": "Remove " + name + " (die " + (i + 1) + ")",
        onclick: () => { ctx.state.army.splice(i, 1); ctx.plan = null; ctx.changed(); ctx.focusAfterRemove(i); } }, "Remove")));
  const li = el("li", { class: "dd-calc-unit", "data-unit": i }, head);
  const given = u.rolled == null ? 1 : 1 + (u.rerolled || []).length;
  const levels = pu ? pu.faces_needed : given;
  for (let level = 0; level < levels; level++) li.append(facePicker(ctx, u, i, name, level));
  const ch = choiceControls(ctx, u, i);
  if (ch) li.append(ch);
  return li;
}

export function renderUnits(ctx) {
  const items = ctx.state.army.map((u, i) => unitItem(ctx, u, i));
  ctx.ui.units.replaceChildren(...items);
  ctx.ui.empty.hidden = ctx.state.army.length > 0;
  const health = ctx.plan && ctx.plan.units && ctx.plan.units.length === ctx.state.army.length ? ctx.plan.health
    : ctx.state.army.reduce((n, u) => n + ((u.die ? (ctx.cat.dice.get(u.die) || {}).health : u.health) || 0), 0);
  ctx.ui.health.textContent = ctx.state.army.length ? "(" + ctx.state.army.length + " dice, " + health + " health)" : "";
}

export function modText(cat, m) {
  if (m.spell) {
    const s = cat.spellById.get(m.spell);
    return [el("strong", {}, s ? s.name : m.spell), " (spell): " + (s ? s.label : "")];
  }
  const sign = ((cat.vocab.free_modifiers || []).find((o) => o.op === m.op) || { sign: m.op }).sign;
  return [el("strong", {}, m.source || "Modifier"), ": " + sign + m.amount + " " + (m.result === "all" ? "results of any type" : m.result)];
}

export function renderMods(ctx) {
  ctx.ui.modlist.replaceChildren(...ctx.state.modifiers.map((m, i) => el("li", {}, el("span", {}, modText(ctx.cat, m)),
    el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "mod-remove-" + i,
      "aria-label": "Remove modifier " + (i + 1), onclick: () => { ctx.state.modifiers.splice(i, 1); ctx.changed(); ctx.ui.spell.focus(); } }, "Remove"))));
}

export function renderOptions(ctx) {
  const opts = (ctx.plan && ctx.plan.options) || [];
  if (!opts.length) { ctx.ui.options.replaceChildren(); return; }
  const chosen = ctx.state.options || {};
  ctx.ui.options.replaceChildren(el("p", { class: "dd-calc-options-title" }, "Choices (“may” in the rules)"),
    ...opts.map((o) => {
      const box = el("input", { type: "checkbox", "data-key": "opt-" + o.id });
      box.checked = chosen[o.id] != null ? chosen[o.id] : o.default;
      box.addEventListener("change", () => {
        ctx.state.options = Object.assign({}, ctx.state.options);
        if (box.checked === o.default) delete ctx.state.options[o.id]; else ctx.state.options[o.id] = box.checked;
        if (!Object.keys(ctx.state.options).length) delete ctx.state.options;
        ctx.changed();
      });
      return choiceLabel(box, o);
    }));
}

/* A "may" choice the engine offers (its name and note) beside its checkbox: the label is the target
   to tap, the words wrap beside the box. */
export function choiceLabel(box, o) {
  return el("label", { class: "dd-calc-option" }, box, el("span", {}, "Use " + o.name, el("small", {}, " — " + o.note)));
}

/* The form's "A die not in the catalogue" and "Add modifier" rows (calc-page.js binds them). */
export function addInline(ctx) {
  const { ui, cat } = ctx;
  const face = ui.inFace.value.trim();
  const tooLong = face.length > limit(cat, "text");
  refuse(ui.inFace, !face ? "Write the face it rolled, like “2 melee” or “bullseye”."
    : tooLong ? "Write a face of at most " + limit(cat, "text") + " letters, like “2 melee”." : "");
  // Health is optional (the engine's default for its size); a bad one is refused, never dropped.
  const hp = wholeIn(ui.inHealth, 1, limit(cat, "health"), { empty: true, what: "Give its health as a whole number" });
  if (!face || tooLong || hp == null) return;
  const u = { die_type: ui.inType.value || "unit", rolled: face };
  if (ui.inSpecies.value) u.species = ui.inSpecies.value;
  if (hp !== "") u.health = hp;
  ctx.state.army.push(u);
  ctx.changed();
}

export function addFree(ctx) {
  const { ui, cat } = ctx;
  const fixed = { halve: ["divide", 2], double: ["multiply", 2] }[ui.op.value];
  const got = fixed ? { amount: fixed[1] } : checkAmount(cat, ui.op.value, ui.amount.value);
  refuse(ui.amount, got.why || "");       // a bad amount is said beside its box, not dropped
  if (got.why) return;
  const amount = got.amount;
  ctx.state.modifiers.push({ op: fixed ? fixed[0] : ui.op.value, result: ui.result.value, amount });
  ctx.changed();
}

/* The engine's refusal shown beside the face box it names (err.field, as the worker forwards it:
   "army[2].rolled", "army[2].rerolled[0]"): the box is marked invalid and described by the line.
   A field with no box of its own marks nothing (the line above the result still says it all). */
export function markField(ctx, err) {
  ctx.root.querySelectorAll("[data-engine-invalid]").forEach((n) => { n.removeAttribute("aria-invalid"); delete n.dataset.engineInvalid; });
  ctx.root.querySelectorAll(".dd-calc-field-error").forEach((n) => n.remove());
  const m = err && typeof err.field === "string" ? /^army\[(\d+)\]\.(?:rolled|rerolled\[(\d+)\])$/.exec(err.field) : null;
  const box = m && ctx.root.querySelector('[data-key="inline-' + m[1] + "-" + (m[2] == null ? 0 : Number(m[2]) + 1) + '"]');
  if (!box) return;
  const id = "dd-field-error-" + m[1];
  Object.assign(box.dataset, { engineInvalid: "" });
  box.setAttribute("aria-invalid", "true");
  box.setAttribute("aria-describedby", id);
  box.after(el("span", { class: "dd-calc-field-error", id }, String(err.message).replace(err.field + ": ", "")));
}
