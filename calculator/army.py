"""Parse and validate engine input into plain dataclasses.

Every error is an :class:`InputError` naming the JSON path of the bad value, e.g.
``army[1].rolled: unknown icon 'meele' in '3 meele'``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .bundle import Index
from .errors import InputError
from .faces import Face, split_face
from .vocab import AGAINST, OPS, RESULT_TYPES, ROLL_TYPES, slug

DIE_TYPES = ("unit", "monster", "champion", "dragonkin", "equipment", "artifact", "medallion", "relic")
MOD_RESULTS = RESULT_TYPES + ("all", "non_maneuver")


@dataclass(frozen=True)
class Unit:
    index: int
    label: str
    die_id: str | None
    species: str | None
    kind: str
    health: int | None
    faces: tuple[Face, ...]
    rolled: Face | None
    rerolled: tuple[Face, ...]
    auto_saves: int = 0
    elements: tuple[str, ...] | None = None     # None: not known (inline unit without 'element')


@dataclass(frozen=True)
class Modifier:
    """A roll modifier: a free one from the input or one part of a spell's ``modifier``."""

    op: str                                  # add | subtract | divide | multiply | counts-as
    result: str | None                       # result type, all, non_maneuver (None: see choice/to)
    amount: int
    source: str
    rolls: frozenset[str] | None = None
    spell: str | None = None
    choice: tuple[str, ...] = ()             # add to one of these types (Fiery Weapon)
    from_type: str | None = None             # counts-as: from
    to: tuple[str, ...] = ()                 # counts-as: to (one of)
    engine: bool = True                      # False: the data says the engine cannot apply it
    condition: str = ""


@dataclass(frozen=True)
class Delayed:
    """An attacker's SAI effect delayed to this save roll (step 2)."""

    sai: str
    x: int
    field: str


@dataclass(frozen=True)
class RollInput:
    roll: str
    against: str | None
    terrain: str | None
    elements: tuple[str, ...] | None     # None: Reserve Area or no terrain given
    units: tuple[Unit, ...]
    modifiers: tuple[Modifier, ...]
    options: Mapping[str, bool] = field(default_factory=dict)
    dua: bool = False
    seed: int = 0
    delayed: tuple[Delayed, ...] = ()
    prefer: str | None = None
    counter: bool = False


def _need_str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a text, got {value!r}")
    return value.strip()


def _need_int(value: Any, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InputError(where, f"expected a whole number >= {low}, got {value!r}")
    return value


def parse_face(value: Any, where: str, idx: Index, faces: tuple[Face, ...], label: str) -> Face:
    """A face given as a 1-based face number or as ``"N icon"`` / ``"icon"``."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not faces:
            raise InputError(where, f"face number {value} needs a die with known faces")
        if not 1 <= value <= len(faces):
            raise InputError(where, f"face number {value} is not between 1 and {len(faces)}")
        return faces[value - 1]
    if not isinstance(value, str):
        raise InputError(where, f"expected a face like '3 melee' or a face number, got {value!r}")
    try:
        count, name = split_face(value)
    except ValueError as exc:
        raise InputError(where, str(exc)) from None
    icon = idx.icon_id(name)
    if icon is None:
        raise InputError(where, f"unknown icon '{name}' in '{value}'")
    if not faces:
        return Face(icon, count or 1)
    same = [f for f in faces if f.icon == icon]
    if count is not None:
        hit = [f for f in same if f.count == count]
    else:  # a bare icon: the die's face with that icon (one icon if the die has several)
        hit = [f for f in same if f.count == 1] or (same if len(set(same)) == 1 else [])
    if not hit:
        printed = ", ".join(sorted({f"'{f.label()}'" for f in faces}))
        raise InputError(where, f"'{value}' is not a face of {label} (faces: {printed})")
    return hit[0]


def _unit(i: int, raw: Any, idx: Index) -> Unit:
    where = f"army[{i}]"
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected an object with 'die' or 'species'")
    known = {"die", "species", "health", "die_type", "rolled", "rerolled", "faces", "name", "element"}
    extra = sorted(set(raw) - known)
    if extra:
        raise InputError(f"{where}.{extra[0]}", "unknown field")
    if "die" in raw:
        die_id = _need_str(raw["die"], f"{where}.die")
        die = idx.dice.get(die_id)
        if die is None:
            raise InputError(f"{where}.die", f"unknown die '{die_id}'")
        label, species, kind, health, faces, auto = (
            die.name, die.species, die.kind, die.health, die.faces, die.auto_saves)
        elements: tuple[str, ...] | None = die.elements
    else:
        die_id = None
        species = raw.get("species")
        if species is not None:
            species = _need_str(species, f"{where}.species")
            if species not in idx.species_names:
                sid = slug(species)
                if sid not in idx.species_names:
                    raise InputError(f"{where}.species", f"unknown species '{species}'")
                species = sid
        kind = raw.get("die_type", "unit")
        if kind not in DIE_TYPES:
            raise InputError(f"{where}.die_type", f"unknown die type {kind!r} (one of {', '.join(DIE_TYPES)})")
        health = raw.get("health")
        if health is not None:
            health = _need_int(health, f"{where}.health", 1)
        faces_raw = raw.get("faces") or []
        if not isinstance(faces_raw, list):
            raise InputError(f"{where}.faces", "expected a list of faces")
        faces = tuple(parse_face(f, f"{where}.faces[{j}]", idx, (), "") for j, f in enumerate(faces_raw))
        if species is None and "species" not in raw and kind not in ("equipment", "artifact", "medallion", "relic"):
            raise InputError(where, "needs 'die' or 'species'")
        name = raw.get("name") or (idx.species_names.get(species or "", "") + f" {kind}").strip()
        label = str(name)
        auto = idx.auto_saves(species, health)
        elements = None
        if raw.get("element") is not None:
            el = raw["element"]
            if not isinstance(el, list) or not all(isinstance(e, str) for e in el):
                raise InputError(f"{where}.element", "expected a list of element ids")
            elements = tuple(el)
    rolled = None
    if raw.get("rolled") is not None:
        rolled = parse_face(raw["rolled"], f"{where}.rolled", idx, faces, label)
    rer = raw.get("rerolled") or []
    if not isinstance(rer, list):
        raise InputError(f"{where}.rerolled", "expected a list of faces")
    rerolled = tuple(parse_face(f, f"{where}.rerolled[{j}]", idx, faces, label) for j, f in enumerate(rer))
    if rolled is None and not faces:
        raise InputError(f"{where}.rolled", "missing: a unit without known faces must give 'rolled'")
    return Unit(i, label, die_id, species, kind, health, faces, rolled, rerolled, auto, elements)


def _spell_modifiers(where: str, spell: Mapping[str, Any]) -> list[Modifier]:
    raw = spell.get("modifier")
    if not raw:
        raise InputError(f"{where}.spell", f"spell '{spell['id']}' does not change rolls (no modifier)")
    out = []
    for mod in raw if isinstance(raw, list) else [raw]:
        rolls = mod.get("rolls")
        to = mod.get("to") or ()
        out.append(Modifier(
            op=mod["op"], result=mod.get("result"), amount=int(mod.get("amount", 0)),
            source=spell.get("name", spell["id"]), rolls=frozenset(rolls) if rolls else None,
            spell=spell["id"], choice=tuple(mod.get("choice") or ()), from_type=mod.get("from"),
            to=tuple(to) if isinstance(to, list) else (to,), engine=mod.get("engine", True) is not False,
            condition=str(mod.get("condition") or "")))
    return out


def _modifiers(i: int, raw: Any, idx: Index) -> list[Modifier]:
    where = f"modifiers[{i}]"
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected an object with 'op' or 'spell'")
    if "spell" in raw:
        sid = _need_str(raw["spell"], f"{where}.spell")
        spell = idx.spells.get(sid) or idx.spells.get(slug(sid))
        if spell is None:
            raise InputError(f"{where}.spell", f"unknown spell '{sid}'")
        return _spell_modifiers(where, spell)
    extra = sorted(set(raw) - {"op", "result", "amount", "source"})
    if extra:
        raise InputError(f"{where}.{extra[0]}", "unknown field")
    op = raw.get("op")
    if op not in OPS:
        raise InputError(f"{where}.op", f"unknown op {op!r} (one of {', '.join(OPS)})")
    result = raw.get("result")
    if result not in MOD_RESULTS:
        raise InputError(f"{where}.result", f"unknown result type {result!r} (one of {', '.join(MOD_RESULTS)})")
    low = 1 if op in ("divide", "multiply") else 0
    amount = _need_int(raw.get("amount"), f"{where}.amount", low)
    source = raw.get("source") or f"modifier {i + 1}"
    return [Modifier(op, result, amount, str(source))]


def parse_input(data: Any, idx: Index) -> RollInput:
    """Validate the whole engine input; raise InputError on the first problem."""
    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    known = {"roll", "against", "terrain", "army", "modifiers", "options", "dua", "seed", "delayed", "prefer",
             "counter"}
    extra = sorted(set(data) - known)
    if extra:
        raise InputError(extra[0], "unknown field")
    roll = data.get("roll")
    if roll not in ROLL_TYPES:
        raise InputError("roll", f"unknown roll {roll!r} (one of {', '.join(ROLL_TYPES)})")
    against = data.get("against")
    if against is not None and against not in AGAINST:
        raise InputError("against", f"unknown attack {against!r} (one of {', '.join(AGAINST)})")
    if roll == "save":
        against = against or "other"
    terrain = data.get("terrain")
    elements: tuple[str, ...] | None = None
    if terrain is not None:
        terrain = _need_str(terrain, "terrain")
        if terrain != "reserve":
            elements = idx.terrain_elements(terrain)
            if elements is None:
                raise InputError("terrain", f"unknown terrain '{terrain}'")
    army = data.get("army")
    if not isinstance(army, list) or not army:
        raise InputError("army", "expected a non-empty list of units")
    units = tuple(_unit(i, u, idx) for i, u in enumerate(army))
    mods = data.get("modifiers") or []
    if not isinstance(mods, list):
        raise InputError("modifiers", "expected a list")
    modifiers = tuple(m for i, raw in enumerate(mods) for m in _modifiers(i, raw, idx))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise InputError("options", "expected an object of id: true/false")
    known_opts = idx.option_ids()
    for key, val in options.items():
        if key not in known_opts:
            raise InputError(f"options.{key}", "unknown ability or SAI id")
        if not isinstance(val, bool):
            raise InputError(f"options.{key}", f"expected true or false, got {val!r}")
    dua = data.get("dua", False)
    if not isinstance(dua, bool):
        raise InputError("dua", f"expected true or false, got {dua!r}")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputError("seed", f"expected a whole number, got {seed!r}")
    delayed = []
    for j, d in enumerate(data.get("delayed") or []):
        where = f"delayed[{j}]"
        if not isinstance(d, Mapping):
            raise InputError(where, "expected {\"sai\": <id>, \"x\": n}")
        sid = _need_str(d.get("sai"), f"{where}.sai")
        sid = idx.icon_id(sid) or sid
        if sid not in idx.sais:
            raise InputError(f"{where}.sai", f"unknown SAI '{d.get('sai')}'")
        delayed.append(Delayed(sid, _need_int(d.get("x", 1), f"{where}.x", 0), where))
    prefer = data.get("prefer")
    if prefer is not None and prefer not in RESULT_TYPES:
        raise InputError("prefer", f"unknown result type {prefer!r}")
    counter = data.get("counter", False)
    if not isinstance(counter, bool):
        raise InputError("counter", f"expected true or false, got {counter!r}")
    return RollInput(roll, against if roll == "save" else None, terrain, elements, units, modifiers,
                     dict(options), dua, seed, tuple(delayed), prefer, counter)
