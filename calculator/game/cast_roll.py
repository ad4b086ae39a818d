"""An instant spell whose effect is a roll of its target (Hailstorm, Firestorm, Firebolt, Lightning
Strike, Finger of Death, Fearful Flames, Swamp Fever, Mirage, Flash Flood, Tidal Wave; v4.01d p.44
spell lists, p.29 damage): the target's roll, given in the cast entry, is resolved by the single
roll with its ``spell`` (calculator.magic.effects) and what it does is applied to the state.

A cast entry gives the roll as a move gives faces: ``faces`` ``{die id or army name: face}`` (a
unit rolling twice, Fearful Flames or Swamp Fever: ``[first, second]``), the dice left out rolled
with the move's seed; ``casualties`` ``{army: [die ids]}`` is the owner's pick of the units an army
loses to the damage (p.29; default: the fewest units, by die id). Without ``faces`` the spell is
not resolved and the game names the roll it still needs.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.shapes import Answer, Raw
from ..core.errors import InputError
from ..core.fields import need_list, short
from ..kinds.spells import SpellEffect
from .sides import faces_by_die, held, modifiers
from .state import EIGHTH, State
from ..roll.asks import EngineView

# Where each outcome sends a unit (p.29: killed to the DUA; the spell lists: reserve, buried).
FATES = (("buried", "bua"), ("dies", "dua"), ("to_reserve", "reserve"), ("flees", "reserve"))


def effect_of(engine: EngineView, sid: str) -> SpellEffect:
    kind = engine.index.spell_effects.get(sid)
    assert kind is not None            # the magic answer named this spell's roll: it has an effect kind
    return kind


def rolling(state: State, kind: SpellEffect, target_kind: str, target: str, caster: str) -> list[str]:
    """Who rolls: each unit targeted, the army targeted, or the armies at the terrain targeted (p.44:
    a spell at a terrain affects every army there; Flash Flood: an opposing army, the spell list)."""
    if kind.unit:
        return target.split(",")
    if target_kind == "terrain":
        there = [a for a in state.armies() if state.terrain_of(a) == target]
        if kind.kind == "maneuver-or-turn":
            there = [a for a in there if state.owner(a) != caster]
        return there
    return [target]


def still_needed(state: State, name: str, call: Mapping[str, Any], rollers: list[str], where: str) -> Answer:
    """No faces given: the spell waits, and the game says which roll it needs."""
    who = ", ".join(rollers) or "no army"
    text = (f"{name}: not resolved: it calls for {call.get('calls_for', 'a roll')} by {who}; give the faces "
            f"rolled (faces, [] to let the game roll them) to resolve it (p.44)")
    state.warnings.append({"text": text, "field": f"{where}.faces"})
    return {"spell": call.get("spell"), "rolls": [], "needs": {"input": call.get("input"), "by": rollers}}


def cast_roll(engine: EngineView, state: State, caster: str, entry: Raw, call: Mapping[str, Any], target_kind: str,
              target: str, seed: int, where: str) -> Answer:
    """Resolve one cast entry's roll(s) and apply the outcome; its part of the move's answer."""
    sid = str(call["spell"])
    kind = effect_of(engine, sid)
    name = str(engine.index.spells[sid].get("name", sid))
    rollers = rolling(state, kind, target_kind, target, state.owner(caster))
    needs_roll = not (kind.kind == "unit-damage" and kind.p.get("save") is False)
    if needs_roll and entry.get("faces") is None:
        return still_needed(state, name, call, rollers, where)
    raw = entry.get("faces") or {}
    if not isinstance(raw, Mapping):
        raise InputError(f"{where}.faces", "expected {die id or army name: face}")
    firsts, seconds = _split(raw, f"{where}.faces")
    if seconds and kind.rolls < 2:
        raise InputError(f"{where}.faces.{next(iter(seconds))}", f"{name} calls for one roll of each die: give one face")
    given = faces_by_die(state, {"faces": firsts}, where)
    again = faces_by_die(state, {"faces": seconds}, where)
    rolled = {d for a in rollers for d in ([a] if kind.unit else state.army_dice(a))}
    for die in list(given) + list(again):
        if die not in rolled:
            raise InputError(f"{where}.faces.{die}", f"{die} does not roll for {name} (it rolls: {', '.join(rollers)})")
    parts: list[dict[str, Any]] = []
    for n, who in enumerate(rollers):
        parts.append(_unit_roll(engine, state, call, who, given, again, seed + n, where) if kind.unit else
                     _army_roll(engine, state, call, who, given, entry, seed + n, where))
    out: Answer = {"spell": sid, "rolls": parts}
    if kind.kind in ("maneuver-or-turn", "wave") and all(p["outcome"].get("turns") for p in parts):
        out["turned"] = _turn_down(state, target)      # no army reached the maneuver results needed
    return out


def _split(raw: Mapping[str, Any], where: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A die's ``[first, second]`` split into its two rolls (a die id, not an army's list by position)."""
    firsts: dict[str, Any] = {}
    seconds: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, list) and key.count(".") == 2:
            faces = need_list(value, f"{where}.{key}", 2)
            if faces:
                firsts[key] = faces[0]
            if len(faces) > 1:
                seconds[key] = faces[1]
        else:
            firsts[key] = value
    return firsts, seconds


def _resolve(engine: EngineView, data: Answer, where: str, dice: list[str]) -> dict[str, Any]:
    try:
        return engine.resolve(data)
    except InputError as exc:
        head, _, tail = exc.field.partition("]")
        if head.startswith("army[") and head[5:].isdigit() and int(head[5:]) < len(dice):
            raise InputError(f"{where}.faces.{dice[int(head[5:])]}", exc.message) from None
        raise InputError(f"{where}.{exc.field}" if exc.field else where, exc.message) from None


def _terrain(state: State, die: str) -> str:
    place = state.place[die]
    t = state.terrain_of(place) if place.count(".") == 1 else "reserve"
    return "reserve" if t == "reserve" else state.terrains[t].die


def _unit_roll(engine: EngineView, state: State, call: Mapping[str, Any], die: str, given: Mapping[str, Answer],
               again: Mapping[str, Answer], seed: int, where: str) -> dict[str, Any]:
    """One unit rolls alone, without its army's benefits (p.29); a second roll when the first
    leaves the outcome open (Fearful Flames, Swamp Fever)."""
    kind = effect_of(engine, str(call["spell"]))
    unit: Answer = {"die": state.dice[die].die, **({"rolled": given[die]["rolled"]} if die in given else {})}
    data = {**call["input"], "army": [unit], "terrain": _terrain(state, die), "seed": seed}
    first = _resolve(engine, data, where, [die])["spell"]
    outcome, totals = dict(first["outcome"]), [first["totals"]]
    if kind.rolls > 1 and not {"flees", "buried"} & outcome.keys():       # the first roll leaves it open
        second_unit = {"die": unit["die"], **({"rolled": again[die]["rolled"]} if die in again else {})}
        second = _resolve(engine, {**data, "army": [second_unit], "seed": seed + 1000}, where, [die])["spell"]
        totals.append(second["totals"])
        outcome = kind.outcome(totals, [_health(engine, state, die)])
    fate = _apply_fate(state, die, outcome)
    return {"unit": die, "totals": totals, "outcome": outcome, "text": kind.words(outcome), "odds": first["odds"],
            **({"fate": fate} if fate else {})}


def _health(engine: EngineView, state: State, die: str) -> int:
    return int(getattr(engine.index.dice.get(state.dice[die].die), "health", 1) or 1)


def _apply_fate(state: State, die: str, outcome: Mapping[str, Any]) -> str | None:
    owner = state.dice[die].owner
    for field, area in FATES:
        if outcome.get(field):
            if area == "dua" and state.dice[die].species in state.pool_species:
                area = "pool"            # Dragonkin killed go to the Summoning Pool (p.54)
            state.put(die, f"{owner}.{area}")
            return area
    return None


def _army_roll(engine: EngineView, state: State, call: Mapping[str, Any], army: str, given: Mapping[str, Answer],
               entry: Raw, seed: int, where: str) -> dict[str, Any]:
    """The whole army rolls (p.29: a spell at an army lets the entire army save), then loses units of
    the health-worth the outcome kills, picked by its owner."""
    dice = state.army_dice(army)
    units = [{"die": state.dice[d].die, **({"rolled": given[d]["rolled"]} if d in given else {})} for d in dice]
    t = state.terrain_of(army)
    data = {**call["input"], "army": units, "terrain": "reserve" if t == "reserve" else state.terrains[t].die,
            "modifiers": modifiers(state, army), "seed": seed, **held(state, army)}
    spell = _resolve(engine, data, where, dice)["spell"]
    outcome = spell["outcome"]
    killed = _casualties(engine, state, army, entry, int(outcome.get("damage", 0)), int(outcome.get("killed", 0)), where)
    for d in killed:
        _apply_fate(state, d, {"dies": True})
    return {"army": army, "totals": [spell["totals"]], "outcome": outcome, "text": spell["text"], "odds": spell["odds"],
            "killed": killed}


def _casualties(engine: EngineView, state: State, army: str, entry: Raw, damage: int, worth: int, where: str) -> list[str]:
    """The owner's units killed: the pick given, checked (p.29: as close to the damage as possible,
    never over it), or the fewest units reaching that health-worth, by die id."""
    units = [d for d in state.army_dice(army) if state.dice[d].kind == "unit"]
    health = {d: _health(engine, state, d) for d in units}
    raw = entry.get("casualties")
    picked = raw.get(army) if isinstance(raw, Mapping) else None
    if raw is not None and not isinstance(raw, Mapping):
        raise InputError(f"{where}.casualties", "expected {army: [die ids]}")
    if picked is None:
        return _fewest(units, health, worth)
    field = f"{where}.casualties.{army}"
    chosen = need_list(picked, field, len(units) + 1)
    for j, d in enumerate(chosen):
        if d not in health or chosen.index(d) != j:
            raise InputError(f"{field}[{j}]", f"{short(d)} is not a unit of {army} (or is named twice)")
    total = sum(health[d] for d in chosen)
    if total != worth:
        raise InputError(field, f"these units have {total} health; the {damage} damage kills units with {worth} "
                                f"health (as close to the damage as possible, never more; p.29)")
    return list(chosen)


def _fewest(units: list[str], health: Mapping[str, int], worth: int) -> list[str]:
    best: dict[int, tuple[str, ...]] = {0: ()}
    for d in sorted(units):
        for h, chosen in sorted(best.items(), reverse=True):
            h2 = h + health[d]
            if h2 <= worth and (h2 not in best or len(chosen) + 1 < len(best[h2])):
                best[h2] = chosen + (d,)
    return list(best.get(worth, ()))


def _turn_down(state: State, terrain: str) -> Answer:
    """The terrain turns down one face (Flash Flood, Tidal Wave); from its eighth face nobody holds it
    any more (p.15)."""
    t = state.terrains[terrain]
    before = t.face
    t.face = max(1, t.face - 1)
    if before == EIGHTH and t.face != EIGHTH:
        t.controller = None
    return {"terrain": terrain, "from": before, "to": t.face}
