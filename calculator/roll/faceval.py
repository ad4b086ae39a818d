"""Per-face evaluation: what one rolled face of one unit contributes to a roll.

:func:`contribution` is a pure function of (unit, face, roll, index): the probability engine
enumerates faces and sums contributions. Every SAI behaviour belongs to a registered kind
(calculator.kinds); this module only picks the part of the SAI that applies and calls them.
"""
from __future__ import annotations

from ..bundle import Clause, Index, Sai
from ..core.records import Contribution, Note
from ..core.seams import FaceCtx
from ..core.faces import Face
from .units import Unit
from ..core.interpret import see
from ..kinds.roll import fmt
from ..core.rolls import RESULT_TYPES, Roll


def contribution(unit: Unit, face: Face, roll: Roll, idx: Index) -> Contribution:
    """Evaluate one face of one unit in a roll (remembered by the index: a pure function).

    >>> from calculator.core.rolls import ROLL_TYPES
    >>> u = Unit(0, "Knight", None, None, "unit", "medium", 2, (), None, ())
    >>> contribution(u, Face("id", 2), Roll(ROLL_TYPES["save"], ("save",), "melee"), Index({})).nonsai
    {'save': 2}
    """
    # A normal icon's part depends on neither the unit nor the data (_normal): one answer for every
    # die showing it in this roll, kept on the roll itself, then by the index across rolls.
    if not unit.carried:
        return _uncarried(unit, face, roll, idx)
    normal = face.icon != "id" and face.icon in RESULT_TYPES
    if normal:
        hit = roll.normal.get(face)
        if hit is not None:
            return hit
    key = (face, roll.key) if normal else (unit.key, face, roll.key)
    hit = idx.memo.get(key)
    if hit is None:
        hit = idx.keep(key, _evaluate(unit, face, roll, idx))
    if normal and len(roll.normal) < 64:
        roll.normal[face] = hit
    return hit


def _uncarried(unit: Unit, face: Face, roll: Roll, idx: Index) -> Contribution:
    # p.59: an item is rolled only with a unit able to carry it; with none it adds nothing at all.
    key = (unit.key, face, roll.key)
    hit = idx.memo.get(key)
    if hit is None:
        out = Contribution()
        out.notes.append(Note(5, f"{unit.name}: adds nothing, since no unit rolled with it can carry it",
                              see("items-are-not-units")))
        hit = idx.keep(key, out)
    return hit


def _evaluate(unit: Unit, face: Face, roll: Roll, idx: Index) -> Contribution:
    out = Contribution()
    if face.icon == "id":
        _id(unit, face, roll, out)
    elif face.icon in RESULT_TYPES:
        _normal(face, roll, out)
    else:
        sai = idx.sais.get(face.icon)
        if sai is None:
            out.notes.append(Note(4, f"'{idx.icon_name(face.icon)}' has no rules text: no effect",
                                  see("icons-without-rules")))
        else:
            _sai(unit, face, sai, roll, out)
    return out


def _id(unit: Unit, face: Face, roll: Roll, out: Contribution) -> None:
    # An ID icon generates results equal to the unit's health, of the roll's type (rulebook p.3).
    health = n = unit.health if unit.health is not None else face.count
    rtype = unit.choice_for("id", roll.counts, roll)
    out.rolled_id = True
    if rtype in roll.id_ignored:            # p.15 Tower: at a Reserve army only non-ID missile results count
        out.add("rolled", rtype, n)
        out.notes.append(Note(5, f"ID: not counted as {rtype} results against an army in a Reserve Area",
                              see("eighth-faces")))
    elif rtype:
        twice = rtype in roll.id_doubled        # p.15: an eighth face, Double Maneuvers / Double Saves
        n *= 2 if twice else 1
        out.add("nonsai", rtype, n)
        out.add("rolled", rtype, n)
        extra = f" (combination roll: counted as {rtype})" if roll.type.combination else ""
        doubled = ", doubled by the terrain the army holds" if twice else ""
        out.notes.append(Note(5, f"ID: {n} {rtype} results (health {health}{doubled}){extra}",
                              see("id-in-combination-rolls") if extra else see("eighth-faces") if twice else None))


def _normal(face: Face, roll: Roll, out: Contribution) -> None:
    out.add("rolled", face.icon, face.count)
    if face.icon in roll.counts:
        out.add("nonsai", face.icon, face.count)
        out.notes.append(Note(5, f"{face.count} {face.icon} (normal icons)"))
    else:
        out.notes.append(Note(5, f"{face.count} {face.icon}: not counted in a {roll.label().lower()}"))


def pick_part(sai: Sai, unit: Unit, roll: Roll) -> tuple[Clause | None, int]:
    """The part of the SAI the roller uses: the best fit, or the one whose results the owner chose."""
    clause, n = sai.part(roll, unit)
    wanted = unit.choose.get(sai.id)
    if clause is None or n < 2 or not wanted:
        return clause, n
    for c in sai.clauses:
        if c.fits_die(unit) and c.rank(roll) is not None and any(wanted in g.types for g in c.generates):
            return c, n
    return clause, n


def _sai(unit: Unit, face: Face, sai: Sai, roll: Roll, out: Contribution) -> None:
    clause, several = pick_part(sai, unit, roll)
    if clause is None:
        # Named by the situation where that is the cause: Charge has no effect "in a counter-attack",
        # which is a melee roll too (seed 000, Application: not_during).
        kept = [w for w in roll.situations() if any(w in c.not_during for c in sai.clauses)]
        where = kept[0] if kept else roll.label().lower()
        out.notes.append(Note(4, f"{sai.name}: no effect in a {where}"))
        return
    if roll.dua and not clause.works_in_dua():
        # In the DUA only SAIs that generate save results function, unless stated (seed 000).
        out.notes.append(Note(4, f"{sai.name}: no effect in the DUA", see("dua-rolls")))
        return
    if clause.optional and roll.options.get(sai.id) is False:
        out.notes.append(Note(4, f"{sai.name}: not used (the player chose not to)", see("may-options")))
        return
    fx = FaceCtx(unit, face.count, roll, out, sai, clause)
    made: dict[str, int] = {}
    chosen: list[str] = []
    skipped: list[str] = []
    for g in clause.generates:
        for t, n in g.on_face(fx, chosen, skipped).items():
            made[t] = made.get(t, 0) + n
    for effect in clause.effects:
        effect.on_face(fx)
    _reroll(sai, clause, made, out)
    note = _note(sai, clause, face, made, chosen, skipped, several > 1)
    if note is not None:
        out.notes.append(note)


def _reroll(sai: Sai, clause: Clause, made: dict[str, int], out: Contribution) -> None:
    if clause.reroll is None:
        return
    if clause.reroll.applies(made):
        out.rerolls += 1      # step 3: roll this die again and apply the new result as well
    else:
        out.notes.append(Note(3, f"{sai.name}: no roll again ({clause.reroll.if_chosen} was not chosen)",
                              see("choice-results")))


def _note(sai: Sai, clause: Clause, face: Face, made: dict[str, int], chosen: list[str], skipped: list[str],
          several: bool) -> Note | None:
    uses_x = any(g.amount == "X" for g in clause.generates) or any(e.p.get("amount") == "X" for e in clause.effects)
    xs = f" (X={face.count})" if uses_x else ""
    text = f"{sai.name}{xs}: generates {fmt(made)}" if made else f"{sai.name}{xs}"
    if chosen:
        text += f" (choice: {'; '.join(chosen)})"
    # Decapitate and Impale in a dragon attack: the kill of a dragon that rolled Jaws, or else the
    # results (seed 000), never both: with the results made, the kill is not told.
    instead = {g.unless for g in clause.generates if g.unless} if made else set()
    effects = [e for e in clause.effects if e.p.get("face") not in instead and not e.tells_its_step]
    if any(e.tells_its_step for e in clause.effects) and not (made or chosen or skipped or effects or clause.optional or several):
        return None         # its effects wrote their own lines: nothing more to say
    if effects:
        text += ("; " if made else ": ") + "; ".join(e.describe(face.count) for e in effects)
        text += " (delayed to the target's save roll)" if clause.delayed else ""
    if skipped:
        text += f"; not counted here: {', '.join(skipped)}"
    if clause.optional:
        text += " (optional: used)"
    if several:
        text += " (one part of its text per roll)"
    link = (see("one-clause-per-roll") if several else see("choice-results") if chosen
            else see("delayed-effects") if clause.delayed else see("may-options") if clause.optional else None)
    return Note(4, text, link)
