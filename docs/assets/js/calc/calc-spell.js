/* Calculator page: the roll a spell calls for. From a paid wish list, each spell whose effect is a
   roll of its target (the engine's answer.cast.rolls: a save roll against its damage, a maneuver that
   holds the terrain, ...) gets a button that turns this roll into that one (the input's `spell`);
   the engine's answer.spell is then shown: what the roll made does and the exact chances before it.
   Every word and number shown comes from the engine; the page adds no rule of its own. */
import { el, siteLink } from "./calc-dom.js";
import { pct } from "./chances.js";

/* The input becomes the roll the spell calls for: the engine's input for it, the army's dice
   without their faces (the target rolls them afresh), one die only when one unit rolls alone. */
export function rollFor(ctx, r) {
  const st = ctx.state;
  Object.keys(r.input).forEach((k) => { st[k] = JSON.parse(JSON.stringify(r.input[k])); });
  if (!r.input.against) delete st.against;
  delete st.cast; delete st.reserve; delete st.counts; delete st.negation;
  st.modifiers = [];
  st.army = st.army.map((u) => { const c = Object.assign({}, u); delete c.rolled; delete c.rerolled; return c; });
  if (r.unit) st.army = st.army.slice(0, 1);
  ctx.changed();
  ctx.ui.results.scrollIntoView({ block: "start" });
}

/* The wish list's part: one line and one button per spell that calls for a roll. */
export function rollsPart(ctx, rolls, name) {
  if (!rolls || !rolls.length) return [];
  return [el("p", {}, "\u201cRoll for it\u201d turns this roll into the one the spell calls for; then put the target's dice in the army."),
    el("ul", { class: "dd-calc-carry", "data-calc-spell-rolls": JSON.stringify(rolls.map((r) => r.spell)) },
    rolls.map((r) => el("li", {}, name(r.spell) + ": " + r.does + ". It calls for " + r.calls_for + ". ",
      el("button", { type: "button", class: "md-button dd-calc-small", "data-calc-roll-for": r.spell,
        onclick: () => rollFor(ctx, r) }, "Roll for it"))))];
}

function oddsItem(o) {
  if (o.chance != null) return el("li", {}, o.label + ": " + pct(o.chance));
  const d = o.distribution || {};
  return el("li", {}, o.label + ": " + Object.keys(d).map((k) => k + " (" + pct(d[k]) + ")").join(", "));
}

/* The answer's spell part, under the result; hidden for a roll no spell called for. */
export function showSpell(ctx, out) {
  const section = ctx.root.querySelector("[data-calc-spell-roll]");
  if (!section) return;
  const s = out && out.spell;
  if (!s) { section.hidden = true; section.replaceChildren(); return; }
  /* A spell passing from target to target (the engine's s.next): the next target rolls afresh with the
     spell input the engine gives; the player puts that unit's die in. */
  const next = s.next ? el("button", { type: "button", class: "md-button dd-calc-small", "data-calc-spell-next": true,
    onclick: () => rollFor(ctx, { input: Object.assign({ roll: ctx.state.roll, spell: s.next },
      ctx.state.against ? { against: ctx.state.against } : {}), unit: true }) },
  "Roll the next target") : null;
  const stop = el("button", { type: "button", class: "md-button dd-calc-small", "data-calc-spell-stop": true,
    onclick: () => { delete ctx.state.spell; ctx.changed(); } }, "Not for a spell");
  section.replaceChildren(...[el("h2", {}, s.name),
    el("p", {}, s.does + ". This roll is " + s.calls_for + ". ", siteLink(ctx.cat.root, s.see, "How it is read")),
    el("p", { class: "dd-calc-verdict", "data-calc-spell-outcome": JSON.stringify(s.outcome) }, s.text.charAt(0).toUpperCase() + s.text.slice(1) + "."),
    Object.keys(s.odds).length ? el("h3", {}, "Chances before the roll") : null,
    el("ul", { "data-calc-spell-odds": JSON.stringify(Object.keys(s.odds)) }, Object.keys(s.odds).map((k) => oddsItem(s.odds[k]))),
    ...(s.warnings || []).map((w) => el("p", { class: "dd-calc-notice" }, w)),
    el("p", {}, next, next ? " " : null, stop)].filter(Boolean));
  section.hidden = false;
}
