"""Per-face evaluation: what one rolled face of one unit contributes to a roll.

:func:`contribution` is a pure function of (unit, face, context, index); a probability
engine can enumerate faces and sum contributions. SAI behaviour is generic, keyed by the
clause fields of the data (``generates``, ``reroll``, ``delayed``, ``dua``, ``optional``,
``effect.kind``); there is no per-SAI code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .army import Unit
from .bundle import Clause, Index
from .faces import Face
from .vocab import see


@dataclass(frozen=True)
class Context:
    """Everything about the roll a face's contribution depends on."""

    roll: str
    against: str | None
    counted: tuple[str, ...]
    elements: tuple[str, ...] | None
    dua: bool = False
    options: Mapping[str, bool] = field(default_factory=dict)
    prefer: str | None = None
    counter: bool = False        # the roll is a counter-attack / counter-maneuver
    where: str = "terrain"       # terrain | reserve

    def clause_matches(self, clause: Clause) -> bool:
        return clause.matches(self.roll, self.against, self.where, self.counter)

    def pick(self, types: tuple[str, ...]) -> str | None:
        """The counted type a choice goes to: ``prefer`` if allowed, else the first counted one."""
        cands = [t for t in self.counted if t in types]
        if self.prefer in cands:
            return self.prefer
        return cands[0] if cands else None


@dataclass(frozen=True)
class Note:
    step: int
    text: str
    see: str | None = None


@dataclass
class Contribution:
    """What one face adds. Dicts map result type -> results."""

    nonsai: dict[str, int] = field(default_factory=dict)    # step 5: normal icons + ID
    sai: dict[str, int] = field(default_factory=dict)       # step 8: SAI-generated
    rolled: dict[str, int] = field(default_factory=dict)    # every result shown, counted or not
    effects: list[dict[str, Any]] = field(default_factory=list)
    rerolls: int = 0                                         # step 3 "roll again" requests
    multiply: list[dict[str, Any]] = field(default_factory=list)   # multiply-unit effects
    counts_as: list[dict[str, Any]] = field(default_factory=list)  # army counts-as effects (Charge)
    lose_auto_saves: bool = False
    rolled_id: bool = False
    notes: list[Note] = field(default_factory=list)

    def add(self, bucket: dict[str, int], rtype: str, n: int) -> None:
        bucket[rtype] = bucket.get(rtype, 0) + n


def _amount(value: Any, x: int) -> int:
    return x if value == "X" or not isinstance(value, int) else value


def who_matches(who: str | None, unit: Unit) -> bool:
    """Whether a clause's ``who`` (e.g. ``elemental-eldarim-champions``) names this unit's die.

    >>> u = Unit(0, "Dragon Hunter", None, "eldarim", "champion", 4, (), None, (), 0, ("fire",))
    >>> who_matches("elemental-eldarim-champions", u), who_matches("dragonkin-champions", u)
    (True, False)
    """
    if not who or not who.endswith("-champions"):
        return True
    species = who[: -len("-champions")]
    single = species.startswith("elemental-")
    species = species.removeprefix("elemental-")
    if unit.kind != "champion" or unit.species != species:
        return False
    return not single or unit.elements is None or len(unit.elements) == 1


def select_clause(clauses: tuple[Clause, ...], ctx: Context, unit: Unit | None = None) -> Clause | None:
    """The first clause (data order) that applies in this roll: a roller uses one part of an SAI."""
    return next((c for c in clauses if ctx.clause_matches(c) and (unit is None or who_matches(c.who, unit))),
                None)


def _fmt(d: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {t}" for t, n in d.items() if n) or "nothing"


def contribution(unit: Unit, face: Face, ctx: Context, idx: Index) -> Contribution:
    """Evaluate one face of one unit in a roll.

    >>> from calculator.bundle import Index
    >>> u = Unit(0, "Knight", None, None, "unit", 2, (), None, ())
    >>> c = contribution(u, Face("id", 2), Context("save", "melee", ("save",), None), Index({}))
    >>> c.nonsai
    {'save': 2}
    """
    out = Contribution()
    if face.icon == "id":
        # An ID icon generates results equal to the unit's health, of the roll's type (rulebook p.3).
        n = unit.health if unit.health is not None else face.count
        rtype = ctx.pick(ctx.counted)
        out.rolled_id = True
        if rtype:
            out.add(out.nonsai, rtype, n)
            out.add(out.rolled, rtype, n)
            extra = ""
            if len(ctx.counted) > 1:
                extra = f" (combination roll: counted as {rtype})"
            out.notes.append(Note(5, f"ID: {n} {rtype} results (health {n}){extra}",
                                  see("id-in-combination-rolls") if extra else None))
        return out
    if face.icon in ctx.counted or face.icon in ("maneuver", "melee", "missile", "magic", "save"):
        out.add(out.rolled, face.icon, face.count)
        if face.icon in ctx.counted:
            out.add(out.nonsai, face.icon, face.count)
            out.notes.append(Note(5, f"{face.count} {face.icon} (normal icons)"))
        else:
            out.notes.append(Note(5, f"{face.count} {face.icon}: not counted in a {ctx.roll} roll"))
        return out
    sai = idx.sais.get(face.icon)
    if sai is None:
        out.notes.append(Note(4, f"'{face.icon}' has no rules text in the data: no effect",
                              see("icons-without-rules")))
        return out
    return _sai(unit, face, sai, ctx, out)


def _sai(unit: Unit, face: Face, sai: Any, ctx: Context, out: Contribution) -> Contribution:
    x = face.count
    clause = select_clause(sai.clauses, ctx, unit)
    if clause is None:
        out.notes.append(Note(4, f"{sai.name}: no effect in a {ctx.roll} roll"))
        return out
    if ctx.dua and not (clause.dua or clause.generates_saves()):
        # In the DUA only save-generating SAIs function unless the SAI says otherwise (seed 000).
        out.notes.append(Note(4, f"{sai.name}: no effect in the DUA (it generates no saves)", see("dua-rolls")))
        return out
    if clause.optional and ctx.options.get(sai.id) is False:
        out.notes.append(Note(4, f"{sai.name}: switched off (options.{sai.id} = false)", see("may-options")))
        return out
    made: dict[str, int] = {}
    skipped: list[str] = []
    chosen: list[str] = []
    for g in clause.generates:
        n = _amount(g.amount, x)
        if g.when:
            out.notes.append(Note(4, f"{sai.name}: assumes '{g.when.replace('-', ' ')}'", see("conditional-results")))
        if g.choice:
            rtype = ctx.pick(g.types)
            if rtype is None:
                skipped.append(f"{n} {' or '.join(g.types)}")
                continue
            out.add(out.rolled, rtype, n)
            out.add(out.sai, rtype, n)
            made[rtype] = made.get(rtype, 0) + n
            why = "; combination roll: the first counted type" if len(ctx.counted) > 1 else ""
            chosen.append(f"{' or '.join(g.types)}: took {rtype}{why}")
            continue
        rtype = g.types[0]
        out.add(out.rolled, rtype, n)
        if rtype in ctx.counted:
            out.add(out.sai, rtype, n)
            made[rtype] = made.get(rtype, 0) + n
        else:
            skipped.append(f"{n} {rtype}")
    effs = ((clause.effect,) if clause.effect else ()) + clause.extra_effects
    uses_x = any(g.amount == "X" for g in clause.generates) or any(e.get("amount") == "X" for e in effs)
    xs = f" (X={x})" if uses_x else ""
    text = f"{sai.name}{xs}: generates {_fmt(made)}" if made else f"{sai.name}{xs}"
    if chosen:
        text += f" (choice of {'; '.join(chosen)})"
    if effs:
        text += ("; " if made else ": ") + ", ".join(str(e.get("kind", "special")) for e in effs)
        text += " (delayed to the target's save roll)" if clause.delayed else ""
    if skipped:
        text += f"; not counted here: {', '.join(skipped)}"
    if clause.optional:
        text += f" (optional, applied; switch off with options.{sai.id})"
    several = sum(1 for c in sai.clauses if ctx.clause_matches(c) and who_matches(c.who, unit)) > 1
    if several:
        text += " (the first matching part of its text; a roller uses one part per roll)"
    link = (see("one-clause-per-roll") if several else see("choice-results") if chosen
            else see("delayed-effects") if clause.delayed else see("may-options") if clause.optional else None)
    out.notes.append(Note(4, text, link))
    if clause.reroll and (clause.reroll_condition != "melee-chosen" or "melee" in made):
        out.rerolls += 1
    elif clause.reroll:
        out.notes.append(Note(3, f"{sai.name}: no roll again (melee was not chosen)", see("choice-results")))
    for eff in effs:
        _effect(unit, sai, clause, eff, x, ctx, out)
    if clause.delayed and not clause.effect:
        out.effects.append(_report(unit, sai, clause, x, {"kind": "special"}))
    return out


def _report(unit: Unit, sai: Any, clause: Clause, x: int, eff: Mapping[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = {"sai": sai.id, "unit": unit.index, "label": unit.label, "x": x,
                            "kind": eff.get("kind", "special"), "text": clause.text}
    if "amount" in eff:
        item["amount"] = _amount(eff["amount"], x)
    if clause.delayed:
        item["delayed"] = True
        item["see"] = see("delayed-effects")
    elif eff.get("kind") not in HANDLERS:
        item["see"] = see("effects-reported")
    return item


def _effect(unit: Unit, sai: Any, clause: Clause, eff: Mapping[str, Any], x: int, ctx: Context,
            out: Contribution) -> None:
    kind = eff.get("kind", "special")
    item = _report(unit, sai, clause, x, eff)
    handler = HANDLERS.get(kind)
    if handler is not None and not clause.delayed:
        handler(unit, sai, eff, x, ctx, out)
        item["applied"] = True
    out.effects.append(item)


def _multiply_unit(unit: Unit, sai: Any, eff: Mapping[str, Any], x: int, ctx: Context, out: Contribution) -> None:
    types = eff.get("types") or "all"
    out.multiply.append({"sai": sai.id, "name": sai.name, "unit": unit.index,
                         "factor": int(eff.get("factor", 2)),
                         "types": tuple(ctx.counted if types == "all" else types),
                         "choose_one": bool(eff.get("choose_one")),
                         "who": str(eff.get("who", "one-unit"))})


def _counts_as(unit: Unit, sai: Any, eff: Mapping[str, Any], x: int, ctx: Context, out: Contribution) -> None:
    out.counts_as.append({"id": sai.id, "name": sai.name, "from": eff.get("from"), "to": eff.get("to"),
                          "who": eff.get("who", "army")})


def _lose_auto_saves(unit: Unit, sai: Any, eff: Mapping[str, Any], x: int, ctx: Context, out: Contribution) -> None:
    out.lose_auto_saves = True
    if unit.auto_saves:
        out.notes.append(Note(4, f"{sai.name}: loses its {unit.auto_saves} automatic saves in this roll"))


def _id_results(unit: Unit, sai: Any, eff: Mapping[str, Any], x: int, ctx: Context, out: Contribution) -> None:
    # Counts as an ID icon worth a fixed number of results (Eldarim champion Logo, rulebook p.62).
    n = _amount(eff.get("amount", x), x)
    rtype = ctx.pick(ctx.counted)
    out.rolled_id = True
    if rtype:
        out.add(out.nonsai, rtype, n)
        out.add(out.rolled, rtype, n)
        out.notes.append(Note(5, f"{sai.name} counts as an ID icon: {n} {rtype}"))


HANDLERS = {
    "multiply-unit": _multiply_unit,
    "counts-as": _counts_as,
    "lose-auto-saves": _lose_auto_saves,
    "id-results": _id_results,
}
