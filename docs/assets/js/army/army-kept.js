/* Army builder: the forces kept on the device (pick one, make a new one, rename, delete), and a
   force's ways out and in: its share link, its JSON file, a file imported. A force from a link
   or a file is checked by the engine before it is kept; a refused one shows the engine's words. */
import { el, option, fill, shortMsg, saveFile } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";
import * as store from "./army-store.js";
import { shareUrl } from "./army-links.js";
import { setAside, offerBack } from "../shared/kept-aside.js";

const ASIDE = "dd-army-deleted";

export function renderKept(ctx) {
  const forces = store.kept();
  const list = forces.some((f) => f.id === ctx.entry.id) ? forces : forces.concat([ctx.entry]);
  fill(ctx.ui.pick, list.map((f) => option(f.id, f.name, f.id === ctx.entry.id)));
  ctx.ui.del.disabled = !forces.some((f) => f.id === ctx.entry.id);
}

function status(ctx, text) { ctx.ui.status.textContent = text; }

/* Check a force from a link or a file with the engine, then keep it (once) and show it; the
   promise settles once it is shown or refused. */
export function openForce(ctx, got, what) {
  ctx.say("Opening the force from the " + what + "…");
  const input = ctx.inputOf(got.force);
  return engine.whenReady().then(() => engine.call("force", input)).then(() => {
    if (!ctx.root.isConnected) return;
    const same = store.kept().find((f) => JSON.stringify(f.force) === JSON.stringify(got.force) && (!got.name || f.name === got.name));
    ctx.say("");
    ctx.show(same || { id: store.newId(), name: store.freshName(got.name || "Shared force"), force: got.force });
  }, (err) => {
    if (!ctx.root.isConnected) return;
    ctx.say("This force " + what + " could not be used: " + shortMsg(err) + ".");
  });
}

function shareLink(ctx) {
  const url = shareUrl(ctx.entry);
  let box = ctx.root.querySelector("[data-army-link]");
  if (!box) {
    box = el("input", { type: "text", readonly: true, class: "dd-army-link", "data-army-link": "", "aria-label": "Share link of this force" });
    ctx.ui.status.before(box);
  }
  box.value = url;
  const done = (ok) => status(ctx, ok ? "Link copied." : "Copy the link in the box: it opens this force anywhere.");
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(() => done(true), () => done(false));
  else done(false);
  box.select();
}

function exportFile(ctx) {
  saveFile(store.exportText(ctx.entry), ctx.entry.name || "force");
  status(ctx, "Saved as a file.");
}

function importFile(ctx, input) {
  const file = input.files && input.files[0];
  if (!file) return;
  input.value = "";
  if (file.size > 200000) { ctx.say("This file could not be imported: it is too large to be a force."); return; }
  file.text().then((text) => {
    let got;
    try { got = store.importText(text); } catch (err) { ctx.say("This file could not be imported: " + shortMsg(err) + "."); return; }
    openForce(ctx, got, "file");
  }, () => ctx.say("This file could not be read."));
}

/* Delete asks nothing but can be undone, even after a reload (for a day): the note and its
   "Bring it back" stand beside the delete button. */
export function offerUndelete(ctx) {
  offerBack(ctx.ui.keptStatus, ASIDE, "data-army-undelete", (entry, at) => {
    if (!store.kept().some((f) => f.id === entry.id)) store.keep(entry, at);
    ctx.show(entry);
  });
}

export function bindActions(ctx) {
  const { ui } = ctx;
  ui.pick.addEventListener("change", () => {
    const f = store.kept().find((k) => k.id === ui.pick.value);
    if (!f) return;
    store.select(f.id);
    status(ctx, "");
    ctx.show(f);
  });
  ui.newForce.addEventListener("click", () => {
    ctx.show({ id: store.newId(), name: store.freshName(), force: store.emptyForce() });
    status(ctx, "A new force: pick its dice below.");
    ui.name.focus();
  });
  ui.del.addEventListener("click", () => {
    const gone = ctx.entry;
    setAside(ASIDE, gone, store.remove(gone.id));
    const next = store.current();
    ctx.show(next || { id: store.newId(), name: store.freshName(), force: store.emptyForce() }, !!next);
    status(ctx, "");
    offerUndelete(ctx);
  });
  ui.share.addEventListener("click", () => shareLink(ctx));
  ui.exportButton.addEventListener("click", () => exportFile(ctx));
  ui.importInput.addEventListener("change", () => importFile(ctx, ui.importInput));
}
