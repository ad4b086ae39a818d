/* Calculator page: back to the game a move was asked from (game-calc.js). While a game's question is
   open here, a bar offers "Use in the game": the faces and seed of the calculator's input as it
   stands (its share link in the address) go back as the game's move, each die by its place in its
   army, and the game page makes the move. "Back to the game" drops the question. The page only
   routes: the game's engine checks the move as any other. */
import { el } from "./calc-dom.js";
import { b64urlDecode } from "./calc-links.js";

const ASK_KEY = "dd-game-ask";
const ANSWER_KEY = "dd-game-answer";
const GAME_URL = new URL("../../../game/", import.meta.url).href;   // assets/js/calc/ -> /game/

function session() { try { return window.sessionStorage; } catch (e) { return null; } }

/* The calculator's input now: its share link ("#x=1.", "#m=1.", "#s=1.") or the link it was opened with. */
function current() {
  const m = /^#[sxm]=1\.(.*)$/.exec(location.hash);
  if (m) return JSON.parse(b64urlDecode(m[1]));
  const params = new URLSearchParams(location.search);
  const text = params.get("exchange") || params.get("maneuver") || params.get("roll") || params.get("magic");
  return text ? JSON.parse(text) : null;
}

function faces(units, slot) { return (units || []).map((u) => (u && u[slot] != null ? u[slot] : null)); }

/* The game's move from the calculator's input: the asked move, with its faces and seed. */
function answer(q, input) {
  const move = Object.assign({}, q.move);
  delete move.faces;
  delete move.rerolled;
  const armies = [];
  const s = q.sides || {};
  const dragons = (s.dragons || []).map((id, i) => [id, ((input.attacker || {}).dragons || [])[i] || {}]);
  if (q.command === "exchange") armies.push([s.attacker, (input.attacker || {}).army], [s.defender, (input.defender || {}).army]);
  else if (q.command === "maneuver") {
    armies.push([s.maneuvering, (input.maneuvering || {}).army]);
    (s.opposing || []).forEach((a, i) => armies.push([a, ((input.opposing || [])[i] || {}).army]));
  } else armies.push([s.army, input.army]);
  ["rolled", "rerolled"].forEach((slot) => {
    const out = {};
    armies.forEach(([army, units]) => { if (army && faces(units, slot).some((f) => f != null)) out[army] = faces(units, slot); });
    dragons.forEach(([id, d]) => { if (d[slot] != null) out[id] = d[slot]; });       // a dragon by its die
    if (Object.keys(out).length) move[slot === "rolled" ? "faces" : "rerolled"] = out;
  });
  // A spell's target is the game's (the calculator's cast list names none): kept where the spell is the same.
  if (q.command === "resolve" && Array.isArray(input.cast)) {
    move.cast = input.cast.map((c, i) => { const was = (q.move.cast || [])[i]; return was && was.spell === c.spell ? Object.assign({}, was, c) : c; });
  }
  if (q.command === "exchange" && typeof input.counter_attack === "boolean") move.counter_attack = input.counter_attack;
  if (Number.isSafeInteger(input.seed)) move.seed = input.seed;
  return { id: q.id, moves: q.moves, move };
}

export function bindGameReturn(root) {
  const store = session();
  const raw = store && store.getItem(ASK_KEY);
  if (!raw || root.querySelector("[data-calc-game]")) return;
  let q;
  try { q = JSON.parse(raw); } catch (e) { store.removeItem(ASK_KEY); return; }
  const note = el("span", { role: "status" });
  const use = el("button", { type: "button", class: "md-button md-button--primary", "data-calc-game-use": "" }, "Use in the game");
  const back = el("button", { type: "button", class: "md-button", "data-calc-game-back": "" }, "Back to the game");
  use.addEventListener("click", () => {
    let input;
    try { input = current(); } catch (e) { input = null; }
    if (!input) { note.textContent = "Nothing to bring back yet: the calculator holds no question."; return; }
    store.setItem(ANSWER_KEY, JSON.stringify(answer(q, input)));
    store.removeItem(ASK_KEY);
    location.href = GAME_URL;
  });
  back.addEventListener("click", () => { store.removeItem(ASK_KEY); location.href = GAME_URL; });
  root.prepend(el("div", { class: "dd-calc-row dd-calc-game", "data-calc-game": "" },
    el("p", {}, "A move of your game is open here: work it out, then make it in the game."), use, back, note));
}
