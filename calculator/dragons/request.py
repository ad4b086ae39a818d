"""Parse and check a dragon attack's input (``"attack": "dragon"``).

::

    {"attack": "dragon", "terrain": "<terrain type id>", "seed": 1,
     "attacker": {"dragons": [{"die": "<dragon id>", "rolled": {"dragon": "<face>"},
                               "rerolled": {"dragon": ["<face>", ...]},
                               "target": <index of the dragon it attacks> | "army" | "none",
                               "tamed": true | "controlled": true}, ...]},
     "defender": {"army": [UNIT, ...], "modifiers": [...], "options": {...},
                  "id_split": {"melee": n, "missile": n, "save": n},
                  "free_to_roll": [unit indices an ability lets roll against the dragons (Resist Fear)]},
     "casualties": {"defender": {"breath": [[unit indices], ...], "dragon": [unit indices]}}}

Dragons fight each other by the p.17 table (calculator.dragons.targets): only the dragons whose
target is the army (``DragonInput.dragons``) attack it; ``target`` is the owner's choice of dragon
when there are several it may attack. Units name their faces per roll: ``response`` (the army's roll) and ``breath_save`` (a unit killed
by a fire breath, rolling against burial). Errors name the field: ``attacker.dragons[1].rolled.dragon: ...``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bundle import Index
from ..core.errors import InputError
from ..exchange.flow import Indexed, Run
from ..exchange.request import ExchangeInput, Side, parse_side
from ..core.fields import need_int, need_list, only, opt_list, short
from ..roll.inputs import parse_seed, parse_where
from ..core.limits import LIMITS
from ..core.names import player_names
from .dice import DragonDie, DragonFace, find_die, parse_dragon_face
from .fear import keep_out, parse_free
from .targets import ARMY, choose_targets, target_text
from .tamed import bond

UNIT_ROLLS = ("response", "breath_save")
SPLIT_TYPES = ("save", "melee", "missile")


@dataclass
class DragonIn:
    index: int
    die: DragonDie
    rolled: DragonFace | None
    rerolled: list[DragonFace]
    target: Any = None                        # the input's target (None: the calculator's choice)
    bond: str = ""                            # "tamed", "controlled" by a unit of the attacked army (p.62)
    name: str = ""                            # as players name it: "2nd Red Drake" beside another (parse)


@dataclass
class DragonInput:
    terrain: str | None
    elements: tuple[str, ...] | None          # the terrain's elements (None: no terrain given)
    seed: int
    dragons: list[DragonIn]                   # the dragons that attack the army (p.17 targeting table)
    defender: Side
    id_split: dict[str, int] | None
    breath_picks: list[list[int]] | None = None
    casualties: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    present: list[DragonIn] = field(default_factory=list)      # every dragon at the terrain
    targets: list[int | str] = field(default_factory=list)     # each present dragon's target ("army" or an index)
    picked: set[int] = field(default_factory=set)              # targets the calculator chose among several
    fear: list[str] = field(default_factory=list)              # units kept from rolling, or freed (p.54, p.21)

    def target_words(self) -> list[str]:
        dice = [d.die for d in self.present]
        return [target_text(dice, self.targets, i, i in self.picked, self.present[i].bond) for i in range(len(dice))]

    def exchange_input(self) -> ExchangeInput:
        """The exchange machinery's view (calculator.exchange.flow.Run): the army and its casualties."""
        return ExchangeInput("dragon", self.terrain, self.seed,
                             {"attacker": Side("attacker", [], [], {}, {}), "defender": self.defender},
                             self.casualties, list(self.dragons))


def _faces(raw: object, key: str, where: str) -> Any:
    """A dragon's ``rolled``/``rerolled``: a mapping with the one roll name "dragon", or the bare value."""
    if raw is None or not isinstance(raw, Mapping):
        return raw
    for name in raw:
        if name != "dragon":
            raise InputError(f"{where}.{key}.{name}", "a dragon makes one roll: give its faces under 'dragon'")
    return raw.get("dragon")


def parse_dragon(i: int, raw: object, idx: Index) -> DragonIn:
    where = f"attacker.dragons[{i}]"
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected an object with 'die' (a dragon id)")
    only(raw, ("die", "rolled", "rerolled", "target", "tamed", "controlled"), where)
    die = find_die(raw.get("die"), f"{where}.die", idx)
    first = _faces(raw.get("rolled"), "rolled", where)
    rolled = parse_dragon_face(first, f"{where}.rolled.dragon", die, idx) if first is not None else None
    more = _faces(raw.get("rerolled"), "rerolled", where)
    # A chain of Tails is at most reroll_depth faces long, its first face included.
    more = opt_list(more, f"{where}.rerolled.dragon", LIMITS["reroll_depth"] - 1)
    rerolled = [parse_dragon_face(f, f"{where}.rerolled.dragon[{j}]", die, idx) for j, f in enumerate(more)]
    return DragonIn(i, die, rolled, rerolled, raw.get("target"), bond(raw, where))


def parse_defender(raw: object, idx: Index) -> tuple[Side, dict[str, int] | None]:
    if not isinstance(raw, Mapping):
        raise InputError("defender", "expected an object with 'army'")
    side = parse_side("defender", {k: v for k, v in raw.items() if k not in ("id_split", "free_to_roll")}, idx)
    for u in side.units:
        where = f"defender.army[{u.index}]"
        for name in list(u.faces):
            if name == "*":                 # a bare face is the face of the army's roll
                u.faces.setdefault("response", u.faces.pop("*"))
            elif name not in UNIT_ROLLS:
                raise InputError(f"{where}.rolled.{name}", f"not a roll of a dragon attack ({', '.join(UNIT_ROLLS)})")
        if "id" in (u.raw.get("choose") or {}):
            raise InputError(f"{where}.choose.id", "in a dragon attack the army's ID results are split with "
                                                   "defender.id_split")
    return side, parse_split(raw.get("id_split"))


def parse_split(raw: object) -> dict[str, int] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not raw:
        raise InputError("defender.id_split", 'expected an object like {"melee": 2, "missile": 0} (the rest are saves)')
    out = {}
    for key, val in raw.items():
        if key not in SPLIT_TYPES:
            raise InputError(f"defender.id_split.{key}", f"not a result type of the army's roll ({', '.join(SPLIT_TYPES)})")
        out[key] = need_int(val, f"defender.id_split.{key}", 0, LIMITS["amount"])
    return out


def parse_casualties(raw: object, side: Side) -> tuple[list[list[int]] | None, dict[str, dict[str, list[int]]]]:
    if raw is None:
        return None, {}
    if not isinstance(raw, Mapping):
        raise InputError("casualties", 'expected {"defender": {"breath": [[unit indices]], "dragon": [unit indices]}}')
    only(raw, ("defender",), "casualties")
    events = raw.get("defender")
    if not isinstance(events, Mapping):
        raise InputError("casualties.defender", "expected an object with 'breath' and/or 'dragon'")
    only(events, ("breath", "dragon"), "casualties.defender")
    top = len(side.units) - 1
    out: dict[str, dict[str, list[int]]] = {}
    if "dragon" in events:
        out["defender"] = {"dragon": _indices(events["dragon"], "casualties.defender.dragon", top)}
    breath = None
    if "breath" in events:
        lists = need_list(events["breath"], "casualties.defender.breath", LIMITS["dragons"] * LIMITS["reroll_depth"])
        if lists and not isinstance(lists[0], list):
            lists = [lists]             # one breath: a plain list of units
        breath = [_indices(b, f"casualties.defender.breath[{j}]", top) for j, b in enumerate(lists)]
    return breath, out


def _indices(raw: object, where: str, top: int) -> list[int]:
    picked = [need_int(u, f"{where}[{j}]", 0, top) for j, u in enumerate(need_list(raw, where, LIMITS["army_size"]))]
    if len(set(picked)) != len(picked):
        raise InputError(where, "a unit is named twice")
    return picked


def parse_dragon_attack(data: object, idx: Index) -> DragonInput:
    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    only(data, ("attack", "terrain", "seed", "attacker", "defender", "casualties"), "")
    if data.get("attack") != "dragon":
        raise InputError("attack", f"expected 'dragon', got {short(data.get('attack'))}")
    terrain, where, elements = parse_where(data.get("terrain"), idx)
    if where == "reserve":
        raise InputError("terrain", "dragons attack armies at a terrain, never in a Reserve Area")
    att = data.get("attacker")
    if not isinstance(att, Mapping):
        raise InputError("attacker", "expected an object with 'dragons'")
    only(att, ("dragons",), "attacker")
    raw = need_list(att.get("dragons"), "attacker.dragons", LIMITS["dragons"])
    if not raw:
        raise InputError("attacker.dragons", "expected a non-empty list of dragons")
    present = [parse_dragon(i, d, idx) for i, d in enumerate(raw)]
    for d, name in zip(present, player_names([d.die.name for d in present])):
        d.name = name                # two Red Drakes are the 1st and the 2nd, as units are (core.names)
    targets, picked = choose_targets([d.die for d in present], [d.target for d in present], [d.bond for d in present])
    side, split = parse_defender(data.get("defender"), idx)
    breath, casualties = parse_casualties(data.get("casualties"), side)
    attackers = [d for d, t in zip(present, targets) if t == ARMY]
    fear = keep_out(side, [d.die for d in attackers], idx, parse_free((data.get("defender") or {}).get("free_to_roll"),
                                                                       side))
    return DragonInput(terrain, elements, parse_seed(data.get("seed", 0)), attackers, side, split, breath, casualties,
                       present, targets, picked, fear)


class DragonRun(Run):
    """A dragon attack being resolved: an exchange's run (damage, warnings, casualties) that also
    holds what was asked of the dragons."""

    def __init__(self, engine: Indexed, inp: DragonInput) -> None:
        super().__init__(engine, inp.exchange_input())
        self.dinp = inp
