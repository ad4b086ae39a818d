"""Steps 1 to 4 of Die Roll Resolution (seed 001, rulebook p.27): roll, delayed effects, re-rolls,
SAIs. Each step is one function named by its step and citing its rule; steps 5 to 10 are in
calculator.roll.totals.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..bundle import Index
from ..core.records import Contribution, EffectUse
from ..core.faces import Face
from .faceval import contribution
from .units import Unit
from ..core.interpret import see
from ..core.limits import LIMITS
from .results import Trace
from ..core.rolls import Roll
from ..core.targets import Cand, pick


@dataclass
class UnitRoll:
    """One unit's faces (first roll and roll-again faces) and their contributions."""

    unit: Unit
    faces: list[Face]
    parts: list[Contribution]
    excluded: str = ""          # why its results do not count ("" : they count)

    def total(self, bucket: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.parts:
            for t, n in getattr(c, bucket).items():
                out[t] = out.get(t, 0) + n
        return out

    def results(self, rtype: str) -> int:
        """Counted results of one type this unit produced (normal, ID and SAI)."""
        n = 0
        for c in self.parts:
            n += c.nonsai.get(rtype, 0) + c.sai.get(rtype, 0)
        return n

    @property
    def rolled_id(self) -> bool:
        return any(c.rolled_id for c in self.parts)


@dataclass(frozen=True)
class DelayedUse:
    """An attacker's effect that waits for this save roll (step 2): the kind, its X, its SAI."""

    effect: Any
    x: int
    name: str
    sai: str
    text: str = ""


def die_key(unit: Unit) -> str:
    """A unit's name for tie-breaks that must not depend on the army's order."""
    return f"{unit.species or ''}/{unit.kind}/{unit.die_id or unit.label}/{unit.health}"


def working(species: str, roll: Roll, idx: Index) -> tuple[Any, ...]:
    """The species' abilities that can work in this roll (Ability.applies, a function of the ability
    and the roll's key), remembered by the index."""
    key = ("applies", species, roll.key)
    hit: tuple[Any, ...] | None = idx.memo.get(key)
    return hit if hit is not None else \
        idx.keep(key, tuple(ab for ab in idx.abilities.get(species, []) if ab.kind.applies(roll)))


def cannot_roll(unit: Unit, roll: Roll, idx: Index) -> str | None:
    """The species rule that keeps this unit out of this roll (Dragonkin: no magic or missile)."""
    key = ("sits-out", unit.species, roll.key)
    if key in idx.memo:
        out: str | None = idx.memo[key]
        return out
    return idx.keep(key, next((ab.name for ab in idx.abilities.get(unit.species or "", [])
                               if ab.kind.keeps_from_rolling(roll)), None))


@dataclass
class Dice:
    """Where faces come from: the input's faces first, then the seeded random generator."""

    rng: random.Random
    seed: int
    given: dict[int, list[Face]] = field(default_factory=dict)

    def next(self, unit: Unit) -> tuple[Face | None, str]:
        queue = self.given.setdefault(unit.index, list(unit.rerolled))
        if queue:
            return queue.pop(0), "given"
        if unit.faces:
            return unit.faces[self.rng.randrange(len(unit.faces))], f"at random, seed {self.seed}"
        return None, ""


def face_words(face: Face, idx: Index) -> str:
    """A face in player words: its count and its icon's name ("1 ID", "4 Melee"), not "1 id"."""
    return f"{face.count} {idx.icon_name(face.icon)}"


# Step 1 (seed 001): roll the dice.
def step_1_roll(units: Iterable[Unit], roll: Roll, idx: Index, dice: Dice, trace: Trace) -> list[Face | None]:
    faces: list[Face | None] = []
    for u in units:
        rule = cannot_roll(u, roll, idx)
        if rule:
            trace.add(1, f"does not roll in a {roll.label().lower()} ({rule})", u)
            faces.append(None)
        elif u.rolled is not None:
            trace.add(1, f"rolled {face_words(u.rolled, idx)}", u, face=u.rolled.label())
            faces.append(u.rolled)
        else:
            face = u.faces[dice.rng.randrange(len(u.faces))]
            trace.add(1, f"rolled {face_words(face, idx)} (at random, seed {dice.seed})", u, see("random-faces"),
                      face=face.label(), random=True)
            faces.append(face)
    return faces


def delayed_uses(inputs: Iterable[Any], idx: Index) -> list[DelayedUse]:
    """The step-2 effects of delayed SAIs given in an input ({sai, x})."""
    out = []
    for d in inputs:
        sai = idx.sais[d.sai]
        for clause in sai.clauses:
            if clause.delayed:
                out += [DelayedUse(e, d.x, sai.name, sai.id, clause.text) for e in clause.effects]
    return out


def taken_out(use: DelayedUse) -> str:
    """Why a unit that rolled an ID icon does not count (an exchange reads it: killed or held)."""
    return f"{use.effect.verb} by {use.name} at step 2"


# Step 2 (seed 001): on a save roll against an attack, apply SAI effects delayed from the attacker.
def step_2_delayed(units: list[Unit], faces: list[Face | None], uses: list[DelayedUse], roll: Roll, idx: Index,
                   dice: Dice, trace: Trace) -> dict[int, str]:
    excluded: dict[int, str] = {}
    if not uses:
        trace.add(2, "no delayed effects" if roll.type.receives_delayed else "not a save roll against an attack")
        return excluded
    for use in uses:
        text = f"{use.name} (X={use.x}) from the attacker"
        if use.effect.selects_id_rollers:
            hit = _id_rollers(units, faces, excluded, use, roll, idx)
            verb = use.effect.verb
            for i in hit:
                excluded[i] = taken_out(use)
            names = ", ".join(units[i].name for i in hit) or "no unit"
            trace.add(2, f"{text}: {names} rolled an ID icon and {'are' if len(hit) != 1 else 'is'} {verb}; "
                         f"{'their' if len(hit) != 1 else 'its'} results do not count", None, see("delayed-effects"),
                      sai=use.sai, x=use.x, units=hit)
        elif use.effect.rerolls_targets:
            _confuse(units, faces, excluded, use, roll, idx, dice, trace, text)
        trace.effects.append(EffectUse(use.sai, use.name, None, "attacker", use.x, use.effect, use.text, True, True))
    return excluded


def _candidates(units: list[Unit], faces: list[Face | None], excluded: dict[int, str], roll: Roll, idx: Index,
                need_id: bool) -> list[Cand]:
    out = []
    for u, f in zip(units, faces):
        if f is None or u.index in excluded or u.is_item:
            continue          # items are not units: nothing that targets units picks one (rulebook p.59)
        c = contribution(u, f, roll, idx)
        if need_id and not c.rolled_id:
            continue
        out.append((u.index, u.health or 1, sum(c.nonsai.values()) + sum(c.sai.values()), die_key(u)))
    return out


def _id_rollers(units: list[Unit], faces: list[Face | None], excluded: dict[int, str], use: DelayedUse, roll: Roll,
                idx: Index) -> list[int]:
    max_h, max_u = use.effect.limits(use.x)
    return pick(_candidates(units, faces, excluded, roll, idx, True), max_h, max_u)


def _confuse(units: list[Unit], faces: list[Face | None], excluded: dict[int, str], use: DelayedUse, roll: Roll,
             idx: Index, dice: Dice, trace: Trace, text: str) -> None:
    # Confuse: the attacker re-rolls the targets, ignoring their first results (seed 000, seed 003 note).
    hit = pick(_candidates(units, faces, excluded, roll, idx, False), use.effect.n(use.x), None)
    for i in hit:
        new, how, old = *dice.next(units[i]), faces[i]
        if new is None or old is None:
            continue
        trace.add(2, f"{text}: rolled again, {old.label()} ignored: {new.label()} ({how})", units[i],
                  see("delayed-effects"), face=new.label())
        faces[i] = new
    if not hit:
        trace.add(2, f"{text}: no unit to re-roll", None, see("delayed-effects"))


# Step 3 (seed 001): re-roll effects ("roll this unit again and apply the new result as well").
def step_3_reroll(units: list[Unit], faces: list[Face | None], excluded: dict[int, str], roll: Roll, idx: Index,
                  dice: Dice, trace: Trace) -> list[UnitRoll]:
    rolls = []
    for u, first in zip(units, faces):
        if first is None:
            rolls.append(UnitRoll(u, [], [], "did not roll"))
            continue
        ur = UnitRoll(u, [first], [contribution(u, first, roll, idx)], excluded.get(u.index, ""))
        if not ur.excluded:
            _chain(ur, roll, idx, dice, trace)
        rolls.append(ur)
    left = {i: q for i, q in dice.given.items() if q}
    for i, q in left.items():
        trace.warn(f"army[{i}].rerolled: {len(q)} face(s) not used (no roll-again effect)", see("reroll-faces"))
    if not trace.entries[3]:
        trace.add(3, "no re-rolls")
    return rolls


def _chain(ur: UnitRoll, roll: Roll, idx: Index, dice: Dice, trace: Trace) -> None:
    pending = ur.parts[0].rerolls
    while pending:
        if len(ur.faces) >= LIMITS["reroll_depth"]:
            trace.warn(f"{ur.unit.name}: rolled again {len(ur.faces) - 1} times; the calculator stops there "
                       f"(limit {LIMITS['reroll_depth']} faces per unit)", see("limits"))
            return
        face, how = dice.next(ur.unit)
        if face is None:
            trace.warn(f"army[{ur.unit.index}]: {ur.unit.name} must roll again but has no faces or 'rerolled' "
                       f"face", see("reroll-faces"))
            return
        part = contribution(ur.unit, face, roll, idx)
        trace.add(3, f"rolls again ({ur.faces[-1].label()}): {face.label()} ({how})", ur.unit, see("reroll-faces"),
                  face=face.label())
        ur.faces.append(face)
        ur.parts.append(part)
        pending += part.rerolls - 1


# Step 4 (seed 001): identify the SAIs and apply their effects one by one.
def step_4_identify(rolls: list[UnitRoll], trace: Trace) -> None:
    for ur in rolls:
        if ur.excluded:
            continue
        for part in ur.parts:
            for note in part.notes:
                if note.step == 4:
                    trace.add(4, note.text, ur.unit, note.see)
                elif note.step == 3:
                    trace.add(3, note.text, ur.unit, note.see)
            trace.effects.extend(part.effects)
    if not trace.entries[4]:
        trace.add(4, "no SAIs rolled")
