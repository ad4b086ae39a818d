"""Link previews: the whole text of every SAI, spell, species ability, die, rule and glossary term,
keyed by the URL a link points at, for ``docs/assets/js/site/previews.js``.

Written as ``assets/previews/<first path segment>.<hash>.json`` (fetched lazily, only when a player
first hovers or focuses a link of that kind) plus ``assets/previews/index.json`` naming the files.
A key is the site-relative path with its anchor: ``sai/counter/``, ``species/coral-elves/#coastal-dodge``,
``dice/coral-elves/#gryphon``. An entry is ``{"t": title, "k": what it is, "i": icon id,
"p": [paragraphs], "m": [chips], "f": [[icon, number], ...], "s": source}``; every string is
plain text (the script shows it with textContent).
"""
from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from typing import Any, Callable

from . import dice_cards
from .links import SEED_REF_RE
from .text import part_title

Entry = dict[str, Any]
DIR = "assets/previews"


def plain(text: Any) -> str:
    """Seed text as a player reads it: no ``@NN_name.md`` file names, no markup, one paragraph."""
    text = SEED_REF_RE.sub(lambda m: f"(see rulebook p.{int(m.group(1))})" if m.group(1)
                           else f"rulebook p.{int(m.group(3))}", str(text))
    text = re.sub(r"<br\s*/?>|<[^>]+>", " ", text).replace("•", " ")
    return " ".join(text.split())


def paras(*texts: Any) -> list[str]:
    out: list[str] = []
    for text in texts:
        if text:
            out.extend(plain(p) for p in str(text).split("\n\n") if plain(p))
    return out


def sai_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    for sai in site.ds.kinds.get("sais", []):
        texts = [c.get("text") or c.get("summary") for c in sai["clauses"]]
        if sai.get("status"):
            texts = [sai.get("summary", "")] + texts
        chips = [site.roll_label(r) for r in dict.fromkeys(r for c in sai["clauses"] for r in c["rolls"])]
        add(f"sai/{sai['id']}/", {"t": sai["name"], "k": "Special Action Icon", "i": sai["id"],
                                  "p": paras(*texts), "m": chips, "s": site.env.filters["source"](sai.get("source"))})


def spell_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    for spell in site.ds.kinds.get("spells", []):
        chips = [spell["element"], f"cost {spell['cost']}"]
        chips += ["Reserve"] * bool(spell.get("reserve")) + ["Cantrip"] * bool(spell.get("cantrip"))
        if spell.get("species"):
            chips.append(site.ds.get("species", spell["species"])["name"] + " only")
        bullets = [b for b in re.split(r"<br>|•", str(spell.get("text") or "")) if b.strip()]
        add(f"spells/{spell['id']}/", {"t": spell["name"], "k": "Spell", "m": chips,
                                       "p": paras(spell.get("summary"), *bullets),
                                       "s": site.env.filters["source"](spell.get("source"))})


def species_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    for sp in site.ds.kinds.get("species", []):
        names = ", ".join(ab["name"] for ab in sp.get("abilities", []))
        add(f"species/{sp['id']}/", {"t": sp["name"], "k": "Species", "m": sp.get("elements") or ["ivory"],
                                     "p": paras(sp.get("summary")) + ([f"Abilities: {names}."] if names else [])})
        for ab in [*sp.get("abilities", []), *sp.get("history", [])]:
            old = " (old rules, 1996)" if ab in sp.get("history", []) else ""
            add(f"species/{sp['id']}/#{ab['id']}",
                {"t": ab["name"], "k": f"{sp['name']} ability{old}", "p": paras(ab.get("summary"), ab.get("text")),
                 "s": site.env.filters["source"](ab.get("source"))})


def card_entry(card: dict[str, Any], kind: str) -> Entry:
    chips = [card["size"] if card["size"] == card["kind"] else f"{card['size']} {card['kind']}", card["die"]]
    chips += [f"health {card['health']}"] * bool(card.get("health")) + card["colours"]
    chips += [card["rarity"]] * bool(card.get("rarity"))
    return {"t": card["name"], "k": kind, "m": chips, "f": [[i, n] for i, n, _ in card["faces"]]}


def dice_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    for die in site.ds.kinds.get("dice", []):
        card = dice_cards.unit_card(site, "", die)
        add(card["href"], card_entry(card, "Die"))
    for terrain in site.ds.kinds.get("terrains", []):
        add(f"terrains/#{terrain['id']}", card_entry(dice_cards.terrain_card("", terrain), "Terrain die"))
    for dragon in site.ds.kinds.get("dragons", []):
        entry = card_entry(dice_cards.dragon_card("", dragon), "Dragon")
        entry["p"] = paras(dragon.get("note"))
        add(f"dragons/#{dragon['id']}", entry)
    for t in site.ds.kinds.get("terrain_types", []):
        add(f"terrains/#{t['id']}", {"t": t["name"], "k": "Terrain type", "m": t["elements"], "p": paras(t["summary"])})
    for icon in site.ds.kinds.get("icons", []):
        page = {"dragon-face": "dragons", "eighth-face": "terrains", "minor-terrain": "terrains"}.get(icon["kind"])
        if page:
            add(f"{page}/#icon-{icon['id']}", {"t": icon["name"], "k": "Icon", "i": icon["id"],
                                               "p": paras(icon["summary"]), "s": site.env.filters["source"](icon.get("source"))})


def rule_parts(rule: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(anchor, title, text) of each step, point, type and section of a rule."""
    out = []
    for key in ("steps", "points", "types", "sections"):
        for part in rule.get(key, []):
            title = part_title(part, plain)
            out.append((part["id"], title, plain(part.get("text") or part.get("summary") or "")))
    return out


def rule_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    for rule in site.ds.kinds.get("rules", []):
        base = f"rules/{rule['id']}/"
        parts = rule_parts(rule)
        whole = [f"{title}. {text}" if title else text for _, title, text in parts]
        add(base, {"t": rule["name"], "k": "Rule", "p": paras(rule.get("text") or rule.get("summary")) + whole,
                   "s": site.env.filters["source"](rule.get("source"))})
        for anchor, title, text in parts:
            add(f"{base}#{anchor}", {"t": title or rule["name"], "k": rule["name"], "p": [text]})


def ruling_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    for ruling in site.ds.kinds.get("rulings", []):
        add(f"rulings/#{ruling['id']}", {"t": ruling["name"], "k": f"Ruling ({ruling['source']['edition']})",
                                         "p": [plain(ruling["edition_note"])] + [ruling["text"].strip()]})


def glossary_entries(site: Any, add: Callable[[str, Entry], None]) -> None:
    """Glossary terms of the open data bundle (``glossary: [{id, name, text, url}]``), when it has them."""
    for term in site.ds.bundle().get("glossary", []) or []:
        if isinstance(term, dict) and term.get("url") and term.get("name"):
            add(str(term["url"]).lstrip("/"), {"t": term["name"], "k": "Glossary", "p": paras(term.get("text"))})


BUILDERS = (sai_entries, spell_entries, species_entries, dice_entries, rule_entries, ruling_entries,
            glossary_entries)


def render_previews(site: Any) -> dict[str, str]:
    """``assets/previews/*.json``: the entries grouped by the first segment of their URL."""
    groups: dict[str, dict[str, Entry]] = defaultdict(dict)

    def add(key: str, entry: Entry) -> None:
        groups[key.split("/", 1)[0].split("#", 1)[0]][key] = {k: v for k, v in entry.items() if v}

    for build in BUILDERS:
        build(site, add)
    out: dict[str, str] = {}
    index: dict[str, str] = {}
    for segment, entries in sorted(groups.items()):
        text = json.dumps(entries, ensure_ascii=False, separators=(",", ":"))
        name = f"{segment}.{hashlib.sha256(text.encode()).hexdigest()[:10]}.json"
        out[f"{DIR}/{name}"] = text
        index[segment] = name
    out[f"{DIR}/index.json"] = json.dumps(index, separators=(",", ":"))
    return out
