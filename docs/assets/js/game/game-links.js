/* Game page: share links, "/game/?game=1.<base64url JSON>&name=<name>" or "?game=<JSON>" written
   by hand (kept-links.js); the link's text is read by the engine (game-kept.js). */
import { keptLinks } from "../shared/kept-links.js";
import { cleanName } from "./game-store.js";

export const { shareUrl, readLink, dropLink } = keptLinks({
  key: "game", maxText: 60000, cleanName, noun: "game", plural: "games",
});
