/* The ways a kept force or game is shown and shared, written once for the army builder and the game
   page: the share link's box (copied when the browser lets the page, else selected to copy by
   hand), an address brought by Back or Forward, and a clash with another tab's save (said in words
   beside the kept list, where the player is looking, with the choice). */
import { el } from "../calc/calc-dom.js";

/* Show `url` in a read-only box before `status` (made once, found again by `attr`) and copy it. */
export function copyLinkBox(status, url, attr, noun) {
  let box = status.parentElement.querySelector("[" + attr + "]");
  if (!box) {
    box = el("input", { type: "text", readonly: true, class: "dd-army-link", [attr]: "", "aria-label": "Share link of this " + noun });
    status.before(box);
  }
  box.value = url;
  const done = (ok) => { status.textContent = ok ? "Link copied." : "Copy the link in the box: it opens this " + noun + " anywhere."; };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(() => done(true), () => done(false));
  else done(false);
  box.select();
}

/* Call fn() when Back or Forward brings another address, while `root` is on the page. */
export function onAddress(root, fn) {
  const on = () => {
    if (!document.body.contains(root)) { window.removeEventListener("popstate", on); return; }
    fn();
  };
  window.addEventListener("popstate", on);
}

/* The bar at the foot of the screen, on screen wherever the player is on the page, for what must
   be read now about what is kept (a save refused, another tab's save); made once in `root`. */
export function alertBar(root) {
  let bar = root.querySelector("[data-kept-alerts]");
  if (!bar) { bar = el("div", { class: "dd-kept-alerts", "data-kept-alerts": "" }); root.append(bar); }
  return bar;
}

/* Another tab saved (or deleted) the entry shown: say so in `box` and let the player choose.
   other: the other tab's save, or null when it deleted it; mine(): keep this tab's; theirs(): show
   the other tab's (or what is kept, after a delete). */
export function offerClash(box, { noun, other, mine, theirs }) {
  const what = other ? "This " + noun + " was changed in another tab (or window) since this tab showed it. "
    : "This " + noun + " was deleted in another tab (or window). ";
  const keepMine = el("button", { type: "button", class: "md-button", "data-clash-mine": "" }, "Keep this tab's");
  const takeTheirs = el("button", { type: "button", class: "md-button", "data-clash-theirs": "" },
    other ? "Show the other tab's" : "Let it go");
  const note = el("p", { class: "dd-calc-notice", "data-kept-clash": "", role: "alert" },
    what + "Nothing is kept from this tab until you choose. ", keepMine, " ", takeTheirs);
  box.querySelectorAll("[data-kept-clash]").forEach((n) => n.remove());
  box.append(note);
  keepMine.addEventListener("click", () => { note.remove(); mine(); });
  takeTheirs.addEventListener("click", () => { note.remove(); theirs(); });
}

export function clearClash(box) { box.querySelectorAll("[data-kept-clash]").forEach((n) => n.remove()); }

/* The player leaves the entry shown (another one, a new one) while another tab's save of it waits
   for an answer: this tab's version is kept as an entry of its own, said in `box` beside the list
   of kept entries, so that nothing is dropped without a word. */
export function leaveClash(store, ctx, box) {
  if (!ctx.clash || !ctx.entry) return;
  ctx.clash = false;
  clearClash(alertBar(ctx.root));
  const name = ctx.entry.name;
  const mine = { ...ctx.entry, id: store.newId(), name: store.freshName(name + " (this tab)") };
  delete mine.rev;
  const kept = store.keep(mine, undefined, true) === true;
  box.querySelectorAll("[data-kept-left]").forEach((n) => n.remove());
  const note = el("p", { class: "dd-calc-notice", role: "status", "data-kept-left": "" }, kept
    ? "This tab's changes to “" + name + "” are kept as “" + mine.name + "”."
    : "This tab's changes to “" + name + "” could not be kept: this browser's storage is full or blocked.");
  box.append(note);
  note.scrollIntoView({ block: "nearest" });      // just under the list the player picked from
}

/* Another tab changed what `store` keeps: redraw(); a change (or a delete) of ctx.entry, the entry
   shown, is a clash(the other tab's save or null). */
export function watchOthers(store, ctx, redraw, clash) {
  store.watch(ctx.root, () => {
    redraw();
    const shown = ctx.entry;
    if (!shown || shown.rev === undefined || ctx.clash) return;
    const kept = store.stored(shown.id);
    if (!kept || kept.rev !== shown.rev) clash(kept || null);
  });
}
