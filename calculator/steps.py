"""The ten steps of Die Roll Resolution (seed 001, rulebook p.27), one function each.

Steps 1-4 evaluate dice (they need the random generator and the army); steps 5-10 are a
pure function of summed results and modifiers (:func:`finish`), so a probability engine can
reuse them over a distribution of :class:`Sums`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from .army import Modifier, RollInput, Unit
from .bundle import Index
from .effects import Context, Contribution, _amount, contribution
from .faces import Face
from .vocab import see

MAX_REROLLS = 50   # a guard against endless "roll again" chains when rolling at random


@dataclass
class Trace:
    """Entries and subtotals per step, effects and warnings of one resolution."""

    entries: dict[int, list[dict[str, Any]]] = field(default_factory=lambda: {n: [] for n in range(1, 11)})
    subtotals: dict[int, dict[str, int]] = field(default_factory=dict)
    effects: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)

    def add(self, step: int, text: str, unit: Unit | None = None, see_: str | None = None,
            **extra: Any) -> None:
        entry: dict[str, Any] = {"unit": unit.index if unit else None, "text": text}
        if unit is not None:
            entry["label"] = unit.label
        if see_:
            entry["see"] = see_
        entry.update(extra)
        self.entries[step].append(entry)

    def warn(self, text: str, see_: str | None = None) -> None:
        item: dict[str, Any] = {"text": text}
        if see_:
            item["see"] = see_
        self.warnings.append(item)


@dataclass
class UnitRoll:
    """One unit's faces (first roll + roll-again faces) and their contributions."""

    unit: Unit
    faces: list[Face]
    parts: list[Contribution]
    excluded: bool = False
    reason: str = ""

    def total(self, bucket: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.parts:
            for t, n in getattr(c, bucket).items():
                out[t] = out.get(t, 0) + n
        return out

    def results(self, rtype: str) -> int:
        """Counted results of one type this unit produced (normal, ID and SAI)."""
        return self.total("nonsai").get(rtype, 0) + self.total("sai").get(rtype, 0)


@dataclass
class Sums:
    """Everything steps 5-10 need: the army's summed results and step-10 additions."""

    nonsai: dict[str, int]
    sai: dict[str, int]
    unit_multiply: list[tuple[str, str, int]] = field(default_factory=list)   # (text, type, extra)
    adds: list[tuple[str, str, int, str | None]] = field(default_factory=list)  # (text, type, n, see)


def _roll_face(unit: Unit, rng: random.Random) -> Face:
    return unit.faces[rng.randrange(len(unit.faces))]


def cannot_roll(unit: Unit, ctx: Context, idx: Index) -> str | None:
    """Name of a species rule that keeps this unit out of this roll (Dragonkin: no magic or missile)."""
    for ab in idx.abilities.get(unit.species or "", []):
        if ab.engine.get("kind") == "cannot-roll" and ctx.roll in (ab.engine.get("rolls") or ()):
            return ab.name
    return None


# Step 1 (seed 001): roll the dice.
def step_1_roll(inp: RollInput, ctx: Context, idx: Index, rng: random.Random, trace: Trace
                ) -> list[Face | None]:
    faces: list[Face | None] = []
    for u in inp.units:
        rule = cannot_roll(u, ctx, idx)
        if rule:
            trace.add(1, f"does not roll in a {ctx.roll} roll ({rule})", u)
            faces.append(None)
            continue
        if u.rolled is not None:
            face = u.rolled
            trace.add(1, f"rolled {face.label()}", u, face=face.label())
        else:
            face = _roll_face(u, rng)
            trace.add(1, f"rolled {face.label()} (at random, seed {inp.seed})", u,
                      see("random-faces"), face=face.label(), random=True)
        faces.append(face)
    return faces


def _targets(cands: list[tuple[int, int, int]], max_health: int | None, max_units: int | None) -> list[int]:
    """Pick target units: the most health-worth within the limits, then the most results.

    ``cands`` holds (unit index, health, results). Deterministic; brute force for small armies.
    """
    best: tuple[int, int, list[int]] = (-1, -1, [])
    n = len(cands)
    if n > 16:  # large armies: greedy by health, then results
        chosen, hp = [], 0
        for i, h, _ in sorted(cands, key=lambda c: (-c[1], -c[2], c[0])):
            if (max_units is None or len(chosen) < max_units) and (max_health is None or hp + h <= max_health):
                chosen.append(i)
                hp += h
        return sorted(chosen)
    for mask in range(1 << n):
        pick = [cands[i] for i in range(n) if mask >> i & 1]
        hp = sum(c[1] for c in pick)
        if max_health is not None and hp > max_health:
            continue
        if max_units is not None and len(pick) > max_units:
            continue
        key = (hp, sum(c[2] for c in pick))
        if key > best[:2]:
            best = (key[0], key[1], sorted(c[0] for c in pick))
    return best[2]


# Step 2 (seed 001): on a save roll against an attack, apply SAI effects delayed from the attacker.
def step_2_delayed(inp: RollInput, faces: list[Face | None], ctx: Context, idx: Index, trace: Trace) -> set[int]:
    excluded: set[int] = set()
    if not inp.delayed:
        trace.add(2, "no delayed effects" if ctx.roll == "save" else f"not a save roll: nothing to do")
        return excluded
    if ctx.roll != "save":
        trace.warn("delayed effects only apply to save rolls; ignored", see("delayed-effects"))
        return excluded
    for d in inp.delayed:
        sai = idx.sais[d.sai]
        clause = next((c for c in sai.clauses if c.delayed), None)
        if clause is None:
            trace.warn(f"{sai.name} has no delayed effect in the data; ignored", see("delayed-effects"))
            continue
        eff = dict(clause.effect or {})
        text = f"{sai.name} (X={d.x}) from the attacker"
        if eff.get("kind") == "kill-id-rollers" or eff.get("selector") == "rolled-id":
            # Units that rolled an ID icon are taken out; their results do not count (seed 000).
            cands = []
            for u, f in zip(inp.units, faces):
                if f is not None and f.icon == "id" and u.index not in excluded:
                    c = contribution(u, f, ctx, idx)
                    cands.append((u.index, u.health or 1, sum(c.nonsai.values())))
            # "X" = up to X health-worth; a fixed number = that many units (Decapitate: one unit);
            # "all" = every unit that rolled ID (Hypnotic Glare).
            raw_amount = eff.get("amount", "X")
            max_h = d.x if raw_amount == "X" else None
            max_u = raw_amount if isinstance(raw_amount, int) else None
            hit = _targets(cands, max_h, max_u)
            excluded.update(hit)
            names = ", ".join(inp.units[i].label for i in hit) or "no unit"
            trace.add(2, f"{text}: {names} rolled ID and {'are' if len(hit) != 1 else 'is'} taken out; "
                         f"their results do not count", None, see("delayed-effects"), sai=sai.id, x=d.x,
                      units=hit)
        else:
            trace.add(2, f"{text}: {eff.get('kind', 'special')} (not a change to the totals; resolve by hand)",
                      None, see("delayed-effects"), sai=sai.id, x=d.x)
        trace.effects.append({"sai": sai.id, "unit": None, "x": d.x, "kind": eff.get("kind", "special"),
                              "text": clause.text, "delayed": True, "from": "attacker"})
    return excluded


# Step 3 (seed 001): re-roll effects ("roll this unit again and apply the new result as well").
def step_3_reroll(inp: RollInput, faces: list[Face | None], excluded: set[int], ctx: Context, idx: Index,
                  rng: random.Random, trace: Trace) -> list[UnitRoll]:
    rolls = []
    for u, first in zip(inp.units, faces):
        if first is None:
            rolls.append(UnitRoll(u, [], [], True, "did not roll"))
            continue
        ur = UnitRoll(u, [first], [contribution(u, first, ctx, idx)], u.index in excluded,
                      "taken out at step 2")
        if ur.excluded:
            rolls.append(ur)
            continue
        given = list(u.rerolled)
        pending = ur.parts[0].rerolls
        while pending and len(ur.faces) <= MAX_REROLLS:
            pending -= 1
            if given:
                face, how = given.pop(0), "given"
            elif u.faces:
                face, how = _roll_face(u, rng), f"at random, seed {inp.seed}"
            else:
                trace.warn(f"army[{u.index}]: {u.label} must roll again but has no faces or 'rerolled' "
                           f"face", see("reroll-faces"))
                break
            part = contribution(u, face, ctx, idx)
            trace.add(3, f"rolls again ({ur.faces[-1].label()}): {face.label()} ({how})", u,
                      see("reroll-faces"), face=face.label())
            ur.faces.append(face)
            ur.parts.append(part)
            pending += part.rerolls
        if given:
            trace.warn(f"army[{u.index}].rerolled: {len(given)} face(s) not used (no roll-again effect)",
                       see("reroll-faces"))
        rolls.append(ur)
    if not trace.entries[3]:
        trace.add(3, "no re-rolls")
    return rolls


# Step 4 (seed 001): identify SAIs and apply their effects one by one.
def step_4_identify(rolls: list[UnitRoll], trace: Trace) -> None:
    for ur in rolls:
        if ur.excluded:
            continue
        for part in ur.parts:
            for note in part.notes:
                if note.step == 4:
                    trace.add(4, note.text, ur.unit, note.see)
            trace.effects.extend(part.effects)
    if not trace.entries[4]:
        trace.add(4, "no SAIs rolled")


def _multiply_extras(rolls: list[UnitRoll], ctx: Context, idx: Index) -> list[tuple[str, str, int]]:
    """SAI effects that multiply one unit's or some units' results (Elevate, Trumpet)."""
    out: list[tuple[str, str, int]] = []
    used: set[tuple[int, str]] = set()   # a unit is multiplied at most once per type (seed 000)
    live = [r for r in rolls if not r.excluded]
    for ur in live:
        for part in ur.parts:
            for m in part.multiply:
                types = [t for t in m["types"] if t in ctx.counted]
                factor = m["factor"]
                who = m["who"]
                if who == "one-unit":
                    best: tuple[int, int, str] | None = None
                    # Doubles the unit (and type, if it must choose one) where it gains most.
                    groups = [[t] for t in types] if m["choose_one"] else [types]
                    best: tuple[int, int, list[str]] | None = None
                    for cand in live:
                        for group in groups:
                            free = [t for t in group if (cand.unit.index, t) not in used]
                            gain = sum((factor - 1) * cand.results(t) for t in free)
                            if best is None or gain > best[0]:
                                best = (gain, cand.unit.index, free)
                    if best and best[0] > 0:
                        target = rolls[best[1]].unit.label
                        for t in best[2]:
                            extra = (factor - 1) * rolls[best[1]].results(t)
                            if extra:
                                used.add((best[1], t))
                                out.append((f"{m['name']} (unit {m['unit']}): ×{factor} {t} of {target}", t, extra))
                    continue
                species = who[: -len("-units")] if who.endswith("-units") else None
                for cand in live:
                    if species and cand.unit.species != species:
                        continue
                    for t in types:
                        if (cand.unit.index, t) in used:
                            continue
                        gain = (factor - 1) * cand.results(t)
                        if gain:
                            used.add((cand.unit.index, t))
                            out.append((f"{m['name']} (unit {m['unit']}): ×{factor} {t} of {cand.unit.label}",
                                        t, gain))
    return out


def _ability_applies(eng: dict[str, Any], ctx: Context) -> bool:
    rolls = eng.get("rolls")
    if rolls and ctx.roll not in rolls:
        return False
    against = eng.get("against")
    if against and ctx.roll == "save" and ctx.against not in against:
        return False
    if against and ctx.roll != "save":
        return False
    situation = eng.get("situation")
    if situation in ("counter-attack", "counter-maneuver") and not ctx.counter:
        return False
    if situation in ("not-counter-attack", "not-counter-maneuver") and ctx.counter:
        return False
    need_any = eng.get("terrain_element")
    need_all = eng.get("terrain_elements_all")
    if need_any or need_all:
        if ctx.elements is None:
            return False
        if need_any and not set(need_any) & set(ctx.elements):
            return False
        if need_all and not set(need_all) <= set(ctx.elements):
            return False
    return True


def _targets_of(to: Any) -> tuple[str, ...]:
    return tuple(to) if isinstance(to, (list, tuple)) else (to,)


def _counts_as(rolls: list[UnitRoll], mods: Iterable[Modifier], ctx: Context, idx: Index,
               trace: Trace) -> list[tuple[str, str, int, str | None]]:
    """Counts-as additions for step 10: species abilities per unit, then army-wide effects."""
    out: list[tuple[str, str, int, str | None]] = []
    live = [r for r in rolls if not r.excluded]
    converted: set[tuple[int, str]] = set()   # a rolled result is counted as one other type at most
    for ur in live:
        u = ur.unit
        if u.species is None:
            continue   # items are never modified by species abilities (rulebook p.59)
        rolled = ur.total("rolled")
        for ab in idx.abilities.get(u.species, []):
            eng = dict(ab.engine)
            if eng.get("kind") != "counts-as" or eng.get("engine") is False:
                continue
            src, to = eng.get("from"), ctx.pick(_targets_of(eng.get("to")))
            if src in ctx.counted or to is None or not rolled.get(src):
                continue
            if not _ability_applies(eng, ctx):
                continue
            if eng.get("toggle") and ctx.options.get(ab.id) is not True:
                continue   # needs an earlier choice of the player (Javelin/Kukri Charge): off by default
            if ctx.options.get(ab.id) is False:
                trace.add(10, f"{ab.name}: switched off (options.{ab.id} = false)", u, see("may-options"))
                continue
            if (u.index, src) in converted:
                continue
            converted.add((u.index, src))
            how = f"; optional, switch off with options.{ab.id}" if eng.get("optional") else ""
            out.append((f"{ab.name}: {rolled[src]} {src} counted as {to} ({u.label}{how})", to, rolled[src],
                        see("counts-as")))
    army: list[tuple[str, str | None, str | None]] = []
    for ur in live:
        for part in ur.parts:
            for c in part.counts_as:
                army.append((c["name"], c["from"], ctx.pick(_targets_of(c["to"]))))
    for m in mods:
        if m.op == "counts-as" and m.engine and (m.rolls is None or ctx.roll in m.rolls):
            army.append((m.source, m.from_type, ctx.pick(m.to)))
    for name, src, to in army:
        if src is None or to is None or src in ctx.counted:
            continue
        n = 0
        for ur in live:
            if (ur.unit.index, src) in converted:
                continue
            got = ur.total("rolled").get(src, 0)
            if got:
                converted.add((ur.unit.index, src))
                n += got
        if n:
            out.append((f"{name}: {n} {src} counted as {to}", to, n, see("counts-as")))
    return out


APPLIED_KINDS = ("counts-as", "automatic-saves", "cannot-roll", "magic-element")


def _unsupported_abilities(rolls: list[UnitRoll], ctx: Context, idx: Index, trace: Trace) -> None:
    """Warn about species abilities that may change this roll but that the engine does not apply."""
    species = sorted({r.unit.species for r in rolls if not r.excluded and r.unit.species})
    for sp in species:
        for ab in idx.abilities.get(sp, []):
            eng = dict(ab.engine)
            if eng.get("kind") in APPLIED_KINDS or not _ability_applies(eng, ctx):
                continue
            trace.warn(f"{ab.name} ({idx.species_names.get(sp, sp)}): may change this roll but is not applied "
                       f"by the calculator; resolve it by hand", see("abilities-by-hand"))


def _auto_saves(rolls: list[UnitRoll], ctx: Context) -> list[tuple[str, str, int, str | None]]:
    # Automatic saves (Dragonkin = health, rulebook p.54) are added at step 10, only if rolled.
    if "save" not in ctx.counted:
        return []
    out = []
    for ur in rolls:
        if ur.excluded or not ur.unit.auto_saves or any(p.lose_auto_saves for p in ur.parts):
            continue
        out.append((f"{ur.unit.auto_saves} automatic saves ({ur.unit.label})", "save", ur.unit.auto_saves,
                    see("automatic-saves")))
    return out


def collect(rolls: list[UnitRoll], mods: Iterable[Modifier], ctx: Context, idx: Index, trace: Trace) -> Sums:
    """Sum the army's contributions into what steps 5-10 need."""
    nonsai: dict[str, int] = {t: 0 for t in ctx.counted}
    sai: dict[str, int] = {t: 0 for t in ctx.counted}
    for ur in rolls:
        if ur.excluded:
            trace.add(5, f"{ur.reason}: its results do not count", ur.unit,
                      see("delayed-effects") if ur.faces else None)
            continue
        for part in ur.parts:
            for t, n in part.nonsai.items():
                nonsai[t] += n
            for t, n in part.sai.items():
                sai[t] += n
            for note in part.notes:
                if note.step == 5:
                    trace.add(5, note.text, ur.unit, note.see)
    mods = list(mods)
    _unsupported_abilities(rolls, ctx, idx, trace)
    adds = _counts_as(rolls, mods, ctx, idx, trace) + _auto_saves(rolls, ctx)
    return Sums(nonsai, sai, _multiply_extras(rolls, ctx, idx), adds)


def _mod_types(m: Modifier, ctx: Context) -> list[str]:
    """Result types a modifier changes in this roll (empty: it does not change this roll)."""
    if m.rolls is not None and ctx.roll not in m.rolls:
        return []
    if m.choice:
        t = ctx.pick(m.choice)
        return [t] if t else []
    if m.result in ("all", "non_maneuver"):
        if m.result == "non_maneuver" and ctx.roll == "maneuver":
            return []
        # "n results" added/subtracted once, to the first counted type; divide/multiply hit every type.
        return list(ctx.counted) if m.op in ("divide", "multiply") else [ctx.counted[0]]
    return [m.result] if m.result in ctx.counted else []


def _sign(op: str) -> str:
    return {"add": "+", "subtract": "−", "divide": "÷", "multiply": "×"}[op]


def finish(sums: Sums, mods: Iterable[Modifier], ctx: Context, trace: Trace) -> dict[str, int]:
    """Steps 5-10 as a pure function of the summed results and the modifiers."""
    mods = [m for m in mods if m.op != "counts-as"]
    applicable: list[tuple[Modifier, list[str]]] = []
    for m in mods:
        if not m.engine:
            trace.warn(f"{m.source}: {m.op} {m.result or ''} is not applied by the calculator"
                       f"{' (' + m.condition + ')' if m.condition else ''}", see("modifiers-by-hand"))
            continue
        types = _mod_types(m, ctx)
        if not types:
            # Name the part: a spell with several parts (Deluge) may change this roll through another.
            part = f"{_sign(m.op)}{m.amount} {m.result or '/'.join(m.choice)}"
            trace.warn(f"{m.source} ({part}): does not change a {ctx.roll} roll", see("modifiers"))
            continue
        applicable.append((m, types))

    totals = step_5_subtotal(sums, ctx, trace)
    step_6_subtract(totals, applicable, trace)
    step_7_divide(totals, applicable, trace)
    step_8_add_sai(totals, sums, trace)
    step_9_multiply(totals, sums, applicable, trace)
    step_10_add(totals, sums, applicable, trace)
    return totals


# Step 5 (seed 001): count up all non-SAI generated action results to obtain a subtotal.
def step_5_subtotal(sums: Sums, ctx: Context, trace: Trace) -> dict[str, int]:
    totals = {t: sums.nonsai.get(t, 0) for t in ctx.counted}
    if not trace.entries[5]:
        trace.add(5, "no normal or ID results")
    trace.subtotals[5] = dict(totals)
    return totals


# Step 6 (seed 001): apply modifiers that subtract (never below 0).
def step_6_subtract(totals: dict[str, int], mods: list[tuple[Modifier, list[str]]], trace: Trace) -> None:
    for m, types in mods:
        if m.op != "subtract":
            continue
        for t in types:
            before = totals[t]
            totals[t] = max(0, before - m.amount)
            trace.add(6, f"{m.source}: −{m.amount} {t} ({before} → {totals[t]})", None,
                      see("all-results") if m.result in ("all", "non_maneuver") else None)
    if not trace.entries[6]:
        trace.add(6, "no subtracting modifiers")
    trace.subtotals[6] = dict(totals)


def _one_per_type(op: str, mods: list[tuple[Modifier, list[str]]], trace: Trace, step: int
                  ) -> list[tuple[Modifier, str]]:
    # At most one dividing and one multiplying modifier per result type (rulebook p.28).
    used: set[str] = set()
    out = []
    for m, types in mods:
        if m.op != op:
            continue
        for t in types:
            if t in used:
                trace.warn(f"{m.source}: a second {op} modifier on {t} results is ignored",
                           see("one-divide-one-multiply"))
                trace.add(step, f"{m.source}: ignored (only one {op} modifier per result type)", None,
                          see("one-divide-one-multiply"))
                continue
            used.add(t)
            out.append((m, t))
    return out


# Step 7 (seed 001): apply modifiers that divide (round down).
def step_7_divide(totals: dict[str, int], mods: list[tuple[Modifier, list[str]]], trace: Trace) -> None:
    for m, t in _one_per_type("divide", mods, trace, 7):
        before = totals[t]
        totals[t] = before // m.amount
        trace.add(7, f"{m.source}: ÷{m.amount} {t} ({before} → {totals[t]}, rounded down)")
    if not trace.entries[7]:
        trace.add(7, "no dividing modifiers")
    trace.subtotals[7] = dict(totals)


# Step 8 (seed 001): add SAI generated action results.
def step_8_add_sai(totals: dict[str, int], sums: Sums, trace: Trace) -> None:
    for t in totals:
        n = sums.sai.get(t, 0)
        if n:
            trace.add(8, f"+{n} {t} from SAIs ({totals[t]} → {totals[t] + n})")
            totals[t] += n
    if not trace.entries[8]:
        trace.add(8, "no SAI-generated results")
    trace.subtotals[8] = dict(totals)


# Step 9 (seed 001): apply modifiers that multiply.
def step_9_multiply(totals: dict[str, int], sums: Sums, mods: list[tuple[Modifier, list[str]]],
                    trace: Trace) -> None:
    for text, t, extra in sums.unit_multiply:
        trace.add(9, f"{text}: +{extra} {t} ({totals[t]} → {totals[t] + extra})", None, see("unit-multipliers"))
        totals[t] += extra
    for m, t in _one_per_type("multiply", mods, trace, 9):
        before = totals[t]
        totals[t] = before * m.amount
        trace.add(9, f"{m.source}: ×{m.amount} {t} ({before} → {totals[t]})")
    if not trace.entries[9]:
        trace.add(9, "no multiplying modifiers")
    trace.subtotals[9] = dict(totals)


# Step 10 (seed 001): apply modifiers that add, counts-as results and automatic saves: the final total.
def step_10_add(totals: dict[str, int], sums: Sums, mods: list[tuple[Modifier, list[str]]],
                trace: Trace) -> None:
    for m, types in mods:
        if m.op != "add":
            continue
        for t in types:
            trace.add(10, f"{m.source}: +{m.amount} {t} ({totals[t]} → {totals[t] + m.amount})", None,
                      see("choice-results") if m.choice else None)
            totals[t] += m.amount
    for text, t, n, link in sums.adds:
        if t not in totals:
            continue
        trace.add(10, f"{text}: +{n} ({totals[t]} → {totals[t] + n})", None, link)
        totals[t] += n
    if not trace.entries[10]:
        trace.add(10, "no adding modifiers")
    trace.subtotals[10] = dict(totals)
