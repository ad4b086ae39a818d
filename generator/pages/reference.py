"""The citable reference pages: rules, rulings, glossary, and their "copy as quote" data.

Every rule part, ruling point, glossary term and SAI can be quoted in a forum: the page carries
a small JSON map (anchor id -> title, text, source and edition, the address of the part's own
small page, and for a ruling point its verdict and what the current rules say) that
``docs/assets/js/site/site.js`` turns into Markdown or BBCode with the permalink.
"""
from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from .context import Site
from .link_pages import verdict
from .text import point_label, point_text, quotes_json


def own_page(part: dict[str, Any]) -> str:
    """The part's own small page (:mod:`generator.pages.link_pages`), relative to the page that holds it."""
    return f"{part['id']}/"


def _own_words(site: Site, src: dict[str, Any]) -> str:
    return f"our summary of the {site.wording.label(src)}"


def rule_quotes(site: Site, rule: dict[str, Any]) -> list[dict[str, str]]:
    """One quote per step, point and roll type of a rule (its sub-points)."""
    quotes = []
    for step in rule.get("steps", []):
        quotes.append({"id": step["id"], "title": f"{rule['name']}, step {step['number']}: {step['title']}",
                       "text": site.plain(step["text"]), "source": site.wording.label(rule["source"]),
                       "url": own_page(step)})
    for n, point in enumerate(rule.get("points", []), 1):
        src = point.get("source") or rule["source"]
        title = f"{rule['name']} {n}" + (f": {point['title']}" if point.get("title") else "")
        quoted = "text" in point
        quotes.append({"id": point["id"], "title": title, "text": site.plain(point.get("text") or point["summary"]),
                       "source": site.wording.label(src) if quoted else _own_words(site, src),
                       "url": own_page(point)})
    for t in rule.get("types", []):
        quotes.append({"id": t["id"], "title": f"{rule['name']}: {t['name']}", "text": site.plain(t["text"]),
                       "source": site.wording.label(rule["source"]), "url": own_page(t)})
    return quotes


def ruling_quotes(site: Site, rulings: list[dict[str, Any]]) -> list[dict[str, str]]:
    quotes = []
    for ruling in rulings:
        source = site.wording.label(ruling["source"])
        for point in ruling["points"]:
            quotes.append({"id": point["id"], "title": f"{ruling['name']}, point {point_label(ruling, point)}",
                           "text": point_text(point), "source": source, "url": own_page(point),
                           "verdict": verdict(point["status"]).capitalize(), "note": site.say(point["now"])})
    return quotes


def glossary_quotes(site: Site, terms: list[dict[str, Any]]) -> list[dict[str, str]]:
    return [{"id": t["id"], "title": f"{t['name']} (glossary)", "text": t["text"],
             "source": _own_words(site, t["source"]), "url": own_page(t)} for t in terms]


def sai_quote(site: Site, sai: dict[str, Any]) -> dict[str, str]:
    if sai.get("text"):
        text = "\n".join(filter(None, (site.plain(b) for b in re.split(r"<br>|•", sai["text"]))))
        source = site.wording.label(sai["source"])
    else:
        text, source = site.say(sai["summary"]), "this site's note (the rules text is unknown)"
    return {"id": sai["id"], "title": f"{sai['name']} (Special Action Icon)", "text": text,
            "source": source}


def rules_by_group(rules: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Dragon Dice rule sections grouped for the index, groups in order of first appearance."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rule in rules:
        if rule.get("applies_to_dragon_dice") is not False:
            groups[rule.get("group", "Other rules")].append(rule)
    return list(groups.items())


def render_rule(site: Site, rule: dict[str, Any]) -> str:
    page = f"rules/{rule['id']}"
    return site.render("rule.md.j2", page=page, rule=rule, rulings=site.page_rulings("rules", rule["id"]),
                       examples=site.examples.get(page, []), quotes=quotes_json(rule_quotes(site, rule)))


def render_rules_index(site: Site) -> str:
    rules = site.ds.kinds.get("rules", [])
    return site.render("rules_index.md.j2", page="rules", groups=rules_by_group(rules),
                       others=[r for r in rules if r.get("applies_to_dragon_dice") is False])


def render_rulings(site: Site) -> str:
    rulings = site.ds.kinds.get("rulings", [])
    return site.render("rulings.md.j2", page="rulings", rulings=rulings,
                       quotes=quotes_json(ruling_quotes(site, rulings)))


def render_glossary(site: Site) -> str:
    terms = sorted(site.ds.kinds.get("glossary", []), key=lambda t: t["name"].lower())
    letters: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for term in terms:
        letters[term["name"][0].upper()].append(term)
    return site.render("glossary.md.j2", page="glossary", letters=list(letters.items()),
                       quotes=quotes_json(glossary_quotes(site, terms)))


def rule_target(site: Site, ref: str) -> tuple[str, str | None]:
    """``play-areas#dead-unit-area`` -> (page, anchor) of that rule part."""
    ident, _, anchor = ref.partition("#")
    return f"rules/{ident}", anchor or None
