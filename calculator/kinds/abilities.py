"""Species ability kinds (species.yaml ability ``engine:``): each owns its condition and behaviour.

Every ability shares the condition fields: the rolls it works in, what a save roll is against,
the situation (counter-attack or not), and the terrain elements it needs.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ..core.dice import ALLOYS, ELEMENTS
from ..core.shapes import Answer
from ..core.registry import Bool, Count, Int, Kind, ListOf, OneOf, Struct, Text, against_list, result_type, \
    result_types, roll_categories
from ..core.rolls import Roll
from . import ABILITIES

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from ..core.records import Contribution
    from ..core.seams import AbilityOwner, ExchangeRun, ExchangeStep, ExchangeUnit, RollUnit

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
    counts_as: ClassVar[bool] = False            # its units' results of one type count as another
    colours_magic: ClassVar[bool] = False        # it says which element its units' magic is
    exchange_applies: ClassVar[bool] = True      # the exchange mode carries it out (phase "exchange")
    reaches_other_army: ClassVar[bool] = False   # in an exchange it acts on the other army at once
    # The conditions every ability may carry (CONDITIONS), set by Kind.__init__:
    rolls: tuple[str, ...] | None
    against: tuple[str, ...] | None
    situation: str | None
    terrain_element: tuple[str, ...] | None
    terrain_element_all: tuple[str, ...] | None
    optional: bool
    toggle: bool
    condition: str | None
    engine: bool
    dua_limit: dict[str, int] | None

    def applies(self, roll: Roll) -> bool:
        """Whether this ability can work in this roll (roll type, situation, terrain): asked for each
        unit and step, so the roll remembers the answer (it depends on the ability and the roll only)."""
        fit = roll.fits.get(self)
        if fit is None:
            fit = self._fits(roll)
            if len(roll.fits) < 256:
                roll.fits[self] = fit
        return fit

    def _fits(self, roll: Roll) -> bool:
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

    # ---- what the magic asks a kind that colours it (colours_magic): by default no unit follows it --

    def fits_unit(self, unit: RollUnit) -> bool:
        """Whether this unit's magic follows the ability."""
        return False

    def elements(self, roll: Roll, army_elements: tuple[str, ...]) -> tuple[str, ...]:
        """The elements (or alloys, or ivory) the unit's magic may be counted as."""
        return ()

    @property
    def pays_species_present(self) -> bool:
        """Whether its units' magic may pay species spells of every species in the army."""
        return False

    def reads_results(self) -> str:
        """The result type of its units' roll it reads when it reaches the other army (the exact odds
        keep it for each outcome): saves (Scorching Touch), unless the kind says otherwise."""
        return "save"

    def computed(self) -> bool:
        return bool(self.p.get("engine", True)) and not self.by_hand_when_applies

    @classmethod
    def acts(cls) -> bool:
        # Counts-as abilities are applied at step 10 (calculator.roll.collect); the others act
        # through the hooks below that they override.
        return cls.counts_as or cls.colours_magic or any(getattr(cls, h) is not getattr(Ability, h) for h in HOOKS)

    def relevant(self, units: Sequence[RollUnit]) -> bool:
        """Whether the rolling army could use it at all (the default: yes)."""
        return True

    # ---- what the single roll asks (each kind that has a say overrides one) ----------------------

    def keeps_from_rolling(self, roll: Roll) -> bool:
        """Step 1: whether its species' units do not roll at all in this roll."""
        return False

    def negates(self) -> str | None:
        """The result type its units' roll takes from an opponent's roll (NegateResults), or None."""
        return None

    def negated(self, rolled: int, in_dua: int, per: int) -> int:
        """Of ``rolled`` results, how many ``negates`` takes, with ``in_dua`` of its species in the DUA."""
        return 0

    def taking(self, n: int) -> dict[str, Any]:
        """The free modifier input by which an opponent's roll loses ``n`` results (``negates``)."""
        return {}

    def adds(self) -> str | None:
        """Step 10: the result type it adds for its units showing some (AddResults), or None."""
        return None

    def shows(self, face: Contribution) -> bool:
        """Whether one face a unit of its species shows makes that unit count for ``adds``."""
        return False

    def added(self, units: int, in_dua: int | None, per: int) -> int:
        """The results ``adds`` gives for ``units`` units counting, with ``in_dua`` of its species in the DUA."""
        return 0

    def auto_saves(self, health: int | None) -> int:
        """Step 10: automatic saves one rolled unit of its species adds."""
        return 0

    def army_auto_saves(self, owner_species: str, units: Sequence[RollUnit], elements: Sequence[str] | None
                        ) -> dict[int, int]:
        """Step 10: automatic saves it gives dice of the army it rolls with (unit index -> saves), at a
        terrain of these elements (None: none given)."""
        return {}

    # ---- hooks of the exchange (calculator.exchange calls them for every ability of a species
    # taking part; each does nothing unless its kind acts then) ----------------------------------

    def after_save(self, owner: AbilityOwner, step: ExchangeStep, units: Sequence[ExchangeUnit]) -> None:
        """After its units' save roll (``units``: the saving units of its species)."""

    def after_attack(self, owner: AbilityOwner, step: ExchangeStep, units: Sequence[ExchangeUnit]) -> None:
        """After its units' attack roll (``units``: the attacking units of its species)."""

    def missile_counter(self, owner: AbilityOwner, run: ExchangeRun, roll: Roll) -> bool | None:
        """After a save roll against missiles: True, its units counter-attack with missiles;
        False, they may but their owner said no; None, not this ability's business."""
        return None

    def bars_counter_attackers(self, owner: AbilityOwner, run: ExchangeRun) -> set[int]:
        """The defending units it keeps out of the counter-attack (the attacker's ability)."""
        return set()

    # ---- hooks of a dragon attack (calculator.dragons.fear) ------------------------------------------

    def bars_from_dragons(self, elements: Sequence[str], dragons: Sequence[DragonSeen]) -> str:
        """Why a unit of its species (of these elements) may not roll against these dragons ("": it may)."""
        return ""

    def frees_from_dragons(self, owner: AbilityOwner, army: Sequence[ExchangeUnit]) -> tuple[str, int]:
        """(species, health-worth): units of that species in ``army`` that it lets roll although
        another ability bars them (("", 0): none)."""
        return "", 0


HOOKS = ("keeps_from_rolling", "adds", "negates", "auto_saves", "army_auto_saves", "after_save", "after_attack", "missile_counter",
         "bars_counter_attackers", "bars_from_dragons", "frees_from_dragons")
class DragonRule(TypedDict):
    """An ability's ``dragons`` parameter: which dragons it names."""

    types: tuple[str, ...] | None
    own_element: bool


DRAGON_TYPES = ("elemental", "hybrid", "ivory", "ivory-hybrid", "white")
# A dragon as an ability sees it: (name, dragon type, elements).
DragonSeen = tuple[str, str, tuple[str, ...]]


def with_conditions(**own: Any) -> dict[str, Any]:
    return {**CONDITIONS, **own}


@ABILITIES.register
class CountsAsAbility(Ability):
    """Coastal Dodge, Mountain Mastery, ...: the species' units count rolled results of one type
    as another (seed 001 'Counts As': an adding modifier, step 10)."""

    kind = "counts-as"
    counts_as = True
    params = with_conditions(**{"from": result_type(required=True), "to": result_types(required=True)})
    to: tuple[str, ...]

    def describe(self, x: Count = 0) -> str:
        return f"{self.p['from']} results counted as {' or '.join(self.p['to'])} results"


@ABILITIES.register
class AutomaticSaves(Ability):
    """Dragonkin: automatic saves equal to health, added at step 10 if the unit was rolled (p.54)."""

    kind = "automatic-saves"
    params = with_conditions(amount=OneOf(("health", "equipment-save-value"), "amount", required=True),
                             only_if_rolled=Bool(default=True), lost_on=ListOf(Text()),
                             save_values=Struct({s: Int(0) for s in ("small", "medium", "large")}, "save values"))
    amount: str
    only_if_rolled: bool
    lost_on: tuple[str, ...] | None
    save_values: dict[str, int] | None

    def auto_saves(self, health: int | None) -> int:
        if not self.computed():
            return 0
        return (health or 0) if self.amount == "health" else 0

    def army_auto_saves(self, owner_species: str, units: Sequence[RollUnit], elements: Sequence[str] | None
                        ) -> dict[int, int]:
        """Seed 003: equipment matching an element of the terrain counts as automatic saves by its
        Save Value (by size: ``save_values``), all of it up to the health of the species' units in the
        army (the Dracolem); in army order when the cap cuts. No terrain given: none."""
        if self.amount != "equipment-save-value" or not self.computed() or not elements:
            return {}
        cap = sum(u.health or 0 for u in units if u.species == owner_species)
        out: dict[int, int] = {}
        for u in units:
            value = (self.save_values or {}).get(u.size or "") or 0
            if u.kind == "equipment" and set(u.elements or ()) & set(elements) and value and cap > 0:
                out[u.index] = min(value, cap)
                cap -= out[u.index]
        return out

    def relevant(self, units: Sequence[RollUnit]) -> bool:
        # Dracolem: only equipment the army carries can give automatic saves (seed 003).
        return self.amount == "health" or any(u.kind == "equipment" for u in units)


@ABILITIES.register
class RerollAbility(Ability):
    """Rapid Growth: units that rolled no SAI may be rolled again once (a choice: left to the player)."""

    kind = "reroll"
    phase = "step-3"
    by_hand_when_applies = True
    left_to_player = True
    params = with_conditions(units=OneOf(("without-sai",), "units"))
    units: str | None


@ABILITIES.register
class MagicElement(Ability):
    """Terrain Harmony, Bronze Dracolem: which element the magic results are (no change to totals)."""

    kind = "magic-element"
    phase = "after-roll"
    colours_magic = True      # calculator.magic reads which element the units' magic is
    params = with_conditions(element_source=OneOf(("terrain", "army-units"), "source", required=True),
                             reserve=OneOf(("ivory",), "element"), alloy=OneOf(ALLOYS, "alloy"))
    element_source: str
    reserve: str | None
    alloy: str | None

    def fits_unit(self, unit: RollUnit) -> bool:
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
class ByHand(Ability):
    """An ability no roll shows (it acts in another phase of the turn, or on units outside the roll):
    listed for the player with what it needs. It warns in a roll only when its ``rolls`` say so."""

    kind = "by-hand"
    phase = "after-roll"
    by_hand_when_applies = True
    exchange_applies = False
    left_to_player = True
    params = with_conditions(needs=Text(required=True))
    needs: str

    def applies(self, roll: Roll) -> bool:
        return bool(self.rolls) and super().applies(roll)

    def describe(self, x: Count = 0) -> str:
        return self.needs


@ABILITIES.register
class CannotRoll(Ability):
    """Dragonkin: never roll in magic or missile actions, nor in a dragon attack that includes a
    dragon of their element or an Ivory, Ivory Hybrid or White dragon (p.54; ``dragons``)."""

    kind = "cannot-roll"
    phase = "face"
    params = with_conditions(dragons=Struct({"types": ListOf(OneOf(DRAGON_TYPES, "dragon type")),
                                             "own_element": Bool(default=False)}, "dragons"))
    dragons: DragonRule | None

    def keeps_from_rolling(self, roll: Roll) -> bool:
        return self.applies(roll)

    def bars_from_dragons(self, elements: Sequence[str], dragons: Sequence[DragonSeen]) -> str:
        rule = self.dragons
        types, own = (rule["types"] or (), rule["own_element"]) if rule else ((), False)
        for name, dtype, delems in dragons:
            if dtype in types:
                return f"the attack includes the {name}"
            shared = sorted(set(elements) & set(delems)) if own else []
            if shared:
                return f"the attack includes the {name}, of its element ({shared[0]})"
        return ""


@ABILITIES.register
class FreesFromDragons(Ability):
    """Resist Fear (Eldarim): units of another species barred from rolling against dragons may roll,
    up to as much health as the ability's own species has in the army (rulebook p.21)."""

    kind = "frees-from-dragons"
    phase = "exchange"
    params = with_conditions(species=Text(required=True),
                             up_to=OneOf(("own-species-health",), "limit", required=True))
    species: str
    up_to: str

    def frees_from_dragons(self, owner: AbilityOwner, army: Sequence[ExchangeUnit]) -> tuple[str, int]:
        return self.species, sum(u.unit.health or 0 for u in army if u.alive and u.unit.species == owner.species)

    def describe(self, x: Count = 0) -> str:
        return f"{self.species} units barred from rolling against dragons may roll, up to the health of its species"
