/* The page for an address the site does not have (overrides/404.html): the nearest pages to the
   address typed, found by the site search's own ranking (search-rank.js) over its own index, with
   the address's words as the query ("/sai/doublestrik/" -> "sai doublestrik" -> Double Strike), and
   a button that opens the site search with those words. Names are shown with textContent. */
import { prepare, rank } from "./search-rank.js";

const root = new URL("../../../", import.meta.url);         // this file is assets/js/site/ below the root
const box = document.querySelector("[data-dd-not-found]");

/* The address below the site's root, read as a folder ("sai", "rules": the kind of page meant)
   and the words of the rest, its name and its anchor. */
export function addressWords(pathname, hash, base) {
  let path = pathname;
  try { path = decodeURIComponent(pathname); } catch (e) { /* a bad %-escape: use it as it is */ }
  const below = (path.startsWith(base) ? path.slice(base.length) : path).replace(/(index)?\.html?$/, "");
  const parts = below.split("/").filter(Boolean);
  const words = (text) => text.split(/[\s#._-]+/).filter(Boolean).join(" ");
  const name = words(parts.slice(1).join(" ") + " " + (hash || "").replace(/^#/, ""));
  return { folder: parts[0] || "", words: name || words(parts[0] || "") };
}

/* The best pages for the words, those of the folder typed first; then for the last word alone. */
function nearest(entries, address) {
  const inFolder = (entry) => (address.folder && entry.u.startsWith(address.folder + "/") ? 0 : 1);
  const tries = [address.words, address.words.split(" ").slice(-1)[0]];
  for (const query of tries) {
    const found = query ? rank(entries, query, 30) : [];
    if (found.length) return found.map((e, i) => [inFolder(e), i, e]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .slice(0, 5).map((x) => x[2]);
  }
  return [];
}

function show(found, words) {
  box.textContent = "";
  if (found.length) {
    const list = document.createElement("ul");
    found.forEach((entry) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = new URL(entry.u, root).href;
      link.textContent = entry.t;
      const kind = document.createElement("span");
      kind.className = "dd-not-found__kind";
      kind.textContent = ` (${entry.k})`;
      item.append(link, kind);
      list.append(item);
    });
    box.append(list);
  } else {
    const none = document.createElement("p");
    none.textContent = "No page comes near this address.";
    box.append(none);
  }
  if (words) {
    const search = document.createElement("button");
    search.type = "button";
    search.className = "md-button dd-not-found__search";
    search.textContent = `Search the site for “${words}”`;
    search.addEventListener("click", () => {
      const input = document.querySelector(".dd-search__input");
      if (!input) return;
      const opener = document.querySelector(".dd-search:not(.dd-search--open) .dd-search__open");
      if (opener && getComputedStyle(opener).display !== "none") opener.click();   // a phone's closed box
      input.value = words;
      input.focus();
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    box.append(search);
  }
}

async function main() {
  const address = addressWords(location.pathname, location.hash, root.pathname);
  try {
    const response = await fetch(new URL("search/index.json", root));
    if (!response.ok) throw new Error(String(response.status));
    const entries = (await response.json()).entries.map(prepare);
    show(nearest(entries, address), address.words);
  } catch (e) {
    box.textContent = "The list of pages could not be read; the site search above still works.";
  }
}

if (box) main();
