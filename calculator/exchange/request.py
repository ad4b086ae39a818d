"""Parse and check an exchange input (``python -m calculator exchange``, the worker's "exchange").

A side's UNIT is the single-roll unit, except that ``rolled`` (and ``rerolled``) may name the face
for each roll of the exchange: ``{"attack": "choke", "counter_save": "4 melee"}``. A unit described
by hand (species, health, die type) needs no ``faces`` when it gives the face of every roll it makes;
a roll it makes without one is refused, naming that roll. ``"counter_attack": false`` says the
defending army does not counter-attack a melee attack (p.11: it may; the default is that it does).
``"at_reserve": true``: the attacker's missile attack, from a terrain whose Tower it holds, reaches the
defending army in its Reserve Area (p.15); the defender rolls there, with no terrain. A side holding a
Vortex may name the unit it rolls again (``{"face": "vortex", "unit": 0}``, its place in the side's
army): in each of the side's rolls without maneuvers where that unit rolls (p.15).
Errors name the field: ``attacker.army[2].rolled.counter: ...``.

A side may also say (the game command does): ``size``, the force size its ⚰️ limits count per 24
points of (p.21; default 24); ``terrain``, where it stands when not at the exchange's terrain
(a missile attack at another terrain: each army reads its own).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.shapes import Answer, Raw
from ..bundle import Index
from ..core.errors import InputError
from ..core.seams import ExchangeUnit
from ..core.fields import need_bool, need_int, need_list, only, opt_list, short
from ..roll.held import HELD_KEYS, parse_held
from ..roll.inputs import parse_modifier, parse_options, parse_seed, parse_where
from ..roll.units import Unit, named, parse_face, parse_unit
from ..core.limits import LIMITS

ROLL_NAMES = ("attack", "save", "save_and_melee", "counter", "counter_save")
TARGET_ROLL = re.compile(r"^([a-z0-9-]+)_target_(save|maneuver|melee|id|roll)$")
CASUALTY_EVENTS = {"defender": ("attack", "counter_save"), "attacker": ("save", "counter")}
SIDE_KEYS = ("army", "modifiers", "options", "in_dua", "eighth_faces", "minor_terrain", "size",
             "terrain")


@dataclass(slots=True)
class ExUnit:
    """One unit of one side, with the faces given for each roll and what has become of it."""

    side: str
    index: int
    unit: Unit                                  # checked, without a face (for its name, health, faces)
    raw: dict[str, Any]                 # the single-roll unit, without rolled/rerolled
    faces: dict[str, tuple[Any, list[Any]]]     # roll name -> (rolled, rerolled) as given
    status: str = ""                            # "", killed, buried, reserve, out (cannot be rolled)
    why: str = ""
    kept_out: str = ""                          # why it could not roll, once it is killed as well
    damage: int = 0                             # damage taken by this unit alone (Gore, Bash, ...)

    @property
    def alive(self) -> bool:
        return self.status in ("", "out")

    @property
    def can_roll(self) -> bool:
        return self.status == ""

    @property
    def health(self) -> int:
        return self.unit.health or 0


def own(u: ExchangeUnit) -> ExUnit:
    """A unit a kind hands back through the seam (calculator.core.seams): always one the exchange
    handed out, so one of its own."""
    assert isinstance(u, ExUnit)
    return u


@dataclass
class Side:
    name: str
    units: list[ExUnit]
    modifiers: list[dict[str, Any]]
    options: dict[str, bool]
    in_dua: dict[str, int]
    spell_saves: int = 0                        # saves from spells (they alone reduce some damage)
    held: dict[str, Any] = field(default_factory=dict)   # eighth_faces, minor_terrain as given (p.15)
    dua_per: int = 1                            # p.21: a ⚰️ limit counts per 24 points of force size, or part
    terrain: str | None = None                  # where this side stands, when not at the exchange's terrain


@dataclass
class ExchangeInput:
    attack: str
    terrain: str | None
    seed: int
    sides: dict[str, Side]
    casualties: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    dragons: list[Any] = field(default_factory=list)     # a dragon attack's dragons (calculator.dragons)
    counter_attack: bool = True                 # p.11: the defending army may counter-attack a melee attack
    at_reserve: bool = False                    # p.15 Tower: a missile attack at the defender's Reserve Area


def roll_name_ok(name: str, idx: Index) -> bool:
    if name in ROLL_NAMES or name in ("response", "breath_save"):
        return True
    m = TARGET_ROLL.match(name)
    return bool(m and m.group(1) in idx.sais)


def _faces(raw: Raw, where: str, unit: Unit, idx: Index) -> dict[str, tuple[Any, list[Any]]]:
    """Faces per roll name; a bare face (not a mapping) is the face of the unit's first roll."""
    rolled, rerolled = raw.get("rolled"), raw.get("rerolled")
    if rolled is not None and not isinstance(rolled, Mapping):
        rolled = {"*": rolled}
    if rerolled is not None and not isinstance(rerolled, Mapping):
        rerolled = {"*": rerolled}
    out: dict[str, tuple[Any, list[Any]]] = {}
    for key in sorted(set(rolled or {}) | set(rerolled or {})):
        if key != "*" and not roll_name_ok(key, idx):
            raise InputError(f"{where}.rolled.{key}", f"not a roll of an exchange ({', '.join(ROLL_NAMES)}, "
                                                      f"or <sai>_target_save)")
        face = (rolled or {}).get(key)
        if face is not None:
            parse_face(face, f"{where}.rolled.{key}", idx, unit.faces, unit.label)
        more = opt_list((rerolled or {}).get(key), f"{where}.rerolled.{key}", LIMITS["reroll_depth"])
        for j, f in enumerate(more):
            parse_face(f, f"{where}.rerolled.{key}[{j}]", idx, unit.faces, unit.label)
        out[key] = (face, list(more))
    return out


def parse_side(name: str, raw: object, idx: Index, need_army: bool = True,
               terrain: tuple[str, ...] | None = None) -> Side:
    if not isinstance(raw, Mapping):
        raise InputError(name, "expected an object with 'army'")
    only(raw, SIDE_KEYS, name)
    army = need_list(raw.get("army"), f"{name}.army", LIMITS["army_size"])
    if need_army and not army:
        raise InputError(f"{name}.army", "expected a non-empty list of units")
    units = []
    for i, u in enumerate(army):
        where = f"{name}.army[{i}]"
        if not isinstance(u, Mapping):
            raise InputError(where, "expected an object with 'die' or 'species'")
        plain = {k: v for k, v in u.items() if k not in ("rolled", "rerolled")}
        checked = plain
        if "die" not in plain and not plain.get("faces"):
            # A hand-described unit with no faces: checked with a face it was given; a roll it makes
            # without one is refused then, naming that roll (calculator.exchange.flow.Run.faces_for).
            given = [f for f in _given(u.get("rolled")) if f is not None]
            if not given:
                raise InputError(f"{where}.rolled", "a unit without a catalogue die or 'faces' needs the face it "
                                                    "rolled for each roll it makes (or its 'faces')")
            checked = dict(plain, rolled=given[0])
        try:
            unit = parse_unit(i, checked, idx)
        except InputError as exc:
            raise InputError(exc.field.replace(f"army[{i}]", where, 1), exc.message) from None
        units.append(ExUnit(name, i, unit, plain, _faces(u, where, unit, idx)))
    for ex, unit in zip(units, named([u.unit for u in units])):
        if unit.name != ex.unit.name:       # each roll of the side names the unit as the side does
            ex.unit, ex.raw = unit, dict(ex.raw, name=unit.name)
    mods_raw = opt_list(raw.get("modifiers"), f"{name}.modifiers", LIMITS["modifiers"])
    for i, m in enumerate(mods_raw):
        try:
            parse_modifier(i, m, idx)
        except InputError as exc:
            raise InputError(f"{name}.{exc.field}", exc.message) from None
    try:
        options = parse_options(raw.get("options"), idx)
    except InputError as exc:
        raise InputError(f"{name}.{exc.field}", exc.message) from None
    held = {k: raw[k] for k in HELD_KEYS if raw.get(k) is not None}
    try:
        parse_held(held, idx, "terrain", len(army), terrain=terrain,     # Vortex: the unit named, by its place
                   items=frozenset(u.index for u in units if u.unit.is_item))   # in the side's army (p.15)
    except InputError as exc:
        raise InputError(f"{name}.{exc.field}", exc.message) from None
    size = need_int(raw.get("size", 24), f"{name}.size", 1, LIMITS["force_size"])
    own = None
    if raw.get("terrain") is not None:
        try:
            own = parse_where(raw["terrain"], idx)[0]
        except InputError as exc:
            raise InputError(f"{name}.terrain", exc.message) from None
    return Side(name, units, list(mods_raw), options, _in_dua(raw.get("in_dua"), f"{name}.in_dua", idx), held=held,
                dua_per=-(-size // 24), terrain=own)


def _given(rolled: object) -> list[Any]:
    """The faces given in a unit's ``rolled``: one per roll name, or the bare face."""
    return list(rolled.values()) if isinstance(rolled, Mapping) else [rolled]


def _in_dua(raw: object, where: str, idx: Index) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected an object of species id: number of its units in the DUA")
    for key, val in raw.items():
        if key not in idx.species_names:
            raise InputError(f"{where}.{key}", "unknown species")
        need_int(val, f"{where}.{key}", 0, LIMITS["army_size"])
    return dict(raw)


def _casualties(raw: object, sides: dict[str, Side]) -> dict[str, dict[str, list[int]]]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InputError("casualties", 'expected {"defender": {"attack": [unit indices]}, ...}')
    out: dict[str, dict[str, list[int]]] = {}
    for side, events in raw.items():
        if side not in CASUALTY_EVENTS:
            raise InputError(f"casualties.{side}", "expected 'attacker' or 'defender'")
        if not isinstance(events, Mapping):
            raise InputError(f"casualties.{side}", f"expected an object with {', '.join(CASUALTY_EVENTS[side])}")
        for event, units in events.items():
            where = f"casualties.{side}.{event}"
            if event not in CASUALTY_EVENTS[side]:
                raise InputError(where, f"the {side} takes damage from: {', '.join(CASUALTY_EVENTS[side])}")
            picked = [need_int(u, f"{where}[{j}]", 0, len(sides[side].units) - 1)
                      for j, u in enumerate(need_list(units, where, LIMITS["army_size"]))]
            if len(set(picked)) != len(picked):
                raise InputError(where, "a unit is named twice")
            out.setdefault(side, {})[event] = picked
    return out


def parse_exchange(data: object, idx: Index) -> ExchangeInput:
    """Check a melee or missile exchange; a dragon attack is checked by calculator.dragons."""
    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    only(data, ("attack", "terrain", "seed", "attacker", "defender", "casualties", "counter_attack", "at_reserve"), "")
    attack = data.get("attack")
    if attack not in ("melee", "missile", "dragon"):
        raise InputError("attack", f"expected 'melee', 'missile' or 'dragon', got {short(attack)}")
    terrain, where, elements = parse_where(data.get("terrain"), idx)
    if where == "reserve":
        raise InputError("terrain", "no attack happens in a Reserve Area")
    sides = {"attacker": parse_side("attacker", data.get("attacker"), idx, terrain=elements),
             "defender": parse_side("defender", data.get("defender"), idx, terrain=elements)}
    counter = need_bool(data.get("counter_attack", True), "counter_attack")
    if not counter and attack != "melee":
        raise InputError("counter_attack", "only a melee attack is counter-attacked (rulebook p.11); Defensive "
                                           "Volley is switched off in the defender's options")
    at_reserve = need_bool(data.get("at_reserve", False), "at_reserve")
    if at_reserve and not (attack == "missile" and where == "terrain" and
                           parse_held(sides["attacker"].held, idx, "terrain", len(sides["attacker"].units),
                                      terrain=elements).reaches_reserve()):
        raise InputError("at_reserve", "only a missile attack of an army holding a Tower at a terrain reaches an "
                                       "army in a Reserve Area (p.11, p.15)")
    if at_reserve and sides["defender"].held:
        raise InputError("defender", "an army in a Reserve Area holds no eighth face and no minor terrain (p.15)")
    return ExchangeInput(attack, terrain, parse_seed(data.get("seed", 0)), sides,
                         _casualties(data.get("casualties"), sides), counter_attack=counter, at_reserve=at_reserve)
