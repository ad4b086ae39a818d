"""Effect kinds that change the other army's part in an exchange: its rolls' results, its save
and counter-attack, or who rolls its units.

In a single roll they are listed with their X; an exchange (calculator.exchange) applies the
ones it can and lists the rest for the player.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.records import EffectUse
from ..core.registry import Amount, Bool, Count, ListOf, OneOf, result_types
from . import EFFECTS
from .exchange import DURATIONS, TARGETS, Reported
from .roll import names

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from ..core.seams import ExchangeStep


@EFFECTS.register
class DefenderCombinationRoll(Reported):
    kind = "defender-combination-roll"
    reaches_other_army = False
    params = {"types": result_types(required=True),
              "replaces": ListOf(OneOf(("save-roll", "counter-attack"), "roll"), required=True),
              "damage_attacker": OneOf(("defender-melee-results",), "damage", required=True),
              "save": OneOf(("spell-only",), "save", required=True)}
    types: tuple[str, ...]
    save: str

    def describe(self, x: Count) -> str:
        return ("the defending army makes one save and melee roll instead of a save roll and a counter-attack; "
                "the attacking army takes its melee results as damage, which only saves from spells reduce")

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        step.flag("charge")


@EFFECTS.register
class OpponentSubtract(Reported):
    kind = "opponent-subtract"
    reaches_other_army = False
    params = {"types": result_types(allow_all=True, required=True), "amount": Amount(required=True),
              "target": OneOf(TARGETS, "target", required=True), "duration": OneOf(DURATIONS, "duration")}
    types: tuple[str, ...] | str
    amount: Count
    target: str
    duration: str | None

    def describe(self, x: Count) -> str:
        who = {"defending-army": "the defending army",
               "each-counter-maneuvering-army": "each counter-maneuvering army"}.get(self.target, "an opposing army")
        n = self.n(x)
        what = f"{n} results" if self.types == "all" else " and ".join(f"{n} {t}" for t in self.types) + " results"
        until = " from all its rolls until the beginning of your next turn" \
            if self.duration == "until-your-next-turn" else ""
        return f"{who} subtracts {what}{until}"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        types = ["all"] if self.types == "all" else list(self.types)
        mods = [{"op": "subtract", "result": t, "amount": self.n(use.x), "source": f"{use.name} ({step.actor})"}
                for t in types]
        step.modify(mods, self.duration == "until-your-next-turn")

    def on_counter_maneuvers(self, x: int, source: str) -> list[dict[str, Any]]:
        # Wave (seed 000): in a maneuver roll while marching, subtract X from each counter-maneuvering
        # army's maneuver results (step 6 of their rolls).
        if self.target != "each-counter-maneuvering-army":
            return []
        types = ["all"] if self.types == "all" else list(self.types)
        return [{"op": "subtract", "result": t, "amount": self.n(x), "source": source} for t in types]


@EFFECTS.register
class OpponentHalve(Reported):
    kind = "opponent-halve"
    reaches_other_army = False
    params = {"types": result_types(allow_all=True, required=True), "target": OneOf(TARGETS, "target", required=True),
              "duration": OneOf(DURATIONS, "duration")}
    types: tuple[str, ...] | str
    target: str
    duration: str | None

    def describe(self, x: Count) -> str:
        return f"an opposing army at this terrain halves {names(self.types)} results it rolls until your next turn"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        types = ["all"] if self.types == "all" else list(self.types)
        step.modify([{"op": "divide", "result": t, "amount": 2, "source": f"{use.name} ({step.actor})"} for t in types],
                    self.duration == "until-your-next-turn")


@EFFECTS.register
class TargetsRollForAttacker(Reported):
    kind = "targets-roll-for-attacker"
    left_to_player = True
    params = {"amount": Amount(required=True), "up_to": Bool(default=True),
              "target": OneOf(("defending-army",), "target", required=True),
              "duration": OneOf(DURATIONS, "duration")}
    amount: Count
    up_to: bool
    target: str
    duration: str | None

    def describe(self, x: Count) -> str:
        return (f"up to {self.n(x)} health-worth of defending units do not save this march: their owner rolls "
                f"them and their results are added to the attacking army's")


@EFFECTS.register
class NoCounterAttack(Reported):
    kind = "no-counter-attack"
    reaches_other_army = False
    params = {}

    def describe(self, x: Count) -> str:
        return "the defending army cannot counter-attack (it still saves)"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        step.flag("no-counter")

