/* Calculator page: the odds of an exchange (the engine's "exchange-odds"): for each side, the
   exact chances of every amount of damage it takes and of every health-worth it loses, drawn
   with the Chances panel's chart (chances.js). It runs in the second worker, can be cancelled,
   and a newer input replaces it. Where exact odds are too large, the engine answers with a sampled
   estimate (method "sampled"): the page says so, with the engine's reason and 95% ranges. */
import { el, busy, isObj, siteLink } from "./calc-dom.js";
import { engine } from "../engine/engine.js";
import { chart, table, pct } from "./chances.js";
import { sideName, sidesOf } from "./calc-exchange-words.js";
import { seeText } from "./calc-exchange-result.js";
import { remember, forget } from "../shared/forum-copy.js";

const DEBOUNCE_MS = 300;
const BUDGET_MS = 30000;
let timer = null;
let ctrl = null;
let seq = 0;
let last = null;          // {section, cat, input}: for the "every face to chance" switch and "Compute again"

/* The input the odds are about: no seed; without the picked faces when asked. */
function freeInput(cat, inp, allChance) {
  const copy = JSON.parse(JSON.stringify(inp));
  delete copy.seed;
  if (allChance) {
    sidesOf(cat).forEach((s) => {
      const side = copy[s];
      if (!isObj(side)) return;
      [side.army, side.dragons].forEach((list) => (Array.isArray(list) ? list : []).forEach((u) => {
        if (isObj(u)) { delete u.rolled; delete u.rerolled; }
      }));
    });
    delete copy.casualties;          // the owner's choice was for one outcome
  }
  return copy;
}

function head(section) {
  const allChance = section.dataset.allChance === "1";
  const box = el("input", { type: "checkbox", "data-key": "ex-all-chance" });
  box.checked = allChance;
  box.addEventListener("change", () => {
    section.dataset.allChance = box.checked ? "1" : "0";
    if (last) refresh(last.section, last.cat, last.input);
  });
  return [el("h2", {}, "Odds"),
    el("p", { class: "dd-calc-notice" }, allChance
      ? "Chances of what each side loses, before any die is rolled."
      : "Chances of what each side loses: the faces you picked stay as they are, every other face is left to chance."),
    el("label", { class: "dd-calc-option" }, box, " Leave every face to chance (the odds before anyone rolls)")];
}

function status(section, text, button) {
  forget(section);
  delete section.dataset.method;           // the method is of the answer shown, not of one on its way
  section.replaceChildren(...head(section), el("p", { class: "dd-ex-odds-status", role: "status" }, text, button ? " " : null, button));
}

function button(text, onclick, key) {
  return el("button", { type: "button", class: "md-button dd-calc-small", "data-key": key, onclick }, text);
}

const NAMES = {
  damage: (who) => ({ title: "Damage taken", each: "amount of damage the " + who + " takes", unit: "damage",
    axis: "Damage taken", caption: "Chance of at least k damage" }),
  killed: (who) => ({ title: "Health-worth of units killed", each: "health-worth the " + who + " loses", unit: "health lost",
    axis: "Health-worth lost", caption: "Chance of losing at least k health" }),
  dragons_killed: () => ({ title: "Dragons killed", each: "number of dragons killed", unit: "dragons killed",
    axis: "Dragons killed", caption: "Chance of killing at least k dragons" }),
  fight: () => ({ title: "Dragons killed by dragons", each: "number of dragons the dragons kill", unit: "dragons killed",
    axis: "Dragons killed", caption: "Chance of at least k dragons killed by dragons" }),
};

/* The dragons' fight (p.17): how many dragons die, and each dragon's chances, named by the engine. */
function fight(f) {
  return el("div", { class: "dd-ex-odds-side", "data-side": "fight" }, el("h3", {}, "The dragons' fight"),
    part("fight", "fight", f.dragons_killed, NAMES.fight()),
    el("ul", { class: "dd-ex-fight-odds" }, f.dragons.map((d) => el("li", { "data-dragon": d.dragon,
      "data-killed": String(d.killed), "data-flies": d.flies_away == null ? null : String(d.flies_away) },
    el("strong", {}, d.label), ": killed " + pct(d.killed) + (d.flies_away == null ? "" : ", flies away " + pct(d.flies_away))))));
}

function average(dist) {
  const r = dist.mean_interval;
  if (!Array.isArray(r)) return "Average " + dist.mean.toFixed(2) + " (standard deviation " + dist.sd.toFixed(2) + ").";
  return "Average about " + dist.mean.toFixed(2) + " (95% range " + r[0].toFixed(2) + " to " + r[1].toFixed(2) +
    "; standard deviation " + dist.sd.toFixed(2) + ").";
}

/* Each answer says what it is. A sampled one: how many exchanges, the seed that repeats them, and
   why; an exact one, that every way was counted. */
function method(out) {
  if (out.method !== "sampled") {
    return el("p", { class: "dd-chances-notes", "data-key": "ex-odds-exact" },
      "Exact odds: every way the attack can go is counted with its chance (only ways too unlikely to matter are left out).");
  }
  return el("p", { class: "dd-calc-notice", "data-key": "ex-odds-sampled" },
    "An estimate, not exact odds" + (out.why ? ", because " + out.why : "") + ": " + out.samples +
    " exchanges rolled at random from a fixed start (seed " + out.seed + ", so the same every time)" +
    ". Each average comes with a range that holds the exact average " + Math.round(out.confidence * 100) + " times in 100.");
}

function part(side, key, dist, names) {
  return el("div", { class: "dd-ex-odds-part", "data-side": side, "data-part": key, "data-dist": JSON.stringify(dist.distribution) },
    el("h4", {}, names.title),
    el("p", { class: "dd-chances-summary" }, average(dist)),
    el("div", { class: "dd-ex-chart" }, chart(dist, names)),
    el("details", { class: "dd-ex-odds-table" }, el("summary", {}, names.caption), table(dist, names)));
}

function draw(section, cat, out) {
  const kids = head(section);
  kids.push(method(out));
  const sides = out.sides || {};
  const grid = el("div", { class: "dd-ex-odds-sides" });
  sidesOf(cat).slice().reverse().forEach((side) => {    // the defender's losses first
    const d = sides[side];
    if (!d) return;
    const who = sideName(cat, side).toLowerCase();
    grid.append(el("div", { class: "dd-ex-odds-side", "data-side": side }, el("h3", {}, sideName(cat, side)),
      ...["damage", "killed"].filter((k) => d[k]).map((k) => part(side, k, d[k], NAMES[k](who)))));
  });
  if (out.dragons_killed) {
    grid.append(el("div", { class: "dd-ex-odds-side", "data-side": "attacker" }, el("h3", {}, sideName(cat, "attacker")),
      part("attacker", "dragons_killed", out.dragons_killed, NAMES.dragons_killed())));
  }
  if (out.fight) grid.append(fight(out.fight));
  kids.push(grid);
  if (out.dropped > 1e-9) kids.push(el("p", { class: "dd-chances-notes" }, "Outcomes left out as too unlikely to matter: " + pct(out.dropped) + "."));
  // A note may hold along some of the ways the attack goes only (no save roll where it has no results).
  const notes = out.notes && out.notes.length ? el("div", { class: "dd-chances-notes", "data-key": "ex-odds-notes" },
    el("p", {}, "Notes (some hold only along some of the ways the attack can go):"), el("ul", {}, out.notes.map((n) => el("li", {}, n)))) : null;
  if (notes && out.notes.length > 3) kids.push(el("details", { class: "dd-ex-odds-table" }, el("summary", {}, "How these odds were worked out (" + out.notes.length + " notes)"), notes));
  else if (notes) kids.push(notes);
  const a = out.see && siteLink(cat.root, out.see, seeText(cat, out.see));
  if (a) kids.push(el("p", { class: "dd-ex-see" }, a));
  section.replaceChildren(...kids);
  section.dataset.state = "done";
  section.dataset.method = out.method || "exact";
  section.removeAttribute("aria-busy");
}

/* ``asked``: the number of the input these odds are for (``refresh``); the section says which
   input its answer is for (data-answered), so a reader can tell it from an older one. */
function compute(section, cat, free, asked) {
  if (!section.isConnected) return;
  if (engine.state.status !== "ready") { status(section, "The odds appear here as soon as the engine is ready."); return; }
  const mine = ++seq;
  const c = ctrl = new AbortController();
  busy(section, "computing");
  status(section, "Computing the odds…", button("Cancel", () => c.abort(), "ex-odds-cancel"));
  engine.call("exchange-odds", free, { lane: "background", signal: c.signal, timeout: BUDGET_MS }).then((out) => {
    if (mine !== seq || !document.body.contains(section)) return;
    draw(section, cat, out);
    remember(section, "exchange-odds", free, out);
    section.dataset.answered = asked;
  }, (err) => {
    if (mine !== seq) return;
    section.removeAttribute("aria-busy");
    const again = button("Compute again", () => refresh(section, cat, last.input), "ex-odds-again");
    if (err && err.name === "AbortError") {
      section.dataset.state = "cancelled";
      status(section, "Cancelled: no odds for this exchange.", again);
    } else {
      section.dataset.state = "error";
      status(section, "No odds for this exchange: " + String((err && err.message) || err), err && err.name === "TimeoutError" ? again : null);
      section.querySelector(".dd-ex-odds-status").classList.add("dd-calc-error");
    }
  });
}

/* A new input (or none): drop the odds on their way, compute these after a short pause (now:
   at once, for an exchange opened from a link, which no keystroke will follow). */
export function refresh(section, cat, inp, now) {
  // A page swapped out by instant navigation must not cancel the live page's odds.
  if (!section || !section.isConnected) return;
  clearTimeout(timer);
  if (ctrl) ctrl.abort();
  ctrl = null;
  seq++;
  const asked = String(seq);
  section.dataset.asked = asked;
  last = inp ? { section, cat, input: inp } : null;
  if (!inp) { forget(section); section.hidden = true; section.replaceChildren(); section.dataset.state = "empty"; return; }
  section.hidden = false;
  section.dataset.state = "waiting";
  const free = freeInput(cat, inp, section.dataset.allChance === "1");
  status(section, "Computing the odds…");
  timer = setTimeout(() => compute(section, cat, free, asked), now ? 0 : DEBOUNCE_MS);
}
