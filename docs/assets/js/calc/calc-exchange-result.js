/* Calculator page: an exchange's answer as the page shows it: the damage in words, who dies, the
   faces rolled for the player, what is left to the player, then each roll with its steps
   (folded). Every sentence is the engine's; the page lays them out and names the parts with the
   engine's published words (catalogue: calculator.exchange). */
import { el, siteLink, typeLabel } from "./calc-dom.js";
import { rollParts, warnings } from "./calc-trace.js";
import { attackOf, faceText, rollLabel, sideName, vocab } from "./calc-exchange-words.js";
import { unitLabel } from "./calc-answer.js";
import { remember, forget } from "../shared/forum-copy.js";

function see(cat, path, text) { const a = siteLink(cat.root, path, text || "why?"); return a ? [" ", a] : null; }

/* A link to the page on how the calculator reads the rules, named after its part. */
export function seeText(cat, path) {
  const anchor = String(path).split("#")[1];
  const name = ((cat.vocab.interpretations || {}).anchors || {})[anchor];
  return "How the calculator reads the rules" + (name ? ": " + name : "");
}

function whatExchange(cat, out) {
  const a = attackOf(cat, out.attack);
  const t = out.terrain && cat.terrainById.get(out.terrain);
  return (a.name || typeLabel(out.attack)) + (t ? " at " + t.name : out.terrain ? " at " + out.terrain : ", no terrain given") + ".";
}

/* Who chose the casualties, in the engine's words, and the owner's own choice: the units alive then,
   those that died ticked; the engine checks the choice against the rule (p.29) and says why not. */
function casualtyChoice(cat, d, choose) {
  const c = d.casualties;
  if (!c) return null;
  const boxes = c.could_die.map((u) => el("label", { class: "dd-ex-choice-unit" },
    el("input", { type: "checkbox", value: String(u.unit), "data-key": "casualty-" + d.to + "-" + c.event + "-" + u.unit,
      checked: d.killed.includes(u.unit) ? true : null }), " " + u.label + " (health " + u.health + ")"));
  const use = el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "casualties-" + d.to + "-" + c.event },
    "Use my choice");
  use.addEventListener("click", () => choose(d.to, c.event,
    boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => Number(i.value))));
  const again = c.chosen_by === "owner" ? el("button", { type: "button", class: "md-button dd-calc-small",
    "data-key": "casualties-calc-" + d.to + "-" + c.event }, "Let the calculator choose") : null;
  if (again) again.addEventListener("click", () => choose(d.to, c.event, null));
  return [el("p", { class: "dd-ex-chosen", "data-chosen-by": c.chosen_by }, c.text),
    el("details", { class: "dd-ex-choice" }, el("summary", {}, sideName(cat, d.to) + ": choose the casualties yourself"),
      el("div", { class: "dd-ex-choice-units", role: "group" }, boxes), el("p", {}, use, again ? " " : null, again))];
}

function sentences(cat, out, choose) {
  const list = out.damage || [];
  if (!list.length) return null;
  return el("ul", { class: "dd-ex-damage" }, list.map((d) => el("li", { "data-to": d.to, "data-from": d.from },
    el("strong", {}, rollLabel(cat, d.from) + " → " + sideName(cat, d.to).toLowerCase() + ": "), d.text,
    choose ? casualtyChoice(cat, d, choose) : null)));
}

function summaryTable(cat, summary) {
  const labels = vocab(cat).summary || {};
  return el("table", { class: "dd-ex-summary", "data-exchange-summary": JSON.stringify(summary) },
    el("caption", {}, "The exchange in numbers"),
    el("tbody", {}, Object.keys(labels).filter((k) => k in summary).concat(Object.keys(summary).filter((k) => !(k in labels)))
      .filter((k) => typeof summary[k] === "number").map((k) => el("tr", { "data-key": k, class: summary[k] ? "" : "dd-ex-zero" },
      el("th", { scope: "row" }, labels[k] || typeLabel(k)), el("td", {}, String(summary[k]))))));
}

/* A dragon attack: whom each dragon attacks (the army, or the dragon it fights), in the engine's words. */
function whoAttacksWhom(out) {
  const list = out.attack === "dragon" ? out.dragons || [] : [];
  if (list.length < 2) return [];
  return [el("h3", {}, "Who attacks whom"), el("ul", { class: "dd-ex-targets" }, list.map((d) =>
    el("li", { "data-dragon": d.dragon, "data-target": String(d.target) }, d.target_text + ".")))];
}

/* Dragons fighting dragons (p.17): each dragon of the fight, its faces and its fate, in the engine's words. */
function dragonsFight(out) {
  const list = (out.fight && out.fight.dragons) || [];
  if (!list.length) return [];
  return [el("h3", {}, "The dragons' fight"), el("ul", { class: "dd-ex-fight" }, list.map((d) =>
    el("li", { "data-dragon": d.dragon, "data-status": d.status, "data-damage": d.damage, "data-taken": d.taken },
      el("strong", {}, d.label), " (" + d.labels.join(", then ") + "): " + d.text + ".")))];
}

function losses(cat, out) {
  const killed = out.killed || {};
  return el("div", { class: "dd-ex-losses" }, Object.keys(killed).map((side) => {
    const list = killed[side] || [];
    const health = list.reduce((n, k) => n + (k.health || 0), 0);
    return el("div", { class: "dd-ex-loss", "data-side": side },
      el("h3", {}, sideName(cat, side) + (list.length ? " loses " + health + " health" : " loses nothing")),
      list.length ? el("ul", {}, list.map((k) => el("li", { class: "dd-ex-dead", "data-unit": k.unit, "data-dragon": k.dragon, "data-status": k.status },
        el("strong", {}, k.label), (k.health != null ? " (health " + k.health + ")" : "") + " — " + k.why))) : null);
  }));
}

/* Faces the engine rolled because the player gave none (the answer's face entries marked random;
   a unit's face after its first is one it rolled again). */
function rolledForYou(cat, out) {
  const items = [];
  (out.rolls || []).forEach((r) => {
    if (!r.roll && (r.random || []).some(Boolean)) {        // a dragon's roll: the engine's sentence
      items.push(el("li", { "data-side": r.side, "data-dragon": r.dragon, "data-roll": r.name },
        el("strong", {}, r.label || ""), " — " + rollLabel(cat, r.name) + ": " + r.text));
    }
  });
  (out.rolls || []).forEach((r) => {
    const shown = new Set();                 // units whose first face came: a later one was rolled again
    ((r.roll && r.roll.steps) || []).forEach((st) => (st.entries || []).forEach((e) => {
      if (e.face == null) return;
      const again = shown.has(e.unit);
      shown.add(e.unit);
      if (!e.random) return;
      const n = (r.units || [])[e.unit];
      items.push(el("li", { "data-side": r.side, "data-unit": n, "data-roll": r.name },
        el("strong", {}, e.label || ""), ", " + sideName(cat, r.side).toLowerCase(),
        " — " + rollLabel(cat, r.name) + (again ? ", rolled again" : "") + ": " + faceText(cat, e.face)));
    }));
  });
  if (!items.length) return [];
  return [el("h3", {}, "Faces rolled for you"),
    el("p", { class: "dd-calc-notice" }, "No face was picked for these dice, so the calculator rolled them. Pick a face above to change it, or “Roll again”."),
    el("ul", { class: "dd-ex-rolled" }, items)];
}

function leftToYou(cat, out) {
  const left = out.left || [];
  if (!left.length) return [];
  return [el("h3", {}, "Left to you"), el("ul", { class: "dd-calc-effects dd-ex-left" }, left.map((x) => el("li", { "data-side": x.side },
    el("strong", {}, sideName(cat, x.side) + ", " + rollLabel(cat, x.roll).toLowerCase() + ": "), x.text, x.see ? see(cat, x.see) : null)))];
}

function rollList(cat, out) {
  return el("ol", { class: "dd-ex-rolls" }, (out.rolls || []).map((r, n) => {
    const side = sideName(cat, r.side);
    if (!r.roll) {
      return el("li", { class: "dd-ex-roll-result", "data-roll": r.name, "data-side": r.side, "data-dragon": r.dragon },
        el("h3", {}, (n + 1) + ". " + rollLabel(cat, r.name) + " — " + (r.label || side.toLowerCase())),
        el("p", { class: "dd-ex-dragon-text" }, r.text || ""));
    }
    const names = (r.units || []).map((i) => unitLabel(r.roll, r.units.indexOf(i)) || String(i + 1));
    return el("li", { class: "dd-ex-roll-result", "data-roll": r.name, "data-side": r.side },
      el("h3", {}, (n + 1) + ". " + rollLabel(cat, r.name) + " — " + side.toLowerCase()),
      names.length ? el("p", { class: "dd-calc-what" }, "Rolling: " + names.join(", ")) : null,
      rollParts(cat, r.roll, { noTitle: true, fold: true, units: r.units, level: "h4" }));
  }));
}

/* `choose(side, event, units)`: the owner's casualties (null: the calculator's). */
export function render(section, cat, out, input, choose) {
  const parts = [el("h2", {}, "Result of the exchange"), el("p", { class: "dd-calc-what" }, whatExchange(cat, out))];
  parts.push(...whoAttacksWhom(out), ...dragonsFight(out));
  const words = sentences(cat, out, choose);
  parts.push(words || el("p", { class: "dd-calc-notice" }, "No damage in this exchange."));
  if (out.id_split && out.id_split.text) parts.push(el("p", { class: "dd-calc-what", "data-id-split": true }, "ID results: " + out.id_split.text + "."));
  parts.push(losses(cat, out), summaryTable(cat, out.summary || {}));
  parts.push(...rolledForYou(cat, out), ...leftToYou(cat, out));
  if (out.warnings && out.warnings.length) parts.push(el("h3", {}, "Warnings"), warnings(cat, out.warnings));
  parts.push(el("h3", {}, "Roll by roll"), rollList(cat, out));
  if (out.see) parts.push(el("p", { class: "dd-ex-see" }, see(cat, out.see, seeText(cat, out.see))));
  section.replaceChildren(...parts);
  remember(section, "exchange", input, out);
  section.dataset.input = JSON.stringify(input);
  section.dataset.state = "resolved";
  section.removeAttribute("aria-busy");
}

/* The engine refused the input: its message as it is (the CLI prints the same line). With
   ``backToCalculator`` (the owner chose casualties), a way back to the calculator's own choice. */
export function error(section, text, lead, backToCalculator) {
  const parts = [el("h2", {}, "Result of the exchange"), el("p", { class: "dd-calc-error", role: "alert" },
    lead || "The engine could not resolve this exchange: ", el("span", { "data-exchange-error": true }, text))];
  if (backToCalculator) {
    const again = el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "casualties-calc" },
      "Let the calculator choose the casualties");
    again.addEventListener("click", backToCalculator);
    parts.push(el("p", {}, again));
  }
  section.replaceChildren(...parts);
  forget(section);
  section.dataset.state = "error";
  section.removeAttribute("aria-busy");
}

export function notice(section, text, state) {
  section.replaceChildren(el("p", { class: "dd-calc-notice" }, text));
  forget(section);
  section.dataset.state = state || "empty";
  section.removeAttribute("aria-busy");
}
