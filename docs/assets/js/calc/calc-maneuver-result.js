/* Calculator page: a maneuver's answer as the page shows it: the terrain die turning (or not), the
   engine's sentence on who won and why, the totals, the face's action with the rule part that
   explains it, "Make this action", the faces rolled for the player and each roll with its steps
   (folded). Every sentence about the rules is the engine's; names come from the data. */
import { el, siteLink } from "./calc-dom.js";
import { iconName } from "./calc-catalogue.js";
import { rollParts, warnings } from "./calc-trace.js";
import { seeText } from "./calc-exchange-result.js";
import { faceText, rollLabel, vocab } from "./calc-exchange-words.js";
import { unitLabel } from "./calc-answer.js";
import { remember, forget } from "../shared/forum-copy.js";
import { drawTurn, faceOf, ruleLink, terrainOf } from "./calc-maneuver-die.js";
import { MARCHING, opposingName } from "./calc-maneuver-words.js";

function sideWords(mv, name) { return mv.sideName(name); }

/* The die as the answer gives it (its faces' icons in face order, the eighth one null when not known). */
function drawnDie(t) {
  if (!t || !Array.isArray(t.faces)) return null;
  return { name: t.name, eighth_face: t.eighth_face, faces: t.faces.map((icon, i) => (icon ? { number: i + 1, icon } : { number: i + 1 })) };
}

function what(mv, input, die) {
  const n = input.opposing.length;
  return "Maneuver at " + (die ? die.name : "this terrain") + ", showing " + input.terrain.face + ", to turn "
    + input.direction + (n ? ", opposed by " + n + (n === 1 ? " army." : " armies.") : ", unopposed.");
}

function totals(mv, out) {
  const t = out.totals || {};
  if (t.maneuvering == null) return null;
  const rows = [[MARCHING, t.maneuvering]].concat((t.opposing || []).map((v, n) => [opposingName(n), v]));
  return el("table", { class: "dd-ex-summary dd-mv-totals", "data-maneuver-totals": JSON.stringify(t) },
    el("caption", {}, "Maneuver results"),
    el("tbody", {}, rows.map(([side, v]) => el("tr", { "data-side": side },
      el("th", { scope: "row" }, sideWords(mv, side)), el("td", {}, String(v))))));
}

/* The face after the maneuver and the action(s) it allows, each named with its rule part. */
function facePart(mv, out, die) {
  const cat = mv.cat;
  const f = faceOf(die, out.face_after);
  const parts = [el("p", { class: "dd-mv-face", "data-face-after": out.face_after },
    "The terrain shows " + out.face_after + (f && f.icon ? ": " : "."), f && f.icon ? ruleLink(cat, f.icon) : null, f && f.icon ? "." : null,
    out.captured ? el("span", { class: "dd-calc-badge dd-mv-captured" }, "Captured") : null)];
  const held = out.controller ? sideWords(mv, out.controller).toLowerCase() : null;
  if (out.action === "any") {
    parts.push(el("p", { class: "dd-mv-action", "data-action": out.action },
      "The " + held + " holds the eighth face, so it may take any action."));
  } else {
    parts.push(el("p", { class: "dd-mv-action", "data-action": out.action }, "Action: ", ruleLink(cat, out.action),
      held && f && f.icon !== out.action ? " (the " + held + " holds the eighth face)" : null, "."));
  }
  const list = (out.actions || [out.action]).filter((a) => a !== "any");
  if (list.length) {
    parts.push(el("div", { class: "dd-calc-row dd-mv-make" }, list.map((a) => el("button", {
      type: "button", class: "md-button md-button--primary", "data-mv-make": a,
      "aria-label": "Make this action: " + iconName(cat, a) + " at " + (die ? die.name : "this terrain"),
      onclick: () => mv.makeAction(a) }, "Make this action: " + iconName(cat, a)))));
  }
  return parts;
}

/* Faces the engine rolled because the player gave none. */
function rolledForYou(mv, out) {
  const items = [];
  (out.rolls || []).forEach((r) => {
    ((r.roll && r.roll.steps) || []).forEach((st) => (st.entries || []).forEach((e) => {
      if (e.face == null || !e.random) return;
      const n = (r.units || [])[e.unit];
      items.push(el("li", { "data-side": r.side, "data-unit": n }, el("strong", {}, e.label || ""), ", " + sideWords(mv, r.side).toLowerCase(), " — " + faceText(mv.cat, e.face)));
    }));
  });
  if (!items.length) return [];
  return [el("h3", {}, "Faces rolled for you"),
    el("p", { class: "dd-calc-notice" }, "No face was picked for these dice, so the calculator rolled them. Pick a face above to change it, or “Roll again”."),
    el("ul", { class: "dd-ex-rolled" }, items)];
}

function rollList(mv, out) {
  return el("ol", { class: "dd-ex-rolls" }, (out.rolls || []).map((r, n) => {
    const names = (r.units || []).map((i, k) => unitLabel(r.roll, k) || String(i + 1));
    return el("li", { class: "dd-ex-roll-result", "data-roll": r.name, "data-side": r.side },
      el("h3", {}, (n + 1) + ". " + rollLabel(mv.cat, r.name) + " — " + sideWords(mv, r.side).toLowerCase()),
      names.length ? el("p", { class: "dd-calc-what" }, "Rolling: " + names.join(", ")) : null,
      rollParts(mv.cat, r.roll || {}, { noTitle: true, fold: true, units: r.units, level: "h4" }));
  }));
}

export function render(section, mv, out, input) {
  const cat = mv.cat;
  const die = drawnDie(out.terrain) || terrainOf(cat, input.terrain);
  const parts = [el("h2", {}, "Result of the maneuver"), el("p", { class: "dd-calc-what" }, what(mv, input, die)),
    drawTurn(cat, die, out.face_before, out.face_after, out.direction),
    el("p", { class: "dd-mv-verdict", "data-succeeded": String(!!out.succeeded), "data-winner": out.winner }, out.why || ""),
    totals(mv, out)];
  parts.push(...facePart(mv, out, die), ...rolledForYou(mv, out));
  if (out.warnings && out.warnings.length) parts.push(el("h3", {}, "Warnings"), warnings(cat, out.warnings));
  if ((out.rolls || []).length) parts.push(el("h3", {}, "Roll by roll"), rollList(mv, out));
  const see = out.see ? siteLink(cat.root, out.see, seeText(cat, out.see), "dd-ex-see") : null;
  if (see) parts.push(el("p", {}, see));
  section.replaceChildren(...parts.filter((p) => p != null));
  remember(section, "maneuver", input, out);
  section.dataset.input = JSON.stringify(input);
  section.dataset.answer = JSON.stringify({ succeeded: out.succeeded, face_before: out.face_before, face_after: out.face_after,
    action: out.action, captured: out.captured, controller: out.controller, totals: out.totals });
  section.dataset.state = "resolved";
  section.removeAttribute("aria-busy");
}

/* The input of the action after the maneuver, with the army that maneuvered (its faces left out)
   at that terrain, and the eighth face for whichever army holds it: a melee or missile attack on
   the first opposing army as an exchange; any other action, or none to attack, as one roll. */
export function actionInput(mv, input, out, action) {
  const terrain = input.terrain.die || input.terrain.type;
  const eighth = (mv.cat.terrainById.get(terrain) || {}).eighth_face;
  const side = (s, name) => {
    const c = JSON.parse(JSON.stringify(s));
    (c.army || []).forEach((u) => { delete u.rolled; delete u.rerolled; });
    if (out && out.controller === name && eighth) c.eighth_faces = [eighth];
    return c;
  };
  const mine = side(input.maneuvering, MARCHING);
  const seed = input.seed == null ? {} : { seed: input.seed };
  if (vocab(mv.cat).attacks.some((a) => a.id === action) && input.opposing.length) {
    return { mode: "exchange", input: Object.assign({ attack: action, terrain, attacker: mine, defender: side(input.opposing[0], opposingName(0)) }, seed) };
  }
  return { mode: "roll", input: Object.assign({ roll: action, terrain }, mine, seed) };
}

export function notice(section, text, state) {
  section.replaceChildren(el("p", { class: "dd-calc-notice" }, text));
  forget(section);
  section.dataset.state = state || "empty";
  section.removeAttribute("aria-busy");
}

/* The engine refused the input: its message as it is (the CLI prints the same line). */
export function error(section, text) {
  section.replaceChildren(el("h2", {}, "Result of the maneuver"), el("p", { class: "dd-calc-error", role: "alert" },
    "The engine could not resolve this maneuver: ", el("span", { "data-maneuver-error": true }, text)));
  forget(section);
  section.dataset.state = "error";
  section.removeAttribute("aria-busy");
}
