/* The calculator's entry module, loaded only by pages with a [data-engine] root: by the page
   itself (overrides/main.html), or by site.js when instant navigation reaches one. It binds the
   engine's status panel and the calculator on each such page the theme shows. */
import { onPage } from "../shared/page-events.js";
import { bindEngineStatus } from "../engine/engine-status.js";
import { bindCalculator } from "./calc-page.js";
import { bindGameReturn } from "./calc-game.js";

onPage(() => {
  bindEngineStatus();
  bindCalculator();
  const root = document.querySelector("#calculator[data-engine]");
  if (root) bindGameReturn(root);       // a game's move open here: "Use in the game"
});
