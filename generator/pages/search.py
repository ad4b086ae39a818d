"""The site's own search index: one entry per thing a player looks up, written as JSON.

Material's full-text search ranks pages, not things: a die is a section of its species' dice
page, a dragon a section of the dragons page, and a short name ("Flame") loses to a longer page
that repeats it ("Fearful Flames"). This index has one entry per SAI, spell, species, species
ability, die, dragon, terrain, rule section and part, glossary term, ruling and ruling point,
and page, each with its names, the kind a result shows ("Gryphon — Coral Elves die"), a readable
snippet and a rank used to break ties. ``docs/assets/js/site/search.js`` reads it and ranks results
(an exact name first); it works offline, being one static file of this site.
"""
from __future__ import annotations

import json
import re
from typing import Any

from .context import Site
from .links import short
from .text import front_matter, part_title, point_label, point_text

INDEX = "search/index.json"
# Tie-break when two entries match a query equally well: a rule section, then the things
# themselves, then a part of a rule (a part that a glossary term leads to gets half a point
# more; an index page such as /dragons/ more still, so that "terrains" finds the Terrains page
# before the setup rule's part of that name), the glossary term, a species ability,
# a ruling, a hand-written page.
RANK = {"rule": 9, "sai": 8, "spell": 7, "species": 7, "dragon": 6, "terrain": 6, "die": 6,
        "rule-part": 5, "index": 5.7, "glossary": 4, "ability": 3, "ruling": 3, "ruling-point": 2, "page": 1}
GLOSSARY_BONUS = 0.5


def entry(kind: str, title: str, url: str, label: str, snippet: str, names: list[str] | None = None,
          text: str = "", bonus: float = 0) -> dict[str, Any]:
    out = {"t": title, "k": label, "u": url, "s": short(snippet, 180), "r": RANK[kind] + bonus}
    extra = [n for n in dict.fromkeys(names or []) if n and n != title]
    if extra:
        out["n"] = extra
    text = " ".join(text.split())
    if text and text != out["s"]:   # the full text, where the snippet is cut short
        out["x"] = text
    return out


def _glossary_names(site: Site) -> dict[str, list[str]]:
    """Rule or rule part -> the glossary names that lead to it (search for "DUA" finds the rule)."""
    out: dict[str, list[str]] = {}
    for term in site.ds.kinds.get("glossary", []):
        if term.get("rule"):
            out.setdefault(term["rule"], []).extend([term["name"], *term.get("aliases", [])])
    return out


def rule_entries(site: Site) -> list[dict[str, Any]]:
    names = _glossary_names(site)
    out = []
    for rule in site.ds.kinds.get("rules", []):
        if rule.get("applies_to_dragon_dice") is False:
            out.append(entry("page", rule["name"], f"rules/{rule['id']}/", "About this site",
                             site.plain(rule["summary"])))
            continue
        base = f"rules/{rule['id']}/"
        out.append(entry("rule", rule["name"], base, "Rules", site.plain(rule.get("summary") or rule.get("text")),
                         [*rule.get("aliases", []), *names.get(rule["id"], [])]))
        for part in [*rule.get("steps", []), *rule.get("points", []), *rule.get("types", [])]:
            title = part_title(part, site.plain)
            text = site.plain(part.get("text") or part.get("summary"))
            label = f"{rule['name']} rule"
            glossary = names.get(f"{rule['id']}#{part['id']}", [])
            out.append(entry("rule-part", title or rule["name"], f"{base}#{part['id']}", label,
                             text, [*part.get("aliases", []), *glossary], text, GLOSSARY_BONUS if glossary else 0))
    return out


def ruling_entries(site: Site) -> list[dict[str, Any]]:
    out = []
    for ruling in site.ds.kinds.get("rulings", []):
        out.append(entry("ruling", ruling["name"], f"rulings/#{ruling['id']}", "Ruling, TSR FAQ 1996",
                         site.plain(ruling["edition_note"])))
        for point in ruling["points"]:
            title = f"{ruling['title']} {point_label(ruling, point)}"
            out.append(entry("ruling-point", title, f"rulings/#{point['id']}", "Ruling point, TSR FAQ 1996",
                             point_text(point), text=point_text(point)))
    return out


def game_entries(site: Site) -> list[dict[str, Any]]:
    """SAIs, spells, species and their abilities, glossary terms."""
    out = []
    for sai in site.ds.kinds.get("sais", []):
        first = sai["summary"] if sai.get("status") else sai["clauses"][0]["text"]
        out.append(entry("sai", sai["name"], f"sai/{sai['id']}/", "Special Action Icon", site.plain(first),
                         sai.get("octgn_names", []), site.plain(sai.get("text") or sai.get("summary", ""))))
    for spell in site.ds.kinds.get("spells", []):
        label = f"{spell['element'].title()} spell, cost {spell['cost']}"
        out.append(entry("spell", spell["name"], f"spells/{spell['id']}/", label, site.plain(spell["summary"])))
    for sp in site.ds.kinds.get("species", []):
        out.append(entry("species", sp["name"], f"species/{sp['id']}/", "Species", site.plain(sp["summary"])))
        for ab in sp["abilities"]:
            out.append(entry("ability", ab["name"], f"species/{sp['id']}/#{ab['id']}", f"{sp['name']} ability",
                             site.plain(ab.get("summary") or ab.get("text"))))
    for term in site.ds.kinds.get("glossary", []):
        out.append(entry("glossary", term["name"], f"glossary/#{term['id']}", "Glossary", term["text"],
                         term.get("aliases", [])))
    return out


def die_entries(site: Site) -> list[dict[str, Any]]:
    out = []
    species = {s["id"]: s["name"] for s in site.ds.kinds.get("species", [])}
    for die in site.ds.kinds.get("dice", []):
        label = site.die_label(die)
        names = [die["name"]]
        if label != die["name"]:   # "Dragonstallion (Fire)" is typed "Fire Dragonstallion"
            names.append(" ".join([*(e.title() for e in die["element"]), die["name"]]))
        owner = species.get(die["species"], "Item")
        faces = ", ".join(f"{f.get('count', 1)} {site.icon_name(f['icon'])}" for f in die["faces"])
        health = f", health {die['health']}" if die.get("health") else ""
        snippet = f"{site.die_size(die).capitalize()}{health}. Faces: {faces}."
        slug = die["id"].split("/", 1)[1]
        out.append(entry("die", label, f"dice/{die['species']}/#{slug}",
                         f"{owner} die" if owner != "Item" else f"Item ({die['kind']})", snippet, names))
    return out + item_class_entries(site)


def item_class_entries(site: Site) -> list[dict[str, Any]]:
    """The groups of the items page ("Medallion items"), as the page heads them: a player looks
    for "medallions" or "relics" as a kind of die, not one die."""
    groups: dict[str, int] = {}
    for die in site.ds.kinds.get("dice", []):
        if die["species"] == "items":
            cls = die.get("class") or die["kind"].title()
            groups[cls] = groups.get(cls, 0) + 1
    return [entry("die", f"{cls} items", f"dice/items/#class-{cls.lower().replace(' ', '-')}", "Item dice",
                  f"The {n} {cls.lower()} item dice, with their faces.") for cls, n in groups.items()]


def place_entries(site: Site) -> list[dict[str, Any]]:
    """Dragons, terrain dice and terrain types."""
    out = []
    for d in site.ds.kinds.get("dragons", []):
        snippet = f"{d['form'].title()}, {d['dragon_type']} dragon, health {d['health']}."
        # "Red Drake" is also typed "red dragon" (its colour and what it is).
        names = [re.sub(r"\s*/\s*", " ", d["name"]), re.sub(d["form"], "dragon", d["name"], flags=re.I)]
        out.append(entry("dragon", d["name"], f"dragons/#{d['id']}", "Dragon", snippet, names))
    for t in site.ds.kinds.get("terrain_types", []):
        out.append(entry("terrain", t["name"], f"terrains/#{t['id']}", "Terrain type", site.plain(t["summary"])))
    for d in site.ds.kinds.get("terrains", []):
        snippet = f"{d['category'].title()} terrain, {d['subtype']}."
        out.append(entry("terrain", d["name"], f"terrains/#{d['id']}", "Terrain", snippet,
                         [d.get("octgn_name", "")]))
    return out


def page_entries(site: Site, rendered: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Index pages, the hand-written pages by their titles, and the generated pages that ask to be
    found by name (front matter ``search_names``: the army builder, the game)."""
    pages = [("Special Action Icons", "sai/"), ("Spells", "spells/"), ("Species", "species/"), ("Dice", "dice/"),
             ("Rules", "rules/"), ("Rulings", "rulings/"), ("Glossary", "glossary/"), ("Terrains", "terrains/"),
             ("Dragons", "dragons/")]
    forms = sorted({d["form"] + "s" for d in site.ds.kinds.get("dragons", [])})   # "drakes", "wyrms"
    names = {"dragons/": forms}
    out = [entry("index", title, url, "Page", f"The {title.lower()} of Dragon Dice, all on one page.",
                 names.get(url, [])) for title, url in pages]
    metas = {path: front_matter(text) or {} for path, text in site.hand_written().items()}
    metas.update({path: meta for path, text in (rendered or {}).items() if path.endswith(".md")
                  and "search_names" in (meta := front_matter(text) or {})})
    for path, meta in sorted(metas.items()):
        url = path.removesuffix("index.md").removesuffix(".md")
        url = url + "/" if url and not url.endswith("/") else url
        out.append(entry("page", meta.get("title", url), url, "Page", meta.get("description", ""),
                         meta.get("search_names", [])))
    return out


def index_json(site: Site, rendered: dict[str, str] | None = None) -> str:
    entries = [*rule_entries(site), *game_entries(site), *die_entries(site), *place_entries(site),
               *ruling_entries(site), *page_entries(site, rendered)]
    return json.dumps({"format": 1, "entries": entries}, ensure_ascii=False, separators=(",", ":"))
