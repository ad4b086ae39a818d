"""Effect kinds that happen after the roll and change nothing in it: movement, returning and
promoting units, summoning, magic. The calculator lists them with their X for the player."""
from __future__ import annotations

from ..core.shapes import Answer
from ..core.registry import Amount, Bool, Count, Int, Kind, ListOf, OneOf, Struct, Text
from . import EFFECTS
from .exchange import DURATIONS, Reported

DESTINATIONS = ("any-terrain", "any-terrain-or-reserve", "other-terrain-or-reserve")


class After(Reported):
    phase = "after-roll"
    left_to_player = True


@EFFECTS.register
class MoveUnits(After):
    kind = "move-units"
    params = {"who": OneOf(("this-unit", "this-item-and-one-carrier", "other-dracolem-matching-alloy"), "mover",
                           required=True),
              "with_others": Int(1), "amount": Amount(), "destination": OneOf(DESTINATIONS, "destination"),
              "optional": Bool(default=False), "results_stay": Bool(default=False),
              "alternative_to": OneOf(("generates",), "alternative")}
    who: str
    with_others: int | None
    amount: Count | None
    destination: str | None
    optional: bool
    results_stay: bool
    alternative_to: str | None

    def describe(self, x: Count) -> str:
        where = {"any-terrain": "any terrain", "any-terrain-or-reserve": "any terrain or your Reserve Area",
                 "other-terrain-or-reserve": "another terrain or your Reserve Area"}.get(self.destination or "",
                                                                                         "another terrain")
        who = {"this-unit": "this unit", "this-item-and-one-carrier": "this item and one unit able to carry it",
               "other-dracolem-matching-alloy": f"up to {self.n(x)} health-worth of other Dracolem of its "
                                                f"alloy"}[self.who]
        if self.with_others:
            who += f" and up to {self.with_others} health-worth of units of its army"
        text = f"{who} may move to {where}"
        if self.alternative_to:
            text += " instead of generating results"
        if self.results_stay:
            text += "; its results stay with the army it left"
        return text


@EFFECTS.register
class ReturnFromDua(After):
    kind = "return-from-dua"
    params = {"amount": Amount(tags=("health-worth-killed",), required=True), "up_to": Bool(default=True),
              "optional": Bool(default=False), "to": OneOf(("attacking-army", "this-army"), "army"),
              "alternative_to": OneOf(("generates",), "alternative")}
    amount: Count
    up_to: bool
    optional: bool
    to: str | None
    alternative_to: str | None

    def describe(self, x: Count) -> str:
        n = "as much health-worth as it killed" if self.p["amount"] == "health-worth-killed" else \
            f"up to {self.n(x)} health-worth"
        text = f"you may return units from your DUA to this army, {n}"
        return text + (" instead of generating results" if self.alternative_to else "")


@EFFECTS.register
class Recruit(After):
    kind = "recruit"
    params = {"amount": Amount(required=True), "size": OneOf(("small",), "size"),
              "matching": OneOf(("relic-element",), "units")}
    amount: Count
    size: str | None
    matching: str | None

    def describe(self, x: Count) -> str:
        return f"you may recruit up to {self.n(x)} small units whose element matches the relic's face"


@EFFECTS.register
class Promote(After):
    kind = "promote"
    params = {"amount": Amount(required=True), "matching": OneOf(("relic-element",), "units"),
              "all_at_once": Bool(default=True), "split": Bool(default=False),
              "alternative_to": OneOf(("generates",), "alternative"), "target": OneOf(("this-army",), "army")}
    amount: Count
    matching: str | None
    all_at_once: bool
    split: bool
    alternative_to: str | None
    target: str | None

    def describe(self, x: Count) -> str:
        text = f"you may promote up to {self.n(x)} health-worth of units in this army, all at once"
        return text + (" (instead of save results, split as you choose)" if self.alternative_to else "")


@EFFECTS.register
class Untargetable(After):
    kind = "untargetable"
    params = {"target": OneOf(("one-own-army",), "target", required=True),
              "by": ListOf(OneOf(("opposing-missile-attacks", "opposing-spells"), "source"), required=True),
              "duration": OneOf(DURATIONS, "duration", required=True)}
    target: str
    by: tuple[str, ...]
    duration: str

    def describe(self, x: Count) -> str:
        return "one of your armies cannot be targeted by opposing missile attacks or spells until your next turn"


@EFFECTS.register
class SummonDragon(After):
    kind = "summon-dragon"
    params = {"dragons": Text(required=True), "destination": OneOf(DESTINATIONS, "destination")}
    dragons: str
    destination: str | None

    def describe(self, x: Count) -> str:
        return f"summons a dragon ({self.dragons}) to any terrain"


@EFFECTS.register
class SummonEquipment(After):
    kind = "summon-equipment"
    params = {"amount": Amount(required=True), "measure": OneOf(("x-value",), "measure"),
              "source": OneOf(("summoning-pool",), "source")}
    amount: Count
    measure: str | None
    source: str | None

    def describe(self, x: Count) -> str:
        return f"summons equipment worth up to {self.n(x)} in X Value from your Summoning Pool"


@EFFECTS.register
class NegateMagic(After):
    kind = "negate-magic"
    params = {"scope": ListOf(OneOf(("this-unit", "its-army", "its-terrain"), "scope"), required=True)}
    scope: tuple[str, ...]

    def describe(self, x: Count) -> str:
        return "negates all unresolved magic aimed at this unit, its army or its terrain"


@EFFECTS.register
class ExpireSpells(After):
    kind = "expire-spells"
    params = {"amount": Amount(required=True), "measure": OneOf(("spell-points",), "measure"),
              "target": OneOf(("opposing-army-any-terrain",), "target")}
    amount: Count
    measure: str | None
    target: str | None

    def describe(self, x: Count) -> str:
        return f"up to {self.n(x)} points of spells cast on an opposing army expire at once"


@EFFECTS.register
class ChangeElement(After):
    kind = "change-element"
    recolours_one_unit = True       # Attune: one unit's normal magic takes the Attune element (seed 000)
    params = {"who": OneOf(("one-unit",), "unit"), "results": OneOf(("normal-magic",), "results"),
              "optional": Bool(default=False)}
    who: str | None
    results: str | None
    optional: bool

    def describe(self, x: Count) -> str:
        return "may change one unit's normal magic results to the element of these magic results"


@EFFECTS.register
class MoveDragon(After):
    kind = "move-dragon"
    params = {"optional": Bool(default=True), "dragons": Text()}
    optional: bool
    dragons: str | None

    def describe(self, x: Count) -> str:
        return "you may move a summoned dragon containing the champion's element to another terrain"


@EFFECTS.register
class Special(After):
    kind = "special"
    params = {"see": Struct({"doc": Text(required=True), "page": Int(1)}, "reference"),
              "undocumented": Bool(default=False)}
    see: Answer | None
    undocumented: bool

    def describe(self, x: Count) -> str:
        if self.undocumented:
            return "no rules text is known for this icon"
        page = (self.see or {}).get("page")
        return f"see the rulebook{f', p.{page}' if page else ''}"


__all__ = ["After", "ListOf"]
