/* Game page: the form of each move: what the move needs (a direction, a target, dice, the faces
   rolled: picked from the die's faces, or left for the engine to roll), as the `game` input's own
   fields. Which rolls a side makes in an attack comes from the engine's vocabulary (the catalogue);
   the spells an army may cast from the engine's plan of its magic roll. No rule here: the engine
   checks every move and names what it refuses. */
import { el, option, isObj, wholeIn } from "../calc/calc-dom.js";
import { faceLabel, limit } from "../calc/calc-catalogue.js";
import { attackOf, rollLabel } from "../calc/calc-exchange-words.js";
import { armyName, catalogueEntry, dieName, dieType, nameOf, players, terrainFull } from "./game-words.js";
import { engine } from "../engine/engine.js";

/* ---- the parts of a form ---- */

export function faceSelect(ctx, die, key, label) {
  const entry = catalogueEntry(ctx.cat, dieType(ctx.setup, die));
  const faces = entry && Array.isArray(entry.faces) && ctx.cat.dice.has(entry.id) ? entry.faces : null;
  const id = "dd-game-face-" + key.replace(/[^\w-]/g, "-");
  if (!faces) {
    return el("label", { class: "dd-game-face" }, label + " ",
      el("input", { type: "text", id, "data-face-of": die, "data-roll": key, placeholder: "leave empty to roll", size: 10 }));
  }
  return el("label", { class: "dd-game-face" }, label + " ",
    el("select", { id, "data-face-of": die, "data-roll": key },
      [option("", "Roll it for me")].concat(faces.map((f, j) => option(String(j + 1), faceLabel(ctx.cat, f))))));
}

/* The face pickers of an army's dice, one per roll each die makes (`rolls`, or one bare face). */
export function facePickers(ctx, army, rolls, title) {
  const st = ctx.answer.state;
  const dice = st.armies[army] ? st.armies[army].dice : [];
  return el("fieldset", { class: "dd-game-faces", "data-faces-of": army }, el("legend", {}, title || "Faces rolled by " + armyName(army)),
    dice.map((d) => el("div", { class: "dd-game-die" }, el("span", { class: "dd-game-die-name" }, dieName(ctx, d)),
      (rolls || [""]).map((r) => faceSelect(ctx, d, d + (r ? "-" + r : ""), r ? rollLabel(ctx.cat, r) : "Face")))));
}

/* The faces picked in a form: {die: face} (bare) or {die: {roll: face}}; a spell's roll is its own. */
export function facesOf(form) {
  const out = {};
  form.querySelectorAll("[data-face-of]").forEach((s) => {
    const spellRoll = s.closest("[data-cast-roll]");
    if ((spellRoll && spellRoll !== form) || s.closest("[hidden]") || !s.value.trim()) return;
    const die = s.dataset.faceOf;
    const roll = s.dataset.roll.slice(die.length + 1);
    const value = /^\d+$/.test(s.value.trim()) ? Number(s.value.trim()) : s.value.trim();
    if (!roll) out[die] = value;
    else out[die] = Object.assign(isObj(out[die]) ? out[die] : {}, { [roll]: value });
  });
  return out;
}

function checkboxes(ctx, name, ids, checked, label) {
  return el("fieldset", { class: "dd-game-checks", "data-checks": name }, el("legend", {}, label),
    ids.length ? ids.map((id) => el("label", {}, el("input", { type: "checkbox", value: id, checked: checked ? true : null }), " " + nameOf(ctx, id)))
      : el("p", { class: "dd-game-empty" }, "None."));
}

function checked(form, name) {
  return [...form.querySelectorAll('[data-checks="' + name + '"] input:checked')].map((i) => i.value);
}

function selectOf(label, name, opts) {
  return el("label", {}, label + " ", el("select", { "data-field": name }, opts));
}

function field(form, name) { const f = form.querySelector('[data-field="' + name + '"]'); return f ? f.value.trim() : ""; }

function terrainOptions(ctx) {
  return Object.keys(ctx.answer.state.terrains).map((t) => option(t, terrainFull(ctx, t)));
}

function allDice(ctx) {
  const st = ctx.answer.state;
  const ids = new Set();
  Object.values(st.armies).forEach((a) => a.dice.forEach((d) => ids.add(d)));
  Object.values(st.players).forEach((p) => ["dua", "bua", "reserve", "pool"].forEach((k) => (p[k] || []).forEach((d) => ids.add(d))));
  Object.values(st.terrains).forEach((t) => (t.dragons || []).forEach((d) => ids.add(d)));
  return [...ids].sort();
}

function isDragon(ctx, id) { const t = dieType(ctx.setup, id); return !!t && ctx.cat.dragons.some((d) => d.id === t); }

/* Everything a spell may name as its target: armies, terrains, dice, play areas (the engine checks). */
function targetOptions(ctx) {
  const st = ctx.answer.state;
  const areas = [];
  players(ctx.setup).forEach((p) => ["dua", "bua", "pool"].forEach((k) => areas.push(p + "." + k)));
  return [el("optgroup", { label: "Armies" }, Object.keys(st.armies).sort().map((a) => option(a, armyName(a)))),
    el("optgroup", { label: "Terrains" }, terrainOptions(ctx)),
    el("optgroup", { label: "Play areas" }, areas.map((a) => option(a, nameOf(ctx, a)))),
    el("optgroup", { label: "One die" }, allDice(ctx).map((d) => option(d, dieName(ctx, d) + " (" + whereIs(ctx, d) + ")")))];
}

function whereIs(ctx, d) {
  const st = ctx.answer.state;
  const a = Object.keys(st.armies).find((k) => st.armies[k].dice.includes(d));
  if (a) return armyName(a);
  const p = Object.keys(st.players).find((k) => ["dua", "bua", "pool"].some((x) => (st.players[k][x] || []).includes(d)));
  if (p) return nameOf(ctx, p + "." + ["dua", "bua", "pool"].find((x) => st.players[p][x].includes(d)));
  const t = Object.keys(st.terrains).find((k) => (st.terrains[k].dragons || []).includes(d));
  return t ? terrainFull(ctx, t) : "";
}

/* ---- each move's form: [parts], and how the move is read back from it ---- */

function opposing(ctx, army) {
  const st = ctx.answer.state;
  const owner = army.split(".")[0];
  return Object.keys(st.armies).filter((a) => a.split(".")[0] !== owner && st.armies[a].terrain === st.armies[army].terrain).sort();
}

export const FORMS = {
  maneuver(ctx, m) {
    const opp = opposing(ctx, m.army);
    const parts = [
      el("fieldset", { class: "dd-game-checks" }, el("legend", {}, "Turn the terrain die"),
        el("label", {}, el("input", { type: "radio", name: "dd-game-direction", value: "up", checked: true }), " up"),
        el("label", {}, el("input", { type: "radio", name: "dd-game-direction", value: "down" }), " down")),
      checkboxes(ctx, "opposed", opp, true, "Armies that counter-maneuver"),
      facePickers(ctx, m.army, null, "Maneuver faces of " + armyName(m.army)),
    ].concat(opp.map((a) => facePickers(ctx, a, null, "Counter-maneuver faces of " + armyName(a))));
    const read = (form) => {
      const move = { move: "maneuver", army: m.army, direction: form.querySelector('input[name="dd-game-direction"]:checked').value };
      const by = checked(form, "opposed");
      if (by.length !== opp.length) move.opposed_by = by;
      return move;
    };
    return { parts, read };
  },
  minor(ctx, m) {
    const p = m.army.split(".")[0];
    const pool = (ctx.answer.state.players[p] || {}).pool || [];
    const parts = [selectOf("Minor terrain", "die", pool.map((d) => option(d, dieName(ctx, d)))),
      el("label", {}, "Its face ", el("input", { type: "number", min: 1, "data-field": "face", size: 3 })),
      el("label", {}, el("input", { type: "checkbox", "data-field-check": "bury" }), " Bury the army’s minor terrain instead")];
    const read = (form) => {
      const move = { move: "minor", army: m.army };
      if (form.querySelector('[data-field-check="bury"]').checked) { move.bury = true; return move; }
      move.die = field(form, "die");
      const face = field(form, "face");
      if (face) move.face = /^\d+$/.test(face) ? Number(face) : face;
      return move;
    };
    return { parts, read };
  },
  melee(ctx, m) { return attackForm(ctx, m); },
  missile(ctx, m) { return attackForm(ctx, m); },
  magic(ctx, m) {
    const rows = el("div", { class: "dd-game-cast", "data-cast": "" });
    const addRow = () => rows.append(castRow(ctx, m));
    addRow();
    const parts = [facePickers(ctx, m.army, null, "Magic faces of " + armyName(m.army)),
      el("fieldset", {}, el("legend", {}, "Spells to cast"), rows,
        el("button", { type: "button", class: "md-button", onclick: addRow }, "Another spell"))];
    loadSpells(ctx, m.army, rows);
    const read = (form) => {
      const cast = [...form.querySelectorAll("[data-cast-row]")].map((r) => {
        const c = { spell: r.querySelector("[data-cast-spell]").value };
        const t = r.querySelector("[data-cast-target]").value;
        if (t) c.target = t;
        // Times within the engine's limit, else refused beside its box (the move is not made).
        const n = c.spell ? wholeIn(r.querySelector("[data-cast-times]"), 1, limit(ctx.cat, "cast_times")) : 1;
        if (n == null) c.refused = true; else if (n > 1) c.times = n;
        return c;
      }).filter((c) => c.spell);
      return cast.some((c) => c.refused) ? null : { move: "magic", army: m.army, cast };
    };
    return { parts, read };
  },
  summon(ctx) {
    const dragons = allDice(ctx).filter((d) => isDragon(ctx, d));
    const parts = [selectOf("Dragon", "dragon", dragons.map((d) => option(d, dieName(ctx, d) + " (" + whereIs(ctx, d) + ")"))),
      selectOf("To", "to", terrainOptions(ctx)), reasonField("What summons it")];
    const read = (form) => ({ move: "summon", dragon: field(form, "dragon"), to: field(form, "to"), reason: field(form, "reason") });
    return { parts, read };
  },
  reserves(ctx, m) {
    const st = ctx.answer.state;
    const p = st.turn.player;
    const from = m.step === "reinforce" ? (st.players[p].reserve || [])
      : Object.keys(st.armies).filter((a) => a.startsWith(p + ".") && st.armies[a].terrain !== "reserve").flatMap((a) => st.armies[a].dice);
    const parts = [checkboxes(ctx, "dice", from, false, m.step === "reinforce" ? "Dice to move from the Reserve Area" : "Dice to move to the Reserve Area")];
    if (m.step === "reinforce") parts.push(selectOf("To", "to", terrainOptions(ctx)));
    const read = (form) => {
      const move = { move: "reserves", step: m.step, dice: checked(form, "dice") };
      if (m.step === "reinforce") move.to = field(form, "to");
      return move;
    };
    return { parts, read };
  },
  edit(ctx) {
    const st = ctx.answer.state;
    const places = [el("optgroup", { label: "Armies" }, Object.keys(st.armies).sort().map((a) => option(a, armyName(a)))),
      el("optgroup", { label: "Terrains (dragons)" }, terrainOptions(ctx)),
      el("optgroup", { label: "Play areas" }, players(ctx.setup).flatMap((p) => ["dua", "bua", "reserve", "pool"].map((k) => option(p + "." + k, nameOf(ctx, p + "." + k)))))];
    const parts = [
      el("fieldset", { class: "dd-game-checks" }, el("legend", {}, "What to change"),
        el("label", {}, el("input", { type: "radio", name: "dd-game-edit", value: "dice", checked: true }), " move dice"),
        el("label", {}, el("input", { type: "radio", name: "dd-game-edit", value: "terrain" }), " turn a terrain die")),
      checkboxes(ctx, "dice", allDice(ctx), false, "Dice to move"), selectOf("To", "to", places),
      selectOf("Terrain", "terrain", terrainOptions(ctx)),
      el("label", {}, "Its face ", el("input", { type: "number", min: 1, "data-field": "face", size: 3 })),
      reasonField("Why (the effect the engine only lists)")];
    const read = (form) => {
      const what = form.querySelector('input[name="dd-game-edit"]:checked').value;
      if (what === "terrain") {
        const face = field(form, "face");
        return { move: "edit", terrain: field(form, "terrain"), face: /^\d+$/.test(face) ? Number(face) : face, reason: field(form, "reason") };
      }
      return { move: "edit", dice: checked(form, "dice"), to: field(form, "to"), reason: field(form, "reason") };
    };
    return { parts, read };
  },
};

function reasonField(label) {
  return el("label", { class: "dd-game-reason" }, label + " ", el("input", { type: "text", "data-field": "reason", maxlength: 200 }));
}

function attackForm(ctx, m) {
  const rolls = attackOf(ctx.cat, m.move).rolls || {};
  const [attacker, defender] = Object.keys(rolls);
  const first = (list) => (list || []).slice(0, 1);
  const later = (list) => (list || []).slice(1);
  const counters = later(rolls[attacker]).length || later(rolls[defender]).length;
  const box = counters ? el("label", {}, el("input", { type: "checkbox", "data-field-check": "counter", checked: true }), " The defenders counter-attack") : null;
  const counterPart = counters ? el("div", { "data-counter-part": "" },
    facePickers(ctx, m.target, later(rolls[defender]), "Counter-attack faces of " + armyName(m.target)),
    facePickers(ctx, m.army, later(rolls[attacker]), "Save faces of " + armyName(m.army) + " against it")) : null;
  if (box) box.querySelector("input").addEventListener("change", (e) => { counterPart.hidden = !e.target.checked; });
  const parts = [facePickers(ctx, m.army, first(rolls[attacker]), "Attack faces of " + armyName(m.army)),
    facePickers(ctx, m.target, first(rolls[defender]), "Save faces of " + armyName(m.target)), box, counterPart];
  const read = (form) => {
    const move = { move: m.move, army: m.army, target: m.target };
    if (box) move.counter_attack = box.querySelector("input").checked;
    return move;
  };
  return { parts, read };
}

function castRow(ctx, m) {
  const spells = el("select", { "data-cast-spell": "", "aria-label": "Spell" }, option("", "Choose a spell"));
  if (ctx.spells) ctx.spells.forEach((s) => spells.append(option(s.spell, s.name)));
  return el("div", { class: "dd-calc-row", "data-cast-row": "" },
    el("label", {}, "Spell ", spells),
    el("label", {}, "On ", el("select", { "data-cast-target": "" }, [option("", "No target")].concat(targetOptions(ctx)))),
    el("label", {}, "Times ", el("input", { type: "number", min: 1, value: 1, size: 3, "data-cast-times": "" })));
}

/* The spells the army's dice may cast: the engine's plan of a magic roll of those dice. */
function loadSpells(ctx, army, rows) {
  const st = ctx.answer.state;
  const units = st.armies[army].dice.map((d) => ({ die: dieType(ctx.setup, d) })).filter((u) => ctx.cat.dice.has(u.die));
  engine.call("plan", { roll: "magic", army: units }).then((plan) => {
    ctx.spells = ((plan.magic || {}).spells || []).filter((s) => s.offered !== false);
    rows.querySelectorAll("[data-cast-spell]").forEach((s) => {
      const v = s.value;
      s.replaceChildren(option("", "Choose a spell"), ...ctx.spells.map((x) => option(x.spell, x.name)));
      s.value = v;
    });
  }, () => {});
}

