"""From the units' rolls to what steps 5-10 need (:class:`calculator.roll.totals.Sums`).

Each function works on small records (a unit's results, a species' rolled results), so the
probability engine can call the very same functions on the records of every possible outcome.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..bundle import Index, SpeciesAbility
from ..core.records import CountsAs, Multiplier
from ..kinds.exchange import ReflectDamage
from ..core.interpret import see
from .results import Trace
from ..core.rolls import Roll
from .steps import UnitRoll, working
from .totals import Add, Extra, Sums
from ..kinds.modifiers import Modifier


@dataclass(frozen=True)
class Record:
    """One unit's counted results of the multiplied types (for step 9's unit multipliers)."""

    index: int
    label: str
    species: str | None
    results: tuple[int, ...]          # in the order of the roll's counted types


@dataclass(frozen=True)
class Group:
    """Rolled results of the units of one species (None: items and units without a species)."""

    species: str | None
    item: bool
    rolled: tuple[tuple[str, int], ...]


def multipliers(rolls: Iterable[UnitRoll], mods: Iterable[Modifier], roll: Roll) -> list[Multiplier]:
    """Every step-9 unit multiplier in play: SAIs rolled, then spells (Wilding)."""
    out = [m for ur in rolls if not ur.excluded for p in ur.parts for m in p.multiply]
    out += [um for m in mods for um in (m.unit_multiplier(roll),) if um]
    return out


def records(rolls: Iterable[UnitRoll], roll: Roll) -> list[Record]:
    # Items are not units: an effect that doubles "one unit" never picks an item (rulebook p.59).
    return [Record(ur.unit.index, ur.unit.name, ur.unit.species, tuple(ur.results(t) for t in roll.counts))
            for ur in rolls if not ur.excluded and not ur.unit.is_item]


def _gain(rec: Record, types: tuple[str, ...], used: set[tuple[int, str]], factor: int, roll: Roll) -> tuple[int, ...]:
    vec = tuple((factor - 1) * rec.results[i] if t in types and (rec.index, t) not in used else 0
                for i, t in enumerate(roll.counts))
    return (sum(vec),) + vec


def unit_extras(recs: list[Record], mults: list[Multiplier], roll: Roll) -> list[Extra]:
    """Step 9: each unit's own results doubled once per type (seed 000: not by two effects).

    A species-wide effect (Trumpet) doubles every unit of the species; an effect on one unit
    (Elevate, Wilding) picks the unit - and the type, when it may choose - that gains most; ties go
    to the type counted first, so the army's order never changes a total.
    """
    used: set[tuple[int, str]] = set()
    out: list[Extra] = []
    for m in sorted(mults, key=lambda m: m.species is None):
        if m.species is not None:
            picks = [(r, m.types) for r in recs if r.species == m.species]
        else:
            groups: list[tuple[str, ...]] = [(t,) for t in m.types] if m.choose_one else [m.types]
            best = max(((_gain(r, g, used, m.factor, roll), -r.index, r, g) for r in recs for g in groups),
                       default=None, key=lambda b: (b[0], b[1]))
            picks = [(best[2], best[3])] if best and best[0][0] > 0 else []
        for rec, types in picks:
            for i, t in enumerate(roll.counts):
                if t in types and (rec.index, t) not in used and rec.results[i]:
                    used.add((rec.index, t))
                    out.append(Extra(f"{m.name}: ×{m.factor} {t} of {rec.label}", t, (m.factor - 1) * rec.results[i]))
    return out


def groups(rolls: Iterable[UnitRoll]) -> list[Group]:
    merged: dict[tuple[str | None, bool], dict[str, int]] = {}
    for ur in rolls:
        if ur.excluded:
            continue
        key = (ur.unit.species if not ur.unit.is_item else None, ur.unit.is_item)
        d = merged.setdefault(key, {})
        for t, n in ur.total("rolled").items():
            d[t] = d.get(t, 0) + n
    return [Group(s, item, tuple(sorted(d.items()))) for (s, item), d in sorted(merged.items(), key=str)]


def counts_as_adds(grps: list[Group], effects: list[CountsAs], mods: Iterable[Any], roll: Roll, idx: Index,
                   trace: Trace) -> list[Add]:
    """Step 10 counts-as results (seed 001): species abilities first, then army-wide effects.

    Only rolled results (never spells') are counted as another type, at most once each, and only
    into a type the roll counts; items are never changed by species abilities (p.59).
    """
    out: list[Add] = []
    converted: set[tuple[str | None, bool, str]] = set()
    for g in grps:
        if g.item or g.species is None:
            continue
        for ab, from_type, to_type, declined in _species_counts_as(g.species, roll, idx):
            add = _ability_counts_as(ab, from_type, to_type, declined, g, converted, trace)
            if add:
                out.append(add)
    army = [(c.name, c.src, c.to, None) for c in effects]
    army += [(m.source, m.p["from"], m.p["to"], m.species) for m in mods if m.counts_as and m.fits(roll)]
    for name, src, to, species in army:
        target = roll.pick(to)
        if target is None or src in roll.counts:
            continue
        n = sum(_take(g, src, converted) for g in grps if not species or g.species == species)
        if n:
            out.append(Add(f"{name}: {n} {src} counted as {target}", target, n, see("counts-as")))
    return out


def _take(g: Group, src: str, converted: set) -> int:
    """Rolled ``src`` results of a group not yet counted as another type (a choice that offers
    ``src``, such as Fly's "maneuver or save", is taken as ``src`` here); each is taken once."""
    n = 0
    for key, got in g.rolled:
        if got and src in key.split("|") and (g.species, g.item, key) not in converted:
            converted.add((g.species, g.item, key))
            n += got
    return n


def _species_counts_as(species: str, roll: Roll, idx: Index) -> tuple[tuple[Any, str, str, bool], ...]:
    """The species' abilities that may count one rolled type as another in this roll, in order, with
    (source type, target type, whether the player declined it). It depends on the species and the
    roll alone: asked for every army state, so the roll remembers it."""
    hit = roll.converts.get(species)
    if hit is None:
        found = []
        for ab in idx.abilities.get(species, []):
            k = ab.kind
            if not k.counts_as or not k.p.get("engine", True):
                continue
            src, target = k.p["from"], roll.pick(k.p["to"])
            if src in roll.counts or target is None or not k.applies(roll):
                continue
            if k.toggle and roll.options.get(ab.id) is not True:
                continue     # needs an earlier decision of the player (Javelin/Kukri Charge): off by default
            found.append((ab, src, target, roll.options.get(ab.id) is False))
        hit = roll.converts[species] = tuple(found)
    return hit


def _ability_counts_as(ab: SpeciesAbility, src: str, target: str, declined: bool, g: Group, converted: set,
                       trace: Trace) -> Add | None:
    if not any(n and src in key.split("|") for key, n in g.rolled):
        return None
    if declined:
        trace.add(10, f"{ab.name}: not used (the player chose not to)", None, see("may-options"))
        return None
    n = _take(g, src, converted)
    if not n:
        return None
    how = " (optional: used)" if ab.kind.optional else ""
    return Add(f"{ab.name}: {n} {src} counted as {target}{how}", target, n, see("counts-as"))


def auto_saves(rolls: Iterable[UnitRoll], roll: Roll) -> list[Add]:
    # Automatic saves (Dragonkin: = health, rulebook p.54) at step 10, only if the unit was rolled.
    if "save" not in roll.counts:
        return []
    return [Add(f"{ur.unit.auto_saves} automatic saves ({ur.unit.name})", "save", ur.unit.auto_saves,
                see("automatic-saves"))
            for ur in rolls if not ur.excluded and ur.faces and ur.unit.auto_saves
            and not any(p.lose_auto_saves for p in ur.parts)]


def species_added(live: list[UnitRoll], roll: Roll, idx: Index) -> list[tuple[SpeciesAbility, list[int], int]]:
    """Each adding ability at work (Bone Magic, p.21) with the units of its species whose faces count
    (in army order) and the results it adds (the kind's cap by the DUA)."""
    out = []
    for sp in sorted({ur.unit.species for ur in live if ur.unit.species and not ur.unit.is_item}):
        for ab in working(sp, roll, idx):
            if not ab.kind.adds():
                continue
            units = [ur.unit.index for ur in live if ur.unit.species == sp and not ur.unit.is_item
                     and any(ab.kind.shows(p) for p in ur.parts)]
            out.append((ab, units, ab.kind.added(len(units), roll.dua_count(sp), roll.dua_per)))
    return out


def needs_dua(ab: SpeciesAbility, idx: Index) -> str:
    """What an adding ability needs when the roll does not say how many of the species are in the DUA."""
    name = idx.species_names.get(ab.species, ab.species)
    return (f"{ab.name}: the {ab.kind.adds()} results it adds depend on the {name} units in your DUA; "
            f"give in_dua.{ab.species}")


def unknown_dua(adders: list[Any], roll: Roll, idx: Index, trace: Trace) -> None:
    """The chances of a roll: an adding ability whose DUA is not given adds none, and says so (p.21)."""
    for ab in adders:
        if roll.dua_count(ab.species) is None:
            trace.warn(needs_dua(ab, idx), see("counts-as"))


def species_adds(live: list[UnitRoll], roll: Roll, idx: Index, trace: Trace) -> list[Add]:
    """Step 10: what the adding abilities give (p.21, a modifier that adds: p.27); without the DUA
    given, the roll names what it needs."""
    out = []
    for ab, units, n in species_added(live, roll, idx):
        name, what = idx.species_names.get(ab.species, ab.species), ab.kind.adds()
        if roll.dua_count(ab.species) is None:
            if units:
                trace.warn(needs_dua(ab, idx), see("counts-as"))
        elif n:
            out.append(Add(f"{ab.name}: {n} {what} added ({len(units)} {name} units showing {what}, up to the "
                           f"{name} in your DUA)", str(what), n, see("counts-as")))
    return out


def army_adds(rolls: Iterable[UnitRoll]) -> list[Add]:
    """Cloak: saves added to the army until your next turn (not the die's own results)."""
    out = []
    for ur in rolls:
        if ur.excluded:
            continue
        for p in ur.parts:
            if not p.army_adds:
                continue
            for t, n in p.army_adds.items():
                out.append(Add(f"Cloak ({ur.unit.name}): {n} {t} added to the army until your next turn", t, n,
                               see("lasting-saves")))
    return out


def ability_warnings(units: list[Any], roll: Roll, idx: Index, trace: Trace) -> None:
    """Species abilities that could change this roll but are left to the player are named."""
    for sp in sorted({u.species for u in units if u.species}):
        for kind, text, link in _species_warnings(sp, roll, idx):
            if kind.relevant(units):
                trace.warn(text, see(link))


def _species_warnings(sp: str, roll: Roll, idx: Index) -> list[tuple[Any, str, str]]:
    key = ("warn", sp, roll.key)
    if key in idx.memo:
        hit: list[tuple[Any, str, str]] = idx.memo[key]
        return hit
    out = []
    for ab in idx.abilities.get(sp, []):
        k, name = ab.kind, f"{ab.name} ({idx.species_names.get(sp, sp)})"
        if k.phase == "exchange" and k.applies(roll) and k.exchange_applies:
            out.append((k, f"{name}: acts in the exchange this roll is part of; the exchange mode of the "
                           f"calculator applies it", "exchanges"))
        elif not k.computed() and k.applies(roll):
            out.append((k, f"{name}: may change this roll but is not applied by the calculator; resolve it by "
                           f"hand", "abilities-by-hand"))
    return idx.keep(key, out)


def reflected(count: int, sai: dict[str, int], roll: Roll, trace: Trace) -> None:
    """Bash's saves join the SAI results (step 8): the owner of the effect kind says how many."""
    n, how = ReflectDamage.gained(count, roll)
    if how is None:
        what = "dragon's damage" if roll.id == "dragon_attack" else "unit's melee results"
        trace.warn(f"Bash: its saves equal the targeted {what}; the calculator needs the other side's "
                   f"results (attacker_melee / dragon_damage) to count them", see("effects-reported"))
    elif n and "save" in sai:
        sai["save"] += n
        trace.add(4, f"Bash: {n} save results, as many as the targeted attacker inflicted ({how})", None,
                  see("effects-reported"))


def collect(rolls: list[UnitRoll], mods: list[Modifier], roll: Roll, idx: Index, trace: Trace) -> Sums:
    """Sum the army's contributions into what steps 5-10 need."""
    nonsai = {t: 0 for t in roll.counts}
    sai = {t: 0 for t in roll.counts}
    for ur in rolls:
        if ur.excluded:
            if ur.faces:
                trace.add(5, f"{ur.excluded}: its results do not count", ur.unit, see("delayed-effects"))
            continue
        for part in ur.parts:
            for t, n in part.nonsai.items():     # only the types this roll counts (most faces add one)
                if t in nonsai:
                    nonsai[t] += n
            for t, n in part.sai.items():
                if t in sai:
                    sai[t] += n
            for note in part.notes:
                if note.step == 5:
                    trace.add(5, note.text, ur.unit, note.see)
    live = [ur for ur in rolls if not ur.excluded]
    ability_warnings([ur.unit for ur in live], roll, idx, trace)
    parts = [p for ur in live for p in ur.parts]
    reflected(sum(p.reflect for p in parts), sai, roll, trace)
    effects = [c for p in parts for c in p.counts_as]
    adds = auto_saves(rolls, roll) + army_adds(rolls) + species_adds(live, roll, idx, trace)
    if effects or any(m.counts_as for m in mods) or species_convert(live, roll, idx):
        adds = counts_as_adds(groups(rolls), effects, mods, roll, idx, trace) + adds
    mults = multipliers(rolls, mods, roll)
    return Sums(nonsai, sai, unit_extras(records(rolls, roll), mults, roll) if mults else [], adds)


def species_convert(live: list[UnitRoll], roll: Roll, idx: Index) -> bool:
    """Whether a species in the army has a counts-as ability that works in this roll."""
    return any(ab.kind.counts_as for sp in {ur.unit.species for ur in live if ur.unit.species}
               for ab in working(sp, roll, idx))
