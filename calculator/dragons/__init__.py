"""Dragon attacks: the dragons' roll, breath, the army's response and damage on both sides
(rulebook v4.01d p.17, p.28, p.29), and their exact odds (calculator.dragons.odds).

>>> from calculator import Engine                  # doctest: +SKIP
>>> Engine(bundle).exchange({"attack": "dragon", "attacker": {"dragons": [...]}, "defender": {...}})  # doctest: +SKIP
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..exchange.flow import Left, Run, resolved
from ..core.interpret import see
from .breath import breathe
from .fight import Fighter, fight, fighter_text
from .tamed import HELPS
from .kills import KillPlan
from .request import DragonIn, DragonInput, DragonRun, parse_dragon_attack
from .targets import ARMY
from .resolve import Response, after, army_damage, respond, roll_dragons, spare, split_json
from .roll import DragonRoll
from ..roll.asks import EngineView
from ..core.limits import LIMITS
from ..kinds.modifiers import Add

SUMMARY_KEYS = ("dragon_damage", "breath_killed", "response_save", "response_melee", "response_missile",
                "army_damage", "dragons_killed", "attacks_army", "targets")


def dragon_attack(engine: EngineView, data: object) -> Answer:
    inp = parse_dragon_attack(data, engine.index)
    run = DragonRun(engine, inp)
    fights(run, inp)
    rolls = roll_dragons(run, inp)
    helpers: list[DragonRoll] = []
    fighters = fight(inp, rolls, lambda w: run.warn(w, "reroll-faces"), helpers)
    help_army(run, helpers)
    summary: Answer = {k: 0 for k in SUMMARY_KEYS}
    answer = Response(None, KillPlan([], 0, 0), split_json({"save": 0, "melee": 0, "missile": 0}, 0, "calculator"))
    killed = 0
    if rolls:
        breath_killed, effects = breathe(run, rolls, inp.breath_picks)
        answer = respond(run, rolls, effects)
        spare(run, rolls, answer)
        totals = answer.result.totals if answer.result is not None else {}
        killed = kill_dragons(run, rolls, answer)
        summary.update({"dragon_damage": sum(d.counted for d in rolls), "breath_killed": breath_killed,
                        "response_save": totals.get("save", 0), "response_melee": totals.get("melee", 0),
                        "response_missile": totals.get("missile", 0),
                        "army_damage": army_damage(run, rolls, totals.get("save", 0)), "dragons_killed": killed})
    fallen(run, rolls, fighters)
    if rolls:
        after(run, rolls, killed)
    summary.update(attacks_army=[d.index for d in inp.dragons], targets=list(inp.targets))
    leave_effects(run, answer)
    run.ignored_faces()
    return dict(output(run, inp, rolls, answer, summary, fighters), fight=fight_json(inp, fighters))


def fights(run: Run, inp: DragonInput) -> None:
    """Dragons that attack another dragon (p.17 table) do not attack the army (their fight:
    calculator.dragons.fight); said in words."""
    for text in inp.fear:
        run.warn(text, "dragon-attacks")
    if not inp.dragons:
        run.warn("no dragon attacks the army: every dragon here attacks another dragon (rulebook p.17), so the "
                 "army does not roll", "dragon-attacks")
    elif len(inp.dragons) < len(inp.present):
        n = len(inp.dragons)
        run.warn(f"only {n} of the {len(inp.present)} dragons here {'attacks' if n == 1 else 'attack'} the army; the others "
                 f"attack dragons "
                 f"(rulebook p.17)", "dragon-attacks")


def help_army(run: Run, helpers: list[DragonRoll]) -> None:
    """p.62: a controlled dragon's damage is added to the army's melee results (an adding modifier)."""
    for d in helpers:
        if d.damage:
            run.mods["defender"].append(Add.adding("melee", min(d.damage, LIMITS["amount"]), f"{d.label} (controlled)"))
        run.left.append(Left("defender", "dragon", f"{d.text()}, added to the army's melee results (controlled, "
                             f"rulebook p.62)", see("dragon-attacks")))


def fallen(run: Run, rolls: list[DragonRoll], fighters: dict[int, Fighter]) -> None:
    """A dragon attacking the army that dragons also attack: their damage kills it on its own (p.17)."""
    for d in rolls:
        f = fighters.get(d.index)
        if f is None or not f.killed:
            continue
        text = fighter_text(f, d.label)
        if d.status == "killed":
            d.why += f"; besides, {text[0].lower()}{text[1:]}"
            run.warn(f"the {d.label} is killed by the army and by the dragons attacking it alike: the army's "
                     f"results aimed at it could have gone to another dragon", "dragon-attacks")
        else:
            d.status, d.why = "killed", text


def fight_json(inp: DragonInput, fighters: dict[int, Fighter]) -> dict[str, Any]:
    labels = {d.index: d.name or d.die.name for d in inp.present}
    rows = [{"dragon": i, "label": labels[i], "target": f.target, "faces": [x.kind for x in f.roll.faces],
             "labels": [x.label() for x in f.roll.faces], "random": f.roll.random,
             "damage": f.roll.damage if isinstance(f.target, int) else 0, "taken": f.taken,
             "toughness": f.toughness, "belly": f.roll.belly,
             "status": "killed" if f.killed else "flies away" if f.flies else "survives",
             "text": fighter_text(f, labels[i])} for i, f in fighters.items()]
    return {"dragons": rows, "dragons_killed": sum(1 for f in fighters.values() if f.killed),
            "fly_away": sum(1 for f in fighters.values() if f.flies), "see": see("dragon-attacks")}


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


def dragon_json(d: DragonRoll, inp: DragonInput) -> Answer:
    return {"dragon": d.index, "die": d.dragon.die.id, "label": d.label, "faces": [f.kind for f in d.faces],
            "icons": [f.icon for f in d.faces], "labels": [f.label() for f in d.faces], "random": d.random, "damage": d.damage, "toughness": d.toughness,
            "promotions": d.promotions, "status": d.status or "attacked", "why": d.why, "text": d.text(),
            "target": ARMY, "target_text": inp.target_words()[d.index],
            **({"ignored": f"its non-breath damage is ignored: {d.ignored}"} if d.ignored else {})}


def fighter_json(d: DragonIn, inp: DragonInput, f: Fighter) -> Answer:
    """A dragon that attacks another dragon: its roll against it and what became of it (p.17)."""
    text = inp.target_words()[d.index]
    r = f.roll
    status = "killed" if f.killed else "flies away" if f.flies else "fights a dragon"
    return {"dragon": d.index, "die": d.die.id, "label": d.die.name, "faces": [x.kind for x in r.faces],
            "icons": [x.icon for x in r.faces], "labels": [x.label() for x in r.faces], "random": r.random,
            "damage": r.damage, "toughness": r.toughness, "promotions": 0, "status": status,
            "why": fighter_text(f, d.name or d.die.name), "text": text, "target": inp.targets[d.index], "target_text": text}


def bonded_json(d: DragonIn, inp: DragonInput) -> Answer:
    """A tamed or controlled dragon that fights no dragon (p.62): it does not roll, or helps the army."""
    text = inp.target_words()[d.index]
    return {"dragon": d.index, "die": d.die.id, "label": d.die.name, "faces": [], "icons": [], "labels": [], "random": [],
            "damage": 0, "toughness": d.die.health + d.die.auto_saves, "promotions": 0,
            "status": "helps the army" if inp.targets[d.index] == HELPS else "does not attack", "why": text,
            "text": text, "target": inp.targets[d.index], "target_text": text}


def output(run: Run, inp: DragonInput, rolls: list[DragonRoll], answer: Response, summary: Answer,
           fighters: dict[int, Fighter]) -> Answer:
    killed: dict[str, list[Answer]] = {"attacker": [], "defender": []}
    by_index = {d.index: d for d in rolls}
    for d in rolls:
        if d.status == "killed":
            killed["attacker"].append({"dragon": d.index, "label": d.label, "health": d.dragon.die.health,
                                       "status": "killed", "why": d.why})
    for u in run.sides["defender"].units:
        if u.status in ("killed", "buried"):
            killed["defender"].append({"unit": u.index, "label": u.unit.name, "health": u.health,
                                       "status": u.status, "why": u.why})
    return {
        "attack": "dragon", "terrain": inp.terrain,
        "rolls": [{"name": "dragon", "side": "attacker", "units": [], **dragon_json(d, inp)} for d in rolls]
        + [{"name": name, "side": side, "units": [u.index for u in units], "roll": resolved(result).to_json()}
           for name, side, result, units in run.rolls],
        "dragons": [dragon_json(by_index[d.index], inp) if d.index in by_index else fighter_json(d, inp, fighters[d.index])
                    if d.index in fighters else bonded_json(d, inp) for d in inp.present],
        "damage": [d.to_json() for d in run.damages],
        "killed": killed,
        "summary": {k: summary[k] for k in SUMMARY_KEYS},
        "id_split": answer.split,
        "left": [x.to_json() for x in run.left],
        "warnings": run.warnings,
        "see": see("dragon-attacks"),
    }
