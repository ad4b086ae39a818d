"""Effect kinds that act inside the roll that shows them (steps 2 to 10 of Die Roll Resolution),
and the structured clause fields ``generates`` and ``reroll``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.records import CountsAs, Multiplier, Note
from ..core.errors import InputError, ParamError
from ..core.interpret import see
from ..core.registry import (Amount, Bool, Count, Int, Kind, ListOf, OneOf, Struct, Text, check_fields, result_type,
                        result_types)
from ..core.rolls import RESULT_TYPES
from . import EFFECTS

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from ..core.seams import FaceCtx

DRAGON_FACES = ("jaws", "claws", "tail", "wing", "belly", "breath", "treasure")


def fmt(d: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {t}" for t, n in d.items() if n) or "nothing"


class Generate:
    """``generates`` entry: X (or a fixed number) results of one type, or of a type the roller picks.

    Results an SAI generates are added at step 8 (seed 001).
    """

    fields = {"type": result_type(), "choice": ListOf(result_type()), "amount": Amount(required=True),
              "restriction": OneOf(("cantrip-only", "cantrip-any-spell"), "restriction"), "element": OneOf(("any",), "element"),
              "unless_dragon_rolled": OneOf(DRAGON_FACES, "dragon face")}

    def __init__(self, raw: object, where: str) -> None:
        p = check_fields(raw if isinstance(raw, Mapping) else {"?": raw}, self.fields, where)
        if (p["type"] is None) == (p["choice"] is None):
            raise ParamError(where, "give exactly one of 'type' and 'choice'")
        self.types: tuple[str, ...] = p["choice"] or (p["type"],)
        self.choice = p["choice"] is not None
        self.amount = p["amount"]
        self.restriction, self.element = p["restriction"], p["element"]
        self.unless = p["unless_dragon_rolled"]

    def n(self, x: int) -> int:
        return x if self.amount == "X" else self.amount

    @property
    def cantrip_only(self) -> bool:
        """Magic that pays only for Cantrip spells (Cantrip outside a magic action, seed 000)."""
        return self.restriction is not None

    @property
    def ignores_spell_limits(self) -> bool:
        """The Bronze Medallion's cantrip magic ignores element and species (rulebook p.59)."""
        return self.restriction == "cantrip-any-spell"

    @property
    def any_element(self) -> bool:
        """Magic of any one element the roller picks (Attune, the Bronze Medallion)."""
        return self.element == "any"

    def blocked(self, fx: FaceCtx) -> bool:
        """Decapitate/Impale in a dragon attack: no results if a dragon rolled Jaws (seed 000)."""
        if not self.unless:
            return False
        faces = fx.roll.dragon_faces
        if faces is None:
            fx.out.notes.append(Note(4, f"{fx.sai.name}: assumes no dragon rolled {self.unless.capitalize()}",
                                     see("conditional-results")))
            return False
        return self.unless in faces

    def on_face(self, fx: FaceCtx, chosen: list[str], skipped: list[str]) -> dict[str, int]:
        n = self.n(fx.x)
        if self.blocked(fx):
            skipped.append(f"{n} {self.types[0]} (a dragon rolled {self.unless.capitalize()})")
            return {}
        split = fx.unit.split_for(fx.sai.id) if self.choice else None
        if split is not None:
            return self.split(fx, n, split, chosen, skipped)
        rtype = fx.unit.choice_for(fx.sai.id, self.types, fx.roll) if self.choice else self.types[0]
        if rtype is None:
            # None of its types is counted: the choice is made when counts-as effects are applied
            # (step 10), so that Fly's maneuvers can count as melee under Charge (rulebook p.28).
            fx.out.add("rolled", "|".join(self.types), n)
            chosen.append(f"{' or '.join(self.types)}: chosen at step 10 if a counts-as effect can use it")
            return {}
        fx.out.add("rolled", rtype, n)
        if self.choice:
            chosen.append(f"{' or '.join(self.types)}: {rtype}")
        if rtype not in fx.roll.counts:
            skipped.append(f"{n} {rtype}")
            return {}
        fx.out.add("sai", rtype, n)
        return {rtype: n}


    def split(self, fx: FaceCtx, n: int, split: Mapping[str, int], chosen: list[str], skipped: list[str]
              ) -> dict[str, int]:
        """p.28: in a combination roll the owner may split an SAI's results of its choice between the
        types the roll counts (``choose: {"<sai>": {"melee": 2, "save": 2}}``)."""
        if sum(split.values()) != n:
            raise InputError(f"army[{fx.unit.index}].choose.{fx.sai.id}",
                             f"the split names {sum(split.values())} results; {fx.sai.name} generated {n}")
        made: dict[str, int] = {}
        for t, k in split.items():
            if not k:
                continue
            fx.out.add("rolled", t, k)
            if t in fx.roll.counts:
                fx.out.add("sai", t, k)
                made[t] = k
            else:
                skipped.append(f"{k} {t}")
        chosen.append(f"{' or '.join(self.types)}: split as {fmt(split)}")
        return made


class Reroll:
    """``reroll``: roll this die again and apply the new result as well (step 3).

    ``true``, or ``{if_chosen: <type>}`` when only one of the SAI's choices rolls again (Flurry).
    """

    fields = {"if_chosen": result_type()}

    def __init__(self, raw: object, where: str) -> None:
        if raw is True:
            self.if_chosen = None
        elif isinstance(raw, Mapping):
            self.if_chosen = check_fields(raw, self.fields, where)["if_chosen"]
        else:
            raise ParamError(where, f"{raw!r} is not true or a mapping with 'if_chosen'")

    def applies(self, made: Mapping[str, int]) -> bool:
        return self.if_chosen is None or self.if_chosen in made


@EFFECTS.register
class MultiplyUnit(Kind):
    """Elevate (one unit) and Trumpet (every unit of a species): step 9."""

    kind = "multiply-unit"
    phase = "step-9"
    title = "multiplies some units' results"
    params = {"factor": Int(2, required=True), "types": result_types(required=True),
              "target": OneOf(("one-unit", "species-units"), "target", required=True),
              "species": Text(noun="species id"), "choose_one": Bool(default=False)}
    factor: int
    types: tuple[str, ...]
    target: str
    species: str | None
    choose_one: bool

    def on_face(self, fx: FaceCtx) -> None:
        types = tuple(t for t in self.types if t in fx.roll.counts)
        species = self.species if self.target == "species-units" else None
        fx.out.multiply.append(Multiplier(fx.sai.id, fx.sai.name, fx.unit.index, self.factor, types,
                                          self.choose_one, species))
        fx.use(self, applied=True)

    def describe(self, x: Count) -> str:
        what = " or ".join(self.types) if self.choose_one else " and ".join(self.types)
        who = "one unit's" if self.target == "one-unit" else f"each {str(self.species).replace('-', ' ').title()} unit's"
        return f"×{self.factor} {who} {what} results"


@EFFECTS.register
class CountsAsEffect(Kind):
    """Charge: the army counts results of one type as another (step 10, seed 001 'Counts As')."""

    kind = "counts-as"
    phase = "step-10"
    params = {"from": result_type(required=True), "to": result_types(required=True),
              "scope": OneOf(("army",), "scope", default="army")}
    to: tuple[str, ...]
    scope: str

    def on_face(self, fx: FaceCtx) -> None:
        fx.out.counts_as.append(CountsAs(fx.sai.name, self.p["from"], self.p["to"]))
        fx.use(self, applied=True)

    def describe(self, x: Count) -> str:
        return f"the army counts {self.p['from']} results as {' or '.join(self.p['to'])} results"


@EFFECTS.register
class LoseAutoSaves(Kind):
    """Belly: the unit loses its automatic saves in this roll."""

    kind = "lose-auto-saves"
    phase = "face"
    params = {}
    tells_its_step = True

    def on_face(self, fx: FaceCtx) -> None:
        fx.out.lose_auto_saves = True
        if not fx.unit.auto_saves:
            fx.out.notes.append(Note(4, f"{fx.sai.name}: no automatic saves to lose"))
            return
        fx.out.notes.append(Note(4, f"{fx.sai.name}: loses its {fx.unit.auto_saves} automatic saves "
                                    f"in this roll", see("automatic-saves")))
        fx.use(self, applied=True)          # named among the roll's effects (p.54: Dragonkin saves)

    def describe(self, x: Count) -> str:
        return "the unit loses its automatic saves in this roll"


@EFFECTS.register
class IdResults(Kind):
    """Elemental Eldarim champions' Logo: an ID icon worth a fixed number of results (p.62)."""

    kind = "id-results"
    phase = "face"
    params = {"amount": Int(1, required=True)}
    amount: int

    def on_face(self, fx: FaceCtx) -> None:
        fx.out.rolled_id = True     # it is an ID icon for effects that look for ID rollers
        rtype = fx.unit.choice_for("id", fx.roll.counts, fx.roll)
        if rtype in fx.roll.id_ignored:       # p.15 Tower: at a Reserve army ID results do not count
            fx.out.notes.append(Note(5, f"{fx.sai.name} counts as an ID icon: not counted against an army in a "
                                        f"Reserve Area"))
        elif rtype:
            n = self.amount * (2 if rtype in fx.roll.id_doubled else 1)    # p.15: ID results doubled
            fx.out.add("nonsai", rtype, n)
            fx.out.add("rolled", rtype, n)
            twice = ", doubled by the terrain the army holds" if n != self.amount else ""
            fx.out.notes.append(Note(5, f"{fx.sai.name} counts as an ID icon: {n} {rtype}{twice}"))
            fx.use(self, applied=True)          # named among the roll's effects (p.62)

    def describe(self, x: Count) -> str:
        return f"counts as an ID icon worth {self.amount} results"


@EFFECTS.register
class LastingAdd(Kind):
    """Cloak: X saves added to the army until your next turn: an adding modifier (step 10),
    not the die's own results, so nothing that doubles a unit's results doubles them."""

    kind = "lasting-add"
    phase = "step-10"
    params = {"result": result_type(required=True), "amount": Amount(required=True),
              "duration": OneOf(("until-your-next-turn",), "duration", required=True),
              "non_magical": Bool(default=False)}
    result: str
    amount: Count
    duration: str
    non_magical: bool

    def on_face(self, fx: FaceCtx) -> None:
        if self.result in fx.roll.counts:
            fx.out.add("army_adds", self.result, self.n(fx.x))
        fx.use(self, applied=self.result in fx.roll.counts)

    def describe(self, x: Count) -> str:
        return f"adds {self.n(x)} {self.result} results to the army until your next turn"


class _Delayed(Kind):
    """Kinds applied at step 2 of the target army's save roll (an exchange passes them on)."""

    phase = "step-2"
    selects_id_rollers = False
    rerolls_targets = False
    verb = "taken out"            # what becomes of the units it picks (the trace and the exchange read it)

    @classmethod
    def acts(cls) -> bool:
        return True               # at step 2 of the target's save roll (calculator.roll.steps)


@EFFECTS.register
class KillIdRollers(_Delayed):
    """Choke, Decapitate, Impale: kill units of the saving army that rolled an ID icon; their
    results do not count."""

    kind = "kill-id-rollers"
    selects_id_rollers = True
    verb = "killed"
    params = {"amount": Amount(required=True), "measure": OneOf(("health-worth", "units"), "measure",
                                                               default="health-worth"),
              "up_to": Bool(default=True)}
    amount: Count
    measure: str
    up_to: bool

    def limits(self, x: int) -> tuple[int | None, int | None]:
        n = self.n(x)
        return (n, None) if self.measure == "health-worth" else (None, n)

    def describe(self, x: Count) -> str:
        n = self.n(x)
        what = f"up to {n} health-worth of units" if self.measure == "health-worth" else \
            ("one unit" if n == 1 else f"{n} units")
        return f"kills {what} of the saving army that rolled an ID icon; their results do not count"


@EFFECTS.register
class DisableIdRollers(_Delayed):
    """Hypnotic Glare: every unit of the saving army that rolled an ID icon is hypnotized; their
    results do not count."""

    kind = "disable-id-rollers"
    selects_id_rollers = True
    verb = "hypnotized"
    params = {"duration": OneOf(("until-your-next-turn",), "duration", required=True),
              "ends_if": Text()}
    duration: str
    ends_if: str | None

    def limits(self, x: int) -> tuple[int | None, int | None]:
        return None, None

    def describe(self, x: Count) -> str:
        return ("every unit of the saving army that rolled an ID icon is hypnotized until your next turn; "
                "their results do not count")


@EFFECTS.register
class RerollTargets(_Delayed):
    """Confuse: up to X health-worth of the saving army's units are rolled again, ignoring the
    first result."""

    kind = "reroll-targets"
    rerolls_targets = True
    params = {"amount": Amount(required=True), "up_to": Bool(default=True),
              "target": OneOf(("defending-army",), "target")}
    amount: Count
    up_to: bool
    target: str | None

    def describe(self, x: Count) -> str:
        return f"up to {self.n(x)} health-worth of the saving army's units roll again, ignoring their results"


@EFFECTS.register
class RerollOwnUnits(Kind):
    """Elemental Relic: matching units may be rolled again once (a choice left to the player)."""

    kind = "reroll-own-units"
    phase = "step-3"
    params = {"amount": Amount(required=True), "matching": OneOf(("relic-element",), "units"),
              "once": Bool(default=True), "split_with": ListOf(OneOf(("recruit", "promote"), "effect"))}
    amount: Count
    matching: str | None
    once: bool
    split_with: tuple[str, ...] | None
    left_to_player = True

    def describe(self, x: Count) -> str:
        return (f"you may roll again up to {self.n(x)} health-worth of units whose element matches the "
                f"relic's face, once")


def names(types: str | Sequence[str]) -> str:
    return "all" if types == "all" else ", ".join(types)


__all__ = ["Generate", "Reroll", "fmt", "names", "RESULT_TYPES", "Struct"]
