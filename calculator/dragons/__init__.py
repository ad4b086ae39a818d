"""Dragon attacks: the dragons' roll, breath, the army's response and damage on both sides
(rulebook v4.01d p.17, p.28, p.29), and their exact odds (calculator.dragons.odds).

>>> from calculator import Engine                  # doctest: +SKIP
>>> Engine(bundle).exchange({"attack": "dragon", "attacker": {"dragons": [...]}, "defender": {...}})  # doctest: +SKIP
"""
from __future__ import annotations

from typing import Any

from ..exchange.flow import Left, Run, resolved
from ..core.interpret import see
from .breath import breathe
from .request import DragonInput, DragonRun, parse_dragon_attack
from .resolve import Response, after, army_damage, respond, roll_dragons
from .roll import DragonRoll

SUMMARY_KEYS = ("dragon_damage", "breath_killed", "response_save", "response_melee", "response_missile",
                "army_damage", "dragons_killed")


def dragon_attack(engine: Any, data: Any) -> dict[str, Any]:
    inp = parse_dragon_attack(data, engine.index)
    run = DragonRun(engine, inp)
    rolls = roll_dragons(run, inp)
    breath_killed, effects = breathe(run, rolls, inp.breath_picks)
    answer = respond(run, rolls, effects)
    totals = answer.result.totals if answer.result is not None else {}
    killed = kill_dragons(run, rolls, answer)
    summary = {"dragon_damage": sum(d.damage for d in rolls), "breath_killed": breath_killed,
               "response_save": totals.get("save", 0), "response_melee": totals.get("melee", 0),
               "response_missile": totals.get("missile", 0),
               "army_damage": army_damage(run, rolls, totals.get("save", 0)), "dragons_killed": killed}
    after(run, rolls, killed)
    leave_effects(run, answer)
    run.ignored_faces()
    return output(run, inp, rolls, answer, summary)


def kill_dragons(run: Run, rolls: list[DragonRoll], answer: Response) -> int:
    plan, by_index = answer.plan, {d.index: d for d in rolls}
    names = [use.name for use in (answer.result.effects if answer.result else []) if use.effect.kills_dragon]
    bashed = dict(plan.bashed)
    for i in plan.by_bash:
        by_index[i].why = f"killed by Bash: it takes its own {bashed[i]} damage"
    for j, i in enumerate(plan.by_jaws):
        by_index[i].why = f"killed by {names[j] if j < len(names) else 'Decapitate'}: it rolled Jaws"
    for kind, chosen in (("melee", answer.by_melee), ("missile", answer.by_missile)):
        for i in chosen:
            d = by_index[i]
            saves = 0 if d.belly else d.dragon.die.auto_saves
            extra = f"; Bash's {bashed[i]} damage did the rest" if i in bashed else ""
            by_index[i].why = (f"killed by {plan.need[i]} {kind} results ({d.dragon.die.health} health + {saves} "
                               f"automatic saves{' (Belly: none)' if d.belly else ''}){extra}")
    dead = set(plan.by_bash) | set(plan.by_jaws) | set(answer.by_melee) | set(answer.by_missile)
    for i in dead:
        by_index[i].status = "killed"
        by_index[i].why += "; it returns to its owner's Summoning Pool"
    return len(dead)


def leave_effects(run: Run, answer: Response) -> None:
    """SAI effects of the army's roll the calculator does not apply (Tame/Slay/Control, Wayfare, ...)."""
    if answer.result is None:
        return
    for use in answer.result.effects:
        if use.applied or use.effect.dragon_attack_acts:
            continue
        run.left.append(Left("defender", "response", f"{use.name} ({use.label}, X = {use.x}): "
                             f"{use.effect.describe(use.x)}", see("effects-reported")))


def dragon_json(d: DragonRoll) -> dict[str, Any]:
    return {"dragon": d.index, "die": d.dragon.die.id, "label": d.label, "faces": [f.kind for f in d.faces],
            "icons": [f.icon for f in d.faces], "random": d.random, "damage": d.damage, "toughness": d.toughness,
            "promotions": d.promotions, "status": d.status or "attacked", "why": d.why, "text": d.text()}


def output(run: Run, inp: DragonInput, rolls: list[DragonRoll], answer: Response, summary: dict[str, int]
           ) -> dict[str, Any]:
    killed: dict[str, list[dict[str, Any]]] = {"attacker": [], "defender": []}
    for d in rolls:
        if d.status == "killed":
            killed["attacker"].append({"dragon": d.index, "label": d.label, "health": d.dragon.die.health,
                                       "status": "killed", "why": d.why})
    for u in run.sides["defender"].units:
        if u.status in ("killed", "buried"):
            killed["defender"].append({"unit": u.index, "label": u.unit.label, "health": u.health,
                                       "status": u.status, "why": u.why})
    return {
        "attack": "dragon", "terrain": inp.terrain,
        "rolls": [{"name": "dragon", "side": "attacker", "units": [], **dragon_json(d)} for d in rolls]
        + [{"name": name, "side": side, "units": [u.index for u in units], "roll": resolved(result).to_json()}
           for name, side, result, units in run.rolls],
        "dragons": [dragon_json(d) for d in rolls],
        "damage": [d.to_json() for d in run.damages],
        "killed": killed,
        "summary": {k: summary[k] for k in SUMMARY_KEYS},
        "id_split": answer.split,
        "left": [x.to_json() for x in run.left],
        "warnings": run.warnings,
        "see": see("dragon-attacks"),
    }
