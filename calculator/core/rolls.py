"""Roll types and the roll situation: the one owner of every roll-type property.

A roll type says which result types it counts, whether it is a save roll (and against what),
whether it receives an attacker's delayed effects, whether it is a combination roll and
whether a unit rolls alone. The seed's SAI "Applies" types (maneuver, melee, ..., Non-Maneuver,
Individual, Any) are *categories* a roll belongs to; a clause of an SAI applies in a roll of
one of its categories.

>>> Roll(ROLL_TYPES["save"], ("save",), "melee").categories()
('save', 'non_maneuver', 'any', 'any_non_individual')
>>> Roll(ROLL_TYPES["individual"], ("maneuver",), None).categories()
('individual', 'maneuver', 'any')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .shapes import Answer

RESULT_TYPES: tuple[str, ...] = ("maneuver", "melee", "missile", "magic", "save")
# What a save roll is against (the first is the default of a plain save roll).
AGAINST: tuple[str, ...] = ("other", "melee", "missile", "magic", "dragon")
# SAI application categories (seed 000 "Application"); groups are kept as words, not expanded.
CATEGORIES: tuple[str, ...] = ("maneuver", "melee", "missile", "magic", "save", "dragon_attack", "individual",
                               "non_maneuver", "any", "any_non_individual", "special")
GROUPS = ("non_maneuver", "any", "any_non_individual")
CATEGORY_NAMES: dict[str, str] = {
    "maneuver": "Maneuver", "melee": "Melee", "missile": "Missile", "magic": "Magic", "save": "Save",
    "dragon_attack": "Dragon Attack", "individual": "Individual", "non_maneuver": "Non-Maneuver",
    "any": "Any roll", "any_non_individual": "Any army roll", "special": "Special"}
# Situations a roll may be made in (counter-attack, counter-maneuver); clause `not_during`.
SITUATIONS: tuple[str, ...] = ("counter-attack", "counter-maneuver")


@dataclass(frozen=True)
class RollType:
    """One kind of roll. ``counts``: result types it counts, in the order the owner's choices go."""

    id: str
    name: str
    counts: tuple[str, ...]
    save: bool = False                    # a save roll: its save results cancel damage
    against: tuple[str, ...] = ()         # what a save roll may be against
    receives_delayed: bool = False        # step 2: an attacker's delayed SAIs apply to it
    individual: bool = False              # a unit rolls alone (no army modifiers, no items)
    count_choice: tuple[str, ...] = ()    # an individual roll says what it counts
    category: str = ""                    # its own SAI application category
    help: str = ""

    @property
    def combination(self) -> bool:
        return len(self.counts) > 1

    def to_json(self) -> Answer:
        return {"id": self.id, "name": self.name, "counts": list(self.counts), "save": self.save,
                "against": list(self.against), "receives_delayed": self.receives_delayed,
                "individual": self.individual, "combination": self.combination,
                "count_choice": list(self.count_choice), "help": self.help, "suggest_against": self.suggest_against}

    @property
    def suggest_against(self) -> str | None:
        """What the page offers first when a player picks this roll: the first attack a save may be
        against (a player rolling saves means an attack, most often melee), not "other"."""
        return next((a for a in self.against if a != "other"), self.against[0] if self.against else None)


ROLL_TYPES: dict[str, RollType] = {r.id: r for r in (
    RollType("maneuver", "Maneuver roll", ("maneuver",), category="maneuver",
             help="An army rolls for maneuvers (a march or a counter-maneuver)."),
    RollType("melee", "Melee roll", ("melee",), category="melee",
             help="An army makes a melee attack or counter-attack."),
    RollType("missile", "Missile roll", ("missile",), category="missile", help="An army makes a missile attack."),
    RollType("magic", "Magic roll", ("magic",), category="magic", help="An army takes a magic action."),
    RollType("save", "Save roll", ("save",), save=True, against=AGAINST, receives_delayed=True, category="save",
             help="An army rolls to save against damage."),
    RollType("dragon_attack", "Response to a dragon attack", ("save", "melee", "missile"), save=True,
             against=("dragon",), category="dragon_attack",
             help="A combination roll counting save, melee and missile results (rulebook p.17)."),
    RollType("save_and_melee", "Save and melee roll against Charge", ("save", "melee"), save=True,
             against=("melee",), receives_delayed=True, category="save",
             help="The defender's combination roll against a Charge (seed 000, Charge)."),
    RollType("save_and_maneuver", "Save and maneuver roll against a wave", ("save", "maneuver"), save=True,
             against=("magic",), category="save",
             help="Each army at a terrain hit by a Tidal Wave: one roll counting saves and maneuvers (rulebook p.44)."),
    RollType("individual", "Individual roll", ("save",), save=True, against=AGAINST, individual=True,
             count_choice=RESULT_TYPES, category="individual",
             help="One unit rolls alone to avoid an effect that targets it (seed 000, Individual)."),
)}


@dataclass(frozen=True)
class Roll:
    """One roll's situation: its type, what it counts and against what, where and when."""

    type: RollType
    counts: tuple[str, ...]
    against: str | None = None
    counter: bool = False                       # a counter-attack or counter-maneuver
    where: str = "terrain"                      # terrain | reserve | none
    elements: tuple[str, ...] | None = None     # the terrain's elements (None: no terrain)
    dua: bool = False
    prefer: str | None = None
    dragon_faces: tuple[str, ...] | None = None   # what the attacking dragons rolled (dragon attack)
    attacker_melee: tuple[int, ...] | None = None  # each attacking unit's melee results (Bash)
    dragon_damage: tuple[int, ...] | None = None   # damage each attacking dragon inflicted (Bash)
    options: dict[str, bool] = field(default_factory=dict, compare=False, hash=False)
    id_doubled: tuple[str, ...] = ()            # counted types whose ID results are doubled (p.15)
    held: tuple[Any, ...] = field(default=(), compare=False, hash=False)   # terrain face kinds the army holds
    held_key: tuple[str, ...] = ()              # their names (calculator.roll.held)
    id_ignored: tuple[str, ...] = ()            # counted types whose ID results do not count (Tower, p.15)
    # The rolling player's units in their DUA by species (None: not given) and the DUA limits' multiple,
    # one per 24 points of force or part (p.21 ⚰️): what Bone Magic reads.
    in_dua: tuple[tuple[str, int], ...] | None = None
    dua_per: int = 1
    # What a normal icon's face contributes in this roll, by face (calculator.roll.faceval): it
    # depends on the face and the roll alone, and is looked up once per face and die.
    normal: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, hash=False, repr=False)
    # Whether each species ability (a kind of calculator.kinds.abilities) can work in this roll.
    fits: dict[Any, bool] = field(default_factory=dict, init=False, compare=False, hash=False, repr=False)
    # Each species' abilities that may count a type as another here (calculator.roll.collect).
    converts: dict[str, tuple] = field(default_factory=dict, init=False, compare=False, hash=False, repr=False)

    @property
    def id(self) -> str:
        return self.type.id

    @property
    def is_save(self) -> bool:
        return self.type.save and "save" in self.counts

    @cached_property
    def key(self) -> tuple:
        """Everything that can change what a face does in this roll (options included)."""
        return (self.type.id, self.counts, self.against, self.counter, self.where, self.elements, self.dua,
                self.prefer, self.dragon_faces, self.attacker_melee, self.dragon_damage,
                tuple(sorted(self.options.items())), self.id_doubled, self.held_key, self.id_ignored)

    def dua_count(self, species: str) -> int | None:
        """The rolling player's units of ``species`` in their DUA (None: the input does not say)."""
        return None if self.in_dua is None else dict(self.in_dua).get(species, 0)

    def situations(self) -> tuple[str, ...]:
        return self._situations

    @cached_property
    def _situations(self) -> tuple[str, ...]:
        if not self.counter:
            return ()
        return ("counter-maneuver",) if "maneuver" in self.counts else ("counter-attack",)

    def categories(self) -> tuple[str, ...]:
        """The SAI application categories this roll belongs to (seed 000, Application)."""
        return self._categories

    @cached_property
    def _categories(self) -> tuple[str, ...]:
        own = self.type.category
        out = [own]
        if own != "dragon_attack":
            out += [t for t in self.counts if t != own]
        if "maneuver" not in self.counts:
            out.append("non_maneuver")
        out.append("any")
        if not self.type.individual:
            out.append("any_non_individual")
        return tuple(dict.fromkeys(out))

    def rank(self, categories: frozenset[str]) -> int | None:
        """How closely a clause's roll list fits: 0 own type, 1 a counted type, 2 a group, None: no."""
        mine = self.categories()
        hits = [i for i, c in enumerate(mine) if c in categories]
        if not hits:
            return None
        cat = mine[hits[0]]
        return 0 if cat == self.type.category else 2 if cat in GROUPS else 1

    def pick(self, types: tuple[str, ...]) -> str | None:
        """The counted type a choice goes to: ``prefer`` if allowed, else the first counted one."""
        cands = [t for t in self.counts if t in types]
        if self.prefer in cands:
            return self.prefer
        return cands[0] if cands else None

    def label(self) -> str:
        name = self.type.name
        if self.type.individual:
            name += " for " + " and ".join(self.counts)
        if self.is_save and self.against and self.against != "other" and self.type.id != "dragon_attack":
            name += f" against {self.against}"
        return name
