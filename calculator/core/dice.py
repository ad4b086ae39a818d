"""Die kinds and the value of X (seed 000): the one owner of both.

>>> XRules([{"die_kinds": ["monster"], "single_icon": True, "x": 4}]).single_icon("monster", None, None)
4
>>> XRules([]).single_icon("unit", "small", "amazons")
1
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, Iterable

# Die kinds (data/dice/*.yaml `kind`); the last four are items, which are not units.
DIE_KINDS: tuple[str, ...] = ("unit", "monster", "champion", "equipment", "artifact", "medallion", "relic")
ITEM_KINDS: tuple[str, ...] = ("equipment", "artifact", "medallion", "relic")
SIZES: tuple[str, ...] = ("small", "medium", "large", "monster", "champion", "artifact", "medallion", "relic")
# Health by size (rulebook p.3); a monster's and a champion's is 4.
HEALTH_BY_SIZE: dict[str, int] = {"small": 1, "medium": 2, "large": 3, "monster": 4, "champion": 4}
SIZE_BY_HEALTH: dict[int, str] = {1: "small", 2: "medium", 3: "large"}
# A die's elements (rulebook p.3) and the Dracolem's alloys (seed 003).
ELEMENTS: tuple[str, ...] = ("air", "death", "earth", "fire", "water")
ALLOYS: tuple[str, ...] = ("bronze", "silver", "gold")


def is_item(kind: str) -> bool:
    return kind in ITEM_KINDS


@dataclass(frozen=True)
class XRule:
    die_kinds: tuple[str, ...]
    single_icon: bool
    x: Any            # an int, or "icons" (the number of icons shown)


class XRules:
    """The data's ``x-values`` rule (rules.yaml): X for a face showing a single icon by die kind."""

    def __init__(self, rules: Iterable[Mapping[str, Any]]) -> None:
        self.rules = tuple(XRule(tuple(r.get("die_kinds") or ()), bool(r.get("single_icon")), r.get("x"))
                           for r in rules)

    def single_icon(self, kind: str, size: str | None, species: str | None) -> int:
        """Results of one icon on this die (3 or 4 for the dice seed 000 names, else 1)."""
        # The rules name a die by its kind (monster, champion, ...) or by size and kind or species
        # (large-equipment, large-dragonkin); the most specific name a rule knows wins.
        names = (kind, f"{size}-{kind}", f"{size}-{species}") if size else (kind,)
        for name in names:
            for rule in self.rules:
                if name in rule.die_kinds:
                    return rule.x if rule.single_icon and isinstance(rule.x, int) else 1
        return 1

    def to_json(self) -> list[dict[str, Any]]:
        return [{"die_kinds": list(r.die_kinds), "single_icon": r.single_icon, "x": r.x} for r in self.rules]
