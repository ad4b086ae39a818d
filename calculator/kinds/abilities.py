"""Species ability kinds (species.yaml ability ``engine:``): each owns its condition and behaviour.

Every ability shares the condition fields: the rolls it works in, what a save roll is against,
the situation (counter-attack or not), and the terrain elements it needs.
"""
from __future__ import annotations

from typing import Any

from ..core.registry import Amount, Bool, Int, Kind, ListOf, OneOf, Struct, Text, against_list, result_type, \
    result_types, roll_categories
from ..core.rolls import Roll
from . import ABILITIES

ELEMENTS = ("air", "death", "earth", "fire", "water")
SITUATIONS = ("counter-attack", "not-counter-attack", "counter-maneuver")

CONDITIONS = {
    "rolls": roll_categories(), "against": against_list(),
    "situation": OneOf(SITUATIONS, "situation"),
    "terrain_element": ListOf(OneOf(ELEMENTS, "element")),        # the terrain contains one of these
    "terrain_element_all": ListOf(OneOf(ELEMENTS, "element")),    # ... all of these
    "optional": Bool(default=False), "toggle": Bool(default=False),
    "condition": Text(), "engine": Bool(default=True),
    "dua_limit": Struct({"max": Int(1, required=True)}, "DUA limit"),
}


class Ability(Kind):
    """Base: conditions shared by every species ability."""

    phase = "step-10"
    by_hand_when_applies = False     # warn that the player resolves it when it could apply

    def applies(self, roll: Roll) -> bool:
        """Whether this ability can work in this roll (roll type, situation, terrain)."""
        if self.rolls and roll.rank(frozenset(self.rolls)) is None:
            return False
        if self.against and not (roll.is_save and roll.against in self.against):
            return False
        if not self._situation_ok(roll):
            return False
        return self._terrain_ok(roll)

    def _situation_ok(self, roll: Roll) -> bool:
        sit = self.situation
        if sit in ("counter-attack", "counter-maneuver"):
            return sit in roll.situations()
        if sit == "not-counter-attack":
            return "counter-attack" not in roll.situations()
        return True

    def _terrain_ok(self, roll: Roll) -> bool:
        if not (self.terrain_element or self.terrain_element_all):
            return True
        if roll.elements is None:
            return False       # the Reserve Area (or no terrain) has no elements
        have = set(roll.elements)
        if self.terrain_element and not have & set(self.terrain_element):
            return False
        return not (self.terrain_element_all and not set(self.terrain_element_all) <= have)

    def computed(self) -> bool:
        return bool(self.p.get("engine", True)) and not self.by_hand_when_applies

    def relevant(self, units: Any) -> bool:
        """Whether the rolling army could use it at all (the default: yes)."""
        return True


def with_conditions(**own: Any) -> dict[str, Any]:
    return {**CONDITIONS, **own}


@ABILITIES.register
class CountsAsAbility(Ability):
    """Coastal Dodge, Mountain Mastery, ...: the species' units count rolled results of one type
    as another (seed 001 'Counts As': an adding modifier, step 10)."""

    kind = "counts-as"
    params = with_conditions(**{"from": result_type(required=True), "to": result_types(required=True)})

    def describe(self, x: int = 0) -> str:
        return f"{self.p['from']} results counted as {' or '.join(self.p['to'])} results"


@ABILITIES.register
class AutomaticSaves(Ability):
    """Dragonkin: automatic saves equal to health, added at step 10 if the unit was rolled (p.54)."""

    kind = "automatic-saves"
    params = with_conditions(amount=OneOf(("health", "equipment-save-value"), "amount", required=True),
                             only_if_rolled=Bool(default=True), lost_on=ListOf(Text()))

    def per_unit(self, health: int | None) -> int:
        return (health or 0) if self.amount == "health" else 0

    def relevant(self, units: Any) -> bool:
        # Dracolem: only equipment the army carries can give automatic saves (seed 003).
        return self.amount == "health" or any(u.kind == "equipment" for u in units)


@ABILITIES.register
class AddResults(Ability):
    """Bone Magic: +1 magic per Undead unit showing non-ID magic, capped by Undead in the DUA."""

    kind = "add-results"
    by_hand_when_applies = True
    params = with_conditions(result=result_type(required=True), amount=Amount(required=True),
                             per=OneOf(("species-unit-with-non-id-result",), "per", required=True))


@ABILITIES.register
class RerollAbility(Ability):
    """Rapid Growth: units that rolled no SAI may be rolled again once (a choice: left to the player)."""

    kind = "reroll"
    phase = "step-3"
    by_hand_when_applies = True
    params = with_conditions(units=OneOf(("without-sai",), "units"))


@ABILITIES.register
class MagicElement(Ability):
    """Terrain Harmony, Bronze Dracolem: which element the magic results are (no change to totals)."""

    kind = "magic-element"
    phase = "after-roll"
    colours_magic = True
    params = with_conditions(element_source=OneOf(("terrain", "army-units"), "source", required=True),
                             reserve=OneOf(("ivory",), "element"), alloy=OneOf(("bronze", "silver", "gold"), "alloy"))

    def fits_unit(self, unit: Any) -> bool:
        """Whether this unit's magic follows the ability (Bronze Dracolem: only bronze units)."""
        return not self.alloy or unit.alloy == self.alloy

    def elements(self, roll: Roll, army_elements: tuple[str, ...]) -> tuple[str, ...]:
        """The elements (or alloys, or ivory) the unit's magic may be counted as."""
        if self.element_source == "army-units":
            return army_elements
        if roll.where == "reserve":
            return (self.reserve,) if self.reserve else ()
        return tuple(roll.elements or ())

    @property
    def pays_species_present(self) -> bool:
        """Bronze Dracolem magic may pay species spells of every species in the army (seed 003)."""
        return self.element_source == "army-units"


@ABILITIES.register
class DamageAttackerAbility(Ability):
    """Scorching Touch: the attacking army takes 1 damage per save result rolled (spell saves only)."""

    kind = "damage-attacker"
    phase = "exchange"
    params = with_conditions(per=OneOf(("save",), "per", required=True),
                             save=OneOf(("spell-only",), "save", required=True))


@ABILITIES.register
class UnsaveableResults(Ability):
    """Cursed Bullets: some missile results only spell saves can cancel (capped by the DUA)."""

    kind = "unsaveable-results"
    phase = "exchange"
    by_hand_when_applies = True
    exchange_applies = False          # the exchange leaves it to the player too
    params = with_conditions(result=result_type(required=True), save=OneOf(("spell-only",), "save", required=True))


@ABILITIES.register
class CannotRoll(Ability):
    """Dragonkin: never roll in magic or missile actions (p.54)."""

    kind = "cannot-roll"
    phase = "face"
    bars_rolling = True
    params = with_conditions()


@ABILITIES.register
class BarCounterAttackers(Ability):
    """Foul Stench: the defender picks N of its units that may not counter-attack (N capped by the
    Goblins in the attacker's DUA)."""

    kind = "bar-counter-attackers"
    phase = "exchange"
    params = with_conditions()


@ABILITIES.register
class MissileCounterAttack(Ability):
    """Defensive Volley: after saving against a missile attack, the species' units counter-attack
    with missile results."""

    kind = "missile-counter-attack"
    phase = "exchange"
    params = with_conditions()
