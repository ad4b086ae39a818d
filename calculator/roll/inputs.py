"""Parse and check engine input into typed records.

Every error is an :class:`InputError` naming the JSON path of the bad value, e.g.
``army[1].rolled: unknown icon 'meele' in '3 meele'``; every number is checked against the one
set of limits (calculator.core.limits).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any

from ..bundle import Index
from ..core.dice import DIE_KINDS, SIZE_BY_HEALTH, SIZES, is_item
from ..core.errors import InputError
from ..core.faces import Face, split_face, slug
from ..core.limits import LIMITS
from ..core.rolls import RESULT_TYPES

ROLL_KEYS = ("roll", "against", "terrain", "army", "modifiers", "options", "dua", "seed", "delayed", "prefer",
             "counter", "counts", "dragon_faces", "attacker_melee", "dragon_damage", "reserve", "cast")
UNIT_KEYS = ("die", "species", "health", "die_type", "size", "rolled", "rerolled", "faces", "name", "element",
             "choose")


@dataclass(frozen=True)
class Unit:
    """One die of the rolling army (a catalogue die or one described by hand). ``key``: everything
    about it a face's contribution depends on (filled in when it is made)."""

    index: int
    label: str
    die_id: str | None
    species: str | None
    kind: str
    size: str | None
    health: int | None
    faces: tuple[Face, ...]
    rolled: Face | None
    rerolled: tuple[Face, ...]
    auto_saves: int = 0
    elements: tuple[str, ...] | None = None     # None: not known (described by hand without 'element')
    choose: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    key: tuple = field(default=(), compare=False, hash=False)
    is_item: bool = field(default=False, compare=False, hash=False)
    alloy: str | None = None                    # Dracolem and medallions (bronze, silver, gold)

    def __post_init__(self) -> None:
        # Items are not units: nothing that targets or doubles a unit picks one (rulebook p.59).
        object.__setattr__(self, "is_item", is_item(self.kind))
        object.__setattr__(self, "key", (self.index, self.label, self.die_id, self.species, self.kind, self.size,
                                         self.health, self.auto_saves, self.elements,
                                         tuple(sorted(self.choose.items())), self.alloy))

    def choice_for(self, key: str, types: tuple[str, ...], roll: Any) -> str | None:
        """The type a choice of this unit goes to: the owner's pick (``choose``), else a counted type."""
        mine = self.choose.get(key)
        if mine in types:
            return mine
        return roll.pick(types)


@dataclass(frozen=True)
class DelayedInput:
    """An attacker's effect delayed to this save roll (step 2), given in a single roll's input."""

    sai: str
    x: int
    where: str


def need_str(value: Any, where: str, limit: int = LIMITS["text"]) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a text, got {short(value)}")
    if len(value) > limit:
        raise InputError(where, f"longer than {limit} characters")
    return value.strip()


def need_int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f">= {low}"
        raise InputError(where, f"expected a whole number {span}, got {short(value)}")
    return value


def need_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {short(value)}")
    return value


def need_list(value: Any, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, "expected a list")
    if len(value) > limit:
        raise InputError(where, f"more than {limit} entries")
    return value


def short(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number with more than 38 digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def only(raw: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
    extra = sorted(k for k in raw if k not in keys)
    if extra:
        raise InputError(f"{where}.{extra[0]}" if where else str(extra[0]), "unknown field")


def parse_face(value: Any, where: str, idx: Index, faces: tuple[Face, ...], label: str, one_icon: int = 1) -> Face:
    """A face given as a 1-based face number or as ``"N icon"`` / ``"icon"``.

    A bare icon on a die described by hand is worth ``one_icon`` results (seed 000's X: 4 on a
    monster, artifact, medallion, relic or champion, 3 on large equipment or a large Dragonkin).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if not faces:
            raise InputError(where, f"face number {value} needs a die with known faces")
        if not 1 <= value <= len(faces):
            raise InputError(where, f"face number {value} is not between 1 and {len(faces)}")
        return faces[value - 1]
    if not isinstance(value, str) or len(value) > LIMITS["text"]:
        raise InputError(where, f"expected a face like '3 melee' or a face number, got {short(value)}")
    try:
        count, name = split_face(value)
    except ValueError as exc:
        raise InputError(where, str(exc)) from None
    icon = idx.icon_id(name)
    if icon is None:
        raise InputError(where, f"unknown icon '{name}' in '{value}'")
    if not faces:
        if count is not None and count > LIMITS["face_count"]:
            raise InputError(where, f"a face shows at most {LIMITS['face_count']} icons, got {count}")
        return Face(icon, count if count is not None else one_icon)
    return _face_of(value, where, icon, count, faces, label)


def _face_of(value: str, where: str, icon: str, count: int | None, faces: tuple[Face, ...], label: str) -> Face:
    same = [f for f in faces if f.icon == icon]
    if count is not None:
        hit = [f for f in same if f.count == count]
    else:  # a bare icon: the die's face with that icon (one icon if the die has several)
        hit = [f for f in same if f.count == 1] or (same if len(set(same)) == 1 else [])
    if not hit:
        printed = ", ".join(sorted({f"'{f.label()}'" for f in faces}))
        raise InputError(where, f"'{value}' is not a face of {label} (faces: {printed})")
    return hit[0]


def _choose(raw: Any, where: str, idx: Index) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or len(raw) > LIMITS["faces_per_die"]:
        raise InputError(where, "expected an object of SAI id (or 'id'): result type")
    out = {}
    for key, val in raw.items():
        if key != "id" and key not in idx.sais:
            raise InputError(f"{where}.{key}", "not an SAI id (or 'id' for the ID icon)")
        if val not in RESULT_TYPES:
            raise InputError(f"{where}.{key}", f"{short(val)} is not a result type ({', '.join(RESULT_TYPES)})")
        out[key] = val
    return out


def _catalogue_unit(i: int, raw: Mapping[str, Any], idx: Index) -> dict[str, Any]:
    where = f"army[{i}]"
    only(raw, ("die", "rolled", "rerolled", "choose"), where)
    die_id = need_str(raw["die"], f"{where}.die")
    die = idx.dice.get(die_id)
    if die is None:
        raise InputError(f"{where}.die", f"unknown die '{die_id}'")
    return dict(label=die.name, die_id=die_id, species=die.species, kind=die.kind, size=die.size,
                health=die.health, faces=die.faces, auto_saves=die.auto_saves, elements=die.elements,
                alloy=die.alloy)


def _species(raw: Mapping[str, Any], where: str, idx: Index) -> str | None:
    species = raw.get("species")
    if species is None:
        return None
    species = need_str(species, f"{where}.species")
    if species in idx.species_names or species == "items":
        return species
    if slug(species) in idx.species_names:
        return slug(species)
    raise InputError(f"{where}.species", f"unknown species '{species}'")


def _hand_unit(i: int, raw: Mapping[str, Any], idx: Index) -> dict[str, Any]:
    where = f"army[{i}]"
    only(raw, UNIT_KEYS[1:], where)
    species = _species(raw, where, idx)
    kind = raw.get("die_type", "unit")
    if kind == "dragonkin":            # older links: a Dragonkin unit
        kind, species = "unit", species or "dragonkin"
    if kind not in DIE_KINDS:
        raise InputError(f"{where}.die_type", f"unknown die type {short(kind)} (one of {', '.join(DIE_KINDS)})")
    if species is None and not is_item(kind):
        raise InputError(where, "needs 'die' or 'species'")
    health = raw.get("health")
    if health is not None:
        health = need_int(health, f"{where}.health", 1, LIMITS["health"])
    size = raw.get("size")
    if size is not None and size not in SIZES:
        raise InputError(f"{where}.size", f"unknown size {short(size)} (one of {', '.join(SIZES)})")
    size = size or (kind if kind in ("monster", "champion") else SIZE_BY_HEALTH.get(health or 0))
    health = health if health is not None else (None if is_item(kind) else idx.default_health(kind, size))
    one = idx.x_rules.single_icon(kind, size, species)
    faces_raw = need_list(raw.get("faces") or [], f"{where}.faces", LIMITS["faces_per_die"])
    faces = tuple(parse_face(f, f"{where}.faces[{j}]", idx, (), "", one) for j, f in enumerate(faces_raw))
    name = raw.get("name")
    label = need_str(name, f"{where}.name") if name is not None else \
        (idx.species_names.get(species or "", "Item") + f" {kind}").strip()
    elements = None
    if raw.get("element") is not None:
        el = need_list(raw["element"], f"{where}.element", 5)
        if not all(isinstance(e, str) for e in el):
            raise InputError(f"{where}.element", "expected a list of element ids")
        elements = tuple(el)
    return dict(label=label, die_id=None, species=species, kind=kind, size=size, health=health, faces=faces,
                auto_saves=idx.auto_saves(species, health), elements=elements, one=one)


def _signature(i: int, raw: Mapping[str, Any]) -> tuple | None:
    """A hashable name of a catalogue unit's input, to reuse its checked form (None: do not)."""
    try:
        sig = (i, raw["die"], raw.get("rolled"), tuple(raw.get("rerolled") or ()),
               tuple(sorted((raw.get("choose") or {}).items())), tuple(sorted(raw)))
        hash(sig)
        return sig
    except (TypeError, AttributeError):
        return None


def parse_unit(i: int, raw: Any, idx: Index) -> Unit:
    if isinstance(raw, Mapping) and "die" in raw:
        sig = _signature(i, raw)
        hit = idx.units.get(sig) if sig is not None else None
        if hit is None:
            hit = _parse_unit(i, raw, idx)
            if sig is not None and len(idx.units) < 20_000:
                idx.units[sig] = hit
        return hit
    return _parse_unit(i, raw, idx)


def _parse_unit(i: int, raw: Any, idx: Index) -> Unit:
    where = f"army[{i}]"
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected an object with 'die' or 'species'")
    base = _catalogue_unit(i, raw, idx) if "die" in raw else _hand_unit(i, raw, idx)
    one = base.pop("one", 1)
    faces, label = base["faces"], base["label"]
    rolled = None
    if raw.get("rolled") is not None:
        rolled = parse_face(raw["rolled"], f"{where}.rolled", idx, faces, label, one)
    rer = need_list(raw.get("rerolled") or [], f"{where}.rerolled", LIMITS["reroll_depth"])
    rerolled = tuple(parse_face(f, f"{where}.rerolled[{j}]", idx, faces, label, one) for j, f in enumerate(rer))
    if rolled is None and not faces:
        raise InputError(f"{where}.rolled", "missing: a unit without known faces must give 'rolled'")
    choose = _choose(raw.get("choose"), f"{where}.choose", idx)
    return Unit(i, rolled=rolled, rerolled=rerolled, choose=choose, **base)


@dataclass(frozen=True)
class RollInput:
    """A whole single-roll input, checked."""

    roll: Any                      # calculator.core.rolls.Roll
    terrain: str | None
    units: tuple[Unit, ...]
    modifiers: tuple[Any, ...]     # calculator.kinds.modifiers.Modifier
    delayed: tuple[DelayedInput, ...] = ()
    seed: int = 0
    cast: Any = None               # the magic roll's cast list, checked by calculator.magic


def parse_modifier(i: int, raw: Any, idx: Index) -> list[Any]:
    from ..core.errors import ParamError
    from ..kinds import MODIFIERS
    from ..kinds.modifiers import free_modifier_ops

    where = f"modifiers[{i}]"
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected an object with 'op' or 'spell'")
    if "spell" in raw:
        only(raw, ("spell",), where)
        sid = need_str(raw["spell"], f"{where}.spell")
        sid = sid if sid in idx.spells else slug(sid)
        if sid not in idx.spells:
            raise InputError(f"{where}.spell", f"unknown spell '{raw['spell']}'")
        if not idx.modifiers[sid]:
            raise InputError(f"{where}.spell", f"spell '{sid}' does not change rolls")
        return list(idx.modifiers[sid])
    only(raw, ("op", "result", "amount", "source"), where)
    op = raw.get("op")
    if op not in free_modifier_ops():
        raise InputError(f"{where}.op", f"unknown op {short(op)} (one of {', '.join(free_modifier_ops())})")
    result = raw.get("result")
    if result not in RESULT_TYPES + ("all",):
        raise InputError(f"{where}.result", f"unknown result type {short(result)} (one of "
                                            f"{', '.join(RESULT_TYPES + ('all',))})")
    low = 1 if op in ("divide", "multiply") else 0
    amount = need_int(raw.get("amount"), f"{where}.amount", low, LIMITS["amount"])
    source = need_str(raw["source"], f"{where}.source") if raw.get("source") is not None else f"modifier {i + 1}"
    try:
        mod = MODIFIERS.make({"op": op, "result": result, "amount": amount}, where, key="op")
    except ParamError as exc:
        raise InputError(exc.field, exc.message) from None
    return [mod.bind(source)]


def parse_delayed(raw: Any, idx: Index) -> tuple[DelayedInput, ...]:
    out = []
    for j, d in enumerate(need_list(raw or [], "delayed", LIMITS["delayed"])):
        where = f"delayed[{j}]"
        if not isinstance(d, Mapping):
            raise InputError(where, 'expected {"sai": <id>, "x": n}')
        only(d, ("sai", "x"), where)
        name = need_str(d.get("sai"), f"{where}.sai")
        sid = idx.icon_id(name) or name
        sai = idx.sais.get(sid)
        if sai is None:
            raise InputError(f"{where}.sai", f"unknown SAI '{name}'")
        if not any(c.delayed for c in sai.clauses):
            raise InputError(f"{where}.sai", f"{sai.name} has no effect delayed to the target's save roll")
        out.append(DelayedInput(sid, need_int(d.get("x", 1), f"{where}.x", 0, LIMITS["x"]), where))
    return tuple(out)


def parse_seed(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** LIMITS["seed_digits"]:
        return value
    raise InputError("seed", f"expected a whole number of at most {LIMITS['seed_digits']} digits, got {short(value)}")


def parse_options(raw: Any, idx: Index) -> dict[str, bool]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InputError("options", "expected an object of id: true/false")
    known = idx.option_ids()
    for key, val in raw.items():
        if key not in known:
            raise InputError(f"options.{key}", "unknown ability or SAI id")
        need_bool(val, f"options.{key}")
    return dict(raw)


def parse_where(raw: Any, idx: Index) -> tuple[str | None, str, tuple[str, ...] | None]:
    """(terrain id, where, elements): the Reserve Area and 'no terrain' have no elements."""
    if raw is None:
        return None, "none", None
    terrain = need_str(raw, "terrain")
    if terrain == "reserve":
        return terrain, "reserve", None
    elements = idx.terrain_elements(terrain)
    if elements is None:
        raise InputError("terrain", f"unknown terrain '{terrain}'")
    return terrain, "terrain", elements


def parse_counts(data: Mapping[str, Any], rtype: Any) -> tuple[str, ...]:
    if not rtype.individual:
        if data.get("counts") is not None:
            raise InputError("counts", "only an individual roll says what it counts")
        return rtype.counts
    raw = data.get("counts", list(rtype.counts))
    if not isinstance(raw, list) or not raw or any(t not in rtype.count_choice for t in raw) or len(set(raw)) != len(raw):
        raise InputError("counts", f"expected a list of result types ({', '.join(rtype.count_choice)})")
    return tuple(t for t in RESULT_TYPES if t in raw)


def parse_against(data: Mapping[str, Any], rtype: Any, counts: tuple[str, ...]) -> str | None:
    against = data.get("against")
    if against is None:
        return rtype.against[0] if rtype.save and "save" in counts else None
    if not rtype.save or "save" not in counts:
        raise InputError("against", "only a save roll is made against an attack")
    if against not in rtype.against:
        raise InputError("against", f"unknown attack {short(against)} (one of {', '.join(rtype.against)})")
    return against


def parse_dragon_faces(raw: Any, rtype: Any) -> tuple[str, ...] | None:
    from ..kinds.roll import DRAGON_FACES

    if raw is None:
        return None
    if rtype.id != "dragon_attack":
        raise InputError("dragon_faces", "only the response to a dragon attack knows what the dragons rolled")
    faces = need_list(raw, "dragon_faces", LIMITS["dragons"] * LIMITS["reroll_depth"])
    for j, f in enumerate(faces):
        if f not in DRAGON_FACES:
            raise InputError(f"dragon_faces[{j}]", f"{short(f)} is not a dragon face ({', '.join(DRAGON_FACES)})")
    return tuple(faces)


def parse_opponent(data: Mapping[str, Any], rtype: Any, against: str | None) -> tuple[Any, Any]:
    """What the other side did, for Bash: each attacking unit's melee results, each dragon's damage."""
    out = []
    for key, ok in (("attacker_melee", rtype.save and against == "melee"), ("dragon_damage", rtype.id == "dragon_attack")):
        raw = data.get(key)
        if raw is None:
            out.append(None)
            continue
        if not ok:
            raise InputError(key, "only a save roll against melee (attacker_melee) or the response to a dragon "
                                  "attack (dragon_damage) uses it")
        vals = need_list(raw, key, LIMITS["army_size"])
        out.append(tuple(need_int(v, f"{key}[{j}]", 0, LIMITS["amount"]) for j, v in enumerate(vals)))
    return out[0], out[1]


def parse_roll(data: Any, idx: Index) -> RollInput:
    """Check a whole single-roll input; raise InputError on the first problem."""
    from ..core.rolls import ROLL_TYPES, Roll

    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    only(data, ROLL_KEYS, "")
    rtype = ROLL_TYPES.get(data.get("roll")) if isinstance(data.get("roll"), str) else None
    if rtype is None:
        raise InputError("roll", f"unknown roll {short(data.get('roll'))} (one of {', '.join(ROLL_TYPES)})")
    counts = parse_counts(data, rtype)
    against = parse_against(data, rtype, counts)
    terrain, where, elements = parse_where(data.get("terrain"), idx)
    if need_bool(data.get("reserve", False), "reserve"):     # the army is in the Reserve Area (p.11)
        if where == "terrain":
            raise InputError("reserve", f"the army cannot be in the Reserve Area and at '{terrain}'")
        terrain, where, elements = "reserve", "reserve", None
    army = need_list(data.get("army"), "army", LIMITS["army_size"])
    if not army:
        raise InputError("army", "expected a non-empty list of units")
    if rtype.individual and len(army) != 1:
        raise InputError("army", "an individual roll is one unit rolling alone")
    units = tuple(parse_unit(i, u, idx) for i, u in enumerate(army))
    if rtype.individual and units[0].is_item:
        raise InputError("army[0]", "items never roll alone: an individual roll is a unit's (rulebook p.59)")
    mods = need_list(data.get("modifiers") or [], "modifiers", LIMITS["modifiers"])
    modifiers = tuple(m for i, raw in enumerate(mods) for m in parse_modifier(i, raw, idx))
    prefer = data.get("prefer")
    if prefer is not None and prefer not in counts:
        raise InputError("prefer", f"{short(prefer)} is not counted in this roll (one of {', '.join(counts)})")
    delayed = parse_delayed(data.get("delayed"), idx)
    if delayed and not (rtype.receives_delayed and against in ("melee", "missile")):
        raise InputError("delayed", "delayed effects only reach a save roll against a melee or missile attack")
    melee, damage = parse_opponent(data, rtype, against)
    roll = Roll(rtype, counts, against, need_bool(data.get("counter", False), "counter"), where, elements,
                need_bool(data.get("dua", False), "dua"), prefer, parse_dragon_faces(data.get("dragon_faces"), rtype),
                melee, damage, parse_options(data.get("options"), idx))
    return RollInput(roll, terrain, units, modifiers, delayed, parse_seed(data.get("seed", 0)), data.get("cast"))
