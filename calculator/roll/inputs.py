"""Parse and check engine input into typed records.

Every error is an :class:`InputError` naming the JSON path of the bad value, e.g.
``army[1].rolled: unknown icon 'meele' in '3 meele'``; every number is checked against the one
set of limits (calculator.core.limits).
"""
from __future__ import annotations

from dataclasses import replace
from collections.abc import Mapping
from typing import Any

from ..core.shapes import Raw
from ..bundle import Index
from ..core.errors import InputError, ParamError
from ..core.faces import slug
from ..core.fields import need_bool, need_int, need_list, need_str, only, opt_list, short
from ..core.limits import LIMITS
from ..core.rolls import RESULT_TYPES, ROLL_TYPES, Roll, RollType
from ..kinds import MODIFIERS
from ..kinds.modifiers import Modifier, free_modifier_ops
from ..kinds.roll import DRAGON_FACES
from .held import EIGHTH, parse_held
from .negation import negation_modifier
from .records import DelayedInput, RollInput
from .steps import working
from .units import Unit, named, parse_unit, with_carriers

ROLL_KEYS = ("roll", "against", "terrain", "army", "modifiers", "options", "dua", "seed", "delayed", "prefer",
             "counter", "counts", "dragon_faces", "attacker_melee", "dragon_damage", "reserve", "cast",
             "eighth_faces", "minor_terrain", "at_reserve", "spell", "in_dua", "size", "negation")


def parse_modifier(i: int, raw: object, idx: Index) -> list[Modifier]:
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
    low = MODIFIERS.kinds[op].lowest_amount()      # the kind's own bound: never divide by 0
    amount = need_int(raw.get("amount"), f"{where}.amount", low, LIMITS["amount"])
    source = need_str(raw["source"], f"{where}.source") if raw.get("source") is not None else f"modifier {i + 1}"
    try:
        mod = MODIFIERS.make({"op": op, "result": result, "amount": amount}, where, key="op")
    except ParamError as exc:
        raise InputError(exc.field, exc.message) from None
    return [mod.bind(source)]


def parse_delayed(raw: object, idx: Index) -> tuple[DelayedInput, ...]:
    out = []
    for j, d in enumerate(opt_list(raw, "delayed", LIMITS["delayed"])):
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


def parse_seed(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** LIMITS["seed_digits"]:
        return value
    raise InputError("seed", f"expected a whole number of at most {LIMITS['seed_digits']} digits, got {short(value)}")


def parse_options(raw: object, idx: Index) -> dict[str, bool]:
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


def parse_where(raw: object, idx: Index) -> tuple[str | None, str, tuple[str, ...] | None]:
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


def parse_counts(data: Raw, rtype: RollType) -> tuple[str, ...]:
    if not rtype.individual:
        if data.get("counts") is not None:
            raise InputError("counts", "only an individual roll says what it counts")
        return rtype.counts
    raw = data.get("counts", list(rtype.counts))
    if not isinstance(raw, list) or not raw or any(t not in rtype.count_choice for t in raw) or len(set(raw)) != len(raw):
        raise InputError("counts", f"expected a list of result types ({', '.join(rtype.count_choice)})")
    return tuple(t for t in RESULT_TYPES if t in raw)


def parse_against(data: Raw, rtype: RollType, counts: tuple[str, ...]) -> str | None:
    against = data.get("against")
    if against is None:
        return rtype.against[0] if rtype.save and "save" in counts else None
    if not rtype.save or "save" not in counts:
        raise InputError("against", "only a save roll is made against an attack")
    if not isinstance(against, str) or against not in rtype.against:
        raise InputError("against", f"unknown attack {short(against)} (one of {', '.join(rtype.against)})")
    return against


def parse_dragon_faces(raw: object, rtype: RollType) -> tuple[str, ...] | None:
    if raw is None:
        return None
    if rtype.id != "dragon_attack":
        raise InputError("dragon_faces", "only the response to a dragon attack knows what the dragons rolled")
    faces = need_list(raw, "dragon_faces", LIMITS["dragons"] * LIMITS["reroll_depth"])
    for j, f in enumerate(faces):
        if f not in DRAGON_FACES:
            raise InputError(f"dragon_faces[{j}]", f"{short(f)} is not a dragon face ({', '.join(DRAGON_FACES)})")
    return tuple(faces)


def parse_opponent(data: Raw, rtype: RollType, against: str | None) -> tuple[Any, Any]:
    """What the other side did, for Bash: each attacking unit's melee results, each dragon's damage."""
    out: list[tuple[int, ...] | None] = []
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


def parse_dua(data: Mapping[str, Any], idx: Index) -> tuple[tuple[tuple[str, int], ...] | None, int]:
    """``in_dua``: the rolling player's units in their DUA by species; ``size``: the force's points
    (p.21: a DUA limit counts once per 24 points of force, or part)."""
    raw = data.get("in_dua")
    size = need_int(data.get("size", 24), "size", 1, LIMITS["force_size"])
    if raw is None:
        return None, -(-size // 24)
    if not isinstance(raw, Mapping):
        raise InputError("in_dua", "expected an object of species id: number of its units in the DUA")
    for key, val in raw.items():
        if key not in idx.species_names:
            raise InputError(f"in_dua.{key}", "unknown species")
        need_int(val, f"in_dua.{key}", 0, LIMITS["army_size"])
    return tuple(sorted(raw.items())), -(-size // 24)


def parse_roll(data: object, idx: Index) -> RollInput:
    """Check a whole single-roll input; raise InputError on the first problem."""
    if not isinstance(data, Mapping):
        raise InputError("", "the input must be a JSON object")
    only(data, ROLL_KEYS, "")
    name = data.get("roll")
    if name is None:
        raise InputError("roll", f"missing: which roll this is (one of {', '.join(ROLL_TYPES)})")
    rtype = ROLL_TYPES.get(name) if isinstance(name, str) else None
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
    units = tuple(named([parse_unit(i, u, idx) for i, u in enumerate(army)]))
    if rtype.individual and units[0].is_item:
        raise InputError("army[0]", "items never roll alone: an individual roll is a unit's (rulebook p.59)")
    mods = opt_list(data.get("modifiers"), "modifiers", LIMITS["modifiers"])
    modifiers = tuple(m for i, raw in enumerate(mods) for m in parse_modifier(i, raw, idx))
    modifiers += tuple(parse_negation(data, idx, rtype))       # Magic Negation (p.21)
    prefer = data.get("prefer")
    if prefer is not None and prefer not in counts:
        raise InputError("prefer", f"{short(prefer)} is not counted in this roll (one of {', '.join(counts)})")
    delayed = parse_delayed(data.get("delayed"), idx)
    if delayed and not (rtype.receives_delayed and against in ("melee", "missile")):
        raise InputError("delayed", "delayed effects only reach a save roll against a melee or missile attack")
    melee, damage = parse_opponent(data, rtype, against)
    held = parse_held(data, idx, where, len(units), items=frozenset(u.index for u in units if u.is_item),
                      terrain=elements)
    army_counts = () if rtype.individual else counts     # p.28: a unit rolling alone gets no army advantages
    if held.faces and need_bool(data.get("dua", False), "dua"):
        raise InputError("eighth_faces" if held.faces[0].role == EIGHTH else "minor_terrain",
                         "dice rolling in the DUA are not the army that holds the terrain's faces (p.15)")
    at_reserve = need_bool(data.get("at_reserve", False), "at_reserve")
    if at_reserve and not (rtype.id == "missile" and held.reaches_reserve()):
        raise InputError("at_reserve", "only a missile attack of an army holding a Tower reaches an army in a Reserve "
                                       "Area (p.11, p.15)")
    ignored = held.id_ignored(army_counts, at_reserve)
    roll = Roll(rtype, counts, against, need_bool(data.get("counter", False), "counter"), where,
                held.elements(elements), need_bool(data.get("dua", False), "dua"), prefer,
                parse_dragon_faces(data.get("dragon_faces"), rtype), melee, damage,
                parse_options(data.get("options"), idx), tuple(t for t in held.id_doubled(army_counts) if t not in ignored),
                held.effects, held.key, ignored, *parse_dua(data, idx))
    modifiers, shielded = held.modifiers(modifiers, roll, idx)
    units = with_carriers(with_army_saves(units, roll, idx), idx)      # p.59, last: a copy made after would lose it
    return RollInput(roll, terrain, units, modifiers, delayed, parse_seed(data.get("seed", 0)), data.get("cast"),
                     held, tuple(shielded), data.get("spell"))


def parse_negation(data: Mapping[str, Any], idx: Index, rtype: RollType) -> list[Modifier]:
    """Magic Negation (p.21): the opposing units' negation roll, read by this same reader, as the
    modifier it gives the magic roll (none when it takes nothing)."""
    taken = negation_modifier(data, idx, rtype, parse_roll)
    return [] if taken is None else parse_modifier(0, taken, idx)


def with_army_saves(units: tuple[Unit, ...], roll: Roll, idx: Index) -> tuple[Unit, ...]:
    """Automatic saves a species ability gives dice because of the army and terrain they roll with
    (the Dracolem's equipment, seed 003): added to the die's own, so step 10 adds them if it rolled."""
    extra: dict[int, int] = {}
    for sp in sorted({u.species for u in units if u.species}):
        for ab in working(sp, roll, idx):
            for i, n in ab.kind.army_auto_saves(sp, units, roll.elements).items():
                extra[i] = extra.get(i, 0) + n
    return tuple(replace(u, auto_saves=u.auto_saves + extra[u.index]) if u.index in extra else u for u in units)
