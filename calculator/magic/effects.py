"""The roll a spell calls for (a single roll's ``spell``): the target's save roll against a damage
spell, the maneuver roll that keeps a terrain from turning, ... resolved, with the exact odds of
what follows (the health-worth killed, whether a unit dies or flees, whether the terrain turns).

The spell's kind (calculator.kinds.spells) names the roll and reads its totals; this module checks
the roll given is that roll, reads the roll made and works out the odds from the exact chances of
every total (calculator.roll.distribution), or, for a roll where only normal icons count (Tidal Wave),
from each die's faces (v4.01d p.44 spell lists; p.29 damage and casualties).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bundle import Index
from ..core.errors import InputError, NotExact, TooLarge
from ..core.faces import slug
from ..core.fields import need_bool, need_int, need_str, only
from ..core.interpret import see
from ..core.limits import LIMITS
from ..core.rolls import ROLL_TYPES
from ..kinds.spells import SpellEffect
from ..roll.chances import summarize
from ..roll.distribution import roll_outcomes
from ..roll.inputs import RollInput
from ..roll.results import RollResult


def parse_spell(raw: Any, idx: Index) -> tuple[str, int, bool]:
    """``"spell": "hailstorm"`` or ``{"id": "hailstorm", "times": n}`` (castings combined on this target);
    ``"after_first": true``: a target after the first, for a spell whose targets follow one another."""
    if isinstance(raw, str):
        raw = {"id": raw}
    if not isinstance(raw, Mapping):
        raise InputError("spell", 'expected a spell id or {"id": <spell id>, "times": n}')
    only(raw, ("id", "times", "after_first"), "spell")
    name = need_str(raw.get("id"), "spell.id")
    sid = name if name in idx.spells else slug(name)
    if sid not in idx.spells:
        raise InputError("spell.id", f"unknown spell '{name}'")
    effect = idx.spell_effects.get(sid)
    if effect is None:
        raise InputError("spell.id", f"{idx.spells[sid].get('name', sid)} calls for no roll of its target "
                                     f"(the calculator works out its cost only, or it changes rolls)")
    after = need_bool(raw.get("after_first", False), "spell.after_first")
    if after and effect.following() is None:
        raise InputError("spell.after_first", f"{idx.spells[sid].get('name', sid)} does not pass from one target "
                                              f"to the next: each target is the caster's own")
    return sid, need_int(raw.get("times", 1), "spell.times", 1, LIMITS["cast_times"]), after


def check_roll(kind: SpellEffect, name: str, inp: RollInput) -> None:
    """The roll given must be the one the spell calls for (a save roll is against magic)."""
    roll = inp.roll
    want = ROLL_TYPES[kind.roll]
    ok = roll.type.id == want.id and roll.counts == kind.counts()
    if ok and roll.is_save:
        ok = roll.against == "magic"
    dua = bool(kind.p.get("dua"))
    if not ok or roll.dua != dua:
        against = ' against magic ("against": "magic")' if want.save else ""
        where = ', rolled in the DUA ("dua": true)' if dua else ""
        article = "an" if want.name[0].lower() in "aeiou" else "a"
        raise InputError("spell", f"{name} calls for {kind.roll_words()}: {article} {want.name.lower()}"
                                  f" (\"roll\": \"{want.id}\"){against}{where}")


def healths_of(inp: RollInput) -> list[int]:
    out = []
    for u in inp.units:
        if u.is_item:
            continue             # items are not units: they take no damage (p.59)
        if u.health is None:
            raise InputError(f"army[{u.index}].health", "give the unit's health: the damage kills units by health")
        out.append(u.health)
    return out


def face_value(icon: str, count: int, what: str) -> int:
    """What one face shown adds to a tally: a normal icon its results, an ID icon 1 to "id"."""
    return (1 if icon == "id" else 0) if what == "id" else (count if icon == what else 0)


def normal_joint(inp: RollInput, counts: tuple[str, ...]) -> dict[tuple[int, ...], float]:
    """Chances of each tally of the faces shown (``counts``: normal icons' result types, or "id"):
    each die shows each of its faces alike; an SAI or a face of another type adds nothing, nor does
    an item no unit rolled with it can carry (p.59)."""
    joint: dict[tuple[int, ...], float] = {tuple(0 for _ in counts): 1.0}
    for u in inp.units:
        faces = u.faces if u.carried else ()
        if not faces:
            continue
        each = 1.0 / len(faces)
        nxt: dict[tuple[int, ...], float] = {}
        for key, p in joint.items():
            for f in faces:
                k = tuple(n + face_value(f.icon, f.count, t) for n, t in zip(key, counts))
                nxt[k] = nxt.get(k, 0.0) + p * each
        joint = nxt
    return joint


def normal_totals(result: RollResult, inp: RollInput, counts: tuple[str, ...]) -> dict[str, int]:
    """The roll made, tallying the face each die showed first."""
    carried = {u.index: u.carried for u in inp.units}
    out = {t: 0 for t in counts}
    for ur in result.units:
        if ur.faces and carried.get(ur.index, True):
            for t in counts:
                out[t] += face_value(ur.faces[0].icon, ur.faces[0].count, t)
    return out


def totals_odds(kind: SpellEffect, inp: RollInput, idx: Index) -> tuple[list[tuple[dict[str, int], float]], float, list[str]]:
    if kind.tally:
        joint = normal_joint(inp, kind.tally)
        return [(dict(zip(kind.tally, k)), p) for k, p in joint.items()], 0.0, []
    counts = kind.counts()
    raw, dropped, notes = roll_outcomes(inp, idx, keep=counts)
    merged: dict[tuple[int, ...], float] = {}
    for key, p in raw.items():
        merged[key[0]] = merged.get(key[0], 0.0) + p
    return [(dict(zip(inp.roll.counts, k)), p) for k, p in merged.items()], dropped, notes


def outcome_odds(kind: SpellEffect, dist: list[tuple[dict[str, int], float]], healths: Sequence[int]) -> dict[tuple, float]:
    """Chances of each outcome: the rolls the spell calls for are made one after another, each
    with the same chances (a second roll of the same unit)."""
    ways: list[tuple[list[dict[str, int]], float]] = [([], 1.0)]
    for _ in range(kind.rolls):
        ways = [(made + [t], p * q) for made, p in ways for t, q in dist]
    out: dict[tuple, float] = {}
    for made, p in ways:
        key = tuple(sorted(kind.outcome(made, healths).items()))
        out[key] = out.get(key, 0.0) + p
    return out


# What each field of an outcome is, in player words (the page shows these beside the chances).
LABELS = {"damage": "Damage left after the roll", "killed": "Health-worth of units killed",
          "dies": "The unit is killed", "to_reserve": "The unit goes back to its Reserve Area",
          "buried": "The unit is buried", "saved": "The unit saves (and rolls again)",
          "flees": "The unit flees to its Reserve Area", "turns": "The terrain turns down one face",
          "goes_on": "Its owner must target another unit"}


def odds_json(odds: dict[tuple, float], dropped: float, notes: list[str]) -> dict[str, Any]:
    fields: dict[str, dict[Any, float]] = {}
    for key, p in odds.items():
        for name, value in key:
            fields.setdefault(name, {})
            fields[name][value] = fields[name].get(value, 0.0) + p
    out: dict[str, Any] = {}
    for name in sorted(fields):
        dist = fields[name]
        if all(isinstance(v, bool) for v in dist):
            out[name] = {"chance": dist.get(True, 0.0)}
        else:
            out[name] = summarize(dist, dropped, notes, name)
        out[name]["label"] = LABELS.get(name, name)
    return out


def without_faces(data: Any) -> Any:
    """The same roll not made yet: its units without the faces given (the odds are before the roll)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("army"), list):
        return data
    army = [{k: v for k, v in u.items() if k not in ("rolled", "rerolled")} if isinstance(u, Mapping) else u
            for u in data["army"]]
    return {**data, "army": army}


def spell_answer(inp: RollInput, result: RollResult, idx: Index, before: RollInput) -> dict[str, Any]:
    """The ``spell`` part of a single roll's answer: what the roll made does, and the odds of the
    same roll not made yet (``before``)."""
    if inp.spell is None:
        return {}
    sid, times, after = parse_spell(inp.spell, idx)
    spell = idx.spells[sid]
    base = idx.spell_effects[sid]
    assert base is not None
    base = (base.following() or base) if after else base
    name = str(spell.get("name", sid))
    check_roll(base, name, inp)
    warnings = []
    combined = bool(spell.get("cumulative")) and bool(base.cumulative)
    kind = base.times(times) if combined else base
    if times > 1 and not combined:
        warnings.append(f"{name} is not known to be cumulative: castings combined on one target act as one (p.44)")
    healths = healths_of(inp)
    totals = normal_totals(result, inp, kind.tally) if kind.tally else dict(result.totals)
    made = kind.outcome([totals], healths)
    try:
        dist, dropped, notes = totals_odds(kind, before, idx)
        odds = odds_json(outcome_odds(kind, dist, healths), dropped, notes)
    except (TooLarge, NotExact) as exc:     # the roll made is still read; only its chances are missing
        odds = {}
        warnings.append(f"The chances before the roll are not shown: {exc.message}")
    out: dict[str, Any] = {"id": sid, "name": name, "times": times, "effect": kind.to_json(),
                           "does": kind.describe(), "calls_for": kind.roll_words(), "totals": totals,
                           "outcome": made, "text": kind.words(made), "odds": odds, "see": see("spell-effects")}
    if made.get("goes_on") and kind.following() is not None:
        # The roll of the next target, as the page offers it (its owner puts that unit's die in).
        out["next"] = {"id": sid, "after_first": True}
    if warnings:
        out["warnings"] = warnings
    return out


__all__ = ["spell_answer", "parse_spell", "without_faces"]
