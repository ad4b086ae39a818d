"""Species abilities that reach the other army in an exchange (p.21): Scorching Touch and Cursed Bullets
(damage only saves from spells stop), Foul Stench (units kept out of the counter-attack), Defensive
Volley (a missile counter-attack). Each owns its condition (calculator.kinds.abilities) and behaviour.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.registry import Count, Int, OneOf, Struct, result_type
from ..core.rolls import Roll
from . import ABILITIES
from .abilities import Ability, with_conditions

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from ..core.seams import AbilityOwner, ExchangeRun, ExchangeStep, ExchangeUnit


@ABILITIES.register
class DamageAttackerAbility(Ability):
    """Scorching Touch: the attacking army takes 1 damage per save result rolled (spell saves only)."""

    kind = "damage-attacker"
    phase = "exchange"
    reaches_other_army = True
    params = with_conditions(per=OneOf(("save",), "per", required=True),
                             save=OneOf(("spell-only",), "save", required=True))
    per: str
    save: str

    def after_save(self, owner: AbilityOwner, step: ExchangeStep, units: Sequence[ExchangeUnit]) -> None:
        if not self.applies(step.result.roll):
            return
        n = sum(ur.results("save") for ur, u in zip(step.result.rolls, step.units)
                if u in units and not ur.excluded)
        if n:
            step.damage(n, True, owner.name)     # only saves from spells reduce it


@ABILITIES.register
class UnsaveableResults(Ability):
    """Cursed Bullets: in the attack, up to as many of the species' results as its units in the
    attacker's DUA (at most the data's limit) are cancelled only by saves from spells (p.21)."""

    kind = "unsaveable-results"
    phase = "exchange"
    reaches_other_army = True
    params = with_conditions(result=result_type(required=True), save=OneOf(("spell-only",), "save", required=True))
    result: str
    save: str

    def after_attack(self, owner: AbilityOwner, step: ExchangeStep, units: Sequence[ExchangeUnit]) -> None:
        if step.actor != "attacker" or not self.applies(step.result.roll):
            return
        run, sp = step.run, owner.species
        mine = sum(ur.results(self.result) for ur, u in zip(step.result.rolls, step.units)
                   if u in units and not ur.excluded)
        dua = run.side("attacker").in_dua
        if mine and sp not in dua:
            run.warn(f"{owner.name}: how many {self.result} results only saves from spells cancel depends on the "
                     f"{run.species_name(sp)} in the attacker's DUA; give attacker.in_dua.{sp}", "exchanges")
        per = run.side("attacker").dua_per                  # the limit counts per 24 points of force (p.21)
        cap = min(dua.get(sp, 0), self.dua_limit["max"] * per) if self.dua_limit else mine
        if min(mine, cap):
            step.damage(min(mine, cap), True, owner.name)     # of the attack's results, not more of them

    def reads_results(self) -> str:
        return str(self.result)

    def describe(self, x: Count = 0) -> str:
        return f"some {self.result} results of the attack are cancelled only by saves from spells"


@ABILITIES.register
class BarCounterAttackers(Ability):
    """Foul Stench: the defender picks N of its units that may not counter-attack (N capped by the
    Goblins in the attacker's DUA)."""

    kind = "bar-counter-attackers"
    phase = "exchange"
    params = with_conditions(dua_limit=Struct({"max": Int(1, required=True)}, "DUA limit", required=True))
    dua_limit: dict[str, int]

    def bars_counter_attackers(self, owner: AbilityOwner, run: ExchangeRun) -> set[int]:
        # The defender keeps out its weakest units, as many as the species' units in the
        # attacker's DUA allow (the data's limit): the calculator's reading of "the defender picks".
        sp = owner.species
        att = run.side("attacker")
        if run.attack not in (self.rolls or ()) or not any(u.alive and u.unit.species == sp for u in att.units):
            return set()
        n = min(att.in_dua.get(sp, 0), self.dua_limit["max"] * att.dua_per)     # max per 24 points (p.21)
        if sp not in att.in_dua:
            run.warn(f"{owner.name}: how many units it keeps out of the counter-attack depends on the "
                     f"{run.species_name(sp)} in the attacker's DUA; give attacker.in_dua.{sp}", "exchanges")
        living = sorted(run.rolling("defender"), key=lambda u: (run.strength(u), u.unit.label, u.index))
        return {u.index for u in living[:n]}


@ABILITIES.register
class MissileCounterAttack(Ability):
    """Defensive Volley: after saving against a missile attack, the species' units counter-attack
    with missile results."""

    kind = "missile-counter-attack"
    phase = "exchange"
    params = with_conditions()

    def missile_counter(self, owner: AbilityOwner, run: ExchangeRun, roll: Roll) -> bool | None:
        if not self.applies(roll):
            return None
        defender = run.side("defender")
        if defender.options.get(owner.id) is False:
            return False
        name = run.species_name(owner.species)
        for u in defender.units:
            if u.unit.species != owner.species and u.can_roll:
                u.status, u.why = "out", f"only {name} units answer with {owner.name}"
        run.warn(f"{owner.name}: the {name} units answer the missile attack "
                 f"(the defender may switch this off: its choice “Use {owner.name}”)", "exchanges")
        return True
