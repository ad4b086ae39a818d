/* Army builder: the forces kept on the device (pick one, make a new one, rename, delete), and a
   force's ways out and in: its share link, its JSON file, a file imported. A force from a link
   or a file is checked by the engine before it is kept; a refused one shows the engine's words. */
import { el, option, fill, saveFile } from "../calc/calc-dom.js";
import * as store from "./army-store.js";
import { shareUrl } from "./army-links.js";
import { refusedWords, readKept } from "../shared/kept-links.js";
import { setAside, offerBack } from "../shared/kept-aside.js";
import { copyLinkBox, offerClash, clearClash, watchOthers, alertBar } from "../shared/kept-share.js";

const ASIDE = "dd-army-deleted";

export function renderKept(ctx) {
  const forces = store.kept();
  const list = forces.some((f) => f.id === ctx.entry.id) ? forces : forces.concat([ctx.entry]);
  fill(ctx.ui.pick, list.map((f) => option(f.id, f.name, f.id === ctx.entry.id)));
  ctx.ui.del.disabled = !forces.some((f) => f.id === ctx.entry.id);
}

function status(ctx, text) { ctx.ui.status.textContent = text; }

/* Check a force from a link or a file with the engine, then keep it (once) and show it; the
   promise settles once it is shown or refused. A link's words go at the top of the page (the
   player just came), a file's beside the import button. */
export function openForce(ctx, got, what) {
  const tell = what === "link" ? ctx.say : (text) => { ctx.say(""); status(ctx, text); };
  tell("Opening the force from the " + what + "…");
  return readKept(got, what, { command: "force", part: "force", fileOf: store.fileForce, pageOf: store.pageForce }).then((read) => {
    if (!ctx.root.isConnected) return;
    const same = store.kept().find((f) => JSON.stringify(f.force) === JSON.stringify(read.value) && (!read.name || f.name === read.name));
    const entry = same || { id: store.newId(), name: store.freshName(read.name || "Shared force"), force: read.value };
    tell(what === "link" ? "" : (same ? "This force is kept already: “" + same.name + "”." : "Imported as “" + entry.name + "”."));
    ctx.show(entry);
  }, (err) => {
    if (!ctx.root.isConnected) return;
    tell(what === "link" ? "This force link could not be used: " + refusedWords(err, "force") + "."
      : "This file could not be imported: " + refusedWords(err, "force") + ".");
  });
}

function shareLink(ctx) {
  copyLinkBox(ctx.ui.status, shareUrl(ctx.entry), "data-army-link", "force");
}

function exportFile(ctx) {
  saveFile(store.exportText(ctx.entry), ctx.entry.name || "force");
  status(ctx, "Saved as a file.");
}

function importFile(ctx, input) {
  const file = input.files && input.files[0];
  if (!file) return;
  input.value = "";
  if (file.size > 200000) { status(ctx, "This file could not be imported: it is too large to be a force."); return; }
  file.text().then((text) => openForce(ctx, { text }, "file"), () => status(ctx, "This file could not be read."));
}

/* Keep the force shown, unless another tab saved it meanwhile (then the player chooses first);
   a full or blocked storage is said in the bar at the foot of the screen. */
export function keepShown(ctx) {
  if (ctx.clash) return;
  const done = store.keep(ctx.entry);
  if (done && done.clash !== undefined) { clash(ctx, done.clash); return; }
  keepNote(ctx, done === true ? "" : done === "full"
    ? "This change is not kept: the browser's storage is full. Export this force as a file, or delete forces you no longer need."
    : "This browser does not let the page keep forces on the device: share or export them to keep them.");
}

function keepNote(ctx, text) {
  let note = ctx.root.querySelector("[data-army-keep-note]");
  if (!note && text) { note = el("p", { class: "dd-calc-message", role: "alert", "data-army-keep-note": "" }); alertBar(ctx.root).append(note); }
  if (note) { note.textContent = text; note.hidden = !text; }
}

function clash(ctx, other) {
  ctx.clash = true;
  offerClash(alertBar(ctx.root), { noun: "force", other,
    mine: () => { ctx.clash = false; store.keep(ctx.entry, undefined, true); renderKept(ctx); },
    theirs: () => {
      ctx.clash = false;
      const next = other || store.current();
      ctx.show(next || { id: store.newId(), name: store.freshName(), force: store.emptyForce() }, !!next);
    } });
}

/* Another tab changed the kept forces: the list is drawn again; a change to the force shown is a clash. */
export function watchKept(ctx) {
  watchOthers(store, ctx, () => renderKept(ctx), (other) => clash(ctx, other));
}

/* What the store found damaged when the page opened, in words at the top of the page. */
export function sayDamaged(ctx, words) {
  if (words.length) {
    ctx.say("Some forces kept on this device were damaged and are shown as far as they could be read (" + words.slice(0, 3).join("; ") +
      (words.length > 3 ? "; …" : "") + "). The damaged copy is set aside on this device, unchanged.");
  }
}

/* Delete asks nothing but can be undone, even after a reload (for a day): the note and its
   "Bring it back" stand beside the delete button. */
export function offerUndelete(ctx) {
  offerBack(ctx.ui.keptStatus, ASIDE, "data-army-undelete", (entry, at) => {
    if (!store.kept().some((f) => f.id === entry.id)) store.keep(entry, at, true);
    ctx.show(store.stored(entry.id) || entry);
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
    ctx.clash = false;
    clearClash(alertBar(ctx.root));
    const next = store.current();
    ctx.show(next || { id: store.newId(), name: store.freshName(), force: store.emptyForce() }, !!next);
    status(ctx, "");
    offerUndelete(ctx);
  });
  ui.share.addEventListener("click", () => shareLink(ctx));
  ui.exportButton.addEventListener("click", () => exportFile(ctx));
  ui.importInput.addEventListener("change", () => importFile(ctx, ui.importInput));
}
