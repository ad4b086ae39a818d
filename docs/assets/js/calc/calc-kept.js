/* Calculator page: "use a kept army". Any army of a force kept on this device by the army builder
   (army-store.js) fills the roll's army or one side of an exchange. Shown only when a force is
   kept; its list is read again whenever it is opened, so a force built in another tab shows too.
   An army cleared, or replaced by a kept one, is set aside and can be brought back (armyUndo). */
import { el, option, fill, isObj } from "./calc-dom.js";
import { limit } from "./calc-catalogue.js";
import { kept, ARMIES, ARMY_NAMES } from "../army/army-store.js";
import { setAside, offerBack } from "../shared/kept-aside.js";

/* "The army's 3 dice (Amazon Soldier, Amazon Centaur, …)": what the note names. */
function diceWords(cat, army) {
  const names = army.slice(0, 3).map((u) => ((u.die && cat.dice.get(u.die)) || { name: "a die not in the catalogue" }).name);
  return "The army's " + (army.length === 1 ? "die" : army.length + " dice") + " (" + names.join(", ") + (army.length > 3 ? ", …" : "") + ")";
}

const one = (e) => Array.isArray(e.army) && e.army.length === 1;
const WORDS = {
  gone: (e) => e.name + (one(e) ? " was " : " were ") + (e.why === "replaced" ? "replaced" : "cleared") + ". ",
  label: "Bring them back",
  back: (e) => e.name + (one(e) ? " is back." : " are back."),
};

/* The dice an army held when the player cleared it or used a kept army instead are set aside on
   this device for a day (kept-aside.js, under `key`), so "Bring them back" still works after a
   reload; its note stands just above the army's dice, in `box`. get() answers the army now,
   put(army) sets it. Answers replace(army, why): the army becomes `army` ("cleared", "replaced"). */
export function armyUndo(cat, box, key, get, put) {
  const keep = (army, why) => setAside(key, { id: key, name: diceWords(cat, army), why, army: JSON.parse(JSON.stringify(army)) }, 0);
  const back = (entry) => {      // what stands now is set aside in turn: nothing is lost either way
    const now = get();
    if (now.length) keep(now, "replaced");
    put((Array.isArray(entry.army) ? entry.army.filter(isObj) : []).slice(0, limit(cat, "army_size")));
  };
  offerBack(box, key, "data-calc-army-back", back, WORDS);       // one set aside before a reload
  return (army, why) => {
    const before = get();
    if (before.length) keep(before, why);      // a full storage: kept by the page until it is left
    put(army);
    if (!before.length || !offerBack(box, key, "data-calc-army-back", back, WORDS)) box.replaceChildren();
  };
}

/* The note's place, a status to put just above the army's dice. */
export function undoBox(side) {
  return el("p", { class: "dd-calc-undo", role: "status", "aria-live": "polite", "data-calc-army-undo": side });
}

/* A row with the kept armies and a "Use" button; onUse gets the army as the calculator's units. */
export function keptPicker(cat, id, onUse) {
  const select = el("select", { id, "data-calc-kept": "" });
  const button = el("button", { type: "button", class: "md-button", "data-calc-kept-use": "" }, "Use this army");
  const wrap = el("div", { class: "dd-calc-row dd-calc-kept" }, el("label", { for: id }, "A kept army ", select), button);
  const armies = new Map();
  const refresh = () => {
    const chosen = select.value;
    armies.clear();
    const opts = [];
    kept().forEach((f) => ARMIES.forEach((a) => {
      const dice = (f.force.armies && f.force.armies[a]) || [];
      if (!Array.isArray(dice) || !dice.length) return;
      const key = f.id + " " + a;
      armies.set(key, dice);
      opts.push(option(key, f.name + ": " + ARMY_NAMES[a] + " (" + dice.length + (dice.length === 1 ? " die)" : " dice)"), key === chosen));
    }));
    fill(select, opts);
    wrap.hidden = !opts.length;
  };
  button.addEventListener("click", () => {
    const dice = armies.get(select.value);
    if (!dice) return;
    onUse(dice.filter((d) => typeof d === "string" && cat.dice.has(d)).slice(0, limit(cat, "army_size")).map((die) => ({ die })));
  });
  select.addEventListener("focus", refresh);
  select.addEventListener("pointerdown", refresh);
  refresh();
  return wrap;
}

/* The roll's army: the picker below its species and unit choice; ctx.replaceArmy(army, why) for
   "Clear the army" too. */
export function bindKeptRoll(ctx) {
  const row = ctx.root.querySelector("[data-calc-form] .dd-calc-army > .dd-calc-row");
  if (!row) return;
  const box = undoBox("roll");
  ctx.ui.units.before(box);
  ctx.replaceArmy = armyUndo(ctx.cat, box, "dd-calc-army-roll", () => ctx.state.army, (army) => {
    ctx.state.army = army;
    ctx.plan = null;
    ctx.changed();
  });
  row.after(keptPicker(ctx.cat, "dd-calc-kept-roll", (army) => ctx.replaceArmy(army, "replaced")));
}
