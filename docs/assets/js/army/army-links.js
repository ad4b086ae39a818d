/* Army builder: share links, "/army/?force=1.<base64url JSON>&name=<name>" or "?force=<JSON>"
   written by hand (kept-links.js); the shape is checked by army-store.js, the rest by the engine. */
import { keptLinks } from "../shared/kept-links.js";
import { checkShape, cleanName } from "./army-store.js";

export const { shareUrl, readLink, dropLink } = keptLinks({
  key: "force", maxText: 20000, checkShape, cleanName, noun: "force", plural: "forces",
});
