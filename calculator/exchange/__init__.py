"""Exchanges: an attack, the saves, the damage and the counter-attack, roll by roll.

>>> from calculator import Engine                  # doctest: +SKIP
>>> Engine(bundle).exchange({"attack": "melee", "attacker": {...}, "defender": {...}})["summary"]  # doctest: +SKIP
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..core.interpret import see
from ..core.seams import RollOutcome
from .flow import Indexed, Known, Run, resolved
from .request import ExchangeInput, parse_exchange
from .sequence import attack, barred_from_counter, charge_back, hit_back, hit_defender, save
from .step import Step
from ..roll.asks import EngineView

SUMMARY_KEYS = ("attack_total", "save_total", "damage", "counter_total", "counter_save_total", "counter_damage",
                "save_roll_damage_to_attacker", "counter_save_roll_damage_to_defender")
COUNTER_KEYS = ("counter_total", "counter_save_total", "counter_damage", "counter_save_roll_damage_to_defender")


def resolve_exchange(engine: Indexed, inp: ExchangeInput, known: Known | None = None) -> Run:
    """Resolve the exchange roll by roll (``known``: what runs of the same input worked out already)."""
    run = Run(engine, inp, known)
    run.summary = {k: 0 for k in SUMMARY_KEYS}
    for stage in STAGES:
        if run.done:
            break
        stage(run)
    run.ignored_faces()
    return run


# The exchange in four stages. Each makes at most one army roll (and the rolls of single units its
# effects ask for); between stages only the run's state matters, so the exact chances
# (calculator.exchange.odds) can run the very same stages from any state.

def attack_stage(run: Run) -> None:
    hit = attack(run, "attacker", run.inp.attack, "attack")
    if hit is None:
        run.done = True
        return
    run.ctx["hit"] = hit
    run.summary["attack_total"] = hit.result.totals.get(run.inp.attack, 0)


def save_stage(run: Run) -> None:
    """The defender's save roll (or Charge's save-and-melee roll), the damage and casualties."""
    kind = run.inp.attack
    hit: Step = run.ctx.pop("hit")
    charge = kind == "melee" and "charge" in run.flags
    answer = None
    if charge or results_to_save(run, hit, kind, "attack"):
        answer = save(run, "defender", "save_and_melee" if charge else "save", kind, hit, combination=charge)
    run.summary["save_total"] = answer.result.totals.get("save", 0) if answer else 0
    run.summary["damage"] = hit_defender(run, "defender", "attack", hit.result.totals.get(kind, 0), kind, answer, hit)
    if charge and answer is not None:
        if not run.inp.counter_attack:
            run.warn("Charge: the defending army's save and melee roll takes the place of its counter-attack, so "
                     "its melee results count whatever it chose", "exchanges")
        charge_back(run, answer)
    run.summary["save_roll_damage_to_attacker"] = hit_back(run, "attacker", "save", answer)
    run.done = charge or not counter_allowed(run, answer)


def results_to_save(run: Run, hit: Step, kind: str, what: str) -> bool:
    """p.11: "if there are any melee results, the opposing army makes a save roll" (missile alike).
    With none, the other army makes no save roll, so nothing in it (a Counter, say) happens."""
    if hit.result.totals.get(kind, 0) > 0:
        return True
    run.warn(f"the {what} has no {kind} results: the other army makes no save roll (rulebook p.11)", "exchanges")
    return False


def counter_allowed(run: Run, answer: Step | None) -> bool:
    """Whether the defender counter-attacks (melee; Defensive Volley for missiles), and who may not."""
    kind = run.inp.attack
    if kind == "melee" and "no-counter" in run.flags:
        run.warn("Surprise: the defending army cannot counter-attack", "exchanges")
        return False
    if kind == "melee" and not run.inp.counter_attack:
        if run.rolling("defender"):       # with no unit left standing there was nothing to decline
            run.warn("the defending army chose not to counter-attack (rulebook p.11: it may)", "may-options")
        return False
    barred = barred_from_counter(run)
    if kind == "missile" and not volley(run, answer):
        return False
    for u in run.sides["defender"].units:
        if u.index in barred:
            u.status, u.why = "out", "kept out of the counter-attack by Foul Stench"
    return True


def counter_stage(run: Run) -> None:
    kind = run.inp.attack
    back = attack(run, "defender", kind, "counter", counter=True)
    if back is None:
        run.done = True
        return
    run.ctx["back"] = back
    run.summary["counter_total"] = back.result.totals.get(kind, 0)


def counter_save_stage(run: Run) -> None:
    """The attacker's save roll against the counter-attack, the damage and casualties."""
    kind = run.inp.attack
    back: Step = run.ctx.pop("back")
    cover = save(run, "attacker", "counter_save", kind, back) if results_to_save(run, back, kind, "counter-attack") \
        else None
    run.summary["counter_save_total"] = cover.result.totals.get("save", 0) if cover else 0
    run.summary["counter_damage"] = hit_defender(run, "attacker", "counter", back.result.totals.get(kind, 0),
                                                 kind, cover, back)
    run.summary["counter_save_roll_damage_to_defender"] = hit_back(run, "defender", "counter_save", cover)
    run.done = True


STAGES = (attack_stage, save_stage, counter_stage, counter_save_stage)
# p.11: the saves are taken from the attack's results to give the damage, never below 0. A save
# stage reads the attack's results (its step, kept in the run under this name) and its save roll's
# saves only through that damage and whether the attack has results at all (none: no save roll);
# nothing else in it reads either (not the effects, nor the casualties). The exact chances run it
# once for all the states and outcomes that make the same damage (tests check it against the exchange
# resolved roll by roll).
SAVES_AGAINST = {save_stage: "hit", counter_save_stage: "back"}
# After its roll's effects, an attack stage only keeps the roll's step for the next stage (in the
# run under this name; its totals are read there, by the save stage that reads the same name): the
# exact chances take the ways that differ only in the roll's outcome to the end of the stage at
# once, and carry each way's totals with its chance until that save stage.
KEEPS_ITS_ROLL = {attack_stage: "hit", counter_stage: "back"}
# The stage after one that keeps its roll's step reads that step (by the name it is kept under).
READS_KEPT = {after: KEEPS_ITS_ROLL[before] for before, after in zip(STAGES, STAGES[1:]) if before in KEEPS_ITS_ROLL}
# The last stage reads and changes only the saving side when nothing its save roll brings reaches
# the other army (no SAI that damages, targets or kills; no ability that turns saves into damage).
# When something does, it reaches the other army only to damage, target or kill it: the saving
# side's losses still depend on nothing of the other side, and the other side's losses depend on the
# step answered only through whether it has results to save against (p.11: none, no save roll).
# The exact chances rely on it to work out each side's losses on its own (tests check it against
# the exchange resolved roll by roll).
SAVER_OF_LAST_STAGE = "attacker"


def volley(run: Run, answer: Step | None) -> bool:
    """Defensive Volley (Coral Elves, a terrain with air): after saving against missiles, the Coral
    Elf units counter-attack with missiles; the other units of the army stay out."""
    if answer is None:
        return False
    for sp in sorted({u.unit.species for u in answer.units if u.unit.species}):
        for ab in run.idx.abilities.get(sp, []):
            verdict = ab.kind.missile_counter(ab, run, answer.result.roll)
            if verdict is not None:
                return verdict
    return False


def offered(inp: ExchangeInput) -> dict[str, list[Answer]]:
    """The exchange's own "may" choices, by side, for a page to offer beside the ones its rolls'
    plans give: p.11, after a melee attack the defending army may counter-attack (the input's
    ``counter_attack``, true unless the player says no)."""
    if inp.attack != "melee":
        return {}
    return {"defender": [{"id": "counter-attack", "field": "counter_attack", "name": "Counter-attack", "default": True,
                          "kind": "rule", "note": "after a melee attack the defending army may counter-attack",
                          "see": see("may-options")}]}


def exchange_json(run: Run) -> Answer:
    killed: dict[str, list[Answer]] = {"attacker": [], "defender": []}
    for name, side in run.sides.items():
        for u in side.units:
            if u.status in ("killed", "buried", "reserve"):
                killed[name].append({"unit": u.index, "label": u.unit.name, "health": u.health,
                                     "status": u.status, "why": u.why})
    return {
        "attack": run.inp.attack, "terrain": run.inp.terrain,
        "rolls": [{"name": name, "side": side, "units": [u.index for u in units], "roll": _roll_json(run, result)}
                  for name, side, result, units in run.rolls],
        "damage": [d.to_json() for d in run.damages],
        "killed": killed,
        "summary": _summary(run),
        "left": [x.to_json() for x in run.left],
        "options": offered(run.inp),
        "warnings": run.warnings,
        "see": see("exchanges"),
    }


def _summary(run: Run) -> Answer:
    """p.11: no counter-attack is possible against a missile attack, so its summary has no counter-attack
    lines, unless an ability let the defender answer with one (Defensive Volley: a counter roll was made)."""
    if run.inp.attack == "missile" and not any(name == "counter" for name, *_ in run.rolls):
        return {k: v for k, v in run.summary.items() if k not in COUNTER_KEYS}
    return dict(run.summary)


def _roll_json(run: Run, outcome: RollOutcome) -> Answer:
    result = resolved(outcome)
    out: dict[str, Any] = result.to_json()
    # In an exchange, "the exchange applies it" goes without saying.
    out["warnings"] = [w for w in out["warnings"] if w.get("see") != see("exchanges")]
    for fx, use in zip(out["effects"], result.effects):
        if id(use) in run.taken:               # its damage or kill is already in the exchange's answer
            fx["in_exchange"] = True
            fx["see"] = see("exchanges")
    return out


def exchange(engine: EngineView, data: object) -> Answer:
    return exchange_json(resolve_exchange(engine, parse_exchange(data, engine.index)))
