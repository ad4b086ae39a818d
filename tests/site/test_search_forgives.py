"""The site's search forgives what players type (issue 21): spacing, plurals and species forms,
typos, abbreviations and questions reach the right page first, and the exact name of every SAI,
spell, species, dragon, glossary term and die still does. The ranking is the page's own module
(docs/assets/js/site/search-rank.js) run under Node over the built index (tests/browser/test_search.py
types into the real search box)."""
from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path

import yaml

from generator.site.build import ensure_site
from tests.browser.test_search import die_query, glossary_target

HERE = Path(__file__).resolve().parent
EVERYDAY, EXACT = 0.95, 0.98


def everyday(name: str = "search-queries.yaml") -> list[tuple[str, str, str]]:
    doc = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
    return [(group, str(q), want) for group, pairs in doc.items() for q, want in pairs.items()]


def right(hit: str, want: str | list[str]) -> bool:
    """A query names one target, or the several rule parts that say the same thing."""
    return hit in (want if isinstance(want, list) else [want])


def test_everyday_queries_find_the_right_page_first(first_hits):
    cases = everyday()
    assert len(cases) >= 60
    got = first_hits([q for _, q, _ in cases])
    misses = [(q, want, hit) for (_, q, want), hit in zip(cases, got) if not right(hit, want)]
    assert 1 - len(misses) / len(cases) >= EVERYDAY, misses


def test_each_kind_of_everyday_query_mostly_works(first_hits):
    """No kind of forgiveness is carried by the others: each group finds at least 80%."""
    cases = everyday()
    got = first_hits([q for _, q, _ in cases])
    groups = Counter(g for g, _, _ in cases)
    hits = Counter(g for (g, _, want), hit in zip(cases, got) if right(hit, want))
    assert all(hits[g] / n >= 0.8 for g, n in groups.items()), {g: f"{hits[g]}/{n}" for g, n in groups.items()}


def exact_names(ds) -> dict[str, list[tuple[str, str]]]:
    kinds = ds.kinds
    shared = Counter(d["name"] for d in kinds["dice"])
    return {
        "sais": [(s["name"], f"sai/{s['id']}/") for s in kinds["sais"]],
        "spells": [(s["name"], f"spells/{s['id']}/") for s in kinds["spells"]],
        "species": [(s["name"], f"species/{s['id']}/") for s in kinds["species"]],
        "dragons": [(d["name"], f"dragons/#{d['id']}") for d in kinds["dragons"]],
        "glossary": [(t["name"], glossary_target(t)) for t in kinds["glossary"]],
        "dice": [(die_query(d, shared), f"dice/{d['species']}/#{d['id'].split('/', 1)[1]}") for d in kinds["dice"]],
    }


def test_exact_names_of_every_kind_still_come_first(first_hits, dataset):
    report = {}
    for kind, pairs in exact_names(dataset).items():
        got = first_hits([q for q, _ in pairs])
        misses = [(q, want, hit) for (q, want), hit in zip(pairs, got) if hit != want]
        report[kind] = (1 - len(misses) / len(pairs), misses[:5])
    assert all(share >= EXACT for share, _ in report.values()), report


def test_rule_parts_have_titles_not_anchors(dataset):
    index = json.loads((ensure_site() / "search" / "index.json").read_text(encoding="utf-8"))
    anchors = {p["id"] for r in dataset.kinds["rules"] for key in ("steps", "points", "types", "sections")
               for p in r.get(key, [])}
    raw = [e["t"] for e in index["entries"] if any(e["t"].endswith(": " + a) or e["t"] == a for a in anchors)]
    assert raw == []


def test_the_first_results_shown_are_the_full_rankings_first(first_hits):
    """The box shows the first 12 of a ranking it never sorts in full: for every letter typed of
    the everyday queries, they are the full ranking's first 12, and the count is the full count."""
    folder = Path(first_hits.ranker).parent
    prefixes = sorted({q[:i] for _, q, _ in everyday() for i in range(1, len(q) + 1)} | {"e", "s", "a"})
    proc = subprocess.run(["node", str(HERE / "search_limit.mjs"), str(folder / "search-rank.mjs"),
                           str(ensure_site() / "search" / "index.json"), "12"],
                          input=json.dumps(prefixes), capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(proc.stdout) == []
