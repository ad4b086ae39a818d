"""What an input means, for the page: each die's faces (which roll again, and when), the choices
and options that apply to this roll, and the limits. The calculator page asks this instead of
reading the rules itself.

>>> from calculator.bundle import Index
>>> idx = Index({})
>>> inp = parse_roll({"roll": "melee", "army": [{"species": None, "die_type": "equipment", "rolled": "2 melee"}]}, idx)
>>> plan(inp, idx)["units"][0]["faces_needed"]
1
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..bundle import Index
from .faceval import contribution
from ..core.faces import Face
from .inputs import RollInput, parse_roll
from .units import Unit
from ..core.limits import LIMITS
from ..core.rolls import Roll


def face_info(n: int, face: Face, unit: Unit, roll: Roll, idx: Index) -> Answer:
    c = contribution(unit, face, roll, idx)
    name = idx.icon_name(face.icon)
    out: Answer = {"n": n, "icon": face.icon, "count": face.count, "label": f"{face.count} {name}",
                           "name": name, "id": face.icon == "id", "rolls_again": c.rerolls > 0}
    sai = idx.sais.get(face.icon)
    if sai is not None:
        clause, _ = sai.part(roll, unit)
        if clause is not None and clause.reroll is not None and clause.reroll.if_chosen:
            out["rolls_again_if"] = clause.reroll.if_chosen
    return out


def chain(unit: Unit, roll: Roll, idx: Index) -> tuple[int, int]:
    """(faces the unit needs: its first and each roll-again face, given faces left unused)."""
    if unit.rolled is None:
        return 1, len(unit.rerolled)
    pending, used = contribution(unit, unit.rolled, roll, idx).rerolls, 0
    while pending and used < len(unit.rerolled):
        pending += contribution(unit, unit.rerolled[used], roll, idx).rerolls - 1
        used += 1
    needed = min(1 + used + (1 if pending else 0), LIMITS["reroll_depth"])
    return needed, len(unit.rerolled) - used


def choices(unit: Unit, roll: Roll, idx: Index) -> list[Answer]:
    """Result-type choices the unit's owner may make in this roll (ID results in a combination
    roll, "or" SAIs such as Fly, and which part of an SAI to use when two fit equally). An SAI whose
    results are of the owner's choice may also be split between the types a combination roll counts
    (p.28): ``split`` names the input field, ``{"<type>": n, ...}`` adding up to the SAI's X, and
    ``split_types`` the types worth sharing to (the counted ones: a result of another type counts
    for nothing in this roll)."""
    out: list[Answer] = []
    if roll.type.combination and any(f.icon == "id" for f in unit.faces + (unit.rolled,) if f):
        out.append({"key": "id", "name": "ID icon", "types": list(roll.counts), "default": roll.pick(roll.counts)})
    for sid in sorted({f.icon for f in unit.faces + ((unit.rolled,) if unit.rolled else ()) if f.icon in idx.sais}):
        sai = idx.sais[sid]
        types: list[str] = []
        fits = [c for c in sai.clauses if c.fits_die(unit) and c.rank(roll) is not None]
        split = False
        for c in fits:
            for g in c.generates:
                types += [t for t in g.types if t not in types and (g.choice or len(fits) > 1)]
                split |= g.choice and sum(t in roll.counts for t in g.types) > 1
        if len(types) > 1:
            out.append({"key": sid, "name": sai.name, "types": types, "default": roll.pick(tuple(types)) or types[0],
                        **({"split": f"choose.{sid}", "split_types": [t for t in types if t in roll.counts],
                            **_split_size(unit, sid, roll, idx)} if split else {})})
    return out


def _split_size(unit: Unit, sid: str, roll: Roll, idx: Index) -> Answer:
    """``results``: how many results a split of the SAI shown must name (its X, p.28), when a face
    rolled shows it; the engine checks the split against the same number."""
    face = next((f for f in (unit.rolled, *unit.rerolled) if f and f.icon == sid), None)
    clause = idx.sais[sid].part(roll, unit)[0] if face else None
    if face is None or clause is None:
        return {}
    return {"results": sum(g.n(face.count) for g in clause.generates if g.choice)}


def options(units: tuple[Unit, ...], roll: Roll, idx: Index) -> list[Answer]:
    """The "may" choices that apply in this roll: optional species abilities and optional SAI parts."""
    seen: dict[str, Answer] = {}
    for sp in sorted({u.species for u in units if u.species}):
        for ab in idx.abilities.get(sp, []):
            k = ab.kind
            if (k.optional or k.toggle) and k.computed() and k.applies(roll):
                seen[ab.id] = {"id": ab.id, "name": ab.name, "default": not k.toggle, "kind": "ability",
                               "note": k.condition or k.describe(0)}
    for u in units:
        for f in u.faces + ((u.rolled,) if u.rolled else ()):
            sai = idx.sais.get(f.icon)
            if sai is None:
                continue
            clause = sai.part(roll, u)[0]
            if clause is not None and clause.optional:
                seen[sai.id] = {"id": sai.id, "name": sai.name, "default": True, "kind": "sai", "note": "if rolled"}
    return list(seen.values())


def dua_asks(units: tuple[Unit, ...], roll: Roll, idx: Index) -> Answer:
    """What the page may ask for the species abilities that read a DUA in this roll (p.21): ``in_dua``,
    the rolling army's species whose ability adds results here (Bone Magic in a magic roll), and
    ``negation``, every species whose units may roll to take results from this roll (Magic Negation)."""
    def entry(ab: Any) -> Answer:
        return {"species": ab.species, "name": idx.species_names.get(ab.species, ab.species), "ability": ab.name,
                "does": ab.kind.describe(0)}
    mine = sorted({u.species for u in units if u.species and not u.is_item})
    adds = [entry(ab) for sp in mine for ab in idx.abilities.get(sp, []) if ab.kind.adds() in roll.counts
            and ab.kind.applies(roll)]
    negate = [entry(ab) for abs_ in idx.abilities.values() for ab in abs_ if ab.kind.negates() in roll.counts
              and roll.id == ab.kind.negates()]
    return {"in_dua": adds, "negation": sorted(negate, key=lambda e: str(e["name"]))}


def unit_info(u: Unit, roll: Roll, idx: Index) -> Answer:
    needed, unused = chain(u, roll, idx)
    return {"index": u.index, "label": u.label, "die": u.die_id, "species": u.species,
            "species_name": idx.species_names.get(u.species or "", "Items" if u.is_item else ""),
            "kind": u.kind, "size": u.size, "health": u.health, "item": u.is_item,
            "faces": [face_info(n, f, u, roll, idx) for n, f in enumerate(u.faces, 1)],
            "rolled": u.rolled.label() if u.rolled else None, "rerolled": [f.label() for f in u.rerolled],
            "faces_needed": needed, "rerolled_unused": unused, "choices": choices(u, roll, idx)}


def plan(inp: RollInput, idx: Index) -> Answer:
    """Describe a checked input (:func:`calculator.roll.inputs.parse_roll`) for the page."""
    roll = inp.roll
    return {"roll": {"id": roll.id, "name": roll.label(), "counts": list(roll.counts), "against": roll.against,
                     "where": roll.where, "elements": list(roll.elements or ()), "individual": roll.type.individual},
            "units": [unit_info(u, roll, idx) for u in inp.units],
            "health": sum(u.health or 0 for u in inp.units),
            "options": options(inp.units, roll, idx),
            "dua": dua_asks(inp.units, roll, idx),
            "modifiers": [{"source": m.source, "spell": m.spell, "label": m.label(),
                           "changes_this_roll": bool(m.fits(roll) and (not m.arithmetic
                                                                       or m.types(roll, {t: 1 for t in roll.counts})))}
                          for m in inp.modifiers],
            "limits": dict(LIMITS)}
