"""Drawn dice: one card per die (unit, item, terrain, dragon) with the tokens the dice filter reads.

A card is a plain dict the templates draw (``_macros.md.j2`` ``die_card``): name, link, the chips
shown at a glance (kind and size, die, health, elements, rarity) and the faces as
``(icon id, number shown)``. ``filters`` holds the filter's ``data-*`` tokens; the same names are
the URL parameters of ``/dice/`` (``?sai=rend&species=dwarves``), read by ``site.js``.
"""
from __future__ import annotations

from typing import Any

from .links import rel_url

FILTER_KEYS = ("species", "element", "kind", "size", "health", "sai", "rarity")
KIND_ORDER = ("unit", "monster", "champion", "equipment", "artifact", "medallion", "relic", "terrain", "dragon")
SIZE_ORDER = ("small", "medium", "large", "monster", "champion", "artifact", "medallion", "relic",
              "major", "minor", "drake", "wyrm")
ELEMENT_ORDER = ("air", "death", "earth", "fire", "water", "ivory", "bronze", "silver", "gold")


def slug(text: str) -> str:
    return "-".join(str(text).lower().split())


def _colours(entry: dict[str, Any]) -> list[str]:
    """Element ids plus ivory and alloy: what a player sees as the die's colour."""
    out = list(entry.get("element") or entry.get("elements") or [])
    if entry.get("ivory") or entry.get("dragon_type") == "ivory":
        out.append("ivory")
    if entry.get("alloy"):
        out.append(entry["alloy"])
    return out


def unit_card(site: Any, page: str, die: dict[str, Any]) -> dict[str, Any]:
    sais = sorted({f["icon"] for f in die["faces"] if f["icon"] in site.sais})
    colours = _colours(die)
    return {
        "id": die["id"], "name": site.die_label(die), "href": site.die_href(page, die),
        "kind": die["kind"], "size": die["size"], "die": die["die"], "health": die.get("health"),
        "colours": colours, "rarity": die.get("rarity"), "species": die["species"],
        "faces": [(f["icon"], f.get("count", 1), i == 0 and f["icon"] == "id") for i, f in enumerate(die["faces"])],
        "filters": {"species": die["species"], "element": " ".join(colours), "kind": die["kind"],
                    "size": die["size"], "health": str(die.get("health") or ""), "sai": " ".join(sais),
                    "rarity": slug(die.get("rarity") or "")},
    }


def terrain_card(page: str, terrain: dict[str, Any]) -> dict[str, Any]:
    eighth = terrain.get("eighth_face")
    return {
        "id": terrain["id"], "name": terrain["name"], "href": rel_url(page, "terrains", terrain["id"]),
        "kind": "terrain", "size": terrain["category"], "die": "d8", "health": None,
        "colours": list(terrain["elements"]), "rarity": None, "species": None,
        "faces": [(f["icon"], f.get("number", i + 1), f["icon"] == eighth) for i, f in enumerate(terrain["faces"])],
        "filters": {"species": "", "element": " ".join(terrain["elements"]), "kind": "terrain",
                    "size": terrain["category"], "health": "", "sai": "", "rarity": ""},
    }


def dragon_card(page: str, dragon: dict[str, Any]) -> dict[str, Any]:
    colours = _colours(dragon)
    return {
        "id": dragon["id"], "name": dragon["name"], "href": rel_url(page, "dragons", dragon["id"]),
        "kind": "dragon", "size": dragon["form"], "die": "d12", "health": dragon["health"],
        "colours": colours, "rarity": None, "species": None,
        "faces": [(f["icon"], f["value"], False) for f in dragon["faces"]],
        "filters": {"species": "", "element": " ".join(colours), "kind": "dragon", "size": dragon["form"],
                    "health": str(dragon["health"]), "sai": "", "rarity": ""},
    }


def _ordered(values: set[str], order: tuple[str, ...]) -> list[str]:
    rank = {v: i for i, v in enumerate(order)}
    return sorted((v for v in values if v), key=lambda v: (rank.get(v, len(rank)), v))


def filter_options(site: Any, cards: list[dict[str, Any]]) -> dict[str, list[tuple[str, str]]]:
    """For each filter key, (value, label) in a player's order; only values some card has."""
    seen: dict[str, set[str]] = {k: set() for k in FILTER_KEYS}
    for card in cards:
        for key, tokens in card["filters"].items():
            seen[key].update(tokens.split())
    species = {sp["id"]: sp["name"] for sp in site.ds.kinds.get("species", [])}
    species["items"] = "Items"
    rarities = {slug(d["rarity"]): d["rarity"] for d in site.ds.kinds.get("dice", []) if d.get("rarity")}
    rarity_order = tuple(slug(r) for r in rarity_schema_order(site))
    return {
        "species": [(s, species.get(s, s)) for s in species if s in seen["species"]],
        "element": [(e, e.capitalize()) for e in _ordered(seen["element"], ELEMENT_ORDER)],
        "kind": [(k, k.capitalize()) for k in _ordered(seen["kind"], KIND_ORDER)],
        "size": [(k, k.capitalize()) for k in _ordered(seen["size"], SIZE_ORDER)],
        "health": [(h, h) for h in sorted(seen["health"], key=int)],
        "sai": sorted(((s, site.sais[s]["name"]) for s in seen["sai"]), key=lambda v: v[1].lower()),
        "rarity": [(r, rarities[r]) for r in _ordered(seen["rarity"], rarity_order)],
    }


def rarity_schema_order(site: Any) -> list[str]:
    """Rarities from the most to the least common, as the dice schema lists them."""
    schema = site.ds.schemas().get("dice.schema.json", {})
    props = schema.get("$defs", {}).get("die", {}).get("properties", {})
    return list(props.get("rarity", {}).get("enum", []))


def all_cards(site: Any, page: str, rank: dict[str, int]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every die as cards, grouped: each species (data order), items, terrains, dragons."""
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    for sp in [*site.ds.kinds.get("species", []), {"id": "items", "name": "Items"}]:
        dice = [d for d in site.ds.kinds.get("dice", []) if d["species"] == sp["id"]]
        dice.sort(key=lambda d: (rank.get(d["size"], 99), d["name"]))
        if dice:
            groups.append((sp["name"], [unit_card(site, page, d) for d in dice]))
    groups.append(("Terrains", [terrain_card(page, t) for t in site.ds.kinds.get("terrains", [])]))
    groups.append(("Dragons", [dragon_card(page, d) for d in site.ds.kinds.get("dragons", [])]))
    return [(name, cards) for name, cards in groups if cards]


def terrain_filter(terrain: dict[str, Any]) -> dict[str, str]:
    """A terrain die's tokens for the filter of /terrains/ (``?element=fire&category=minor``): its
    elements, major or minor, and its kind: a major terrain's eighth face (City, Dragon's Lair...),
    a minor terrain's own picture (Bridge, Knoll...)."""
    return {"element": " ".join(terrain["elements"]), "category": terrain["category"],
            "kind": terrain.get("eighth_face") or terrain.get("minor_type") or ""}


def terrain_filter_options(site: Any, terrains: list[dict[str, Any]]) -> dict[str, Any]:
    """The choices of /terrains/' filter, only those some die has, with the data's own words: the
    elements, the categories, and the kinds by category (each kind named as its face is)."""
    tokens = [terrain_filter(t) for t in terrains]
    elements = {e for t in tokens for e in t["element"].split()}
    categories = _ordered({t["category"] for t in tokens}, SIZE_ORDER)
    kinds = [(c.capitalize(), sorted({(t["kind"], site.icon_name(t["kind"])) for t in tokens
                                      if t["category"] == c and t["kind"]}, key=lambda k: k[1].lower()))
             for c in categories]
    return {"element": [(e, e.capitalize()) for e in _ordered(elements, ELEMENT_ORDER)],
            "category": [(c, c.capitalize()) for c in categories], "kind": kinds}
