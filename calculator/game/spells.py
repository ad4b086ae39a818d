"""The magic action (rulebook v4.01d p.11, p.44): the magic roll resolved with the cast list, each
spell's target checked, the lasting ones entering the effects, Summon Dragon moving its dragon."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ..core.shapes import Answer, Raw
from ..core.errors import InputError
from ..core.fields import need_int, need_list, need_str, short
from .cast_roll import cast_roll
from .march import check_action, march, own_army
from .sides import engine_error, faces_by_die, held, in_dua, modifiers
from .state import Effect, State
from .turn import after_action
from ..roll.asks import EngineView

CAST_KEYS = ("spell", "target", "times", "combined", "dragon", "faces", "casualties")
IVORY_TYPES = ("ivory", "ivory-hybrid")


def magic(engine: EngineView, state: State, move: Raw, where: str, seed: int) -> Answer:
    army = own_army(state, move, where, reserve_ok=True)
    march(state, engine.index, army, "magic", where)
    check_action(state, engine.index, army, "magic", where)
    cast = need_list(move.get("cast"), f"{where}.cast", 20)
    given = faces_by_die(state, move, where)
    dice = state.army_dice(army)
    terrain = state.terrain_of(army)
    data: Answer = {"roll": "magic", "terrain": "reserve" if terrain == "reserve" else state.terrains[terrain].die,
                            "army": [_unit(state, d, given) for d in dice], "modifiers": modifiers(state, army),
                            "seed": seed, "cast": [_entry(c, f"{where}.cast[{j}]") for j, c in enumerate(cast)],
                            # what Bone Magic reads (p.21): the caster's DUA and the force size
                            "in_dua": in_dua(state, state.owner(army)), "size": state.size, **held(state, army)}
    try:
        answer: dict[str, Any] = engine.resolve(data)
    except InputError as exc:
        raise engine_error(exc, where, {"": dice}) from None
    paid = answer.get("cast") or {}
    if cast and not paid.get("ok"):
        raise InputError(f"{where}.cast", f"this cast list cannot be cast: {paid.get('why') or 'not paid'}"
                                          f" (p.11, p.44)")
    carried = {c.get("spell"): len(c.get("modifiers") or []) for c in paid.get("carry") or []}
    pools = list((answer.get("magic") or {}).get("pools") or [])
    calls = list(paid.get("rolls") or [])         # the roll each spell with a roll effect calls for, in order
    resolved = []
    for j, entry in enumerate(cast):
        call = calls.pop(0) if calls and isinstance(entry, Mapping) and calls[0].get("spell") == entry.get("spell") \
            else None
        done = _apply(engine, state, army, entry, (paid.get("payments") or [])[j], carried, pools, f"{where}.cast[{j}]",
                      call, seed + 1 + 10 * j)
        if done is not None:
            resolved.append(done)
    if resolved:
        answer["spell_rolls"] = resolved          # p.44: resolved one at a time in the order cast
    after_action(state)
    return answer


def _unit(state: State, die: str, given: Mapping[str, Answer]) -> Answer:
    out: Answer = {"die": state.dice[die].die}
    for slot, face in (given.get(die) or {}).items():
        if isinstance(face, Mapping):
            face = face.get("magic", next(iter(face.values()), None)) if face else None
        if face is not None:
            out[slot] = face
    return out


def _entry(raw: object, where: str) -> Answer:
    if not isinstance(raw, Mapping):
        raise InputError(where, "expected {spell, target, times, combined, dragon}")
    bad = [k for k in raw if k not in CAST_KEYS]
    if bad:
        raise InputError(f"{where}.{bad[0]}", f"not a field of a cast entry ({', '.join(CAST_KEYS)})")
    return {k: raw[k] for k in ("spell", "times", "combined") if k in raw}


def _apply(engine: EngineView, state: State, army: str, entry: Mapping[str, Any], paid: Raw,
           carried: Mapping[str, int], pools: list[Any], where: str, call: Mapping[str, Any] | None,
           seed: int) -> Answer | None:
    spell = engine.index.spells.get(entry["spell"])
    if spell is None:
        raise InputError(f"{where}.spell", "expected a spell id (as in the spell list)")
    kind = str(spell.get("target") or "")
    caster = state.owner(army)
    target = _target(state, caster, kind, entry.get("target"), f"{where}.target")
    if entry.get("dragon") is not None:         # a spell that brings a dragon to a terrain (Summon Dragon, p.44)
        if kind != "terrain":
            raise InputError(f"{where}.dragon", f"{spell['name']} summons no dragon")
        _summon(engine, state, entry, paid, pools, target, where)
        return None
    instant = spell.get("duration") != "until-next-turn"
    if instant and call is not None and not kind.endswith("dua"):     # its target's roll (the spell lists, p.44)
        return cast_roll(engine, state, army, entry, call, kind, target, seed, where)
    for key in ("faces", "casualties"):
        if entry.get(key) is not None:
            raise InputError(f"{where}.{key}", f"{spell.get('name', spell['id'])} calls for no roll the game resolves")
    if instant:
        state.warnings.append({"text": f"{spell.get('name', spell['id'])}: its effect is left to the player "
                                       f"(an edit move)", "field": where})
        return None
    times = need_int(entry.get("times", 1), f"{where}.times", 1, 20)
    combined = bool(entry.get("combined"))
    place = _where(state, kind, target)
    lasting = 1 if combined else times
    # the copies a combined casting carries into rolls are the magic answer's (``carry``: a spell not
    # known to be cumulative carries one)
    copies = carried.get(spell["id"], 0) if combined else 1
    if spell["id"] not in carried:
        state.warnings.append({"text": f"{spell.get('name', spell['id'])}: it lasts until {caster}'s next turn; what it "
                                       f"does beyond rolls is left to the player", "field": where})
    for _ in range(lasting):
        # p.44: expires as the caster's next turn begins (two players: two turns on)
        state.effects.append(Effect(spell["id"], caster, target, state.turn.number + 2, copies=copies,
                                    changes_rolls=spell["id"] in carried, **place))
    return None



class Place(TypedDict, total=False):
    """What a lasting spell is cast on: an army, every army at a terrain, or units (p.44)."""

    army: str
    terrain: str
    units: tuple[str, ...]


def _where(state: State, kind: str, target: str) -> Place:
    if kind == "terrain":
        return {"terrain": target}
    if kind.endswith("army"):
        return {"army": target}
    if target in state.dice:
        return {"units": (target,)}
    return {}


def _target(state: State, caster: str, kind: str, raw: object, where: str) -> str:
    """The spell's target, as its ``target`` asks (p.44)."""
    if isinstance(raw, list) and kind.endswith("units") and raw:
        for j, r in enumerate(raw):
            _target(state, caster, kind[:-1], r, f"{where}[{j}]")
        return ",".join(str(r) for r in raw)
    target = need_str(raw, where)
    if kind == "terrain":
        if target not in state.terrains:
            raise InputError(where, f"expected a terrain ({', '.join(state.terrains)}), got {short(target)}")
    elif kind.endswith("army"):
        if not (target.count(".") == 1 and target.split(".")[0] in state.players and state.exists(target)):
            raise InputError(where, f"{short(target)} is not an army in the game")
        if kind.startswith("opposing") and state.owner(target) == caster:
            raise InputError(where, f"{target} is not an opposing army (p.44)")
    elif kind.endswith("unit") or kind.endswith("units") or kind.endswith("items"):
        die = state.dice.get(target)
        if die is None or state.place[target].split(".")[-1] not in ("home", "horde", "campaign", "reserve"):
            raise InputError(where, f"{short(target)} is not a unit in an army")
        if kind.startswith("opposing") and die.owner == caster or kind.startswith("own") and die.owner != caster:
            raise InputError(where, f"{target} is not {'an opposing' if kind.startswith('opposing') else 'your'} unit (p.44)")
    else:
        area = {"dua": "dua", "opposing-dua": "dua", "bua": "bua", "summoning-pool": "pool"}.get(kind, "")
        if target not in {f"{p}.{area}" for p in state.players}:
            raise InputError(where, f"expected <player>.{area or 'dua'}, got {short(target)}")
    return target


def _summon(engine: EngineView, state: State, entry: Raw, paid: Mapping[str, Any], pools: list[Any], terrain: str,
            where: str) -> None:
    """Summon Dragon (p.44, p.17): a dragon of the paying element from any Summoning Pool or terrain;
    from a pool, magic of any element may summon an Ivory or Ivory Hybrid dragon."""
    dragon = need_str(entry.get("dragon"), f"{where}.dragon")
    die = state.dice.get(dragon)
    place = state.place.get(dragon, "")
    if die is None or die.kind != "dragon" or not (place.endswith(".pool") or place.startswith("@")):
        raise InputError(f"{where}.dragon", f"{short(dragon)} is not a dragon in a Summoning Pool or at a terrain")
    kind = (engine.index.dragons.get(die.die) or {}).get("dragon_type")
    ivory_ok = kind in IVORY_TYPES and place.endswith(".pool")
    cost = int(paid.get("cost") or 0)
    # the player picks the element the results pay in: one the dragon contains, if enough results can be it
    can = [e for e in die.elements if sum(int(p.get("amount") or 0) for p in pools
                                          if e in (p.get("elements") or ()) and not p.get("cantrip_only")) >= cost]
    if not ivory_ok and not can:
        made = sorted({str(e) for p in pools for e in p.get("elements") or ()})
        raise InputError(f"{where}.dragon", f"{dragon} contains no element the magic can pay {cost} in "
                                            f"({', '.join(made) or 'none'}; p.44)")
    state.put(dragon, f"@{terrain}")
