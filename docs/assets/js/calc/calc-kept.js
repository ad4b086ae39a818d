/* Calculator page: "use a kept army". Any army of a force kept on this device by the army builder
   (army-store.js) fills the roll's army or one side of an exchange. Shown only when a force is
   kept; its list is read again whenever it is opened, so a force built in another tab shows too. */
import { el, option, fill } from "./calc-dom.js";
import { limit } from "./calc-catalogue.js";
import { kept, ARMIES, ARMY_NAMES } from "../army/army-store.js";

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

/* The roll's army: the picker below its species and unit choice. */
export function bindKeptRoll(ctx) {
  const row = ctx.root.querySelector("[data-calc-form] .dd-calc-army > .dd-calc-row");
  if (!row) return;
  row.after(keptPicker(ctx.cat, "dd-calc-kept-roll", (army) => {
    ctx.state.army = army;
    ctx.plan = null;
    ctx.changed();
  }));
}
