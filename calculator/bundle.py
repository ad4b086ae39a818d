"""An index over the data bundle, built once per :class:`calculator.Engine`.

The engine never restates rule data: SAI clauses, dice faces, species abilities, spell
modifiers, terrain elements and step titles are all read here from the bundle.

>>> idx = Index({"sais": [], "dice": [], "icons": [{"id": "melee", "name": "Melee"}]})
>>> idx.icon_id("Melee")
'melee'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .faces import Face
from .vocab import NORMAL_ICONS, ROLL_GROUPS, ROLL_TYPES, slug


@dataclass(frozen=True)
class Generate:
    """Results a clause generates: one type, or a choice among ``types``."""

    types: tuple[str, ...]
    amount: str | int          # "X" or a fixed number
    choice: bool = False
    when: str | None = None    # a condition the engine assumes met (e.g. no-dragon-rolled-jaws)


@dataclass(frozen=True)
class Clause:
    """One bullet of an SAI's effect text, in machine-readable form."""

    index: int
    rolls: frozenset[str]
    against: frozenset[str] | None
    text: str
    generates: tuple[Generate, ...] = ()
    reroll: bool = False
    delayed: bool = False
    dua: bool = False
    optional: bool = False
    effect: Mapping[str, Any] | None = None
    extra_effects: tuple[Mapping[str, Any], ...] = ()
    location: frozenset[str] | None = None      # terrain | reserve
    not_during: frozenset[str] = frozenset()    # counter-attack | counter-maneuver
    reroll_condition: str | None = None
    who: str | None = None                      # which dice the clause is for (logo-champion)

    def matches(self, roll: str, against: str | None, where: str = "terrain", counter: bool = False) -> bool:
        if roll not in self.rolls:
            return False
        if self.location is not None and where not in self.location:
            return False
        if counter and (("counter-attack" in self.not_during and roll == "melee")
                        or ("counter-maneuver" in self.not_during and roll == "maneuver")):
            return False
        if roll == "save" and self.against is not None:
            return (against or "other") in self.against
        return True

    def generates_saves(self) -> bool:
        return any("save" in g.types for g in self.generates)


@dataclass(frozen=True)
class Sai:
    id: str
    name: str
    clauses: tuple[Clause, ...]
    fixed_results: bool = False


@dataclass(frozen=True)
class Die:
    id: str
    name: str
    species: str | None
    kind: str
    health: int | None
    faces: tuple[Face, ...]
    auto_saves: int = 0
    elements: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ability:
    """A species ability with a machine-readable ``engine:`` form."""

    id: str
    name: str
    species: str
    engine: Mapping[str, Any]


@dataclass(frozen=True)
class Step:
    number: int
    rule: str
    title: str


def _rolls(value: Any) -> frozenset[str]:
    out: set[str] = set()
    for r in value if isinstance(value, list) else [value]:
        out.update(ROLL_GROUPS.get(r, (r,)))
    return frozenset(out)


def _generate(g: Mapping[str, Any]) -> Generate | None:
    amount = g.get("amount", "X")
    if "choice" in g:
        return Generate(tuple(g["choice"]), amount, True, g.get("when"))
    if "type" in g:
        return Generate((g["type"],), amount, False, g.get("when"))
    return None


def _clause(i: int, c: Mapping[str, Any]) -> Clause:
    against = c.get("against")
    gens = tuple(g for g in (_generate(x) for x in c.get("generates") or []) if g)
    return Clause(
        index=i,
        rolls=_rolls(c.get("rolls") or []),
        against=frozenset(against) if against else None,
        text=str(c.get("text", "")),
        generates=gens,
        reroll=bool(c.get("reroll")),
        delayed=bool(c.get("delayed")),
        dua=bool(c.get("dua")),
        optional=bool(c.get("optional")),
        effect=c.get("effect") or None,
        extra_effects=tuple(c.get("extra_effects") or ()),
        location=frozenset(c["location"]) if c.get("location") else None,
        not_during=frozenset(c.get("not_during") or ()),
        reroll_condition=c.get("reroll_condition"),
        who=c.get("who"),
    )


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Index:
    """Lookup tables over one bundle (a dict shaped like ``Dataset.bundle()``)."""

    def __init__(self, bundle: Mapping[str, Any]) -> None:
        self.bundle = bundle
        self.sais: dict[str, Sai] = {}
        for s in bundle.get("sais") or []:
            clauses = tuple(_clause(i, c) for i, c in enumerate(s.get("clauses") or []))
            self.sais[s["id"]] = Sai(s["id"], s.get("name", s["id"]), clauses,
                                     bool(s.get("fixed_results")))
        self.icons: dict[str, str] = {}        # any accepted spelling -> icon id
        for ident in NORMAL_ICONS:
            self.icons[ident] = ident
        for kind in ("icons", "sais"):
            for e in bundle.get(kind) or []:
                self.icons.setdefault(e["id"], e["id"])
                self.icons.setdefault(slug(e.get("name", e["id"])), e["id"])
        self.species_names: dict[str, str] = {}
        self.abilities: dict[str, list[Ability]] = {}
        self.ability_ids: set[str] = set()
        self.species_auto_saves: dict[str, Any] = {}
        for sp in bundle.get("species") or []:
            self.species_names[sp["id"]] = sp.get("name", sp["id"])
            for ab in sp.get("abilities") or []:
                self.ability_ids.add(ab["id"])
                eng = ab.get("engine")
                if not eng or eng.get("engine") is False:
                    continue
                if eng.get("kind") == "automatic-saves":
                    self.species_auto_saves[sp["id"]] = eng.get("amount", "health")
                self.abilities.setdefault(sp["id"], []).append(
                    Ability(ab["id"], ab.get("name", ab["id"]), sp["id"], eng))
        for d in bundle.get("dice") or []:   # face icons not (yet) described elsewhere
            for f in d.get("faces") or []:
                self.icons.setdefault(f["icon"], f["icon"])
        self.dice: dict[str, Die] = {}
        for d in bundle.get("dice") or []:
            faces = tuple(Face(self.icons.get(f["icon"], f["icon"]), int(f.get("count", 1)))
                          for f in d.get("faces") or [])
            health = _int(d.get("health"))
            self.dice[d["id"]] = Die(d["id"], d.get("name", d["id"]), d.get("species"),
                                     d.get("kind", "unit"), health, faces,
                                     self.auto_saves(d.get("species"), health, d),
                                     tuple(d.get("element") or ()))
        self.spells: dict[str, Mapping[str, Any]] = {s["id"]: s for s in bundle.get("spells") or []}
        self.terrain_types: dict[str, tuple[str, ...]] = {
            t["id"]: tuple(t.get("elements") or []) for t in bundle.get("terrain_types") or []}
        self.terrains: dict[str, str] = {t["id"]: t.get("type", "") for t in bundle.get("terrains") or []}
        self.steps: dict[int, Step] = self._steps(bundle.get("rules") or [])

    def auto_saves(self, species: str | None, health: int | None, die: Mapping[str, Any] | None = None) -> int:
        """Automatic saves a rolled unit adds at step 10 (Dragonkin: = health, rulebook p.54)."""
        for key in ("automatic_saves", "auto_saves", "autosaves"):
            if die and _int(die.get(key)) is not None:
                return int(die[key])
        amount = self.species_auto_saves.get(species or "")
        if amount is None:
            return 0
        if amount == "health":
            return health or 0
        return _int(amount) or 0

    @staticmethod
    def _steps(rules: list[Mapping[str, Any]]) -> dict[int, Step]:
        out: dict[int, Step] = {}
        rule = next((r for r in rules if r.get("id") == "die-roll-resolution"), None)
        if rule is None:
            return out
        for i, s in enumerate(rule.get("steps") or [], start=1):
            n = _int(s.get("number")) or _int(s.get("step")) or _int(s.get("n")) or i
            anchor = s.get("id") or f"step-{n}"
            title = s.get("title") or s.get("name") or s.get("summary") or s.get("text") or ""
            out[n] = Step(n, f"die-roll-resolution#{anchor}", str(title).strip())
        return out

    def step(self, n: int) -> Step:
        return self.steps.get(n) or Step(n, f"die-roll-resolution#step-{n}", "")

    def icon_id(self, name: str) -> str | None:
        """The icon id for an id, a slug or a name (case-insensitive), else None."""
        return self.icons.get(name) or self.icons.get(slug(name))

    def terrain_elements(self, terrain: str) -> tuple[str, ...] | None:
        """Elements of a terrain type or terrain die; None when unknown."""
        if terrain in self.terrain_types:
            return self.terrain_types[terrain]
        if terrain in self.terrains:
            return self.terrain_types.get(self.terrains[terrain], ())
        return None

    def option_ids(self) -> set[str]:
        return set(self.sais) | self.ability_ids


def valid_roll(value: Any) -> bool:
    return value in ROLL_TYPES
