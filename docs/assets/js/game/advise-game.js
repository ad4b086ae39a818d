/* Game page: "What can this army do?" for one army of the game shown. The engine's "advise" is asked
   with the game itself and the army picked ({"game", "army"}), again after every move while an army
   is picked; advise-view.js shows the answer. One tap opens an option in the calculator's mode
   with the input the engine's answer carries for it; the share link opens the same comparison in
   the calculator's advice mode; "Copy as forum post" posts it. */
import { el, option, fill } from "../calc/calc-dom.js";
import { encode } from "../calc/calc-links.js";
import { engine } from "../engine/engine.js";
import { showAdvice, defaultView } from "../calc/advise-view.js";
import { adviceName, adviceHash } from "../calc/calc-advise.js";
import { armyName } from "./game-words.js";
import { bindForumCopy, remember, forget } from "../shared/forum-copy.js";
import { copyText } from "../shared/copy.js";

const BUDGET_MS = 60000;
const MODE = { maneuver: "maneuver", exchange: "exchange", resolve: "roll" };

function calculatorUrl(cat, hash) { return new URL("calculator/", cat.root).href + "#" + hash; }

function query(box) {
  const $ = (s) => box.querySelector(s);
  return { pick: $("[data-advise-army]"), results: $("[data-advise-results]"), share: $("[data-advise-share]"),
    status: $("[data-advise-share-status]") };
}

function ask(ctx, ad) {
  const army = ad.ui.pick.value;
  forget(ad.ui.results);
  ad.input = null;
  if (!army || !ctx.entry) { ad.ui.results.replaceChildren(); ad.ui.results.dataset.state = "empty"; return; }
  const input = { game: ctx.entry.game, army };
  const seq = ++ad.seq;
  ad.ui.results.setAttribute("aria-busy", "true");
  ad.ui.results.replaceChildren(el("p", { class: "dd-calc-notice", role: "status" }, "Working out every option…"));
  engine.call("advise", input, { lane: "background", timeout: BUDGET_MS }).then((out) => {
    if (seq !== ad.seq || !ctx.root.isConnected) return;
    ad.ui.results.removeAttribute("aria-busy");
    ad.input = input;
    showAdvice(ad.ui.results, ctx.cat, out, { view: ad.view, nameOf: adviceName,
      open: (o) => { location.href = calculatorUrl(ctx.cat, encode(o.input, MODE[o.command])); } });
    remember(ad.ui.results, "advise", input, out);
  }, (err) => {
    if (seq !== ad.seq) return;
    ad.ui.results.removeAttribute("aria-busy");
    ad.ui.results.dataset.state = "error";
    ad.ui.results.replaceChildren(el("p", { class: "dd-calc-message" }, "No options for this army now: " + String((err && err.message) || err)));
  });
}

function link(ctx, ad) { return ad.input ? calculatorUrl(ctx.cat, adviceHash(ad.input, ad.view)) : null; }

/* Bind the section once (at the game's first answer). */
function bindGameAdvice(ctx) {
  const box = ctx.root.querySelector("[data-game-advise]");
  if (!box) return null;
  const ad = { ui: query(box), view: defaultView(ctx.cat), seq: 0, input: null, armies: "" };
  ad.ui.pick.addEventListener("change", () => ask(ctx, ad));
  ad.ui.share.addEventListener("click", () => {
    const url = link(ctx, ad);
    ad.ui.status.textContent = url ? "" : "Pick an army first: the link holds its options.";
    if (url) copyText(ad.ui.share, url);
  });
  bindForumCopy(box.querySelector('[data-forum="advise"]'), [{ key: "advise", what: "these options", section: ad.ui.results,
    none: "Pick an army first: the post shows its options." }], () => link(ctx, ad));
  box.hidden = false;
  ctx.advice = ad;
  return ad;
}

/* After each answer of the game: the armies to pick from, and the picked army's options asked again. */
export function showGameAdvice(ctx) {
  const ad = ctx.advice || bindGameAdvice(ctx);
  if (!ad || !ctx.answer || !ctx.answer.state) return;
  const names = Object.keys(ctx.answer.state.armies || {}).sort();
  const was = ad.ui.pick.value;
  if (names.join() !== ad.armies) {
    ad.armies = names.join();
    fill(ad.ui.pick, [option("", "Pick an army")].concat(names.map((n) => option(n, armyName(n), n === was))));
  }
  if (ad.ui.pick.value) ask(ctx, ad);
}
