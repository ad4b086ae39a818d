"""A dragon attack on an army, step by step (rulebook p.17, "Performing the Dragon Attack"):

3. the dragons roll (Tail rolls again and adds the new face);
4. each breath kills its health-worth of units with no save, then its elements' effects apply;
5. Treasure: the army may promote a unit (left to the player: the army rolls as given);
6. the army's combination roll: save, melee and missile results, ID results split among them;
7. damage at the same time: the dragons' damage less the army's saves, casualties by the owner;
   dragons killed by the results aimed at them (and by Bash, Decapitate, Impale);
8. an army that killed a dragon promotes; 9. surviving dragons that rolled Wing fly away.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from ..core.shapes import Answer, Notice
from ..core.errors import InputError
from ..exchange.casualties import best_health
from ..exchange.flow import Damage, Left, Run
from ..exchange.sequence import words
from ..roll.inputs import parse_roll
from ..core.interpret import see
from ..roll.resolve import resolve_input
from ..roll.results import RollResult
from .breath import BreathEffects, breathe
from .choices import TRIES, candidate_armies
from .kills import KillPlan, Target
from .request import DragonInput, DragonRun
from .response import coupled, curves, final_roll, id_amounts, in_order, split_totals, total
from .roll import DragonRoll, roll_dragon
from ..roll.inputs import RollInput

GRID_LIMIT = 1_300     # splits tried one by one when the types' totals depend on each other (n <= 49)


@dataclass
class Response:
    result: RollResult | None
    plan: KillPlan
    split: Answer = field(default_factory=dict)
    by_melee: tuple[int, ...] = ()
    by_missile: tuple[int, ...] = ()


def roll_dragons(run: Run, inp: DragonInput) -> list[DragonRoll]:
    out = []
    for d in inp.dragons:
        roll, warnings = roll_dragon(d, run.rng)
        for w in warnings:
            run.warn(w, "limits" if roll.cut else "reroll-faces")
        out.append(roll)
    return out


def response_input(run: Run, units: list[Any], rolls: list[DragonRoll], effects: BreathEffects) -> dict[str, Any]:
    run.mods_once["defender"] = effects.modifiers()
    data = run.side_input("defender", "dragon_attack", dragon_faces=[f.kind for d in rolls for f in d.faces],
                          dragon_damage=[d.damage for d in rolls])
    data.update(army=[dict(u.raw, **run.faces_for(u, "response")) for u in units],
                seed=run.rng.randrange(10 ** 9))
    if run.inp.terrain is not None:
        data["terrain"] = run.inp.terrain
    return data


def targets(rolls: list[DragonRoll]) -> list[Target]:
    return [Target(d.index, d.toughness, d.has("jaws"), d.damage) for d in rolls]


def respond(run: DragonRun, rolls: list[DragonRoll], effects: BreathEffects) -> Response:
    units = [u for u in run.sides["defender"].units if u.can_roll]
    if not units:
        run.warn("no unit of the army is left to roll against the dragons", "dragon-attacks")
        return Response(None, KillPlan(targets(rolls), 0, 0), split_json({"save": 0, "melee": 0, "missile": 0}, 0,
                                                                          "calculator"))
    data = response_input(run, units, rolls, effects)
    rinp = parse_roll(data, run.idx)
    first = resolve_input(rinp, run.idx)
    armies, count = candidate_armies(data, first, run.idx)
    if count > TRIES:
        run.warn(f"too many ways ({count}) to split the results of the owner's choice (Create Fireminions, Fly) "
                 f"to try them all: each goes to one type; give the units' choose to split them", "dragon-response")
    best: tuple[tuple[int, ...], Response, list[Notice]] | None = None
    healths = [u.health for u in run.sides["defender"].units if u.alive]
    for j, army in enumerate(armies or [data["army"]]):
        mark = len(run.warnings)
        answer = attempt(run, parse_roll(dict(data, army=army), run.idx) if armies else rinp, rolls, effects,
                         None if armies else first)
        t = answer.result.totals if answer.result else {}
        kills = answer.plan.base + len(answer.by_melee) + len(answer.by_missile)
        key = (-kills, best_health(healths, max(0, sum(d.counted for d in rolls) - t.get("save", 0))),
               -t.get("save", 0), j)
        if best is None or key < best[0]:
            best = (key, answer, run.warnings[mark:])
        del run.warnings[mark:]
    assert best is not None
    run.warnings += best[2]
    if armies:
        run.warn("results of the owner's choice split as " + choices_text(best[1]) + " (the calculator's choice: "
                 "the most dragons killed, then the least health lost; a unit's choose gives yours)", "dragon-response")
    assert best[1].result is not None
    run.rolls.append(("response", "defender", best[1].result, units))
    return best[1]


def attempt(run: DragonRun, rinp: RollInput, rolls: list[DragonRoll], effects: BreathEffects,
            first: RollResult | None = None) -> Response:
    """The army's response with these faces and choices: its ID results split, its kills."""
    first = first or resolve_input(rinp, run.idx)
    decapitates = sum(1 for use in first.effects if use.effect.kills_dragon)
    bashes = sum(p.reflect for ur in first.rolls if not ur.excluded for p in ur.parts)
    plan = KillPlan(targets(rolls), decapitates, bashes)
    shares, split = choose_split(run, first, rinp, plan, effects.plague, rolls)
    result = final_roll(first, rinp, run.idx, shares, effects.plague)
    _, by_melee, by_missile = plan.kills(result.totals.get("melee", 0), result.totals.get("missile", 0))
    return Response(result, plan, split, by_melee, by_missile)


def choices_text(answer: Response) -> str:
    assert answer.result is not None
    out = []
    for ur in answer.result.rolls:
        for sid, split in ur.unit.choose.items():
            if isinstance(split, dict):
                out.append(f"{ur.unit.name}: " + ", ".join(f"{n} {t}" for t, n in split.items() if n))
    return "; ".join(out)


def choose_split(run: DragonRun, first: RollResult, rinp: RollInput, plan: KillPlan, plague: str, rolls: list[DragonRoll]
                 ) -> tuple[list[dict[str, int]], Answer]:
    amounts = [] if plague else id_amounts(first)
    n, given = sum(amounts), run.dinp.id_split
    if given is not None and plague:
        run.warn(f"the ID results are not split: the army ignores them ({plague})", "dragon-response")
    elif given is not None:
        shares = in_order(amounts, given_split(given, n))
        return shares, split_json(total(shares), n, "player")
    if n == 0:
        shares = in_order(amounts, {})
    elif not coupled(first, rinp):
        fs, fm, fx = curves(first, rinp, run.idx, n)
        _, m, x, _, _ = plan.best_split(n, fs, fm, fx)
        shares = in_order(amounts, {"save": n - m - x, "melee": m, "missile": x})
    else:
        shares = grid_split(run, first, rinp, plan, amounts, sum(d.damage for d in rolls))
    return shares, split_json(total(shares), n, "calculator")


def split_json(alloc: dict[str, int], n: int, by: str) -> Answer:
    how = "as you chose" if by == "player" else "the calculator's choice: the most dragons killed, then the most saves"
    text = (f"{n} ID result{'s' if n != 1 else ''} counted as {alloc['melee']} melee, {alloc['missile']} missile "
            f"and {alloc['save']} save{'s' if alloc['save'] != 1 else ''} ({how})") if n else "no ID results to split"
    return dict(alloc, rolled=n, chosen_by=by, text=text)


def given_split(given: dict[str, int], n: int) -> dict[str, int]:
    named = sum(given.values())
    if named > n or ("save" in given and named != n):
        raise InputError("defender.id_split", f"the army rolled {n} ID results; the split names {named}")
    return {"save": given.get("save", n - named), "melee": given.get("melee", 0), "missile": given.get("missile", 0)}


def unit_shares(n: int) -> list[dict[str, int]]:
    return [{"save": n - m - x, "melee": m, "missile": x} for m in range(n + 1) for x in range(n + 1 - m)]


def grid_split(run: Run, first: RollResult, rinp: RollInput, plan: KillPlan, amounts: list[int], dragon_damage: int
               ) -> list[dict[str, int]]:
    """Splits tried one by one when an effect ties the types together (a unit's results doubled, a
    modifier on results of any type): each unit's own share when there are few enough, else every
    total split shared in army order."""
    n = sum(amounts)
    count = 1
    for k in amounts:
        count *= (k + 1) * (k + 2) // 2
    if count <= GRID_LIMIT:
        tries = [list(c) for c in itertools.product(*(unit_shares(k) for k in amounts))]
    elif (n + 1) * (n + 2) // 2 <= GRID_LIMIT:
        tries = [in_order(amounts, a) for a in unit_shares(n)]
    else:
        fs, fm, fx = curves(first, rinp, run.idx, n)
        _, m, x, _, _ = plan.best_split(n, fs, fm, fx)
        run.warn(f"the army rolled {n} ID results: too many splits to try one by one with effects that double a "
                 f"unit's results; the split is chosen as if the types did not affect each other (give "
                 f"defender.id_split to choose it)", "dragon-response")
        return in_order(amounts, {"save": n - m - x, "melee": m, "missile": x})
    healths = [u.health for u in run.sides["defender"].units if u.alive]
    best: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    for j, shares in enumerate(tries):
        t = split_totals(first, rinp, run.idx, shares)
        kills = plan.kills(t["melee"], t["missile"])[0]
        key = (-kills, best_health(healths, max(0, dragon_damage - t["save"])), -t["save"], n - total(shares)["save"], j)
        best = key if j == 0 or key < best else best
    return tries[best[-1]]


def spare(run: Run, rolls: list[DragonRoll], answer: Response) -> None:
    """p.62: a champion's Tame, Slay or Control a Dragon in the response makes the army ignore the
    non-breath damage of one dragon that attacked it (the kind says which; the rest of the ability is
    left to the player)."""
    if answer.result is None:
        return
    units = {ur.unit.index: ur.unit for ur in answer.result.rolls if not ur.excluded}
    for use in answer.result.effects:
        unit = units.get(use.unit if use.unit is not None else -1)
        left = [(d.index, d.dragon.die.elements, d.damage) for d in rolls if not d.ignored]
        i = use.effect.cancels_dragon_damage(unit.elements or () if unit else (), left)
        if i is None:
            continue
        d = next(d for d in rolls if d.index == i)
        d.ignored = f"{use.name} ({use.label})"
        run.left.append(Left("defender", "response", f"{use.name} ({use.label}): the {d.label}'s {d.damage} "
                             f"non-breath damage is ignored (the calculator takes the dragon with the most damage "
                             f"the champion may take; its owner may choose another)", see("dragon-attacks")))


def army_damage(run: Run, rolls: list[DragonRoll], saves: int) -> int:
    total = sum(d.counted for d in rolls)
    amount = max(0, total - saves)
    dmg = run.apply_damage(Damage("defender", "dragon", amount, min(saves, total)), "dragon")
    dmg.text = words([f"{total} damage from the dragons − {saves} saves"], dmg, run)
    return amount


def after(run: Run, rolls: list[DragonRoll], killed: int) -> None:
    """Treasure's promotions, the promotions for killing a dragon, and Wing (steps 5, 8, 9)."""
    for d in rolls:
        if d.promotions:
            run.left.append(Left("defender", "dragon", f"Treasure ({d.label}): the army may promote "
                                 f"{'one unit' if d.promotions == 1 else f'{d.promotions} units'} before its roll; "
                                 f"the calculator rolls the army as given", see("dragon-attacks")))
    if killed:
        run.left.append(Left("defender", "response", f"the army killed {killed} dragon{'s' if killed > 1 else ''}: "
                             f"it may promote as many of its units as possible", see("dragon-attacks")))
    for d in rolls:
        if d.has("wing") and not d.status:
            d.status, d.why = "flies away", "it rolled Wing and survived: it returns to its owner's Summoning Pool"
