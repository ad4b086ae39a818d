"""Render the rules-reference pages (Markdown for MkDocs) from the validated data set.

One ``render_*`` function per page kind, one Jinja2 template each (``templates/*.md.j2``).
Reverse indexes (die -> icons, SAI -> dice, entry -> rulings) are built once in :class:`Site`.
Every name, number and rule shown comes from the data; templates only arrange it.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any

from calculator.forces import terrain_offer

from ..data.dataset import Dataset
from ..images import share_images
from ..images.glyphs import NAMES, SPRITE
from . import api_records, dice_cards, link_pages, previews, reference, search
from .context import Site
from .text import front_matter, quotes_json

# Order of roll types in filters and chips; labels come from the rules data (sai-application).
ROLL_ORDER = ("maneuver", "melee", "missile", "magic", "save", "dragon_attack", "individual", "special")
SIZE_ORDER = ("small", "medium", "large", "monster", "champion", "artifact", "medallion", "relic")


# --- one function per page kind -------------------------------------------------------------

def x_values(site: Site, sai: dict[str, Any]) -> list[dict[str, Any]]:
    """How X comes out on the dice that carry an SAI: face counts grouped by die kind/size/type."""
    groups: dict[tuple[str, str], set[int]] = defaultdict(set)
    ndice: dict[tuple[str, str], int] = defaultdict(int)
    for die, counts in site.carriers.get(sai["id"], []):
        label = die["kind"] if die["kind"] in ("monster", "champion", "artifact", "medallion", "relic") \
            else f"{die['size']} {die['kind']}"
        key = (label, die["die"])
        groups[key] |= set(counts)
        ndice[key] += 1
    return [{"label": label, "die": d, "counts": sorted(groups[(label, d)]), "dice": ndice[(label, d)]}
            for label, d in sorted(groups, key=lambda k: (k[1], k[0]))]


def render_sai(site: Site, sai: dict[str, Any]) -> str:
    page = f"sai/{sai['id']}"
    carriers = sorted(site.carriers.get(sai["id"], []), key=lambda dc: (dc[0]["species"], dc[0]["name"]))
    return site.render("sai.md.j2", page=page, sai=sai, carriers=carriers, x_values=x_values(site, sai),
                       rulings=site.page_rulings("sais", sai["id"]), examples=site.examples.get(page, []),
                       quotes=quotes_json([reference.sai_quote(site, sai)]))


def clause_rolls(sai: dict[str, Any]) -> list[str]:
    rolls = {r for c in sai["clauses"] for r in c["rolls"]}
    return [r for r in ROLL_ORDER if r in rolls]


def render_sai_index(site: Site) -> str:
    sais = sorted(site.ds.kinds["sais"], key=lambda s: s["name"].lower())
    rolls = [r for r in ROLL_ORDER if any(r in clause_rolls(s) for s in sais)]
    return site.render("sai_index.md.j2", page="sai", sais=sais, rolls=rolls, clause_rolls=clause_rolls)


def render_spell(site: Site, spell: dict[str, Any]) -> str:
    page = f"spells/{spell['id']}"
    return site.render("spell.md.j2", page=page, spell=spell,
                       rulings=site.page_rulings("spells", spell["id"]),
                       examples=site.examples.get(page, []))


def render_spell_index(site: Site) -> str:
    spells = site.ds.kinds["spells"]
    elements = list(dict.fromkeys(s["element"] for s in spells))
    return site.render("spell_index.md.j2", page="spells", spells=spells, elements=elements,
                       costs=sorted({s["cost"] for s in spells}),
                       species=sorted({s["species"] for s in spells if s["species"]}))


def dice_groups(site: Site, species_id: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """A species' dice grouped by class, each group ordered by size."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for die in site.ds.kinds.get("dice", []):
        if die["species"] == species_id:
            groups[die.get("class") or die["kind"].title()].append(die)
    rank = {s: i for i, s in enumerate(SIZE_ORDER)}
    order = sorted(groups, key=lambda cls: min(rank.get(d["size"], 99) for d in groups[cls]) >= rank["monster"])
    return [(cls, sorted(groups[cls], key=lambda d: (rank.get(d["size"], 99), d["name"]))) for cls in order]


def render_species(site: Site, sp: dict[str, Any]) -> str:
    page = f"species/{sp['id']}"
    return site.render("species.md.j2", page=page, sp=sp, groups=dice_groups(site, sp["id"]),
                       rulings=site.page_rulings("species", sp["id"]),
                       examples=site.examples.get(page, []))


def render_dice(site: Site, species_id: str, name: str) -> str:
    return site.render("dice.md.j2", page=f"dice/{species_id}", name=name, species_id=species_id,
                       groups=dice_groups(site, species_id))


def render_dice_index(site: Site) -> str:
    rank = {s: i for i, s in enumerate(SIZE_ORDER)}
    groups = dice_cards.all_cards(site, "dice", rank)
    every = [c for _, cards in groups for c in cards]
    return site.render("dice_index.md.j2", page="dice", groups=groups, total=len(every),
                       options=dice_cards.filter_options(site, every), species=site.ds.kinds.get("species", []))


def army_aid(site: Site) -> str:
    """The army builder's data block: per species its abilities and its own spells (the print view
    lists them; their texts are the link previews' entries, assets/previews/), the suggested
    force sizes, and the terrain dice each of the home and frontier may be."""
    spells: dict[str, list[str]] = defaultdict(list)
    for spell in site.ds.kinds.get("spells", []):
        if spell.get("species"):
            spells[spell["species"]].append(spell["id"])
    species = {sp["id"]: {"abilities": [ab["id"] for ab in sp.get("abilities", [])], "spells": spells.get(sp["id"], [])}
               for sp in site.ds.kinds.get("species", [])}
    # The force sizes the rules suggest (the page offers them; the engine checks the size).
    setup = next((r for r in site.ds.kinds.get("rules", []) if isinstance(r.get("force"), dict)), {})
    sizes = setup.get("force", {}).get("sizes", {}).get("suggested", [])
    # The terrain dice the engine accepts as a home and as a proposed frontier (the page offers those).
    aid = {"species": species, "sizes": sizes, "terrains": terrain_offer(site.engine().index)}
    return json.dumps(aid, ensure_ascii=False, separators=(",", ":"))


def render_army(site: Site) -> str:
    """The army builder: the dice list of /dice/ (units, items, terrains and dragons) with its filters."""
    rank = {s: i for i, s in enumerate(SIZE_ORDER)}
    groups = dice_cards.all_cards(site, "army", rank)
    every = [c for _, cards in groups for c in cards]
    options = dice_cards.filter_options(site, every)
    options = {k: v for k, v in options.items() if k in ("species", "element", "kind", "size")}
    return site.render("army.md.j2", page="army", groups=groups, total=len(every), options=options,
                       aid=army_aid(site))


# The game page's moves (the engine's move names): the words of its button and the rule part it
# follows (a rule or a part of one, by id; None: no rule, a change made by hand).
GAME_MOVES = {
    "maneuver": ("Maneuver", "maneuvers"), "minor": ("Minor terrain instead", "march-minor-terrain"),
    "melee": ("Melee attack", "melee-action"), "missile": ("Missile attack", "missile-action"),
    "magic": ("Magic", "magic-action"), "dragon-attack": ("Dragon attack", "dragon-attacks"),
    "summon": ("Summon a dragon", "dragon-attacks"), "reserves": ("Reserves", "reserves"),
    "end-phase": ("End this phase", "turn-sequence"), "end-turn": ("End the turn", "turn-sequence"),
    "edit": ("Change by hand", None),
}
# Where each part of the board is explained (rule part ids).
GAME_PARTS = {
    "dua": "dead-unit-area", "bua": "buried-unit-area", "reserve": "reserve-area", "pool": "summoning-pool",
    "frontier": "setup-terrains", "first": "setup-order-of-play", "faces": "setup-starting-distance",
    "armies": "setup-placing-armies", "size": "setup-force-size", "face": "terrain-die",
    "capture": "maneuver-capture", "effects": "magic-duration", "win": "victory-two-terrains",
    "lose": "victory-last-units", "turn": "turn-sequence", "march": "marches", "casualties": "damage-allocation",
}


def game_aid(site: Site) -> str:
    """The game page's data block: each phase of a turn (the engine's phase is the part of the turn
    sequence named turn-<phase>), each move and each part of the board, with its words and the rule
    part it links to (root-absolute)."""
    def part(ident: str) -> dict[str, str]:
        if site.ds.has("rules", ident):
            return {"name": site.ds.get("rules", ident)["name"], "see": f"/rules/{ident}/"}
        rule = site.part_rule[ident]          # an unknown id fails the build here
        return {"name": site.part_name(rule, ident), "see": f"/rules/{rule}/#{ident}"}

    turn = site.ds.get("rules", "turn-sequence")
    phases = {p["id"].removeprefix("turn-"): part(p["id"]) for p in turn.get("points", [])}
    moves = {m: {"name": name, **({"see": part(rule)["see"], "rule": part(rule)["name"]} if rule else {})}
             for m, (name, rule) in GAME_MOVES.items()}
    parts = {k: part(v) for k, v in GAME_PARTS.items()}
    aid = {"phases": phases, "moves": moves, "parts": parts}
    return json.dumps(aid, ensure_ascii=False, separators=(",", ":"))


def hand_written(site: Site) -> dict[str, str]:
    """The hand-written pages (``docs/``) with front matter: given here so that each gets its own
    link-preview image like the generated ones (the generation copies every other file of docs/)."""
    return {rel: text for rel, text in site.hand_written().items() if front_matter(text) is not None}


def render_pages(ds: Dataset, moves: tuple[tuple[str, str], ...] = (), pictures: dict[str, bytes] | None = None,
                 memo: share_images.Remembers | None = None) -> dict[str, str]:
    """Every generated page: relative path below ``build/docs`` -> Markdown (``moves``: the
    (from, to) of data/moves.yaml, whose small pages are kept). ``pictures``, when given, receives
    every page's link-preview image as PNG (drawn, or taken from ``memo``)."""
    site = Site(ds)
    out: dict[str, str] = {}
    for sai in ds.kinds.get("sais", []):
        out[f"sai/{sai['id']}.md"] = render_sai(site, sai)
    out["sai/index.md"] = render_sai_index(site)
    for spell in ds.kinds.get("spells", []):
        out[f"spells/{spell['id']}.md"] = render_spell(site, spell)
    out["spells/index.md"] = render_spell_index(site)
    for sp in ds.kinds.get("species", []):
        out[f"species/{sp['id']}.md"] = render_species(site, sp)
        out[f"dice/{sp['id']}.md"] = render_dice(site, sp["id"], sp["name"])
    out["species/index.md"] = site.render("species_index.md.j2", page="species", species=ds.kinds.get("species", []))
    out["dice/items.md"] = render_dice(site, "items", "Items")
    out["dice/index.md"] = render_dice_index(site)
    out["army/index.md"] = render_army(site)
    out["game/index.md"] = site.render("game.md.j2", page="game", aid=game_aid(site))
    for rule in ds.kinds.get("rules", []):
        out[f"rules/{rule['id']}.md"] = reference.render_rule(site, rule)
    out["rules/index.md"] = reference.render_rules_index(site)
    out["rulings/index.md"] = reference.render_rulings(site)
    out["glossary/index.md"] = reference.render_glossary(site)
    terrains = ds.kinds.get("terrains", [])
    out["terrains/index.md"] = site.render("terrains.md.j2", page="terrains", types=ds.kinds.get("terrain_types", []),
                                           terrains=terrains, filter=dice_cards.terrain_filter,
                                           options=dice_cards.terrain_filter_options(site, terrains))
    out["dragons/index.md"] = site.render("dragons.md.j2", page="dragons", dragons=ds.kinds.get("dragons", []))
    images = share_images.ShareImages(site, link_pages.site_name())
    out.update(hand_written(site))
    out = share_images.with_images(images, out)   # each page's link-preview image
    out[search.INDEX] = search.index_json(site, out)
    out[SPRITE] = site.glyphs.sprite()
    out[NAMES] = site.glyphs.names_json()
    out.update(previews.render_previews(site))
    out.update(link_pages.render_link_pages(site, images, list(moves)))   # one link, one preview
    out.update(api_records.render_records(site))   # /api/<kind>/<id>.json
    if site.engine_error:
        print(f"warning: example rolls not rendered ({site.engine_error})", file=sys.stderr)
    if pictures is not None:
        pictures.update(images.images(memo))
    return out
