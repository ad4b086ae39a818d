/* Calculator page: the face pickers of one exchange unit (or dragon), one per roll it makes.
   Which rolls a unit makes comes from the engine: the attack's usual rolls (published with the
   catalogue), then every roll its last answer made the unit roll. A face left unpicked is rolled
   by the engine; the page marks the face it rolled. */
import { el, iconBeside, isObj, refuse } from "./calc-dom.js";
import { faceLabel, iconName, limit } from "./calc-catalogue.js";
import { attackOf, faceText, rollLabel } from "./calc-exchange-words.js";
import { facesShown } from "./calc-answer.js";

/* The faces given for one roll: a bare face is the face of the side's first roll. */
function given(u, name, first) {
  const face = isObj(u.rolled) ? u.rolled[name] : (name === first ? u.rolled : undefined);
  const more = isObj(u.rerolled) ? u.rerolled[name] : (name === first ? u.rerolled : undefined);
  return { face: face == null ? null : face, more: Array.isArray(more) ? more : [] };
}

function setGiven(u, name, first, level, value, pad) {
  const rolled = isObj(u.rolled) ? Object.assign({}, u.rolled) : (u.rolled != null ? { [first]: u.rolled } : {});
  const rerolled = isObj(u.rerolled) ? Object.assign({}, u.rerolled) : (Array.isArray(u.rerolled) ? { [first]: u.rerolled } : {});
  if (level === 0) {
    if (value == null) delete rolled[name]; else rolled[name] = value;
    delete rerolled[name];                   // a new first face: what it rolled again is void
  } else {
    const list = (rerolled[name] || []).slice(0, level - 1);
    while (list.length < level - 1) list.push(pad(list.length));
    if (value != null) list.push(value);
    if (list.length) rerolled[name] = list; else delete rerolled[name];
  }
  if (Object.keys(rolled).length) u.rolled = rolled; else delete u.rolled;
  if (Object.keys(rerolled).length) u.rerolled = rerolled; else delete u.rerolled;
}

/* What the engine's answer says unit i of `side` did in the roll `name`: its faces, each with
   whether the engine rolled it ({face, random}), first face first. */
function made(res, side, name, i, dragon) {
  if (!res) return null;
  const r = res.rolls.find((x) => x.side === side && x.name === name && (dragon ? x.dragon === i : (x.units || []).includes(i)));
  if (!r) return null;
  // A dragon's roll is no army roll: its faces in the rules' words, which of them were rolled for you.
  if (!r.roll) return { faces: (r.faces || []).map((k, n) => ({ face: (r.icons || [])[n] || null, input: k, random: !!(r.random || [])[n], words: (r.labels || [])[n] })), text: r.text };
  return { faces: facesShown(r.roll, r.units.indexOf(i)) };
}

/* The rolls a side usually makes: the attack's (published with the catalogue), or its mode's. */
function usual(ctx, side) { return ctx.rollsOf ? ctx.rollsOf(side) : attackOf(ctx.cat, ctx.x.attack).rolls[side] || []; }

export function rollNames(ctx, side, u, i) {
  const names = usual(ctx, side).slice();
  const res = ctx.fresh();
  if (res) res.rolls.forEach((r) => { if (r.side === side && (r.units || []).includes(i) && !names.includes(r.name)) names.push(r.name); });
  [u.rolled, u.rerolled].forEach((m) => { if (isObj(m)) Object.keys(m).forEach((k) => { if (!names.includes(k)) names.push(k); }); });
  return names;
}

function matches(f, j, value) {
  return value === j + 1 || value === f.count + " " + f.icon || value === f.icon;
}

/* `said`: the face as the engine read the value given (a face named in words in a link). */
function faceButtons(ctx, faces, value, rolledFace, said, opts) {
  let pressedOne = false;
  let rolledOne = false;                    // a die with the same face twice: the engine names the face, not which
  return faces.map((f, j) => {
    const pressed = !pressedOne && value != null && (matches(f, j, value) || (typeof value === "string" && said === opts.text(f)));
    pressedOne = pressedOne || pressed;
    const rolled = !rolledOne && value == null && rolledFace != null && rolledFace === opts.text(f);
    rolledOne = rolledOne || rolled;
    const name = opts.name(f);
    return el("button", {
      type: "button", class: "dd-face" + (f.icon === "id" ? " dd-face-id" : "") + (rolled ? " dd-face-rolled" : ""),
      "aria-pressed": pressed ? "true" : "false", "data-face": j + 1, "data-key": opts.key + "-" + j,
      "aria-label": opts.what + " face " + (j + 1) + ": " + name + (rolled ? " (rolled for you)" : ""),
      onclick: () => { opts.set(pressed ? null : opts.value(f, j)); ctx.changed(); },
    }, iconBeside(f.icon, iconName(ctx.cat, f.icon)),
    f.count != null ? el("span", { class: "dd-face-count" }, String(f.count)) : null, f.count != null ? " " : null,
    el("span", { class: "dd-face-icon" }, f.words || iconName(ctx.cat, f.icon)));
  });
}

/* One roll of one unit (or dragon): its first face and each face it rolled again. */
export function rollPicker(ctx, side, u, i, name, faces, labelOf, dragon) {
  const first = usual(ctx, side)[0];
  const g = given(u, name, first);
  const did = made(ctx.fresh(), side, name, i, dragon);
  const res = ctx.fresh();
  const levels = Math.max(1 + g.more.length, did ? did.faces.length : 1);
  const box = el("div", { class: "dd-ex-roll", "data-roll": name });
  const labelId = "dd-ex-" + side + "-" + i + "-" + name;
  box.append(el("span", { class: "dd-calc-picker-label", id: labelId }, rollLabel(ctx.cat, name)));
  for (let level = 0; level < levels; level++) {
    const value = level === 0 ? g.face : (g.more[level - 1] == null ? null : g.more[level - 1]);
    const engineFace = did && did.faces[level] ? did.faces[level] : null;
    // A face picked after faces the engine rolled: those earlier faces are kept as they came.
    const earlier = (k) => { const f = did && did.faces[k + 1]; return f ? (f.face != null ? f.face : f.input) : 1; };
    const set = (v) => setGiven(u, name, first, level, v, earlier);
    const row = el("div", { class: "dd-calc-picker" + (level ? " dd-calc-reroll" : "") });
    if (level) row.append(el("span", { class: "dd-calc-picker-label" }, "Rolls again (face " + (level + 1) + ")"));
    if (faces) {
      row.append(el("div", { class: "dd-calc-faces", role: "group", "aria-labelledby": labelId },
        faceButtons(ctx, faces, value, engineFace && engineFace.random ? engineFace.face : null, engineFace ? engineFace.face : null, {
          key: "ex-" + side + "-" + i + "-" + name + "-" + level, what: labelOf + ", " + rollLabel(ctx.cat, name),
          text: (f) => (f.count != null ? f.count + " " : "") + f.icon, name: (f) => f.words || faceLabel(ctx.cat, f),
          value: (f, j) => j + 1, set })));
    } else {
      const input = el("input", { type: "text", list: "dd-calc-icons", placeholder: "2 melee", "aria-labelledby": labelId,
        maxlength: limit(ctx.cat, "text"), "data-key": "ex-in-" + side + "-" + i + "-" + name + "-" + level,
        value: value == null ? "" : String(value) });
      input.addEventListener("change", () => { set(input.value.trim() || null); ctx.changed(); });
      row.append(input);
    }
    let note = "";
    if (value == null && engineFace && engineFace.random) note = engineFace.face == null ? "Rolled for you."
      : "Rolled for you: " + (engineFace.words || faceText(ctx.cat, engineFace.face)) + ".";
    else if (value == null && !engineFace) note = res && !did ? "Not rolled in this " + (ctx.noun || "exchange") + "." : "Not picked: rolled for you.";
    else if (value != null && res && !did) note = "Not rolled in this " + (ctx.noun || "exchange") + ": this face is not used.";
    if (note) row.append(el("span", { class: "dd-calc-picker-note" }, note));
    box.append(row);
  }
  if (did && did.text) box.append(el("p", { class: "dd-calc-picker-note dd-ex-dragon-roll" }, did.text));
  return box;
}

/* The engine's refusal beside the typed face boxes it names (err.field, as the worker forwards it;
   the page's sides carry the input's names): "attacker.army[0].rolled.counter" is that roll's first
   box, "...rerolled.counter[1]" (or a maneuver's "...rerolled[1]") its third, a bare "...rolled" the
   first box of each of the die's rolls, "...army[0]" every box of the die. The boxes are drawn anew
   with every answer, so a good value takes the note away. The result's error line (role=alert) reads
   the refusal out; each note is read with its box. */
const NAMED = /^(.+?)\.army\[(\d+)\](?:\.(rolled|rerolled)(?:\.([^.[]+))?(?:\[(\d+)\])?)?$/;
export function markFace(root, err) {
  const m = err && typeof err.field === "string" ? NAMED.exec(err.field) : null;
  if (!m) return;
  const [, side, i, which, roll, nth] = m;
  const level = which === "rolled" ? 0 : which && nth != null ? Number(nth) + 1 : null;
  const prefix = "ex-in-" + side + "-" + i + "-";
  root.querySelectorAll('input[data-key^="' + CSS.escape(prefix) + '"]').forEach((box) => {
    const rest = box.dataset.key.slice(prefix.length);
    const cut = rest.lastIndexOf("-");
    const [name, at] = [rest.slice(0, cut), Number(rest.slice(cut + 1))];
    const fits = (roll == null || name === roll) && (level == null ? which !== "rerolled" || at > 0 : at === level);
    if (fits) refuse(box, String(err.message).replace(err.field + ": ", ""), false);
  });
}
