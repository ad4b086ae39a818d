"""What every page template looks up: the data set plus indexes built once, links and wording.

:class:`Site` is handed to each page renderer (:mod:`generator.pages.render`, :mod:`generator.pages.reference`,
:mod:`generator.pages.search`, :mod:`generator.pages.previews`); templates reach it as ``site``.
"""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2

from calculator import Engine
from calculator.bundle import make_clause, make_modifiers
from calculator.magic.casters import casting
from calculator.kinds import EFFECTS
from calculator.core.rolls import CATEGORY_NAMES

from . import dice_cards
from ..data.dataset import Dataset
from ..data.examples import example_error
from ..images.glyphs import load_glyphs
from .links import Linker, a, entry_title, esc, rel_url, short, site_url
from ..paths import DOCS_DIR
from .text import bullets, part_title, point_label, point_text, ruling_index, words
from .wording import Wording

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
CALC_DOC = "rules/how-the-calculator-reads-the-rules"
TIMINGS = ("static", "triggered", "activated")   # section ids ability-types-<timing> explain them


# The icon key's parts: a title and the icon kinds (data/icons.yaml) it lists.
ICON_KEY = (("Results", ("id", "action")), ("Dragon faces", ("dragon-face",)), ("Eighth faces", ("eighth-face",)),
            ("Minor terrain faces", ("minor-terrain",)), ("Relic faces", ("relic-element",)))


# The rule part that says which SAIs work in the Dead Unit Area (seed 000, General SAI rules).
DUA_RULE = "sai-general-rules-2"


class Site:
    """The data set plus everything the templates look up more than once."""

    def __init__(self, ds: Dataset) -> None:
        self.ds = ds
        self.wording = Wording(ds.kinds.get("sources", []))
        self.say = self.wording.say
        self.linker = Linker(ds, self.say)
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
        names: defaultdict[tuple[str, str], int] = defaultdict(int)
        for die in ds.kinds.get("dice", []):
            names[(die["species"], die["name"])] += 1
        self.shared_names = {k for k, n in names.items() if n > 1}
        self.rulings_for, self.points_for = ruling_index(ds)
        self.examples: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for ex in ds.kinds.get("examples", []):
            self.examples[ex["page"]].append(ex)
        self.part_rule = {p["id"]: r["id"] for r in ds.kinds.get("rules", [])
                          for key in ("steps", "points", "types", "sections") for p in r.get(key, [])}
        types = ds.get("rules", "ability-types") if ds.has("rules", "ability-types") else {}
        self.timing_sections = {s["id"].removeprefix("ability-types-"): s for s in types.get("sections", [])}
        self.has_calc_doc = (DOCS_DIR / f"{CALC_DOC}.md").exists()
        self.engine_error: str | None = None
        self._engine: Engine | None = None
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), trim_blocks=True,
                                      lstrip_blocks=True, keep_trailing_newline=True,
                                      comment_start_string="{##", comment_end_string="##}",
                                      undefined=jinja2.StrictUndefined)
        self.env.filters.update(h=esc, source=self.wording.label, say=self.say,
                                short=lambda s, n=140: short(self.plain(s), n),
                                bullets=bullets, slug=lambda s: str(s).replace("_", "-"), words=words,
                                point_text=point_text)
        self.env.globals.update(site=self, a=a, rel_url=rel_url, roll_label=self.roll_label,
                                icon_name=self.icon_name, json=json.dumps, timings=TIMINGS,
                                icon=self.glyphs.icon)

    # --- small lookups used by templates -------------------------------------------------
    def roll_label(self, roll: str) -> str:
        return self.roll_labels.get(roll) or CATEGORY_NAMES.get(roll, roll.replace("_", " ").capitalize())

    def effect_text(self, clause: dict[str, Any]) -> str:
        """What a clause's effects do, in the words of their registered kinds (X left as X)."""
        raw = ([clause["effect"]] if clause.get("effect") else []) + list(clause.get("extra_effects") or [])
        return "; ".join(EFFECTS.make(e, "effect").describe("X") for e in raw) or "—"

    def modifier_labels(self, spell: dict[str, Any]) -> list[str]:
        """A spell's roll modifiers in the words of the calculator's registry ("−2 melee", ...)."""
        out = []
        raw = spell["modifier"] if isinstance(spell["modifier"], list) else [spell["modifier"]]
        for m, mod in zip(raw, make_modifiers(spell)):
            who = {"army": "an army", "terrain": "every army at a terrain",
                   "opposing-army": "an opposing army"}.get(m.get("target", ""), "")
            out.append(mod.label() + (f", for {who}" if who else "") + (f": {m['condition']}" if m.get("condition") else ""))
        return out

    def spell_casting(self, spell: dict[str, Any]) -> dict[str, Any]:
        """Which magic pays for a spell and which species make it, from the engine (calculator.magic.casters)."""
        return casting(self.engine().index, spell["id"])

    def works_in_dua(self, clause: dict[str, Any]) -> bool:
        """The engine's reading: parts that generate saves work in the DUA unless limited to armies."""
        return make_clause(0, clause).works_in_dua()

    def sai_marks(self, sai: dict[str, Any]) -> list[tuple[str, str, str]]:
        """The marks an SAI page shows that a player may not know, each with the rule part that says
        what it means: (mark, that part's id, its text). "Save*" and other starred roll types of the
        Applies cell (seed 000, Application), and "works in the DUA" (seed 000, General SAI rules)."""
        out = []
        starred = [b for b in bullets(sai.get("applies_text") or "") if b.endswith("*")]
        for mark in starred:
            part = "sai-application-save" if mark == "Save*" and "save_against" in sai.get("applies_qualified", []) \
                else "sai-application-special"
            out.append((mark, part, self.part_text(part)))
        if any(self.works_in_dua(c) for c in sai.get("clauses", [])):
            out.append(("works in the DUA", DUA_RULE, self.part_text(DUA_RULE)))
        return out

    def part_text(self, ident: str) -> str:
        """The text of one part (step, point, type, section) of a rule, by the part's id."""
        rule = self.ds.get("rules", self.part_rule[ident])
        return next(str(p.get("text", "")) for key in ("steps", "points", "types", "sections")
                    for p in rule.get(key, []) if p.get("id") == ident)

    def part_link(self, page: str, ident: str) -> str:
        """A link to one part of a rule named by the rule alone (a point's whole text is no name)."""
        rule = self.ds.get("rules", self.part_rule[ident])
        return a(rel_url(page, f"rules/{rule['id']}", ident), rule["name"], entry_title("rules", rule, self.plain))

    def dice_selector(self, sel: dict[str, Any]) -> str:
        """``{species: eldarim, kind: champion, elements: one}`` in words."""
        species = next((s["name"] for s in self.ds.kinds.get("species", []) if s["id"] == sel["species"]),
                       sel["species"])
        one = "single-element " if sel.get("elements") == "one" else ""
        return f"{one}{species} {sel.get('kind', 'unit')}s"

    def icon_name(self, icon: str) -> str:
        entry = self.icons.get(icon) or self.sais.get(icon)
        return entry["name"] if entry else icon

    def icon_kind(self, icon: str) -> str:
        return self.icons[icon]["kind"] if icon in self.icons else "sai"

    def icon_key(self, groups: list[tuple[str, list[dict[str, Any]]]]) -> list[tuple[str, list[str]]]:
        """The icons drawn on these cards (SAIs aside: they link to their pages), by kind, in the
        data's order: a key for a player who cannot hover an icon to read its name (on a phone)."""
        used = {icon for _, cards in groups for c in cards for icon, _, _ in c["faces"] if icon in self.icons}
        key = [(title, [i for i, e in self.icons.items() if i in used and e["kind"] in kinds])
               for title, kinds in ICON_KEY]
        return [(title, ids) for title, ids in key if ids]

    def plain(self, text: Any) -> str:
        """Text without markup or internal labels, for quotes, tooltips and search snippets."""
        text = re.sub(r"<[^>]+>", " ", str(text or "")).replace("•", " ")
        return self.linker.plain(" ".join(text.split()))

    def link(self, text: str, page: str, skip: tuple[str, ...] = ()) -> str:
        return self.linker.link(str(text), page, skip)

    def species_name(self, ident: str) -> str:
        return self.ds.get("species", ident)["name"] if self.ds.has("species", ident) else words(ident).title()

    def terrain_name(self, ident: str) -> str:
        """A terrain type or terrain die (``highland``, ``coastland-city``) by its name (``Highland``)."""
        for kind in ("terrain_types", "terrains"):
            if self.ds.has(kind, ident):
                return self.ds.get(kind, ident)["name"]
        return words(ident).title()

    def face_label(self, token: Any) -> str:
        """An example's rolled face (``4 summon-dragon``) as players read it (``4 Summon Dragon``)."""
        count, _, icon = str(token).partition(" ")
        if not icon:
            count, icon = "", count
        name = self.icon_name(icon) if icon in self.icons or icon in self.sais else words(icon)
        return f"{count} {name}".strip()

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
            return a(rel_url(page, "rulings", ident), ruling["name"], short(self.say(ruling["edition_note"])))
        entry = self.ds.get(kind, ident)
        name = entry["name"]
        if anchor and kind == "rules":
            name += f": {self.part_name(ident, anchor)}"
        return a(rel_url(page, f"{target}/{ident}", anchor), name, entry_title(kind, entry, self.plain))

    @staticmethod
    def point_label(ruling: dict[str, Any], point: dict[str, Any]) -> str:
        return point_label(ruling, point)

    def point_link(self, page: str, ruling: dict[str, Any], point: dict[str, Any]) -> str:
        """``Charm E (second)``, linked to the point's permalink, its text as the preview."""
        label = f"{ruling['title']} {point_label(ruling, point)}"
        return a(rel_url(page, "rulings", point["id"]), label, self.say(point_text(point)))

    def page_rulings(self, kind: str, ident: str) -> list[dict[str, Any]]:
        """The rulings about one entry, each with the points that concern it (for its page)."""
        out = []
        for ruling in self.rulings_for.get((kind, ident), []):
            points = [(p, anchor) for r, p, anchor in self.points_for.get((kind, ident), []) if r is ruling]
            out.append({"ruling": ruling, "points": points})
        return out

    def part_name(self, rule_id: str, anchor: str | None) -> str:
        """``Step 6: Subtract`` for a part of a rule, ``""`` for the whole rule."""
        if not anchor:
            return ""
        rule = self.ds.get("rules", rule_id)
        part: dict[str, Any] = next((p for key in ("steps", "points", "types", "sections") for p in rule.get(key, [])
                     if p.get("id") == anchor), {})
        return part_title(part, self.plain) if part else anchor

    def rule_link(self, page: str, ident: str) -> str:
        """Link to a rule or to one part (step, point, type) of a rule by the part's id."""
        if self.ds.has("rules", ident):
            return self.entry_link(page, "rules", ident)
        return self.entry_link(page, "rules", self.part_rule[ident], ident)

    def concerns(self, page: str, ruling: dict[str, Any]) -> str:
        """Links to everything a ruling (or one point of it) is about (its ``links``)."""
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

    def engine(self) -> Engine:
        """The engine over this build's data (made once, when first asked)."""
        if self._engine is None:
            self._engine = Engine(self.ds.bundle())
        return self._engine

    # --- example rolls ---------------------------------------------------------------------
    def trace(self, example: dict[str, Any]) -> dict[str, Any]:
        """The engine's trace of an example roll; a failure stops the build with one data error.

        ``generator check`` already resolves every example, so this only fails on an engine
        change; publishing the example without its trace would hide that.
        """
        try:
            return self.engine().resolve(example["input"])
        except Exception as exc:  # noqa: BLE001 - reported as one line naming the example
            raise example_error(self.ds, example, exc) from None

    def calculator_href(self, page: str, example: dict[str, Any]) -> str:
        roll = json.dumps(example["input"], separators=(",", ":"), ensure_ascii=False)
        return rel_url(page, "calculator") + "?roll=" + quote(roll, safe="")

    @staticmethod
    def hand_written() -> dict[str, str]:
        """The hand-written pages (``docs/**/*.md``): path relative to ``docs/`` -> Markdown."""
        return {p.relative_to(DOCS_DIR).as_posix(): p.read_text(encoding="utf-8") for p in sorted(DOCS_DIR.rglob("*.md"))}

    def render(self, template: str, **ctx: Any) -> str:
        # Each page carries the symbols of the icons it draws (no extra request per page).
        return self.glyphs.with_defs(self.env.get_template(template).render(**ctx))
