/* The game page's entry module, loaded only by pages with a [data-game] root: by the page itself
   (overrides/main.html), or by site.js when instant navigation reaches one. It binds the engine's
   status panel and the game on each such page the theme shows. */
import { onPage } from "../shared/page-events.js";
import { bindEngineStatus } from "../engine/engine-status.js";
import { bindGame } from "./game-page.js";

onPage(() => {
  bindEngineStatus();
  bindGame();
});
