/* Army builder: share links, "/army/?force=1.<base64url JSON>&name=<name>" or "?force=<JSON>"
   written by hand (kept-links.js); the link's text is read by the engine (army-kept.js). */
import { keptLinks } from "../shared/kept-links.js";
import { cleanName } from "./army-store.js";

export const { shareUrl, readLink, dropLink } = keptLinks({
  key: "force", maxText: 20000, cleanName, noun: "force", plural: "forces",
});
