/* Game page: a move worked out in the calculator. Each rolling move's form has "Work it out in the
   calculator": the engine gives the move's own question to the calculator (the `game` input's
   `calculator`: the command and its input, the armies, spells and terrain taken from the state), and
   the page opens the calculator's matching mode with it. The calculator's "Use in the game"
   (calc-game.js) brings its answer back as the move, which is made here as any move is. The page
   only routes: no rule here. */
import { el, newSeed, shortMsg } from "../calc/calc-dom.js";
import { engine } from "../engine/engine.js";
import { FORMS, facesOf } from "./game-forms.js";
import { sayEngine } from "./game-words.js";
import { markMove } from "./game-marks.js";

export const ASK_KEY = "dd-game-ask";
export const ANSWER_KEY = "dd-game-answer";
const MODES = { exchange: "exchange", maneuver: "maneuver", resolve: "roll" };

function session() { try { return window.sessionStorage; } catch (e) { return null; } }

/* The game with the move as the form reads it, as the calculator's question (null: a box refused). */
function question(ctx, form, read, seed) {
  const move = read(form);
  if (!move) return null;               // a field refused beside its box
  const faces = facesOf(form);
  if (Object.keys(faces).length) move.faces = faces;
  move.seed = seed;
  return { setup: ctx.entry.game.setup, moves: ctx.entry.game.moves, calculator: move };
}

function ask(ctx, button, read, why) {
  const form = button.closest("form");
  const seed = newSeed();
  const game = question(ctx, form, read, seed);
  if (!game) return;
  const move = game.calculator;
  const entry = ctx.entry;
  why.textContent = "Opening the calculator…";
  engine.call("game", JSON.stringify(game)).then((out) => {
    if (ctx.entry !== entry) return;
    const q = out.calculator;
    const store = session();
    if (store) store.setItem(ASK_KEY, JSON.stringify({ id: entry.id, moves: entry.game.moves.length, move, sides: q.sides, command: q.command }));
    location.href = ctx.cat.root + "calculator/?" + MODES[q.command] + "=" + encodeURIComponent(JSON.stringify(q.input));
  }, (err) => {
    why.textContent = "Not allowed: " + sayEngine(ctx, shortMsg(err)) + ".";
    markMove(ctx, form, err, () => question(ctx, form, read, seed), why);     // beside the field it names
  });
}

["maneuver", "melee", "missile", "magic", "dragon-attack"].forEach((kind) => {
  const base = FORMS[kind];
  FORMS[kind] = (ctx, m) => {
    const f = base(ctx, m);
    const why = el("span", { class: "dd-game-refused", role: "status" });
    const button = el("button", { type: "button", class: "md-button", "data-game-calc": kind }, "Work it out in the calculator");
    button.addEventListener("click", () => ask(ctx, button, f.read, why));
    return { parts: f.parts.concat([el("div", { class: "dd-calc-row" }, button, why)]), read: f.read };
  };
});

/* The calculator's answer, once back: made as the move of the game it was asked for, if that game
   is shown and has not moved on since. */
export function takeAnswer(ctx) {
  const store = session();
  const raw = store && store.getItem(ANSWER_KEY);
  if (!raw) return;
  store.removeItem(ANSWER_KEY);
  let got;
  try { got = JSON.parse(raw); } catch (e) { return; }
  if (!got || !ctx.entry || got.id !== ctx.entry.id || got.moves !== ctx.entry.game.moves.length) return;
  const why = el("span", { class: "dd-game-refused", role: "alert", "data-game-refused": "" });
  ctx.ui.form.replaceChildren(el("p", {}, "The calculator’s answer: ", why));
  engine.whenReady().then(() => ctx.play(got.move, why));
}
