// The search's first few results are the full ranking's first few: node search_limit.mjs
// <copy of search-rank as .mjs> <site/search/index.json> <limit> < queries.json prints, as JSON, the
// queries whose rank(entries, q, limit) differs from rank(entries, q).slice(0, limit) or whose
// total differs from the full ranking's length.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , rankPath, indexPath, limitText] = process.argv;
const { prepare, rank } = await import(pathToFileURL(rankPath).href);
const entries = JSON.parse(readFileSync(indexPath, "utf8")).entries.map(prepare);
const limit = Number(limitText);
const queries = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(queries.filter((q) => {
  const all = rank(entries, q);
  const first = rank(entries, q, limit);
  return first.total !== all.length || first.length !== Math.min(limit, all.length) ||
    first.some((e, i) => e !== all[i]);
})));
