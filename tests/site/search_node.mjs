// Runs the site search's own ranking (docs/assets/js/site/search-rank.js) under Node over the built
// index: node search_node.mjs <copy of search-rank as .mjs> <site/search/index.json> < queries.json
// prints the URL of each query's first result ("" when nothing is found), as JSON.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , rankPath, indexPath] = process.argv;
const { prepare, rank } = await import(pathToFileURL(rankPath).href);
const entries = JSON.parse(readFileSync(indexPath, "utf8")).entries.map(prepare);
const queries = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(queries.map((q) => {
  const hit = rank(entries, q)[0];
  return hit ? hit.u : "";
})));
