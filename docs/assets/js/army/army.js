/* The army builder's entry module, loaded only by pages with a [data-army] root: by the page itself
   (overrides/main.html), or by site.js when instant navigation reaches one. It binds the engine's
   status panel and the builder on each such page the theme shows. */
import { onPage } from "../shared/page-events.js";
import { bindEngineStatus } from "../engine/engine-status.js";
import { bindArmy } from "./army-page.js";

onPage(() => {
  bindEngineStatus();
  bindArmy();
});
