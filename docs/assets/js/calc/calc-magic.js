/* Calculator page: the magic part of a roll's answer (a magic roll, or a roll in which Cantrip was
   rolled). Everything shown comes from the engine's answers: the results to spend by pool
   (answer.magic), the spells they pay for (answer.castable), the verdict on the wish list (the
   input's cast, answer.cast), and the spells' names, elements and whether they may be combined
   (plan of the same input: plan.magic.spells). The page adds no rule, cost or limit of its own.
   The wish list is the engine input's `cast`; the Reserve Area checkbox is its `reserve`. */
import { el, option, fill, typeLabel, icon, busy, refuse, wholeNumber, newSeed } from "./calc-dom.js";
import { limit } from "./calc-catalogue.js";
import { unitLabel } from "./calc-answer.js";
import { warnings } from "./calc-trace.js";
import { spellInfo, spellName, poolText, verdictText, paymentText } from "./calc-magic-words.js";
import { rollsPart, showSpell } from "./calc-spell.js";
import { duaPart } from "./calc-dua.js";

const RULES = "../rules/spells-and-casting/";

function spellHref(id) { return "../spells/" + encodeURIComponent(id) + "/"; }

/* The Reserve Area checkbox follows the input: `reserve`, or the terrain chosen as the Reserve Area. */
export function syncReserve(ctx) {
  const box = ctx.root.querySelector("[data-calc-reserve]");
  if (box) box.checked = !!ctx.state.reserve || ctx.state.terrain === "reserve";
}

export function bindMagic(ctx) {
  const box = ctx.root.querySelector("[data-calc-reserve]");
  const terrain = ctx.root.querySelector("[data-calc-terrain]");
  ctx.magic = { filter: "", last: null };
  box.addEventListener("change", () => {
    const st = ctx.state;
    if (box.checked) { st.reserve = true; delete st.terrain; } else {
      delete st.reserve;
      if (st.terrain === "reserve") delete st.terrain;
    }
    ctx.changed();
  });
  // A terrain chosen after the checkbox: the army is there, not in the Reserve Area.
  terrain.addEventListener("change", () => { if (ctx.state.reserve && terrain.value) { delete ctx.state.reserve; ctx.changed(); } });
}

function unitName(out, pos) { return unitLabel(out, pos) || "Die " + (pos + 1); }    // the engine's name of the unit

function poolsPart(ctx, out) {
  const m = out.magic;
  const parts = [el("p", { class: "dd-calc-totals", "data-calc-magic-total": m.total },
    el("span", { class: "dd-calc-totals-label" }, "Magic to spend"), el("strong", {}, String(m.total)))];
  if (m.pools && m.pools.length) {
    parts.push(el("ul", { class: "dd-calc-pools" }, m.pools.map((p) => el("li", { "data-pool": p.units.join(" ") },
      icon(p.cantrip_only ? "cantrip" : "magic"), el("strong", {}, String(p.amount)),
      poolText(ctx.cat, p, p.units.map((u) => unitName(out, u))),
      p.cantrip_only ? el("span", { class: "dd-calc-badge" }, "Cantrip only") : null))));
  } else {
    parts.push(el("p", {}, "No magic results to spend."));
  }
  if (m.lost && m.lost.text) parts.push(el("p", {}, m.lost.text.charAt(0).toUpperCase() + m.lost.text.slice(1) + "."));
  if (m.warnings && m.warnings.length) parts.push(el("h3", {}, "Warnings"), warnings(ctx.cat, m.warnings));
  return parts;
}

function addToWish(ctx, id) {
  const st = ctx.state;
  st.cast = Array.isArray(st.cast) ? st.cast : [];
  if (st.cast.length >= limit(ctx.cat, "cast")) return;
  st.cast.push({ spell: id });
  ctx.changed();
}

function castablePart(ctx, out) {
  const list = out.castable || [];
  const parts = [el("h3", {}, "Spells these results can pay for")];
  if (!list.length) return parts.concat([el("p", { "data-calc-castable": "[]" }, "None.")]);
  const elements = [];
  list.forEach((c) => { const e = spellInfo(ctx, c.spell).element; if (e && !elements.includes(e)) elements.push(e); });
  if (!elements.includes(ctx.magic.filter)) ctx.magic.filter = "";
  const pick = el("select", { "data-key": "magic-filter", "data-calc-magic-filter": true });
  fill(pick, [option("", "Every element", !ctx.magic.filter)].concat(elements.map((e) => option(e, typeLabel(e), e === ctx.magic.filter))));
  pick.addEventListener("change", () => { ctx.magic.filter = pick.value; redraw(ctx); });
  const full = Array.isArray(ctx.state.cast) && ctx.state.cast.length >= limit(ctx.cat, "cast");
  const shown = list.filter((c) => !ctx.magic.filter || spellInfo(ctx, c.spell).element === ctx.magic.filter);
  const rows = shown.map((c) => el("tr", { "data-spell": c.spell },
    el("td", {}, el("a", { href: spellHref(c.spell) }, spellName(ctx, c.spell))),
    el("td", {}, typeLabel(spellInfo(ctx, c.spell).element || "")),
    el("td", {}, String(c.cost)), el("td", {}, String(c.max_times)),
    el("td", {}, el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "wish-add-" + c.spell,
      "aria-label": "Add " + spellName(ctx, c.spell) + " to the wish list",
      disabled: full, onclick: () => addToWish(ctx, c.spell) }, "Add"))));
  parts.push(el("label", {}, "Element ", pick),
    el("table", { class: "dd-calc-castable", "data-calc-castable": JSON.stringify(list.map((c) => c.spell)) },
      el("thead", {}, el("tr", {}, ["Spell", "Element", "Cost", "Most times alone", "Wish list"].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)));
  return parts;
}

/* The spells listed above whose effects the calculator leaves to the player, in the engine's words. */
function yoursPart(out) {
  const y = out.left_to_player;
  return y ? [el("p", { class: "dd-calc-notice", "data-calc-yours": JSON.stringify(y.spells) }, y.text)] : [];
}

/* Times typed for a wish: a whole number within the engine's limit, else the words why (and the
   list keeps counting what it counted). */
function timesWhy(ctx, value, now) {
  const n = wholeNumber(value);
  if (n != null && n >= 1 && n <= limit(ctx.cat, "cast_times")) return "";
  return "Give a whole number from 1 to " + limit(ctx.cat, "cast_times") + " (the wish list still counts it " +
    (now === 1 ? "once" : now + " times") + ").";
}

function setTimes(ctx, i, value) {
  const entry = ctx.state.cast[i];
  const n = wholeNumber(value);
  if (n === (entry.times || 1)) return;
  if (n === 1) { delete entry.times; delete entry.combined; } else entry.times = n;
  ctx.changed();
}

function wishItem(ctx, c, i) {
  const times = el("input", { type: "number", min: 1, max: limit(ctx.cat, "cast_times"), value: c.times || 1,
    "data-key": "wish-times-" + i, "aria-label": "Times to cast " + spellName(ctx, c.spell) });
  const check = () => {
    const why = timesWhy(ctx, times.value, c.times || 1);
    refuse(times, why);
    return !why;
  };
  times.addEventListener("input", () => { if (times.dataset.refusal) check(); });
  times.addEventListener("change", () => { if (check()) setTimes(ctx, i, times.value); });
  let combined = null;
  if ((c.times || 1) > 1) {       // the engine warns when a spell is not known to be cumulative
    const box = el("input", { type: "checkbox", "data-key": "wish-combined-" + i });
    box.checked = !!c.combined;
    box.addEventListener("change", () => {
      if (box.checked) ctx.state.cast[i].combined = true; else delete ctx.state.cast[i].combined;
      ctx.changed();
    });
    combined = el("label", { class: "dd-calc-check" }, box, " Combined on one target");
  }
  return el("li", { "data-wish": c.spell }, el("a", { href: spellHref(c.spell) }, spellName(ctx, c.spell)),
    el("label", {}, "Times ", times), combined,
    el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "wish-remove-" + i,
      "aria-label": "Remove " + spellName(ctx, c.spell) + " from the wish list",
      onclick: () => { ctx.state.cast.splice(i, 1); if (!ctx.state.cast.length) delete ctx.state.cast; ctx.changed(); } }, "Remove"));
}

/* "Use in a ... roll": the roll a cast spell changes, as the engine names it (carry[].rolls, the
   first one), opened unrolled (the engine rolls each die anew: a new seed, no face kept) with the
   modifiers of every cast spell that changes that kind of roll. */
function useInRoll(ctx, roll, carry) {
  const st = ctx.state;
  const rt = ctx.cat.rollTypes.get(roll) || {};
  const mods = [];
  carry.filter((c) => (c.rolls || []).includes(roll)).forEach((c) => (c.modifiers || []).forEach((m) => mods.push(m)));
  st.modifiers = st.modifiers.concat(mods).slice(0, limit(ctx.cat, "modifiers"));
  st.roll = roll;
  delete st.cast; delete st.reserve; delete st.against; delete st.counts; delete st.spell;
  if (rt.save && rt.suggest_against) st.against = rt.suggest_against;
  if (st.terrain === "reserve") delete st.terrain;
  st.army.forEach((u) => { if (u.die) { delete u.rolled; delete u.rerolled; } });
  st.seed = newSeed();
  ctx.changed();
  ctx.ui.results.scrollIntoView({ block: "start" });
}

/* One button for each roll that a cast spell changes first (in the engine's order of rolls). */
function useButtons(ctx, carry) {
  const rolls = [];
  carry.forEach((c) => { const r = (c.rolls || [])[0]; if (r && !rolls.includes(r)) rolls.push(r); });
  return rolls.map((r) => {
    const name = (ctx.cat.rollTypes.get(r) || {}).name || r;
    return el("button", { type: "button", class: "md-button md-button--primary", "data-calc-use-roll": r,
      onclick: () => useInRoll(ctx, r, carry) }, "Use in a " + name.charAt(0).toLowerCase() + name.slice(1));
  });
}

function wishPart(ctx, out) {
  const cast = Array.isArray(ctx.state.cast) ? ctx.state.cast : [];
  const parts = [el("h3", {}, "Wish list")];
  if (!cast.length) return parts.concat([el("p", {}, "Add spells above to check whether these results pay for all of them together.")]);
  parts.push(el("ul", { class: "dd-calc-wish" }, cast.map((c, i) => wishItem(ctx, c, i))));
  const v = out.cast;
  if (!v) return parts;
  parts.push(el("p", { class: "dd-calc-verdict", "data-calc-verdict": v.ok ? "ok" : "no", "data-ok": String(!!v.ok) }, verdictText(ctx, v)));
  if (v.warnings && v.warnings.length) parts.push(warnings(ctx.cat, v.warnings));
  if (v.ok) parts.push(el("ul", { class: "dd-calc-payments" }, (v.payments || []).map((p) => el("li", {}, paymentText(ctx, p, (u) => unitName(out, u))))));
  parts.push(...rollsPart(ctx, v.ok && v.rolls, (id) => spellName(ctx, id)));
  const carry = (v.ok && v.carry) || [];
  if (carry.length) {
    parts.push(el("ul", { class: "dd-calc-carry" }, carry.map((c) => el("li", {},
      spellName(ctx, c.spell) + " changes the rolls of " + c.rolls_of + (c.copies > 1 ? " (" + c.copies + " times)" : "") + ".",
      c.note ? " " + c.note : null))),
    ...useButtons(ctx, carry));
  }
  return parts;
}

function redraw(ctx) {
  const last = ctx.magic.last;
  if (!last) return;
  const { section, out } = last;
  const active = document.activeElement;
  const key = active && section.contains(active) ? active.dataset.key : null;
  section.replaceChildren(el("h2", {}, "Magic"),
    el("p", {}, "How magic is spent: ", el("a", { href: RULES }, "Spells and casting"), "."),
    ...poolsPart(ctx, out), ...duaPart(ctx), ...castablePart(ctx, out), ...yoursPart(out), ...wishPart(ctx, out));
  if (key) { const f = section.querySelector('[data-key="' + CSS.escape(key) + '"]'); if (f) f.focus(); }
}

/* The answer's magic, shown under the result; hidden for a roll with no magic. */
export function showMagic(ctx, out, input) {
  const section = ctx.root.querySelector("[data-calc-magic]");
  if (!section) return;
  section.dataset.input = JSON.stringify(input);
  section.dataset.state = "resolved";
  section.removeAttribute("aria-busy");
  showSpell(ctx, out);
  if (!out.magic) { section.hidden = true; section.replaceChildren(); ctx.magic.last = null; return; }
  ctx.magic.last = { section, out };
  redraw(ctx);
  section.hidden = false;
}

/* The input changed: the magic shown is of the roll before, until the engine answers. */
export function busyMagic(ctx) {
  const section = ctx.root.querySelector("[data-calc-magic]");
  if (section && !section.hidden) busy(section, "resolving");
}

/* No answer for the input shown (an error, an empty army): no magic either. */
export function hideMagic(ctx, state) {
  const section = ctx.root.querySelector("[data-calc-magic]");
  if (!section) return;
  showSpell(ctx, null);
  section.hidden = true;
  section.replaceChildren();
  section.dataset.state = state || "empty";
  section.removeAttribute("aria-busy");
  ctx.magic.last = null;
}
