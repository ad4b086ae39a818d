/* The site search's ranking, without the page: what a typed query finds, best first. search.js
   shows the answer; the tests run this same module under Node over the built index.

   It forgives what players type: case, accents and punctuation ("counter-attack"), spacing
   ("doublestrike" finds Double Strike), plural and species forms ("dwarf" finds Dwarves, "coral
   elf" Coral Elves), one typo in a word of four letters or more and two in a word of eight or more
   ("teleprot", "lightening strike"), and the words around a question ("how many saves"). Other
   names a thing goes by (DUA, burial, 8th face) are the entries' own names in the index, written
   by the generator from the data (glossary aliases), never here.

   Tiers: an exact name; the same name in other forms (spacing, plurals); a name that starts with
   the query; a name with the query inside; every word starting a word of a name; every word
   close to a word of a name (typos); every word in the entry's text. Equal tiers go by the
   entry's rank (a rule before its glossary term), then the shorter title. */

// Words around a question: dropped when the rest of the query still says something.
const QUESTION = new Set(("how many much what whats which who when where why does do did is are was can " +
  "could should i my me a an the of to in on at for with it its you your there get have has about " +
  "work works mean means").split(" "));

export function norm(text) {
  return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/['\u2018\u2019"\u201c\u201d]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
}

/* One form for a word and its plural ("elves", "elf" -> "elf"; "waves", "wave" -> "waf"). */
export function stem(word) {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.endsWith("v")) w = w.slice(0, -1) + "f";
  return w;
}

const stems = (text) => (text ? text.split(" ").map(stem).join(" ") : "");

/* Edits (insert, delete, change, swap two neighbours) between a and b, or limit + 1 if more. */
function distance(a, b, limit) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2 = null;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

const allowed = (word) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

export function prepare(entry) {
  const names = [entry.t].concat(entry.n || []).map(norm);
  entry._names = names;
  entry._stems = names.map(stems);
  entry._squashed = names.map((n) => n.replace(/ /g, ""));
  entry._words = Array.from(new Set(entry._stems.join(" ").split(" ")));
  entry._text = " " + stems(norm([entry.s, entry.x].join(" "))) + " ";
  return entry;
}

/* The vocabulary of every name's words, for the typo tier (built once per index). */
function vocabulary(entries) {
  if (!entries._vocab) {
    const words = new Set();
    entries.forEach((e) => e._words.forEach((w) => words.add(w)));
    entries._vocab = Array.from(words);
  }
  return entries._vocab;
}

/* The query in every form the tiers compare. */
function parse(query, entries, typos) {
  const q = norm(query);
  const words = q.split(" ");
  const content = words.filter((w) => !QUESTION.has(w));
  const tokens = (content.length ? content : words).map(stem);
  const near = tokens.map((t) => {
    const out = new Map();
    const limit = typos ? allowed(t) : 0;
    if (limit) vocabulary(entries).forEach((w) => { const d = distance(t, w, limit); if (d <= limit) out.set(w, d); });
    return out;
  });
  const squashed = q.replace(/ /g, "");
  return { q, tokens, joined: tokens.join(" "), squashed, near, typos };
}

function nameScore(entry, p) {
  let best = 0;
  for (let i = 0; i < entry._names.length; i += 1) {
    const name = entry._names[i];
    const form = entry._stems[i];
    const squashed = entry._squashed[i];
    const extra = Math.min(Math.abs(name.length - p.q.length), 99);
    if (name === p.q) return 1000;
    if (form === p.joined || squashed === p.squashed || squashed === p.joined.replace(/ /g, "")) best = Math.max(best, 950);
    else if (name.startsWith(p.q) || form.startsWith(p.joined) || squashed.startsWith(p.squashed)) best = Math.max(best, 800 - extra);
    else if ((" " + form).includes(" " + p.joined)) best = Math.max(best, 700 - extra);
  }
  return best;
}

/* Every word of the query starts a word of one name, or is a typo or two away from one: the
   fewer edits and the fewer words of that name left over, the better. */
function wordScore(entry, p) {
  let best = 0;
  entry._stems.forEach((form) => {
    const words = form.split(" ");
    let edits = 0;
    for (let i = 0; i < p.tokens.length && edits < 9; i += 1) {
      const t = p.tokens[i];
      let e = words.some((w) => w === t || (t.length >= 2 && w.startsWith(t))) ? 0 : 9;
      words.forEach((w) => { if (p.near[i].has(w)) e = Math.min(e, p.near[i].get(w)); });
      edits += e;
    }
    if (edits < 9) best = Math.max(best, 600 - 60 * edits - 4 * Math.min(Math.max(words.length - p.tokens.length, 0), 20));
  });
  if (!best && p.typos && p.squashed.length >= 8) {   // a typo across words: "dubblestrike", "dubble strike"
    entry._squashed.forEach((name) => {
      const d = distance(p.squashed, name, 2);
      if (d <= 2) best = Math.max(best, 560 - 60 * d);
    });
  }
  return best;
}

function score(entry, p) {
  const best = nameScore(entry, p) || wordScore(entry, p) ||
    (p.tokens.every((t) => entry._text.indexOf(" " + t) >= 0) ? 200 : 0);
  return best ? best + entry.r : 0;
}

function scored(entries, p) {
  const hits = [];
  entries.forEach((entry, order) => {
    const s = score(entry, p);
    if (s) hits.push({ entry: entry, score: s, order: order });
  });
  return hits;
}

/* Entries (prepared) matching the query, best first. */
export function rank(entries, query) {
  if (!norm(query)) return [];
  let hits = scored(entries, parse(query, entries, false));
  // Typos are looked for only when no name matches as typed (fast, and no near miss outranks it).
  if (!hits.some((h) => h.score >= 500)) hits = scored(entries, parse(query, entries, true));
  hits.sort((a, b) => b.score - a.score || a.entry.t.length - b.entry.t.length || a.order - b.order);
  return hits.map((h) => h.entry);
}
