"""What the army builder knows of the data: every die a force may name (units, items, terrains,
dragons) as a :class:`Piece`, and the setup limits of ``data/rules.yaml`` (``setup-and-victory``,
field ``force``) and of the species (field ``force``) as :class:`ForceRules`.

No number of a rule is written here: each comes from the data, which names its rulebook page.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bundle import Index
from ..core.errors import BundleError

RULE = "setup-and-victory"      # the rule entry that holds the force limits (data/rules.yaml)
UNIT, ITEM, DRAGON, TERRAIN = "unit", "item", "dragon", "terrain"


@dataclass(frozen=True)
class Limit:
    """One limit of the data: its numbers and the site address of the rule part it comes from."""

    see: str
    values: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: object = None) -> Any:
        return self.values.get(key, default)


@dataclass(frozen=True)
class Problem:
    """A rule the force breaks: player words, the address of the rule part, the input's field."""

    text: str
    see: str
    field: str

    def to_json(self) -> dict[str, str]:
        return {"text": self.text, "see": self.see, "field": self.field}


@dataclass(frozen=True)
class Piece:
    """A die a force may name: its sort (unit, item, dragon, terrain) and what the setup rules read."""

    id: str
    name: str
    sort: str
    kind: str = ""
    size: str = ""
    species: str = ""
    health: int = 0
    elements: frozenset[str] = frozenset()
    carries: str = ""               # "", or the species' or die's own "any-element" / "nothing"
    in_pool: bool = False           # a unit that starts in the Summoning Pool (Dragonkin, p.54)
    major: bool = False             # a terrain of the category a home or frontier must be
    frontier_only: bool = False     # an advanced terrain (p.15)
    dragons: int = 0                # how many dragons it counts as (a White Dragon: two, p.17)


@dataclass(frozen=True)
class ForceRules:
    sizes: Limit
    points: Limit
    terrains: Limit
    dragons: Limit
    armies: Limit
    pool: Limit
    carrying: Limit
    pool_species: Mapping[str, Limit] = field(default_factory=dict)   # species id -> its allowance
    pool_items: Mapping[str, Limit] = field(default_factory=dict)     # species id -> items it may start there
    species_names: Mapping[str, str] = field(default_factory=dict)


def url(see: str) -> str:
    """``rule#part`` -> the part's address on the site (``/rules/rule/#part``)."""
    rule, _, part = see.partition("#")
    return f"/rules/{rule}/#{part}" if part else f"/rules/{rule}/"


def _limit(raw: Mapping[str, Any], name: str) -> Limit:
    part = raw.get(name)
    if not isinstance(part, Mapping) or not isinstance(part.get("see"), str):
        raise BundleError("rules", RULE, f"force.{name}", "missing: the army builder needs it")
    return Limit(url(part["see"]), part)


def force_rules(index: Index) -> ForceRules:
    rule = next((r for r in index.bundle.get("rules") or [] if r.get("id") == RULE), None)
    raw = (rule or {}).get("force")
    if not isinstance(raw, Mapping):
        raise BundleError("rules", RULE, "force", "missing: the army builder needs the setup limits")
    pool_items = {sp["id"]: Limit(url(sp["force"]["pool_items"]["see"]), sp["force"]["pool_items"])
                  for sp in index.bundle.get("species") or []
                  if isinstance(sp.get("force"), Mapping) and isinstance(sp["force"].get("pool_items"), Mapping)}
    pool_species = {sp["id"]: Limit(url(sp["force"]["see"]), sp["force"]) for sp in index.bundle.get("species") or []
                    if isinstance(sp.get("force"), Mapping) and sp["force"].get("summoning_pool")}
    return ForceRules(sizes=_limit(raw, "sizes"), points=_limit(raw, "points"), terrains=_limit(raw, "terrains"),
                      dragons=_limit(raw, "dragons"), armies=_limit(raw, "armies"), pool=_limit(raw, "summoning_pool"),
                      carrying=_limit(raw, "carrying"), pool_species=pool_species, pool_items=pool_items,
                      species_names=dict(index.species_names))


def _die(d: Mapping[str, Any], species: Mapping[str, Mapping[str, Any]]) -> Piece:
    sp = species.get(d.get("species") or "", {})
    health = int(d["health"]) if isinstance(d.get("health"), int) else 0
    return Piece(d["id"], d.get("name", d["id"]), UNIT if health else ITEM, d.get("kind", ""), d.get("size", ""),
                 d.get("species", ""), health, frozenset(d.get("element") or ()),
                 d.get("carries") or sp.get("carries") or "", bool(sp.get("summoning_pool")))


def pieces(index: Index, rules: ForceRules) -> dict[str, Piece]:
    """Every die of the bundle by id (dice, terrains, dragons)."""
    species = {sp["id"]: sp.get("force") or {} for sp in index.bundle.get("species") or []}
    worth = {w["dragon_type"]: w["dragons"] for w in rules.dragons.get("worth") or []}
    out: dict[str, Piece] = {d["id"]: _die(d, species) for d in index.bundle.get("dice") or []}
    for t in index.bundle.get("terrains") or []:
        out[t["id"]] = Piece(t["id"], t.get("name", t["id"]), TERRAIN, major=t.get("category") == rules.terrains["category"],
                             frontier_only=bool(t.get(rules.terrains["frontier_only"])))
    for g in index.bundle.get("dragons") or []:
        out[g["id"]] = Piece(g["id"], g.get("name", g["id"]), DRAGON, dragons=worth.get(g.get("dragon_type"), 1))
    return out


@dataclass(frozen=True)
class Catalogue:
    rules: ForceRules
    pieces: Mapping[str, Piece]


def catalogue(index: Index) -> Catalogue:
    """The force catalogue of an index, built once and kept with it."""
    key = ("forces",)
    out: Catalogue | None = index.memo.get(key)
    if out is None:
        rules = force_rules(index)
        out = index.keep(key, Catalogue(rules, pieces(index, rules)))
    return out
