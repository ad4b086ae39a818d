"""A melee or missile exchange, roll by roll (rulebook p.11, p.27, p.29, p.31):

1. the attacker's roll; its SAIs act (targets roll alone, damage with no save, effects on the
   defender's rolls, delayed effects);
2. the defender's save roll (against a Charge: one save-and-melee roll) with the delayed effects at
   step 2; its SAIs act (Counter, Volley, Bash damage the attacker);
3. damage = attack results - saves (never below 0) plus damage with no save; casualties;
4. a melee attack's counter-attack by the defenders still standing (not after Surprise or a
   Charge; Foul Stench keeps some out), and the attacker's save roll; a missile attack has none,
   unless Defensive Volley lets Coral Elves answer with missiles.
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..core.interpret import see
from .flow import Damage, Run
from .request import ExUnit
from .step import Step, run_effects
from ..core.seams import RollOutcome


def mark_step_2(run: Run, result: RollOutcome, units: list[ExUnit]) -> None:
    """Units taken out at step 2 of a save roll (Choke kills them, Hypnotic Glare holds them)."""
    for ur, u in zip(result.rolls, units):
        if not ur.excluded:
            continue
        if ur.excluded.startswith("killed"):
            run.kill(u, ur.excluded)
        elif ur.excluded.startswith("hypnotized"):
            run.kill(u, ur.excluded, "out")


def attack(run: Run, side: str, kind: str, name: str, counter: bool = False) -> Step | None:
    units = run.rolling(side)
    if not units:
        return None
    result = run.roll(side, name, run.side_input(side, kind, **({"counter": True} if counter else {})), units)
    step = Step(run, side, name, result, units, kind, counter)
    run_effects(step)
    for sp in sorted({u.unit.species for u in units if u.unit.species}):      # Cursed Bullets (p.21)
        for ab in run.idx.abilities.get(sp, []):
            ab.kind.after_attack(ab, step, [u for u in units if u.unit.species == sp])
    return step


def save(run: Run, side: str, name: str, against: str, hit: Step, combination: bool = False) -> Step | None:
    units = run.rolling(side)
    if not units:
        return None
    extra: Answer = {} if combination else {"against": against}
    if hit.counter:
        extra["counter"] = True
    if run.delayed[side]:
        extra["delayed"], run.delayed[side] = run.delayed[side], []
    if against == "melee" and run.resolving:      # only Bash reads it (the exact odds refuse Bash)
        extra["attacker_melee"] = [ur.results("melee") for ur, u in zip(hit.result.rolls, hit.units) if u.alive]
    # p.11: the save results are subtracted from the attack's results to give the damage (none below
    # 0), so saves past the attack's results change nothing: the exact chances merge those outcomes.
    reads = None if combination else _saves_up_to(hit.result.totals.get(against, 0))
    result = run.roll(side, name, run.side_input(side, "save_and_melee" if combination else "save", **extra), units, reads)
    mark_step_2(run, result, units)
    step = Step(run, side, name, result, units, against, hit.counter)
    run_effects(step)
    after_save(run, step)
    return step


def _saves_up_to(cap: int) -> tuple[str, Any, Any]:
    """What the rest of a save stage reads of its save roll: the saves up to ``cap``, the other
    totals, the effects and what each unit rolled (step 2, abilities acting on its saves); read
    from the whole reading (``_saves``), which is read once per outcome."""
    return f"saves up to {cap}", lambda whole: (min(whole[0], cap),) + whole[1:], ("saves", _saves)


def _saves(r: Any) -> tuple:     # an outcome the exact odds chose (calculator.exchange.branch.Chosen)
    return ((r.totals.get("save", 0),) + tuple(v for k, v in r.totals.items() if k != "save")
            + r.sig[1:] + tuple((u.excluded, u.rolled_id, tuple(sorted(u.res.items()))) for u in r.rolls))


def after_save(run: Run, step: Step) -> None:
    """The saving species' abilities that act after their save roll (Scorching Touch) act."""
    for sp in sorted({u.unit.species for u in step.units if u.unit.species}):
        units = [u for u in step.units if u.unit.species == sp]
        for ab in run.idx.abilities.get(sp, []):
            ab.kind.after_save(ab, step, units)


def spell_saves(run: Run, side: str) -> int:
    """Saves from spells on a side: the only saves that reduce Counter, Volley or Charge damage."""
    n = 0
    for m in run.sides[side].modifiers:
        for mod in run.idx.modifiers.get(m.get("spell", ""), ()):
            n += mod.adds("save")
    return n


def words(parts: list[str], dmg: Damage, run: Run) -> str:
    if not run.resolving:
        return ""
    lost = ", ".join(f"{u.unit.name} (health {u.health})" for u in dmg.killed)
    return f"{' '.join(parts)} = {dmg.amount} damage" + (f": {lost} {'die' if len(dmg.killed) != 1 else 'dies'}"
                                                           if lost else ": no unit dies")


def hit_defender(run: Run, side: str, event: str, total: int, kind: str, saved: Step | None, hit: Step) -> int:
    saves = saved.result.totals.get("save", 0) if saved else 0
    # Of the attack's results, ``cursed`` are cancelled only by saves from spells (Cursed Bullets, p.21):
    # the spell saves go to those first, every other save to the rest.
    cursed = min(hit.spell_only, total)
    spelled = min(spell_saves(run, side), saves, cursed)
    amount = cursed - spelled + max(0, total - cursed - (saves - spelled)) + hit.no_save
    dmg = Damage(side, event, amount, total - amount + hit.no_save, hit.no_save)
    run.apply_damage(dmg, event)
    if run.resolving:
        parts = [f"{total} {kind} − {saves} saves"] + ([f"+ {hit.no_save} with no save"] if hit.no_save else [])
        if cursed:
            parts[0] += (f" ({cursed} of the {kind} results cancelled only by saves from spells: "
                         f"{', '.join(dict.fromkeys(hit.sources))})")
        dmg.text = words(parts, dmg, run)
    return amount


def hit_back(run: Run, to: str, event: str, step: Step | None) -> int:
    """Damage the saving side's SAIs did to the attacking side; only spell-made saves reduce it."""
    if step is None or not (step.spell_only or step.no_save):
        return step.unit_hits if step is not None else 0
    shield = spell_saves(run, to)
    amount = max(0, step.spell_only - shield) + step.no_save
    dmg = Damage(to, event, amount, min(shield, step.spell_only), step.no_save)
    run.apply_damage(dmg, event)
    dmg.text = words([f"{step.spell_only} from {', '.join(dict.fromkeys(step.sources))}"]
                     + ([f"− {shield} saves from spells"] if shield else []), dmg, run)
    return amount + step.unit_hits


def charge_back(run: Run, answer: Step) -> None:
    # Charge: the attacking army takes the defender's melee results; only spell saves reduce them.
    melee = answer.result.totals.get("melee", 0)
    shield = spell_saves(run, "attacker")
    amount = max(0, melee - shield)
    dmg = run.apply_damage(Damage("attacker", "save", amount, min(shield, melee)), "save")
    dmg.text = words([f"{melee} melee (Charge)"] + ([f"− {shield} saves from spells"] if shield else []), dmg, run)
    run.summary.update(counter_total=melee, counter_save_total=min(shield, melee), counter_damage=amount)


def barred_from_counter(run: Run) -> set[int]:
    """Defending units the attacker's species abilities keep out of the counter-attack (Foul Stench)."""
    out: set[int] = set()
    for sp in sorted({u.unit.species for u in run.sides["attacker"].units if u.alive and u.unit.species}):
        for ab in run.idx.abilities.get(sp, []):
            out |= ab.kind.bars_counter_attackers(ab, run)
    return out
