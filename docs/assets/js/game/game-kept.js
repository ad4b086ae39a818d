/* Game page: the games kept on the device (keep the one shown, delete and bring back), and a game's
   ways in: a share link or a file, each read by the engine (its `read` and `game`, as the command
   line reads them) before it is kept; a refused one shows the engine's own line. */
import { saveFile } from "../calc/calc-dom.js";
import * as store from "./game-store.js";
import { readLink, dropLink } from "./game-links.js";
import { refusedWords, readKept } from "../shared/kept-links.js";
import { setAside, offerBack } from "../shared/kept-aside.js";
import { offerClash, alertBar } from "../shared/kept-share.js";

const ASIDE = "dd-game-deleted";

/* Keep the game shown, unless another tab saved it meanwhile (the player chooses first). */
export function keepShown(ctx) {
  if (ctx.clash) return;
  const done = store.keep(ctx.entry);
  if (done && done.clash !== undefined) { clash(ctx, done.clash); return; }
  if (done !== true) ctx.say(done === "full" ? "This move is not kept: the browser's storage is full. Export this game as a file, or delete games you no longer need."
    : "This browser does not let the page keep games on the device: share or export them to keep them.");
}

export function clash(ctx, other) {
  ctx.clash = true;
  offerClash(alertBar(ctx.root), { noun: "game", other,
    mine: () => { ctx.clash = false; store.keep(ctx.entry, undefined, true); ctx.renderKept(); },
    theirs: () => { ctx.clash = false; ctx.show(other || store.current()); } });
}

/* Delete asks nothing but can be undone, even after a reload (for a day): the game comes back
   where it stood. */
export function offerUndelete(ctx) {
  offerBack(ctx.ui.keptStatus, ASIDE, "data-game-undelete", (entry, at) => {
    if (!store.kept().some((g) => g.id === entry.id)) store.keep(entry, at, true);
    ctx.show(store.kept().find((g) => g.id === entry.id) || entry);
  });
}

export function remove(ctx) {
  const gone = ctx.entry;
  setAside(ASIDE, gone, store.remove(gone.id));
  ctx.show(store.current());
  offerUndelete(ctx);
}

export function exportFile(ctx) {
  saveFile(store.exportText(ctx.entry), ctx.entry.name || "game");
  ctx.status("Saved as a file.");
}

/* A game from a link or a file: the engine replays it before it is kept (once) and shown. A link's
   words go at the top of the page (the player just came), a file's beside the import button. */
export function openGame(ctx, got, what) {
  const tell = what === "link" ? ctx.say : (text) => { ctx.say(""); ctx.status(text); };
  tell("Opening the game from the " + what + "…");
  return readKept(got, what, { command: "game", part: "game", fileOf: store.fileGame, pageOf: store.pageGame }).then((read) => {
    if (!ctx.root.isConnected) return;
    const text = JSON.stringify(read.value);
    const same = store.kept().find((g) => JSON.stringify(g.game) === text);
    const entry = same || { id: store.newId(), name: store.freshName(read.name || "Shared game"), game: read.value, redo: [] };
    tell(what === "link" ? "" : (same ? "This game is kept already: “" + same.name + "”." : "Imported as “" + entry.name + "”."));
    ctx.entry = entry;
    keepShown(ctx);
    ctx.show(entry);
  }, (err) => {
    if (!ctx.root.isConnected) return;
    tell(what === "link" ? "This game link could not be used: " + refusedWords(err, "game") + "."
      : "This file could not be imported: " + refusedWords(err, "game") + ".");
  });
}

export function importFile(ctx, input) {
  const file = input.files && input.files[0];
  if (!file) return;
  input.value = "";
  if (file.size > store.MAX_FILE) { ctx.status("This file could not be imported: it is too large to be a game."); return; }
  file.text().then((text) => openGame(ctx, { text }, "file"), () => ctx.status("This file could not be read."));
}

export function openLink(ctx) {
  const got = readLink();
  if (!got) return;
  if (got.error) { dropLink(); ctx.say(got.error); return; }
  const address = location.search;
  openGame(ctx, got, "link").then(() => { if (ctx.root.isConnected && location.search === address) dropLink(); });
}

/* What the store found damaged when the page opened, in words at the top of the page. */
export function sayDamaged(ctx, words) {
  if (words.length) {
    ctx.say("Some games kept on this device were damaged and are shown as far as they could be read (" + words.slice(0, 3).join("; ") +
      (words.length > 3 ? "; …" : "") + "). The damaged copy is set aside on this device, unchanged.");
  }
}
