/* Game page (/game/): the page's state and its round trips to the engine. The state is one kept game
   ({id, name, game, redo}, the game being the engine's `game` input: setup and moves). The board is
   the engine's answer to the whole game; a move is sent as the game plus that move and kept only once
   the engine accepts it; undo drops the last move (kept for redo); a ?game= link is checked first. */
import { el, option, fill, shortMsg, busy } from "../calc/calc-dom.js";
import { load } from "../calc/calc-catalogue.js";
import { engine, followEngine } from "../engine/engine.js";
import * as store from "./game-store.js";
import { shareUrl } from "./game-links.js";
import { renderBoard } from "./game-board.js";
import { renderOpen, renderForm } from "./game-moves.js";
import { renderSetup, bindSetup } from "./game-setup.js";
import { sayEngine } from "./game-words.js";
import { describeMove, lastMove } from "./game-log.js";
import { bindForumCopy, remember, forget } from "../shared/forum-copy.js";
import { copyLinkBox, onAddress, clearClash, watchOthers, alertBar, leaveClash } from "../shared/kept-share.js";
import { keepShown, clash, offerUndelete, remove, exportFile, importFile, openLink, sayDamaged } from "./game-kept.js";
import { showGameAdvice } from "./advise-game.js";
import { takeAnswer } from "./game-calc.js";

function query(root) {
  const $ = (sel) => root.querySelector(sel);
  return {
    message: $("[data-game-message]"), kept: $("[data-game-kept]"), pick: $("[data-game-pick]"), name: $("[data-game-name]"),
    newGame: $("[data-game-new]"), del: $("[data-game-delete]"), keptStatus: $("[data-game-kept-status]"),
    setup: $("[data-game-setup]"), noForces: $("[data-game-no-forces]"), players: $("[data-game-players]"),
    start: $("[data-game-start]"), startRefused: $("[data-game-start-refused]"),
    play: $("[data-game-play]"), turn: $("[data-game-turn]"), last: $("[data-game-last]"), undo: $("[data-game-undo]"), redo: $("[data-game-redo]"),
    history: $("[data-game-history]"), open: $("[data-game-open]"), form: $("[data-game-form]"), board: $("[data-game-board]"),
    terrains: $("[data-game-terrains]"), areas: $("[data-game-areas]"), effects: $("[data-game-effects]"),
    notes: $("[data-game-notes]"), log: $("[data-game-log]"), actions: $("[data-game-actions]"),
    share: $("[data-game-share]"), exportButton: $("[data-game-export]"), importInput: $("[data-game-import]"), status: $("[data-game-status]"),
  };
}

function say(ctx, text) { ctx.ui.message.textContent = text; ctx.ui.message.hidden = !text; }
function status(ctx, text) { ctx.ui.status.textContent = text; }

function renderKept(ctx) {
  const games = store.kept();
  const opts = [option("", "Start a new game", !ctx.entry)].concat(games.map((g) => option(g.id, g.name, ctx.entry && g.id === ctx.entry.id)));
  fill(ctx.ui.pick, opts);
  ctx.ui.name.value = ctx.entry ? ctx.entry.name : "";
  ctx.ui.name.closest("label").hidden = !ctx.entry;
  ctx.ui.del.hidden = !ctx.entry;
  ctx.ui.share.hidden = !ctx.entry;          // a game's ways out; a file may always come in
  ctx.ui.exportButton.hidden = !ctx.entry;
}

/* Show one kept game (null: the setup form). */
function show(ctx, entry) {
  if (!entry || !ctx.entry || entry.id !== ctx.entry.id) {
    leaveClash(store, ctx, ctx.ui.keptStatus);
    ctx.clash = false;
    clearClash(alertBar(ctx.root));
  }
  ctx.entry = entry;
  ctx.answer = null;
  ctx.picked = null;
  forget(ctx.ui.board);
  if (entry) store.select(entry.id);
  renderKept(ctx);
  ctx.ui.setup.hidden = !!entry;
  ctx.ui.play.hidden = !entry;
  if (!entry) { renderSetup(ctx); return; }
  ask(ctx);
}

/* Ask the engine for the state of the kept game and draw it. */
function ask(ctx) {
  if (!ctx.entry || !ctx.root.isConnected) return;
  const game = ctx.entry.game;
  ctx.setup = game.setup;
  const key = JSON.stringify(game);
  ctx.ui.undo.disabled = !game.moves.length;
  ctx.ui.redo.disabled = !(ctx.entry.redo || []).length;
  ctx.ui.history.textContent = game.moves.length === 1 ? "1 move made" : game.moves.length + " moves made";
  ctx.ui.last.replaceChildren();          // told again once the engine has answered this game
  if (engine.state.status !== "ready") {
    ctx.ui.play.dataset.state = "waiting";
    ctx.ui.turn.replaceChildren(el("p", { class: "dd-calc-notice" }, engine.state.status === "error"
      ? "The engine could not start, so the game cannot be shown." : "The board appears here as soon as the engine is ready."));
    return;
  }
  busy(ctx.ui.play, "checking");
  const seq = ++ctx.seq;
  engine.call("game", key).then((out) => {
    if (seq !== ctx.seq || !ctx.root.isConnected) return;
    ctx.answer = out;
    draw(ctx, key);
  }, (err) => {
    if (seq !== ctx.seq || !ctx.root.isConnected) return;
    ctx.ui.play.dataset.state = "refused";
    ctx.ui.play.removeAttribute("aria-busy");
    forget(ctx.ui.board);
    ctx.ui.turn.replaceChildren(el("p", { class: "dd-calc-message", role: "alert" },
      "This game cannot be replayed: " + sayEngine(ctx, shortMsg(err)) + ". Undo its last move, or start another game."));
    ctx.ui.open.replaceChildren();
    ctx.ui.form.replaceChildren();
  });
}

function draw(ctx, key) {
  renderBoard(ctx);
  if (ctx.picked && !(ctx.answer.open || []).some((m) => m.move === ctx.picked.move && m.army === ctx.picked.army
    && m.target === ctx.picked.target && m.step === ctx.picked.step)) ctx.picked = null;
  renderOpen(ctx);
  renderForm(ctx);
  ctx.ui.log.replaceChildren(...ctx.entry.game.moves.map((m, i) => el("li", { "data-move-index": i }, describeMove(ctx, m))));
  ctx.ui.last.replaceChildren(...lastMove(ctx).filter(Boolean));
  // The board shown, posted as it is; of the log only the last move's answer (the post shows only it).
  remember(ctx.ui.board, "game", JSON.parse(key), { ...ctx.answer, log: (ctx.answer.log || []).slice(-1), open: [] });
  ctx.ui.play.dataset.input = key;
  showGameAdvice(ctx);
  ctx.ui.play.dataset.state = "resolved";
  ctx.ui.play.removeAttribute("aria-busy");
  // The button that made the move is drawn anew: a keyboard user goes on from the moves' heading.
  if (ctx.refocus) {
    ctx.refocus = false;
    const head = ctx.root.querySelector("#game-moves-title");
    head.setAttribute("tabindex", "-1");
    head.focus({ preventScroll: false });
  }
}

/* A move: the game with it is sent to the engine; kept once accepted, else its reason beside `why`. */
function play(ctx, move, why) {
  const game = { setup: ctx.entry.game.setup, moves: ctx.entry.game.moves.concat([move]) };
  why.textContent = "Checking…";
  why.dataset.state = "checking";
  const entry = ctx.entry;
  engine.call("game", JSON.stringify(game)).then(() => {
    if (ctx.entry !== entry) return;
    why.textContent = "";
    why.dataset.state = "done";
    entry.game = game;
    entry.redo = [];
    ctx.picked = null;
    ctx.refocus = ctx.root.contains(document.activeElement);
    keepShown(ctx);
    ask(ctx);
  }, (err) => {
    why.dataset.state = "refused";
    why.textContent = "Not allowed: " + sayEngine(ctx, shortMsg(err)) + ".";
    why.dispatchEvent(new CustomEvent("dd-refused", { detail: err }));   // the form marks the field it names
  });
}

function undo(ctx) {
  const e = ctx.entry;
  if (!e || !e.game.moves.length) return;
  e.redo = (e.redo || []).concat([e.game.moves[e.game.moves.length - 1]]);
  e.game = { setup: e.game.setup, moves: e.game.moves.slice(0, -1) };
  keepShown(ctx);
  status(ctx, "The last move is undone.");
  ask(ctx);
}

function redo(ctx) {
  const e = ctx.entry;
  if (!e || !(e.redo || []).length) return;
  e.game = { setup: e.game.setup, moves: e.game.moves.concat([e.redo[e.redo.length - 1]]) };
  e.redo = e.redo.slice(0, -1);
  keepShown(ctx);
  status(ctx, "The move is made again.");
  ask(ctx);
}

function startGame(ctx, setup, name) {
  const entry = { id: store.newId(), name: store.freshName(name), game: { setup, moves: [] }, redo: [] };
  ctx.entry = entry;
  keepShown(ctx);
  show(ctx, entry);
}

function bindControls(ctx) {
  const { ui } = ctx;
  ui.pick.addEventListener("change", () => {
    const g = store.kept().find((k) => k.id === ui.pick.value);
    ui.keptStatus.replaceChildren();
    show(ctx, g || null);
  });
  ui.newGame.addEventListener("click", () => { ui.keptStatus.replaceChildren(); show(ctx, null); });
  ui.name.addEventListener("change", () => {
    if (!ctx.entry) return;
    ctx.entry.name = store.cleanName(ui.name.value) || store.freshName();
    keepShown(ctx);
    renderKept(ctx);
  });
  ui.del.addEventListener("click", () => { if (ctx.entry) remove(ctx); });
  ui.undo.addEventListener("click", () => undo(ctx));
  ui.redo.addEventListener("click", () => redo(ctx));
  ui.share.addEventListener("click", () => { if (ctx.entry) copyLinkBox(ui.status, shareUrl(ctx.entry), "data-game-link", "game"); else status(ctx, "Start a game first."); });
  ui.exportButton.addEventListener("click", () => { if (ctx.entry) exportFile(ctx); else status(ctx, "Start a game first."); });
  ui.importInput.addEventListener("change", () => importFile(ctx, ui.importInput));
}

function bind(root, cat) {
  let aid;
  try { aid = JSON.parse(root.dataset.gameAid || "{}"); } catch (e) { aid = {}; }
  const ctx = { root, cat, aid: { phases: aid.phases || {}, moves: aid.moves || {}, parts: aid.parts || {} },
    ui: query(root), entry: null, answer: null, seq: 0, timer: null, picked: null, setup: null };
  ctx.play = (move, why) => play(ctx, move, why);
  ctx.startGame = (setup, name) => startGame(ctx, setup, name);
  ctx.show = (entry) => show(ctx, entry);
  ctx.say = (text) => say(ctx, text);
  ctx.status = (text) => status(ctx, text);
  ctx.renderKept = () => renderKept(ctx);
  bindSetup(ctx);
  bindControls(ctx);
  ctx.ui.kept.hidden = ctx.ui.actions.hidden = false;
  bindForumCopy(root.querySelector('[data-forum="game"]'), [{ key: "game", what: "this game's board", section: ctx.ui.board,
    none: "Start a game first: the post shows its board." }], () => (ctx.entry ? shareUrl(ctx.entry) : null));
  const first = store.current(), hurt = store.damaged();      // read before it is kept again, repaired
  show(ctx, first);
  sayDamaged(ctx, hurt);
  takeAnswer(ctx);
  offerUndelete(ctx);
  openLink(ctx);
  onAddress(root, () => openLink(ctx));
  watchOthers(store, ctx, () => renderKept(ctx), (other) => clash(ctx, other));
  followEngine(ctx, ask);
}

export function bindGame() {
  const root = document.querySelector("#game[data-game]");
  if (!root || root.dataset.gameBound) return;
  root.dataset.gameBound = "1";
  const msg = root.querySelector("[data-game-message]");
  load().then((cat) => { if (document.body.contains(root)) bind(root, cat); }, (err) => {
    msg.textContent = "The dice catalogue could not be loaded (" + shortMsg(err) + "). Reload the page to try again.";
    msg.hidden = false;
  });
}
