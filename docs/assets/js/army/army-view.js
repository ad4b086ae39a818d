/* Army builder: what the page draws of a force (its armies, the dice list's buttons, the bar that
   says where a die goes) and of the engine's answer (points and problems). No rule here: points
   and problems are the engine's `force` answer, shown as it gives them. */
import { el, option, fill, siteLink, newSeed } from "../calc/calc-dom.js";
import { ARMIES, ARMY_NAMES } from "./army-store.js";

const PARTS = ARMIES.concat(["pool"]);

export function dieName(ctx, id) {
  const d = ctx.cat.dice.get(id) || ctx.dragons.get(id) || ctx.terrains.get(id);
  return d ? d.name : String(id);
}

export function dieFacts(ctx, id) {
  const d = ctx.cat.dice.get(id);
  if (d) {
    const sp = ctx.cat.species.get(d.species);
    return [sp ? sp.name : "Items", d.size === d.kind ? d.kind : d.size + " " + d.kind].concat(d.health ? ["health " + d.health] : []);
  }
  const g = ctx.dragons.get(id);
  if (g) return [g.form, "health " + g.health];
  const t = ctx.terrains.get(id);
  return t ? [(ctx.cat.terrainById.get(t.type) || { name: "terrain" }).name + " terrain"] : ["not in the catalogue"];
}

export function listOf(force, part) { return part === "pool" ? force.summoning_pool : force.armies[part]; }

/* The engine's answer, if it is about the force shown now (else null: its numbers would be stale). */
export function fresh(ctx) {
  return ctx.answer && ctx.answer.key === JSON.stringify(ctx.input()) ? ctx.answer : null;
}

function points(ctx, part) {
  const a = fresh(ctx);
  return a && a.out && a.out.points && a.out.points[part] != null ? a.out.points[part] : null;
}

/* "(at most 12)", or "(at most 12: 3 over)": the most points one army may have, and how many an
   army costs beyond it, from the engine's answer. */
function mostText(ctx, over) {
  const a = fresh(ctx);
  const most = a && a.out && a.out.limits ? a.out.limits.army : null;
  return most == null ? "" : "(at most " + most + (over ? ": " + over + " over" : "") + ")";
}

function overBy(ctx, part) {
  const a = fresh(ctx);
  return (a && a.out && a.out.over && a.out.over[part]) || 0;
}

const ptsText = (n) => (n == null ? "" : n + (n === 1 ? " point" : " points"));

/* The dice of one army (or the pool), alike dice together, in the order first added: [id, [indices]]. */
export function groups(list) {
  const at = new Map();
  list.forEach((id, i) => { if (!at.has(id)) at.set(id, []); at.get(id).push(i); });
  return [...at.entries()];
}

/* One row per kind of die in the army ("Soldier ×4"): its buttons act on one die of them (the last
   added), and its problems are those of any of them. Keyed by the die, so focus stays on the row's
   button as its count changes. */
function dieItem(ctx, part, id, at) {
  const name = dieName(ctx, id);
  const where = ARMY_NAMES[part];
  const a = fresh(ctx);
  const n = at.length, last = at[n - 1];
  const fields = at.map((i) => (part === "pool" ? "summoning_pool" : "armies." + part) + "[" + i + "]");
  const cost = a && a.out && a.out.costs ? a.out.costs[fields[0]] : null;
  const one = n > 1 ? " one " + name + " (" + n + " in the " + where + ")" : " " + name + " (" + where + ")";
  const li = el("li", { class: "dd-army-die", "data-die": id, "data-count": String(n) },
    el("span", { class: "dd-army-die-name" }, name, n > 1 ? el("span", { class: "dd-army-die-count" }, " ×" + n) : null),
    el("span", { class: "dd-army-die-facts" },
      dieFacts(ctx, id).concat(cost != null ? [ptsText(cost) + (n > 1 ? " each" : "")] : []).join(" · ")));
  const buttons = el("span", { class: "dd-army-die-buttons" });
  if (part !== "pool") {
    const move = el("select", { "aria-label": "Move" + one + " to", "data-key": "move-" + part + "-" + id },
      option("", n > 1 ? "Move one to…" : "Move to…"), ARMIES.filter((a) => a !== part).map((a) => option(a, ARMY_NAMES[a])));
    move.addEventListener("change", () => {
      if (!move.value) return;
      ctx.entry.force.armies[move.value].push(id);
      listOf(ctx.entry.force, part).splice(last, 1);
      ctx.changed();
    });
    buttons.append(move);
  }
  if (part !== "pool") {   // another copy of the same die, here: no scrolling back up the dice list
    buttons.append(el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "again-" + part + "-" + id,
      "data-army-again": "", "aria-label": "Add another " + name + " to the " + where.toLowerCase(),
      onclick: () => { listOf(ctx.entry.force, part).splice(last + 1, 0, id); ctx.changed(); } }, "One more"));
  }
  buttons.append(el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "remove-" + part + "-" + id,
    "data-army-remove": "", "aria-label": "Remove" + one,
    onclick: () => { listOf(ctx.entry.force, part).splice(last, 1); ctx.changed(); ctx.focusAfterRemove(part); } },
    n > 1 ? "Remove one" : "Remove"));
  li.append(buttons);
  ((a && a.out && a.out.problems) || []).filter((p) => fields.includes(p.field)).forEach((p) => {
    li.classList.add("dd-army-die--problem");
    li.append(el("span", { class: "dd-army-die-problem" }, p.text));
  });
  return li;
}

/* Links that open the calculator with this army filled in (the calculator checks them). */
function rollLinks(ctx, part) {
  const army = listOf(ctx.entry.force, part).map((die) => ({ die }));
  if (!army.length) return null;
  const calc = new URL("calculator/", ctx.cat.root);
  // The home army stands at the home terrain (p.8): its rolls are made there, by the terrain's type.
  const t = ctx.entry.force.terrains || {};
  const home = part === "home" && t.home ? ctx.terrains.get(t.home) : null;
  const at = (input) => (home ? Object.assign({ terrain: home.type }, input) : input);
  const links = [["roll", "One roll", at({ roll: "melee", army })], ["magic", "Magic", at({ army })],
    ["exchange", "Exchange", at({ attacker: { army }, defender: { army: [] } })],
    ["maneuver", "Maneuver", home ? { terrain: { die: home.id }, maneuvering: { army } } : { maneuvering: { army } }]];
  // A roll's and a magic roll's link carries a seed of its own, drawn again whenever it is followed:
  // the calculator reads such a link without one as seed 0, so every visit would have shown the same
  // "random" faces. (The exchange and maneuver links open half-filled forms, which draw their own.)
  const href = (mode, input) => {
    const url = new URL(calc);
    url.searchParams.set(mode, JSON.stringify(mode === "roll" || mode === "magic" ? Object.assign({}, input, { seed: newSeed() }) : input));
    return url.href;
  };
  return el("p", { class: "dd-army-roll" }, el("span", {}, "Roll with this army: "), links.map(([mode, label, input]) => {
    const fresh = () => { a.href = href(mode, input); };     // followed, opened in a new tab, or copied
    const a = el("a", { class: "md-button dd-calc-small", href: href(mode, input), "data-army-roll": mode,
      "aria-label": label + " with the " + ARMY_NAMES[part].toLowerCase(), onclick: fresh, onauxclick: fresh, oncontextmenu: fresh }, label);
    return a;
  }));
}

/* What the Summoning Pool holds, counted ("1 dragon, 2 terrain dice"): its points say nothing of its
   dragons, which are not part of the force's points. */
function poolCount(ctx, list) {
  const n = (test) => list.filter(test).length;
  const parts = [[n((id) => ctx.dragons.has(id)), "dragon", "dragons"], [n((id) => ctx.terrains.has(id)), "terrain die", "terrain dice"],
    [n((id) => !ctx.dragons.has(id) && !ctx.terrains.has(id)), "other die", "other dice"]];
  return parts.filter(([k]) => k).map(([k, one, many]) => k + " " + (k === 1 ? one : many)).join(", ");
}

export function renderArmies(ctx) {
  const force = ctx.entry.force;
  ctx.ui.armies.replaceChildren(...PARTS.map((part) => {
    const list = listOf(force, part);
    const over = overBy(ctx, part);
    const cls = "dd-army-points" + (over ? " dd-army-over" : "");
    const head = el("h3", { class: "dd-army-head", id: "dd-army-" + part, tabindex: "-1" }, ARMY_NAMES[part],
      el("span", { class: cls, "data-army-points": part }, ptsText(points(ctx, part))),
      part === "pool" ? el("span", { class: "dd-army-points", "data-army-count": part }, poolCount(ctx, list))
        : el("span", { class: cls, "data-army-most": part }, mostText(ctx, over)));
    return el("section", { class: "dd-army-part", "data-army-part": part, "aria-labelledby": "dd-army-" + part }, head,
      list.length ? el("ol", { class: "dd-army-list" }, groups(list).map(([id, at]) => dieItem(ctx, part, id, at)))
        : el("p", { class: "dd-calc-empty" }, part === "pool" ? "Empty: dragons and terrain dice from the list below go here."
          : "No dice: choose this army above the dice list, then add dice."),
      part === "pool" ? null : rollLinks(ctx, part));
  }));
}

/* The bar above the dice list: which army the dice list's "Add" buttons fill. */
export function renderTarget(ctx) {
  const bar = ctx.ui.target;
  if (!bar.firstChild) {
    bar.append(el("span", { class: "dd-army-target-label" }, "Add dice to:"));
    PARTS.forEach((a) => bar.append(el("button", { type: "button", class: "md-button", "data-target": a,
      onclick: () => { ctx.target = a; renderTarget(ctx); ctx.relabel(); } }, ARMY_NAMES[a], el("span", { class: "dd-army-points" }))));
    bar.append(el("span", { class: "dd-army-target-total", "data-army-target-total": "" }));
  }
  bar.querySelectorAll("[data-target]").forEach((b) => {
    const a = b.dataset.target;
    b.setAttribute("aria-pressed", String(a === ctx.target));
    b.lastChild.textContent = ptsText(points(ctx, a)) || String(listOf(ctx.entry.force, a).length) + " dice";
  });
  const a = fresh(ctx);
  bar.querySelector("[data-army-target-total]").textContent = a && a.out ? problemsShort(a.out) : "";
}

function problemsShort(out) {
  const n = (out.problems || []).length;
  return ptsText(out.points.total) + " · " + (n ? n + (n === 1 ? " problem" : " problems") : "no problems");
}

/* The dice list: an "Add" button on each card, and how many of that die the force holds. */
export function enhanceCards(ctx) {
  ctx.cards = new Map();
  ctx.root.querySelectorAll(".dd-army-dice li.dd-card[data-die]").forEach((li) => {
    const id = li.dataset.die;
    const isDragon = ctx.toPool(id);
    if (!isDragon && !ctx.cat.dice.has(id)) return;
    const name = (li.querySelector(".dd-card__name") || li).textContent;
    const button = el("button", { type: "button", class: "md-button dd-army-add", "data-add": id,
      onclick: () => ctx.add(id) }, "Add");
    const count = el("span", { class: "dd-army-count", "data-count": "" });
    li.append(el("span", { class: "dd-army-card-actions" }, button, count));
    ctx.cards.set(id, { li, button, count, name, isDragon });
  });
  relabel(ctx);
}

export function relabel(ctx) {
  ctx.cards.forEach((c) => {
    const part = c.isDragon ? "pool" : ctx.target;
    const where = "the " + (part === "pool" ? ARMY_NAMES.pool : ARMY_NAMES[part].toLowerCase());
    c.button.setAttribute("aria-label", "Add " + c.name + " to " + where);
  });
}

export function renderCounts(ctx) {
  const n = new Map();
  PARTS.forEach((p) => listOf(ctx.entry.force, p).forEach((id) => n.set(id, (n.get(id) || 0) + 1)));
  ctx.cards.forEach((c, id) => {
    const k = n.get(id) || 0;
    c.count.textContent = k ? k + " in this force" : "";
    c.li.classList.toggle("dd-army-in-force", k > 0);
  });
}

/* The engine's answer: the total and the problems, each with a link to the rule it breaks. */
export function renderAnswer(ctx) {
  const { ui } = ctx;
  const a = fresh(ctx);
  if (!a) return;
  ui.problems.dataset.state = "resolved";
  ui.problems.dataset.input = a.key;
  ui.problems.removeAttribute("aria-busy");
  if (a.error) {
    ui.total.textContent = "";
    ui.problems.replaceChildren(el("p", { class: "dd-army-error", "data-army-error": "" },
      "The engine could not check this force: " + a.error));
    return;
  }
  const out = a.out;
  const size = ctx.entry.force.size;
  const sizes = out.limits && out.limits.suggested_sizes;
  if (Array.isArray(sizes)) fill(ui.sizes, sizes.map((n) => option(String(n), String(n))));
  ui.total.textContent = "Total: " + ptsText(out.points.total) + (size ? " of a " + size + "-point force" : "") + ".";
  ui.total.dataset.points = String(out.points.total);
  const list = out.problems || [];
  ui.problems.dataset.ok = String(!!out.ok);
  ui.problems.replaceChildren(el("h3", {}, list.length ? "What the setup rules say" : "No problems"),
    list.length ? el("ul", { class: "dd-army-problem-list" }, list.map((p) => el("li", { "data-field": p.field || "" },
      el("span", {}, p.text), p.see ? [" ", siteLink(ctx.cat.root, p.see, "See the rule")] : null)))
      : el("p", {}, out.ok ? "This force follows every setup rule the builder checks." : ""));
}
