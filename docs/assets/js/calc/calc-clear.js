/* Calculator page: "Clear the army" takes every die away at one tap, so what went is said where the
   player looks, beside the button, with "Bring them back". The dice cleared are kept in this tab's
   session storage for a while: a reload still offers them. Only the roll's own army: no rule here. */
import { el } from "./calc-dom.js";

const KEY = "dd-calc-cleared";
const KEEP_MS = 30 * 60 * 1000;        // "for a while": half an hour

function session() { try { return window.sessionStorage; } catch (e) { return null; } }

function saved() {
  const store = session();
  let got = null;
  try { got = JSON.parse((store && store.getItem(KEY)) || "null"); } catch (e) { got = null; }
  const ok = got && Array.isArray(got.army) && got.army.length && typeof got.at === "number" && Date.now() - got.at < KEEP_MS;
  return ok ? got.army : null;
}

const dice = (n, done) => (n === 1 ? "1 die is " : n + " dice are ") + done;

/* The note right after the button (a line of its own in the row): what went, and the button that
   brings it back. */
function offer(ctx, button, army) {
  let note = ctx.root.querySelector("[data-calc-cleared]");
  if (!note) {
    note = el("p", { class: "dd-calc-cleared", role: "status", "data-calc-cleared": "" });
    button.after(note);
  }
  const back = el("button", { type: "button", class: "md-button", "data-calc-unclear": "" }, "Bring them back");
  back.addEventListener("click", () => {
    const store = session();
    if (store) store.removeItem(KEY);
    ctx.state.army = army.concat(ctx.state.army);   // before any die added since
    ctx.plan = null;
    note.replaceChildren("The army’s " + dice(army.length, "back") + ".");
    ctx.changed();
  });
  note.replaceChildren("The army’s " + dice(army.length, "cleared") + ". ", back);
  note.scrollIntoView({ block: "nearest" });
}

export function bindClear(ctx, button) {
  button.addEventListener("click", () => {
    const army = ctx.state.army;
    if (!army.length) return;
    const store = session();
    try { if (store) store.setItem(KEY, JSON.stringify({ army, at: Date.now() })); } catch (e) { /* full: offered until a reload */ }
    ctx.state.army = [];
    ctx.plan = null;
    ctx.changed();
    offer(ctx, button, army);
  });
  const army = saved();                  // a reload: what was cleared is still offered
  if (army && !ctx.state.army.length) offer(ctx, button, army);
}
