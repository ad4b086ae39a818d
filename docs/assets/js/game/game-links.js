/* Game page: share links, "/game/?game=1.<base64url JSON>&name=<name>" or "?game=<JSON>" written
   by hand (kept-links.js); the shape is checked by game-store.js, the rest by the engine. */
import { keptLinks } from "../shared/kept-links.js";
import { checkShape, cleanName } from "./game-store.js";

export const { shareUrl, readLink, dropLink } = keptLinks({
  key: "game", maxText: 60000, checkShape, cleanName, noun: "game", plural: "games",
});
