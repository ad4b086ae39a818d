"""Effect kinds that act on the other army, on damage or on the exchange's sequence of rolls.

In a single roll they are listed with their X (they do not change that roll's totals); an
exchange (calculator.exchange) applies the ones it can and lists the rest for the player.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.dice import ELEMENTS
from ..core.records import EffectUse
from ..core.rolls import Roll
from ..core.registry import Amount, Bool, Count, Kind, ListOf, OneOf, Text, result_types
from . import EFFECTS

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from ..core.seams import ExchangeStep, FaceCtx

TARGETS = ("defending-army", "one-defending-unit", "opposing-army-this-terrain", "opposing-army-same-terrain",
           "opposing-army-any-terrain", "each-counter-maneuvering-army", "one-attacking-unit",
           "one-attacking-dragon")
DURATIONS = ("this-roll", "this-attack", "this-march", "until-your-turn", "until-your-next-turn")
TESTS = ("save", "maneuver", "melee", "id", "none")


class Reported(Kind):
    """Listed with its X in the roll that shows it."""

    phase = "exchange"
    # Whether its action in an exchange reaches the other army at once (damage, targets, kills),
    # rather than only that army's later rolls (modifiers) or the course of the exchange (flags).
    reaches_other_army = True
    # Whether its action in an exchange may leave part of it to the player, naming the face that
    # brought it (Step.leave). Where it never does, nothing in the exchange tells the same effect
    # from two faces apart, and the exact odds take them as one (calculator.exchange.odds.extras.use_key).
    names_its_face = False


def health(n: int, measure: str = "health-worth") -> str:
    if measure == "units":
        return "one unit" if n == 1 else f"{n} units"
    return f"{n} health-worth of units"


@EFFECTS.register
class TargetKill(Reported):
    kind = "target-kill"
    # It reads and changes only the target army's units (the exact odds reuse its ways from every
    # state in which that army stands alike: calculator.exchange.odds.target_effects).
    reads_only_targets = True
    params = {"amount": Amount(required=True), "measure": OneOf(("health-worth", "units"), "measure",
                                                               default="health-worth"),
              "up_to": Bool(default=False), "target": OneOf(("defending-army",), "target", required=True),
              "test": OneOf(TESTS, "test", required=True),
              "bury": OneOf(("never", "always", "failed-second-save"), "burial", default="never"),
              "repeat": OneOf(("until-a-target-saves",), "repetition"),
              "next_target_chosen_by": OneOf(("owner",), "chooser"),
              "on_pass": OneOf(("send-to-reserve",), "result")}
    amount: Count
    measure: str
    up_to: bool
    target: str
    test: str
    bury: str
    repeat: str | None
    on_pass: str | None

    def describe(self, x: Count) -> str:
        n = self.n(x)
        who = ("up to " if self.up_to else "") + health(n, self.measure)
        one = self.measure == "units" and n == 1
        test = {"save": "{they} a save roll and {are} killed without a save result",
                "maneuver": "{they} a maneuver roll and {are} killed without a maneuver result",
                "melee": "{they} a melee roll and {are} killed without a melee result",
                "id": "{it} rolled and {are} killed unless {it2} an ID icon",
                "none": "{are} killed"}[self.test]
        test = test.format(they="it makes" if one else "they make", are="is" if one else "are",
                           it="it is" if one else "they are", it2="it rolls" if one else "they roll")
        if self.on_pass == "send-to-reserve":
            test += "; on an ID icon the target goes to its Reserve Area instead"
        bury = {"never": "", "always": ", and buried",
                "failed-second-save": "; each killed unit makes another save roll and is buried without a save "
                                      "result"}[self.bury]
        again = "; then its owner targets another unit, until a target saves" if self.repeat else ""
        return f"targets {who} in the defending army: {test}{bury}{again}"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        """Targets roll alone against the test; those that fail are killed (and maybe buried)."""
        targets = step.targets(self.n(use.x), self.measure, self.up_to, self.test)
        # Unless a second roll or a pass can stop it, no target's roll reads another's: they roll together.
        alike = self.test != "none" and self.bury != "failed-second-save" and not self.repeat
        rolled = step.individuals(targets, use.sai, self.test) if alike else None
        for i, u in enumerate(targets):
            if self.test == "none":
                passed = False
            else:
                passed = rolled[i] if rolled is not None else step.individual(u, use.sai, self.test, passed_only=True)[0]
            if passed and self.on_pass == "send-to-reserve" and self.test == "id":
                step.run.kill(u, f"sent to its Reserve Area by {use.name}", "reserve")
            elif not passed:
                buried = self.bury == "always" or (self.bury == "failed-second-save"
                                                   and not step.individual(u, use.sai, "save", passed_only=True)[0])
                step.run.kill(u, f"{'killed and buried' if buried else 'killed'} by {use.name}",
                              "buried" if buried else "killed")
            elif self.repeat:
                break          # Plague: it goes on until a target saves


@EFFECTS.register
class DamageNoSave(Reported):
    kind = "damage-no-save"
    params = {"amount": Amount(required=True),
              "target": OneOf(("defending-army", "opposing-army-this-terrain"), "target", required=True),
              "bury": OneOf(("dragonkin-killed",), "burial")}
    amount: Count
    target: str
    bury: str | None

    def describe(self, x: Count) -> str:
        extra = "; Dragonkin killed by it are buried" if self.bury else ""
        return f"{self.n(x)} damage to the defending army with no save possible{extra}"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        step.damage(self.n(use.x), False, use.name)


@EFFECTS.register
class DamageTargetUnit(Reported):
    kind = "damage-target-unit"
    names_its_face = True           # Coil's and Hug's rolls back are left to the player
    params = {"amount": Amount(required=True), "target": OneOf(("one-defending-unit",), "target", required=True),
              "target_roll": result_types(), "retaliation": OneOf(("melee-no-save",), "retaliation"),
              "bury_if_killed": Bool(default=False), "save": OneOf(("allowed", "none"), "save", default="allowed")}
    amount: Count
    target: str
    target_roll: tuple[str, ...] | None
    retaliation: str | None
    bury_if_killed: bool
    save: str

    def describe(self, x: Count) -> str:
        text = f"one unit of the defending army takes {self.n(x)} damage"
        if self.save == "none":
            text += " with no save possible"
        if self.target_roll:
            text += f"; it makes a roll counting {' and '.join(self.target_roll)} results"
        if self.retaliation:
            text += ", and its melee results damage the attacking unit with no save possible"
        if self.bury_if_killed:
            text += "; if killed it is buried"
        return text

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        # Gore, Kick: one unit takes X damage and saves alone; Hug: no save; Coil's and Hug's rolls back
        # at the attacking unit are left to the player.
        targets = step.targets(1, "units", False, "save")
        if not targets:
            return
        killed = step.unit_damage(targets[0], self.n(use.x), use.sai, self.save != "none",
                                  f"killed by {use.name}{' and buried' if self.bury_if_killed else ''}")
        if killed and self.bury_if_killed:
            targets[0].status = "buried"
        if self.retaliation:
            step.leave(use, "the target's melee results back at the attacking unit are left to you")


@EFFECTS.register
class DamageAttacker(Reported):
    kind = "damage-attacker"
    params = {"amount": Amount(required=True), "save": OneOf(("spell-only",), "save", required=True)}
    amount: Count
    save: str

    def describe(self, x: Count) -> str:
        return f"{self.n(x)} damage to the attacking army; only saves from spells reduce it"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        step.damage(self.n(use.x), True, use.name)


@EFFECTS.register
class ReflectDamage(Reported):
    kind = "reflect-damage"
    generates_saves = True          # as many saves as the damage it turns back (seed 000)
    exact_odds = False              # it reads one unit's results in another roll (see exchange odds)
    dragon_attack_acts = True       # a dragon attack carries it out
    names_its_face = True           # against a dragon it is left to the player
    params = {"target": OneOf(("one-attacking-unit", "one-attacking-dragon"), "target", required=True),
              "amount": OneOf(("its-melee-results", "damage-it-inflicted"), "amount", required=True),
              "save": OneOf(("allowed",), "save"), "gains_saves": Bool(default=True)}
    target: str
    amount: str
    save: str | None

    def on_face(self, fx: FaceCtx) -> None:
        fx.out.reflect += 1
        fx.use(self)

    @staticmethod
    def gained(count: int, roll: Roll) -> tuple[int, str | None]:
        """Saves from ``count`` Bash faces: each targets a different attacker (the one that inflicted
        most) and adds as many saves as it targets (seed 000); None: the other side is not known."""
        pool = roll.dragon_damage if roll.id == "dragon_attack" else roll.attacker_melee
        if not count:
            return 0, ""
        if pool is None:
            return 0, None
        picked = sorted(pool, reverse=True)[:count]
        return sum(picked), " + ".join(str(n) for n in picked) or "0"

    def describe(self, x: Count) -> str:
        if self.target == "one-attacking-dragon":
            return ("a dragon that inflicted damage takes that much damage, and you gain as many save results")
        return ("one attacking unit takes damage equal to its melee results and makes a save roll against it, "
                "and you gain as many save results")

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        # Bash against a melee attack: the attacking unit with most melee takes that much damage and
        # saves alone (its saves were counted in this roll through attacker_melee).
        if self.target != "one-attacking-unit":
            step.leave(use, "it needs the dragons' damage (a dragon attack)")
            return
        hit = step.best_attacker()
        if hit is not None:
            u, melee = hit
            step.unit_damage(u, melee, use.sai, True, f"killed by the damage of its own melee results ({use.name})")


@EFFECTS.register
class SendToReserve(Reported):
    kind = "send-to-reserve"
    params = {"amount": Amount(required=True), "up_to": Bool(default=True),
              "target": OneOf(("defending-army",), "target", required=True),
              "test": OneOf(("none", "save"), "test", default="none"), "before_saves": Bool(default=True),
              "id_rollers": OneOf(("killed",), "result")}
    amount: Count
    up_to: bool
    target: str
    test: str
    id_rollers: str | None

    def describe(self, x: Count) -> str:
        n = self.n(x)
        if self.test == "save":
            return (f"up to {n} health-worth of defending units make a save roll before the army saves; those "
                    f"without a save result go to their Reserve Area, those that roll their ID are killed")
        return f"up to {n} health-worth of defending units go to their Reserve Area before the army saves"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        for u in step.targets(self.n(use.x), "health-worth", self.up_to, self.test):
            if self.test == "none":
                step.run.kill(u, f"sent to its Reserve Area by {use.name}", "reserve")
                continue
            passed, result = step.individual(u, use.sai, "save")
            if result.rolls and result.rolls[0].rolled_id and self.id_rollers == "killed":
                step.run.kill(u, f"killed by {use.name} (it rolled its ID)")
            elif not passed:
                step.run.kill(u, f"sent to its Reserve Area by {use.name}", "reserve")


@EFFECTS.register
class SurviveDeath(Reported):
    kind = "survive-death"
    left_to_player = True
    params = {"to": OneOf(("reserve-area",), "destination", required=True),
              "trigger": ListOf(OneOf(("killed", "buried"), "trigger"), required=True)}
    to: str

    def describe(self, x: Count) -> str:
        return "when this unit is killed or buried, roll it: on this icon it goes to your Reserve Area instead"


@EFFECTS.register
class DisableUnits(Reported):
    kind = "disable-units"
    params = {"amount": Amount(required=True), "up_to": Bool(default=False),
              "target": OneOf(("defending-army", "opposing-army-this-terrain"), "target", required=True),
              "test": OneOf(("maneuver", "melee", "none"), "test", default="none"), "no_leave": Bool(default=False),
              "duration": OneOf(DURATIONS, "duration", required=True), "ends_if": Text(), "exception": Text()}
    amount: Count
    up_to: bool
    target: str
    test: str
    no_leave: bool
    duration: str

    def describe(self, x: Count) -> str:
        n = self.n(x)
        who = "one unit of an opposing army here" if self.target == "opposing-army-this-terrain" else \
            f"up to {n} health-worth of defending units"
        test = "" if self.test == "none" else f" that fail a {self.test} roll"
        stay = " or leave their terrain" if self.no_leave else ""
        return f"{who}{test} cannot be rolled{stay} until your next turn"

    def exchange(self, use: EffectUse, step: ExchangeStep) -> None:
        n = self.n(use.x) if self.target == "defending-army" else 1
        for u in step.targets(n, "units" if self.target != "defending-army" else "health-worth", self.up_to,
                              self.test if self.test != "none" else "save"):
            if self.test == "none" or not step.individual(u, use.sai, self.test, passed_only=True)[0]:
                step.run.kill(u, f"cannot be rolled ({use.name})", "out")


@EFFECTS.register
class KillDragon(Reported):
    kind = "kill-dragon"
    kills_dragon = True
    dragon_attack_acts = True
    params = {"amount": Amount(required=True), "face": OneOf(("jaws",), "dragon face", required=True)}
    amount: Count
    face: str

    def describe(self, x: Count) -> str:
        return f"kills one attacking dragon that rolled {self.face.capitalize()}"


@EFFECTS.register
class DragonAbility(Reported):
    kind = "dragon-ability"
    left_to_player = True
    params = {"abilities": ListOf(OneOf(("control", "slay", "tame"), "ability"), required=True),
              "targets": OneOf(("one-dragon",), "target", required=True)}
    abilities: tuple[str, ...]
    targets: str

    def describe(self, x: Count) -> str:
        return ("the champion tames, slays or controls one attacking dragon (its own ability); its damage is ignored "
                "now; on the turns after, the game state says which dragon stays tamed or controlled")

    def cancels_dragon_damage(self, unit_elements: Sequence[str],
                              dragons: Sequence[tuple[int, tuple[str, ...], int]]) -> int | None:
        """p.62: the dragon it tames, slays or controls has its non-breath damage ignored. A white
        champion (it contains every element) may take ANY dragon, an elemental one a dragon of its
        element; which one is its owner's choice: the calculator takes the most damaging one."""
        white = set(ELEMENTS) <= set(unit_elements)
        able = [(dmg, -i) for i, elements, dmg in dragons if white or set(unit_elements) & set(elements)]
        return -max(able)[1] if able else None
