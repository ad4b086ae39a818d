"""Render the rules-reference pages (Markdown for MkDocs) from the validated data set.

One ``render_*`` function per page kind, one Jinja2 template each (``templates/*.md.j2``).
Reverse indexes (die -> icons, SAI -> dice, entry -> rulings) are built once in :class:`Site`.
Every name, number and rule shown comes from the data; templates only arrange it.
"""
from __future__ import annotations

import html
import json
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2

from . import cards as dice_cards
from . import previews
from .data import Dataset
from .icons import NAMES, SPRITE, load_glyphs
from .links import Linker, a, entry_title, rel_url, short, site_url

TEMPLATES = Path(__file__).resolve().parent / "templates"
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"
CALC_DOC = "rules/how-the-calculator-reads-the-rules"
SOURCE_LABEL = {
    "seed-sai-table": "Rulebook SAI table",
    "seed-die-roll-resolution": "Rulebook, Die Roll Resolution",
    "seed-faq-1996": "TSR FAQ part 4 v0.96",
    "seed-dracolem": "Dracolem Rules",
    "rulebook": "Rulebook",
    "octgn": "OCTGN dice data",
}
# Order of roll types in filters and chips; labels come from the rules data (sai-application).
ROLL_ORDER = ("maneuver", "melee", "missile", "magic", "save", "dragon_attack", "individual", "special")
SIZE_ORDER = ("small", "medium", "large", "monster", "champion", "artifact", "medallion", "relic")


def source(src: dict[str, Any] | None) -> str:
    """``Rulebook SAI table, v4.01d, p.31`` from a ``source`` block."""
    if not src:
        return ""
    parts = [SOURCE_LABEL.get(src["doc"], src["doc"]), src.get("edition", "")]
    if src.get("page"):
        parts.append(f"p.{src['page']}")
    return ", ".join(p for p in parts if p and p != "n/a")


def bullets(text: str) -> list[str]:
    """The seed's ``•a <br>•b`` cells as a list of bullets."""
    return [b.strip().lstrip("•").strip() for b in str(text).split("<br>") if b.strip().lstrip("•").strip()]


class Site:
    """The data set plus everything the templates look up more than once."""

    def __init__(self, ds: Dataset) -> None:
        self.ds = ds
        self.linker = Linker(ds)
        self.glyphs = load_glyphs(ds)
        self.icons = {i["id"]: i for i in ds.kinds.get("icons", [])}
        self.sais = {s["id"]: s for s in ds.kinds.get("sais", [])}
        self.roll_labels = {t["roll_type"]: t["name"] for r in ds.kinds.get("rules", [])
                            for t in r.get("types", []) if t.get("roll_type")}
        self.carriers: dict[str, list[tuple[dict[str, Any], list[int]]]] = defaultdict(list)
        for die in ds.kinds.get("dice", []):
            counts: dict[str, list[int]] = defaultdict(list)
            for face in die["faces"]:
                counts[face["icon"]].append(face.get("count", 1))
            for icon, cs in counts.items():
                self.carriers[icon].append((die, cs))
        names = defaultdict(int)
        for die in ds.kinds.get("dice", []):
            names[(die["species"], die["name"])] += 1
        self.shared_names = {k for k, n in names.items() if n > 1}
        self.rulings_for: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
        for ruling in ds.kinds.get("rulings", []):
            for kind, ids in (ruling.get("links") or {}).items():
                for ident in ids or []:
                    self.rulings_for[(kind, ident.partition("#")[0])].append(ruling)
        self.examples: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for ex in ds.kinds.get("examples", []):
            self.examples[ex["page"]].append(ex)
        self.part_rule = {p["id"]: r["id"] for r in ds.kinds.get("rules", [])
                          for key in ("steps", "points", "types", "sections") for p in r.get(key, [])}
        self.has_calc_doc = (DOCS_DIR / f"{CALC_DOC}.md").exists()
        self.engine_error: str | None = None
        self._engine: Any = None
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), trim_blocks=True,
                                      lstrip_blocks=True, keep_trailing_newline=True,
                                      comment_start_string="{##", comment_end_string="##}",
                                      undefined=jinja2.StrictUndefined)
        self.env.filters.update(h=lambda s: html.escape(str(s)), short=short, source=source,
                                bullets=bullets, slug=lambda s: str(s).replace("_", "-"))
        self.env.globals.update(site=self, a=a, rel_url=rel_url, roll_label=self.roll_label,
                                icon_name=self.icon_name, json=json.dumps, icon=self.glyphs.icon)

    # --- small lookups used by templates -------------------------------------------------
    def roll_label(self, roll: str) -> str:
        return self.roll_labels.get(roll, roll.replace("_", " ").capitalize())

    def icon_name(self, icon: str) -> str:
        entry = self.icons.get(icon) or self.sais.get(icon)
        return entry["name"] if entry else icon

    def icon_kind(self, icon: str) -> str:
        return self.icons[icon]["kind"] if icon in self.icons else "sai"

    def link(self, text: str, page: str, skip: tuple[str, ...] = ()) -> str:
        return self.linker.link(str(text), page, skip)

    def die_href(self, page: str, die: dict[str, Any]) -> str:
        return rel_url(page, f"dice/{die['species']}", die["id"].split("/", 1)[1])

    def die_label(self, die: dict[str, Any]) -> str:
        """A die's name; dice sharing a name on one page (Dragonkin, Eldarim) get their element added."""
        if (die["species"], die["name"]) in self.shared_names and die.get("element"):
            return f"{die['name']} ({', '.join(die['element']).title()})"
        return die["name"]

    def card(self, page: str, die: dict[str, Any]) -> dict[str, Any]:
        """A unit or item die as a drawn card (``_macros.md.j2`` ``die_card``)."""
        return dice_cards.unit_card(self, page, die)

    def die_size(self, die: dict[str, Any]) -> str:
        """``large unit (d6)``; ``monster (d10)`` when size and kind say the same."""
        size = die["kind"] if die["size"] == die["kind"] else f"{die['size']} {die['kind']}"
        return f"{size} ({die['die']})"

    def entry_link(self, page: str, kind: str, ident: str, anchor: str | None = None) -> str:
        target = {"sais": "sai", "spells": "spells", "species": "species", "rules": "rules",
                  "rulings": "rulings"}[kind]
        if kind == "rulings":
            ruling = self.ds.get("rulings", ident)
            return a(rel_url(page, "rulings", ident), ruling["name"], short(ruling["edition_note"]))
        entry = self.ds.get(kind, ident)
        name = entry["name"]
        if anchor:
            part = next((s for key in ("steps", "points", "types", "sections") for s in entry.get(key, [])
                         if s.get("id") == anchor), None)
            label = part.get("title") or part.get("name") if part else None
            name += f": {'Step ' + str(part['number']) + ' ' if part and part.get('number') else ''}{label or anchor}"
        return a(rel_url(page, f"{target}/{ident}", anchor), name, entry_title(kind, entry))

    def rule_link(self, page: str, ident: str) -> str:
        """Link to a rule or to one part (step, point, type) of a rule by the part's id."""
        if self.ds.has("rules", ident):
            return self.entry_link(page, "rules", ident)
        return self.entry_link(page, "rules", self.part_rule[ident], ident)

    def concerns(self, page: str, ruling: dict[str, Any]) -> str:
        """Links to everything a ruling is about (``links`` of the ruling)."""
        out = []
        for kind, ids in (ruling.get("links") or {}).items():
            for ref in ids or []:
                ident, _, frag = ref.partition("#")
                out.append(self.rule_link(page, frag or ident) if kind == "rules"
                           else self.entry_link(page, kind, ident))
        return ", ".join(out)

    def see_href(self, page: str, see: str | None) -> str | None:
        """Engine trace ``see`` links (root-absolute) made relative; None if the page is absent."""
        if not see or (see.startswith(f"/{CALC_DOC}/") and not self.has_calc_doc):
            return None
        return site_url(page, see) if see.startswith("/") else see

    # --- example rolls ---------------------------------------------------------------------
    def trace(self, example: dict[str, Any]) -> dict[str, Any] | None:
        """The engine's trace of an example roll, or None if the engine is missing or fails."""
        try:
            if self._engine is None:
                from calculator import Engine

                self._engine = Engine(self.ds.bundle())
            return self._engine.resolve(example["input"])
        except Exception as exc:  # noqa: BLE001 - an engine bug must not break the site build
            self.engine_error = f"{example['id']}: {type(exc).__name__}: {exc}"
            return None

    def calculator_href(self, page: str, example: dict[str, Any]) -> str:
        roll = json.dumps(example["input"], separators=(",", ":"), ensure_ascii=False)
        return rel_url(page, "calculator") + "?roll=" + quote(roll, safe="")

    def render(self, template: str, **ctx: Any) -> str:
        # Each page carries the symbols of the icons it draws (no extra request per page).
        return self.glyphs.with_defs(self.env.get_template(template).render(**ctx))


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
                       rulings=site.rulings_for.get(("sais", sai["id"]), []),
                       examples=site.examples.get(page, []))


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
                       rulings=site.rulings_for.get(("spells", spell["id"]), []),
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
                       rulings=site.rulings_for.get(("species", sp["id"]), []),
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


def render_rule(site: Site, rule: dict[str, Any]) -> str:
    page = f"rules/{rule['id']}"
    return site.render("rule.md.j2", page=page, rule=rule,
                       rulings=site.rulings_for.get(("rules", rule["id"]), []),
                       examples=site.examples.get(page, []))


def render_pages(ds: Dataset) -> dict[str, str]:
    """Every generated page: relative path below ``build/docs`` -> Markdown."""
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
    for rule in ds.kinds.get("rules", []):
        out[f"rules/{rule['id']}.md"] = render_rule(site, rule)
    out["rules/index.md"] = site.render("rules_index.md.j2", page="rules", rules=ds.kinds.get("rules", []))
    out["rulings/index.md"] = site.render("rulings.md.j2", page="rulings", rulings=ds.kinds.get("rulings", []))
    out["terrains/index.md"] = site.render("terrains.md.j2", page="terrains", types=ds.kinds.get("terrain_types", []),
                                           terrains=ds.kinds.get("terrains", []))
    out["dragons/index.md"] = site.render("dragons.md.j2", page="dragons", dragons=ds.kinds.get("dragons", []))
    out[SPRITE] = site.glyphs.sprite()
    out[NAMES] = site.glyphs.names_json()
    out.update(previews.render_previews(site))
    if site.engine_error:
        import sys

        print(f"warning: example rolls not rendered ({site.engine_error})", file=sys.stderr)
    return out
