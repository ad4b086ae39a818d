"""An index over the data bundle, built and checked once per :class:`calculator.Engine`.

The engine never restates rule data: SAI clauses, dice faces, species abilities, spell
modifiers, terrain elements, the X rules and the step titles are all read here. Every effect,
ability and modifier is made by its registered kind, which checks its parameters: data that
names a kind or a parameter nothing owns raises :class:`BundleError` naming the entry and field.

>>> idx = Index({"sais": [], "dice": [], "icons": [{"id": "melee", "name": "Melee"}]})
>>> idx.icon_id("Melee")
'melee'
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .core.dice import ALLOYS, HEALTH_BY_SIZE, XRules, is_item
from .core.errors import BundleError, ParamError, in_entry
from .core.faces import Face, slug
from .kinds import ABILITIES, EFFECTS, MODIFIERS, SPELL_EFFECTS, TERRAIN
from .kinds.abilities import Ability
from .kinds.modifiers import Modifier
from .kinds.spells import SpellEffect
from .kinds.terrain import TerrainEffect
from .kinds.dragon import dragon_rules
from .kinds.roll import Generate, Reroll
from .core.registry import Bool, Int, Kind, ListOf, OneOf, Struct, Text, against_list, check_fields, roll_categories
from .core.rolls import RESULT_TYPES, SITUATIONS, Roll

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from .core.seams import RollUnit

NORMAL_ICONS: tuple[str, ...] = ("id",) + RESULT_TYPES
DICE_SELECTOR = Struct({"species": Text(required=True), "kind": Text(), "elements": OneOf(("one",), "elements"),
                        "alloy": OneOf(ALLOYS, "alloy")},
                       "dice selector")
CLAUSE_FIELDS = {
    "rolls": roll_categories(required=True), "against": against_list(),
    "location": ListOf(OneOf(("terrain", "reserve"), "place")),
    "not_during": ListOf(OneOf(SITUATIONS, "situation")), "dice": DICE_SELECTOR,
    "army_roll": Bool(default=False), "condition": Text(), "text": Text(), "summary": Text(),
    "source": Struct({"doc": Text(required=True), "edition": Text(required=True), "page": Int(1)}, "source"),
    "delayed": Bool(default=False), "dua": Bool(), "optional": Bool(default=False),
}


@dataclass(frozen=True)
class Clause:
    """One part of an SAI's effect text, made of registered kinds."""

    index: int
    rolls: frozenset[str]
    against: frozenset[str] | None
    location: frozenset[str] | None
    not_during: frozenset[str]
    dice: Mapping[str, Any] | None
    army_roll: bool
    text: str
    generates: tuple[Generate, ...]
    reroll: Reroll | None
    delayed: bool
    dua: bool | None          # None: the rule for the DUA (only save-generating SAIs work there)
    optional: bool
    effects: tuple[Kind, ...]

    def rank(self, roll: Roll) -> int | None:
        """How well this part fits the roll (see Roll.rank), or None when it does not apply."""
        if self.army_roll and (roll.type.individual or roll.dua):
            return None
        if roll.is_save and self.against is not None and self.rolls & {"save", "individual"}:
            if (roll.against or "other") not in self.against:
                return None
        if self.location is not None and roll.where not in self.location:
            return None
        if self.not_during & set(roll.situations()):
            return None
        return roll.rank(self.rolls)

    def generates_saves(self) -> bool:
        return any("save" in g.types for g in self.generates) or any(e.generates_saves for e in self.effects)

    def works_in_dua(self) -> bool:
        # In the DUA only SAIs that generate save results function, unless stated (seed 000).
        return self.dua if self.dua is not None else self.generates_saves()

    def fits_die(self, unit: RollUnit) -> bool:
        sel = self.dice
        if not sel:
            return True
        if unit.species != sel["species"] or (sel.get("kind") and unit.kind != sel["kind"]):
            return False
        if sel.get("alloy") and unit.alloy != sel["alloy"]:
            return False          # a medallion's Logo depends on its alloy (rulebook p.59)
        return not (sel.get("elements") == "one" and unit.elements is not None and len(unit.elements) != 1)


@dataclass(frozen=True)
class Sai:
    id: str
    name: str
    clauses: tuple[Clause, ...]

    def part(self, roll: Roll, unit: RollUnit) -> tuple[Clause | None, int]:
        """The part of the text that applies: the best-fitting one, first in text order; and how many fit."""
        fits = [(r, c.index, c) for c in self.clauses if c.fits_die(unit) for r in (c.rank(roll),) if r is not None]
        if not fits:
            return None, 0
        best = min(fits, key=lambda f: (f[0], f[1]))
        return best[2], len(fits)


@dataclass(frozen=True)
class Die:
    id: str
    name: str
    species: str | None
    kind: str
    size: str | None
    health: int | None
    faces: tuple[Face, ...]
    elements: tuple[str, ...]
    auto_saves: int = 0
    alloy: str | None = None          # Dracolem and medallions (bronze, silver, gold)
    carries: str = ""                 # the die's own "nothing" (data/README.md), else its species'

    @property
    def is_item(self) -> bool:
        return is_item(self.kind)


@dataclass(frozen=True)
class SpeciesAbility:
    id: str
    name: str
    species: str
    kind: Ability


@dataclass(frozen=True)
class TerrainFace:
    """An icon of a terrain die's eighth face or a minor terrain's face, with its registered kinds."""

    id: str
    name: str
    kind: str                           # eighth-face, minor-terrain, action
    effects: tuple[TerrainEffect, ...]


@dataclass(frozen=True)
class TerrainDie:
    """A terrain die of terrains.yaml: major (faces 1-8 by number) or minor (its eight icons)."""

    id: str
    name: str
    type: str
    minor: bool
    elements: tuple[str, ...]
    faces: tuple[str, ...]              # icon ids, face 1 first
    eighth_face: str | None
    advanced: bool = False              # an advanced terrain (p.15): only at the frontier
    anywhere: bool = False              # a minor terrain that enters play whatever the terrain's elements (p.15)

    def may_enter(self, terrain: tuple[str, ...]) -> bool:
        """p.15: a minor terrain enters play only where an element of it matches the terrain's."""
        return self.anywhere or bool(set(self.elements) & set(terrain))


@dataclass(frozen=True)
class Step:
    number: int
    rule: str
    title: str


def make_clause(i: int, raw: Mapping[str, Any]) -> Clause:
    where = f"clauses[{i}]"
    special = {k: raw[k] for k in ("generates", "reroll", "effect", "extra_effects") if k in raw}
    plain = check_fields({k: v for k, v in raw.items() if k not in special}, CLAUSE_FIELDS, where)
    if not (plain["text"] or plain["summary"]):
        raise ParamError(f"{where}.text", "a clause needs 'text' (quoted) or 'summary' (own words)")
    gens = tuple(Generate(g, f"{where}.generates[{j}]") for j, g in enumerate(raw.get("generates") or []))
    reroll = Reroll(raw["reroll"], f"{where}.reroll") if raw.get("reroll") not in (None, False) else None
    effects = []
    if raw.get("effect") is not None:
        effects.append(EFFECTS.make(raw["effect"], f"{where}.effect"))
    effects += [EFFECTS.make(e, f"{where}.extra_effects[{j}]") for j, e in enumerate(raw.get("extra_effects") or [])]
    return Clause(i, frozenset(plain["rolls"]), frozenset(plain["against"]) if plain["against"] else None,
                  frozenset(plain["location"]) if plain["location"] else None, frozenset(plain["not_during"] or ()),
                  plain["dice"], plain["army_roll"], plain["text"] or plain["summary"], gens, reroll,
                  plain["delayed"], plain["dua"], plain["optional"], tuple(effects))


def make_modifiers(spell: Mapping[str, Any], where: str = "modifier") -> tuple[Modifier, ...]:
    raw = spell.get("modifier")
    if not raw:
        return ()
    parts = raw if isinstance(raw, list) else [raw]
    out = []
    for j, m in enumerate(parts):
        w = f"{where}[{j}]" if isinstance(raw, list) else where
        mod = MODIFIERS.make(m, w, key="op")
        out.append(mod.bind(spell.get("name", spell["id"]), spell["id"]))
    return tuple(out)


def make_spell_effect(spell: Mapping[str, Any]) -> SpellEffect | None:
    """The spell's ``effect`` (a kind of calculator.kinds.spells): damage or a roll it calls for."""
    raw = spell.get("effect")
    return SPELL_EFFECTS.make(raw, "effect") if raw else None


V = TypeVar("V")


class Lazy(Mapping[str, V]):
    """Entries of one kind by id, each made (and checked) when first read: ``Index(lazy=True)``.
    The browser's engine then answers its first roll without making the hundreds of dice, SAIs
    and spells that roll does not name (the build checks every entry once: a bad entry is never
    shipped)."""

    def __init__(self, kind: str, raw: Mapping[str, Any], make: Callable[[Any], V]) -> None:
        self._kind, self._raw, self._make = kind, raw, make
        self._made: dict[str, V] = {}

    def __getitem__(self, key: str) -> V:
        if key in self._made:
            return self._made[key]
        raw = self._raw[key]                 # KeyError: no such entry
        try:
            made = self._make(raw)
        except KeyError as exc:              # never read as "no such entry" by .get()
            raise BundleError(self._kind, key, str(exc), "a field the engine needs is missing") from None
        self._made[key] = made
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __contains__(self, key: object) -> bool:
        return key in self._raw


def _table(kind: str, entries: list[dict[str, Any]] | None, make: Callable[[Any], V], lazy: bool) -> Mapping[str, V]:
    raw = {e["id"]: e for e in entries or []}
    return Lazy(kind, raw, make) if lazy else {k: make(e) for k, e in raw.items()}


class Index:
    """Typed lookup tables over one bundle (a dict shaped like ``Dataset.bundle()``).

    ``lazy``: the dice, SAIs and spell modifiers are made when first read (:class:`Lazy`),
    not all at once; for a bundle already checked (the browser's, checked by the build)."""

    MEMO_SIZE = 50_000       # answers kept in ``memo`` at most

    def __init__(self, bundle: Mapping[str, Any], lazy: bool = False) -> None:
        self.bundle = bundle
        self.memo: dict[tuple, Any] = {}    # faceval.contribution's answers (a pure function)
        self.units: dict[tuple, Any] = {}   # checked catalogue units by their input (inputs.parse_unit)
        self.sais = _table("sais", bundle.get("sais"), lambda s: in_entry("sais", s["id"], self._sai, s), lazy)
        self.icons: dict[str, str] = {i: i for i in NORMAL_ICONS}   # any accepted spelling -> icon id
        self.icon_names: dict[str, str] = {}
        for kind in ("icons", "sais"):
            for e in bundle.get(kind) or []:
                self.icons.setdefault(e["id"], e["id"])
                self.icons.setdefault(slug(e.get("name", e["id"])), e["id"])
                self.icon_names.setdefault(e["id"], e.get("name", e["id"]))
        self.species_names: dict[str, str] = {}
        # What a species' units may carry beyond their elements ("any-element", "nothing"; p.59, p.54).
        self.species_carries: dict[str, str] = {sp["id"]: str((sp.get("force") or {}).get("carries") or "")
                                                for sp in bundle.get("species") or []}
        self.abilities: dict[str, list[SpeciesAbility]] = {}
        for sp in bundle.get("species") or []:
            self.species_names[sp["id"]] = sp.get("name", sp["id"])
            self.abilities[sp["id"]] = in_entry("species", sp["id"], self._abilities, sp)
        self.spells: dict[str, Mapping[str, Any]] = {s["id"]: s for s in bundle.get("spells") or []}
        self.modifiers = _table("spells", bundle.get("spells"), lambda s: in_entry("spells", s["id"], make_modifiers, s), lazy)
        self.spell_effects = _table("spells", bundle.get("spells"),
                                    lambda s: in_entry("spells", s["id"], make_spell_effect, s), lazy)
        self.terrain_types = {t["id"]: tuple(t.get("elements") or []) for t in bundle.get("terrain_types") or []}
        self.minor_anywhere = {t["id"] for t in bundle.get("terrain_types") or [] if t.get("minor_anywhere")}
        self.terrain_type_names = {t["id"]: t.get("name", t["id"]) for t in bundle.get("terrain_types") or []}
        self.terrains = {t["id"]: t.get("type", "") for t in bundle.get("terrains") or []}
        self.terrain_faces = {i["id"]: in_entry("icons", i["id"], self._terrain_face, i)
                              for i in bundle.get("icons") or [] if i.get("terrain_effects")}
        self.terrain_dice = {t["id"]: self._terrain_die(t) for t in bundle.get("terrains") or []}
        rules = bundle.get("rules") or []
        self.steps = self._steps(rules)
        # The ten steps of Die Roll Resolution (p.27) as each roll's answer names them: made once here,
        # read by every roll resolved (the exchange's resolver makes hundreds of thousands).
        self.ten_steps: tuple[Step, ...] = tuple(self.step(n) for n in range(1, 11))
        force = next((r.get("force") or {} for r in rules if r.get("id") == "setup-and-victory"), {})
        # The item kinds a unit carries only when it shares their element (p.59); the others any unit may.
        self.by_element: tuple[str, ...] = tuple((force.get("carrying") or {}).get("by_element") or ())
        self.x_rules = XRules(next((r.get("x_by_die") or [] for r in rules if r.get("id") == "x-values"), []))
        self.dice = _table("dice", bundle.get("dice"), self._die, lazy)
        self.dragons = {d["id"]: d for d in bundle.get("dragons") or []}
        # The dragon faces' kinds, the dragon types' table and the breath effects (calculator.kinds.dragon).
        self.dragon_faces, self.dragon_types, self.breath_effects = dragon_rules(bundle, rules, self.dragons)

    def keep(self, key: tuple, value: object) -> Any:
        """Keep ``value``, the answer of a pure function for ``key``, in ``memo`` and give it back;
        past MEMO_SIZE answers the memo starts again, so its memory stays bounded."""
        if len(self.memo) >= self.MEMO_SIZE:
            self.memo.clear()
        self.memo[key] = value
        return value

    @staticmethod
    def _sai(s: Mapping[str, Any]) -> Sai:
        return Sai(s["id"], s.get("name", s["id"]), tuple(make_clause(i, c) for i, c in enumerate(s.get("clauses") or [])))

    @staticmethod
    def _abilities(sp: Mapping[str, Any]) -> list[SpeciesAbility]:
        out = []
        for i, ab in enumerate(sp.get("abilities") or []):
            if ab.get("engine"):
                kind = ABILITIES.make(ab["engine"], f"abilities[{i}].engine")
                out.append(SpeciesAbility(ab["id"], ab.get("name", ab["id"]), sp["id"], kind))
        return out

    @staticmethod
    def _terrain_face(i: Mapping[str, Any]) -> TerrainFace:
        effects = tuple(TERRAIN.make(e, f"terrain_effects[{j}]") for j, e in enumerate(i["terrain_effects"]))
        return TerrainFace(i["id"], i.get("name", i["id"]), i.get("kind", ""), effects)

    def _terrain_die(self, t: Mapping[str, Any]) -> TerrainDie:
        faces = t.get("faces") or []       # in face order (data test: 1 to 8); the slim bundle keeps only icons
        return TerrainDie(t["id"], t.get("name", t["id"]), t.get("type", ""), t.get("category") == "minor",
                          self.terrain_types.get(t.get("type", ""), ()),     # a die has its type's elements
                          tuple(f["icon"] for f in faces), t.get("eighth_face"), bool(t.get("advanced")),
                          t.get("type", "") in self.minor_anywhere)

    def _die(self, d: Mapping[str, Any]) -> Die:
        faces = tuple(Face(self.icons.get(f["icon"], f["icon"]), int(f.get("count", 1))) for f in d.get("faces") or [])
        health = d.get("health") if isinstance(d.get("health"), int) else None
        return Die(d["id"], d.get("name", d["id"]), d.get("species"), d.get("kind", "unit"), d.get("size"),
                   health, faces, tuple(d.get("element") or ()), self.auto_saves(d.get("species"), health),
                   d.get("alloy"), str(d.get("carries") or ""))

    def carries(self, die_id: str | None, species: str | None) -> str:
        """What a unit may carry beyond its elements: its die's own word, else its species'."""
        die = self.dice.get(die_id) if die_id else None
        return (die.carries if die else "") or self.species_carries.get(species or "", "")

    def auto_saves(self, species: str | None, health: int | None) -> int:
        """Automatic saves a rolled unit adds at step 10 (Dragonkin: = health, rulebook p.54);
        remembered, a pure function of the data."""
        key = ("auto-saves", species, health)
        hit: int | None = self.memo.get(key)
        if hit is None:
            hit = self.keep(key, max((ab.kind.auto_saves(health) for ab in self.abilities.get(species or "", [])),
                                     default=0))
        return hit

    @staticmethod
    def _steps(rules: list[Mapping[str, Any]]) -> dict[int, Step]:
        rule = next((r for r in rules if r.get("id") == "die-roll-resolution"), None)
        out: dict[int, Step] = {}
        for i, s in enumerate((rule or {}).get("steps") or [], start=1):
            n = s.get("number") if isinstance(s.get("number"), int) else i
            out[n] = Step(n, f"die-roll-resolution#{s.get('id') or f'step-{n}'}", str(s.get("title") or "").strip())
        return out

    def step(self, n: int) -> Step:
        return self.steps.get(n) or Step(n, f"die-roll-resolution#step-{n}", "")

    def icon_id(self, name: str) -> str | None:
        """The icon id for an id, a slug or a name (case-insensitive), else None."""
        return self.icons.get(name) or self.icons.get(slug(name))

    def icon_name(self, icon: str) -> str:
        return self.icon_names.get(icon, icon)

    def terrain_elements(self, terrain: str) -> tuple[str, ...] | None:
        """Elements of a terrain type or terrain die; None when unknown."""
        if terrain in self.terrain_types:
            return self.terrain_types[terrain]
        if terrain in self.terrains:
            return self.terrain_types.get(self.terrains[terrain], ())
        return None

    def default_health(self, kind: str, size: str | None) -> int | None:
        return HEALTH_BY_SIZE.get(size or "") or HEALTH_BY_SIZE.get(kind)

    def option_ids(self) -> set[str]:
        return set(self.sais) | {a.id for abs_ in self.abilities.values() for a in abs_}
