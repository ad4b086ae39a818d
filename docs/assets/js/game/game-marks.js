/* Game page: the engine's refusal of a move shown beside the field of the move's form it names
   (err.field, as the worker forwards it: "moves[3].faces.alice.campaign.1.attack", "moves[3].cast[0].target",
   "moves[3].casualties.attack", "moves[3].face"; "calculator." for a move asked of the calculator).
   The field is marked (aria-invalid) and described by the engine's words; once the player changes
   the form, the move is checked again with the same roll and the mark leaves when the engine no
   longer refuses it. A field with no box of its own marks nothing: the line beside the button says it. */
import { refuse, shortMsg } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";
import { sayEngine } from "./game-words.js";

const PREFIX = /^(?:moves\[\d+\]|calculator)\./;
const NAMED = { die: '[data-field="die"]', to: '[data-field="to"]', terrain: '[data-field="terrain"]',
  dragon: '[data-field="dragon"]', reason: '[data-field="reason"]', face: '[data-field="face"]',
  bury: '[data-field-check="bury"]', counter_attack: '[data-field-check="counter"]' };
const GROUPS = { opposed_by: '[data-checks="opposed"]', dice: '[data-checks="dice"]' };

/* The face boxes under `root` a path names: "faces.<die>" (each of the die's rolls) or
   "faces.<die>.<roll>" (that roll); a spell's own roll only when `root` is its cast row. */
function faceBoxes(root, path, own) {
  return [...root.querySelectorAll("[data-face-of]")].filter((b) => {
    if (!!b.closest("[data-cast-roll]") !== own) return false;
    const die = b.dataset.faceOf;
    const roll = b.dataset.roll.slice(die.length + 1);
    return path === "faces." + die || (roll && path === "faces." + die + "." + roll);
  });
}

/* The i-th box checked in a group of checkboxes, or the group itself. */
function inGroup(form, sel, nth) {
  const group = form.querySelector(sel);
  if (!group) return [];
  const on = [...group.querySelectorAll("input:checked")];
  return nth != null && on[Number(nth)] ? [on[Number(nth)]] : [group];
}

function castBoxes(form, i, rest) {
  const row = [...form.querySelectorAll("[data-cast-row]")].filter((r) => r.querySelector("[data-cast-spell]").value)[i];
  if (!row) return [];
  if (rest.startsWith(".faces.")) return faceBoxes(row, rest.slice(1), true);
  const sel = { "": "[data-cast-spell]", ".spell": "[data-cast-spell]", ".target": "[data-cast-target]", ".times": "[data-cast-times]" }[rest];
  return sel ? [row.querySelector(sel)] : [];
}

/* The boxes of `form` the field names. */
export function boxesOf(form, field) {
  if (typeof field !== "string" || !PREFIX.test(field)) return [];
  const path = field.replace(PREFIX, "");
  if (path.startsWith("faces.")) return faceBoxes(form, path, false);
  let m = /^cast\[(\d+)\](.*)$/.exec(path);
  if (m) return castBoxes(form, Number(m[1]), m[2]);
  m = /^casualties\.(\w+)(?:\[(\d+)\])?$/.exec(path);
  if (m) return inGroup(form, '[data-casualties="' + m[1] + '"]', m[2]);
  m = /^(\w+)(?:\[(\d+)\])?$/.exec(path);
  if (m && GROUPS[m[1]]) return inGroup(form, GROUPS[m[1]], m[2]);
  if (path === "direction") { const r = form.querySelector('input[name="dd-game-direction"]'); return r ? [r.closest("fieldset")] : []; }
  return NAMED[path] ? [form.querySelector(NAMED[path])].filter(Boolean) : [];
}

function clear(form) { form.querySelectorAll("[data-refusal]").forEach((b) => refuse(b, "")); }

/* Mark the field the refusal names; `again()` gives the move as the form reads it now, with the
   same roll, or null while a box of the page's own is refused. */
export function markMove(ctx, form, err, again, why) {
  clear(form);
  const boxes = boxesOf(form, err && err.field);
  const words = sayEngine(ctx, shortMsg(String(err.message).replace(err.field + ": ", "")));
  // The line beside the button (role=alert) announces the refusal; the field's note is read with the field.
  boxes.forEach((b) => refuse(b, words.replace(/^./, (c) => c.toUpperCase()) + ".", false));
  if (!boxes.length || form.dataset.rechecked) return;
  form.dataset.rechecked = "1";
  let seq = 0;
  form.addEventListener("change", () => {
    const game = form.querySelector("[data-refusal]") ? again() : null;
    if (!game) return;
    const mine = ++seq;
    engine.call("game", JSON.stringify(game)).then(() => {
      if (mine === seq) { clear(form); why.textContent = ""; }
    }, (e) => {
      if (mine !== seq || !form.isConnected) return;
      markMove(ctx, form, e, again, why);
      why.textContent = "Not allowed: " + sayEngine(ctx, shortMsg(e)) + ".";
    });
  });
}
