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
   entry's rank (a rule before its glossary term), then the shorter title.

   Speed (a keystroke answers within 50 ms on a phone-class CPU): index() sorts every name, name
   word and text word once, when the index loads; a keystroke finds its candidates by prefix in
   those tables (and its typos among the words of a length within reach, remembered per word),
   scores only them, and keeps the first few without sorting every hit. */

// Words around a question: dropped when the rest of the query still says something.
const QUESTION = new Set(("how many much what whats which who when where why does do did is are was can " +
  "could should i my me a an the of to in on at for with it its you your there get have has about " +
  "work works mean means you if will be happen happens happened tell explain rule rules game").split(" "));

export function norm(text) {
  return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/['\u2018\u2019"\u201c\u201d]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
}

/* One form for a word and its plural ("elves", "elf" -> "elf"; "waves", "wave" -> "waf"). */
export function stem(word) {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") || w.endsWith("ied")) return w.slice(0, -3) + "y";
  if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // One form for the endings of a rule's words: "casting" -> "cast", "killed" -> "kill",
  // "regeneration" and "regenerate" -> "regenerat" (after the plural: "medallions" = "medallion").
  if (w.endsWith("ing") && w.length >= 7) return w.slice(0, -3);
  if (w.endsWith("ion") && w.length >= 8) return w.slice(0, -3);
  if (w.endsWith("ed") && w.length >= 6 && !w.endsWith("eed")) return w.slice(0, -2);
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

/* Sorted keys and the entries behind each, so a keystroke looks up its candidates by prefix
   (a binary search) instead of reading every entry: built once per index (index() or rank()). */
function table(pairs) {
  const map = new Map();
  pairs.forEach(([key, i]) => { if (key) { if (!map.has(key)) map.set(key, []); map.get(key).push(i); } });
  const keys = Array.from(map.keys()).sort();
  return { keys, ids: keys.map((k) => map.get(k)) };
}

function lowerBound(keys, prefix) {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (keys[mid] < prefix) lo = mid + 1; else hi = mid; }
  return lo;
}

/* Every entry behind a key that starts with prefix, added to out. */
function withPrefix(tab, prefix, out) {
  for (let k = lowerBound(tab.keys, prefix); k < tab.keys.length && tab.keys[k].startsWith(prefix); k += 1) {
    tab.ids[k].forEach((i) => out.add(i));
  }
  return out;
}

export function index(entries) {
  if (entries._index) return entries._index;
  const names = [];
  const words = [];
  const text = [];
  const squashed = new Map();   // length -> [squashed name, entry]
  entries.forEach((e, i) => {
    e._names.concat(e._stems, e._squashed).forEach((n) => names.push([n, i]));
    e._words.forEach((w) => words.push([w, i]));
    new Set(e._text.split(" ")).forEach((w) => text.push([w, i]));
    e._squashed.forEach((n) => {
      if (!squashed.has(n.length)) squashed.set(n.length, []);
      squashed.get(n.length).push([n, i]);
    });
  });
  const vocab = table(words);
  const byLength = new Map();   // the vocabulary by word length, for the typo tier
  vocab.keys.forEach((w, k) => { if (!byLength.has(w.length)) byLength.set(w.length, []); byLength.get(w.length).push(k); });
  entries._index = { names: table(names), words: vocab, text: table(text), squashed, byLength, near: new Map() };
  return entries._index;
}

/* The vocabulary's words a typo or two away from t (only words of a length within reach). */
function nearWords(ix, t, limit) {
  const key = limit + t;
  if (ix.near.has(key)) return ix.near.get(key);
  const out = new Map();
  for (let n = t.length - limit; n <= t.length + limit; n += 1) {
    (ix.byLength.get(n) || []).forEach((k) => {
      const w = ix.words.keys[k];
      const d = distance(t, w, limit);
      if (d <= limit) out.set(w, d);
    });
  }
  if (ix.near.size > 200) ix.near.clear();   // bounded: a session types a few hundred words at most
  ix.near.set(key, out);
  return out;
}

/* The query in every form the tiers compare. */
function parse(query, ix, typos) {
  const q = norm(query);
  const words = q.split(" ");
  const content = words.filter((w) => !QUESTION.has(w));
  const tokens = (content.length ? content : words).map(stem);
  const near = tokens.map((t) => (typos && allowed(t) ? nearWords(ix, t, allowed(t)) : new Map()));
  const squashed = q.replace(/ /g, "");
  // The words that say something, as typed: "what is a minor terrain" names "minor terrain".
  const core = content.length ? content.join(" ") : q;
  return { q, core, tokens, joined: tokens.join(" "), squashed, near, typos };
}

function nameScore(entry, p) {
  let best = 0;
  for (let i = 0; i < entry._names.length; i += 1) {
    const name = entry._names[i];
    const form = entry._stems[i];
    const squashed = entry._squashed[i];
    const extra = Math.min(Math.abs(name.length - p.core.length), 99);
    if (name === p.q || name === p.core) return 1000;
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

function inAll(tokens, each) {
  return tokens.map(each).reduce((a, b) => new Set(Array.from(a).filter((i) => b.has(i))));
}

/* Entries every token can reach through the words of a name (as typed, as a prefix, or a typo
   away): a superset of the entries whose name or words score. */
function byName(ix, p) {
  const out = withPrefix(ix.names, p.q, new Set());
  [p.joined, p.squashed, p.joined.replace(/ /g, "")].forEach((key) => withPrefix(ix.names, key, out));
  inAll(p.tokens, (t, i) => {
    const found = withPrefix(ix.words, t, new Set());
    p.near[i].forEach((d, w) => withPrefix(ix.words, w, found));
    return found;
  }).forEach((i) => out.add(i));
  if (p.typos && p.squashed.length >= 8) {
    for (let n = p.squashed.length - 2; n <= p.squashed.length + 2; n += 1) {
      (ix.squashed.get(n) || []).forEach(([name, i]) => { if (distance(p.squashed, name, 2) <= 2) out.add(i); });
    }
  }
  return out;
}

/* The entries found, scored: those a name reaches by score(); the rest whose text has every
   word score as text matches (their name cannot score: byName is a superset). */
function scored(entries, p) {
  const ix = index(entries);
  const hits = [];
  const named = byName(ix, p);
  named.forEach((order) => {
    const s = score(entries[order], p);
    if (s) hits.push({ entry: entries[order], score: s, order: order });
  });
  const inText = p.tokens.map((t) => withPrefix(ix.text, t, new Set()));
  const all = inText.reduce((a, b) => new Set(Array.from(a).filter((i) => b.has(i))));
  all.forEach((order) => {
    if (!named.has(order)) hits.push({ entry: entries[order], score: 200 + entries[order].r, order: order });
  });
  if (!hits.length && p.tokens.length > 1) partly(entries, ix, p, inText).forEach((h) => hits.push(h));
  return hits;
}

/* No entry has every word: those with the rarer words, in their names above all, rank by how much
   of the query they hold ("how is damage applied" finds Saves and damage). A word found in few
   entries weighs more than one found in many. */
function partly(entries, ix, p, inText) {
  const inName = p.tokens.map((t) => withPrefix(ix.words, t, new Set()));
  const weight = p.tokens.map((t, i) => Math.log(1 + entries.length / (1 + inText[i].size + inName[i].size)));
  const total = weight.reduce((a, b) => a + b, 0);
  const found = new Map();
  p.tokens.forEach((t, i) => {
    inText[i].forEach((k) => found.set(k, (found.get(k) || 0) + 0.6 * weight[i]));
    inName[i].forEach((k) => found.set(k, (found.get(k) || 0) + 0.4 * weight[i]));
  });
  const out = [];
  found.forEach((w, k) => {
    out.push({ entry: entries[k], score: 50 + Math.round(140 * w / total) + entries[k].r, order: k });
  });
  return out;
}

const before = (a, b) => b.score - a.score || a.entry.t.length - b.entry.t.length || a.order - b.order;

/* The first `limit` hits, best first, without sorting them all (a short query finds hundreds). */
function best(hits, limit) {
  if (hits.length <= limit) return hits.sort(before);
  const top = [];
  hits.forEach((h) => {
    if (top.length === limit && before(h, top[limit - 1]) >= 0) return;
    let k = Math.min(top.length, limit - 1);
    while (k > 0 && before(h, top[k - 1]) < 0) k -= 1;
    top.splice(k, 0, h);
    if (top.length > limit) top.pop();
  });
  return top;
}

/* Entries (prepared) matching the query, best first: the first `limit` of them, and the number
   found as the list's `total`. */
export function rank(entries, query, limit = Infinity) {
  if (!norm(query)) return Object.assign([], { total: 0 });
  const ix = index(entries);
  let hits = scored(entries, parse(query, ix, false));
  // Typos are looked for only when no name matches as typed (fast, and no near miss outranks it).
  if (!hits.some((h) => h.score >= 500)) hits = scored(entries, parse(query, ix, true));
  return Object.assign(best(hits, limit).map((h) => h.entry), { total: hits.length });
}
