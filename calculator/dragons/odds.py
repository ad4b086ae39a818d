"""Exact odds of a dragon attack not rolled yet: how many dragons die and how much the army loses.

``dragon_odds(engine, input)`` takes the input of a dragon attack; dragons and units without faces
are rolled, given faces stay fixed. The answer follows the resolver (calculator.dragons) step by
step, over every outcome and with its chance:

1. each dragon's chains of faces (Tail rolls again, up to the limit of faces per die; the rest is
   reported as dropped), reduced to what matters: its damage, its toughness (Belly), Jaws, Breath;
2. breath kills (the calculator's default casualties) and effects, for each set of breathing dragons;
3. the army's roll (calculator.dragons.spread) with, for every outcome, the best split of its ID
   results (most dragons killed, then most saves: calculator.dragons.kills);
4. damage: the dragons' damage less the saves, and the units it kills (as close as possible).

Units killed by a fire breath may be buried instead: the health-worth lost is the same.

    {"attack": "dragon", "sides": {"defender": {"damage": DIST, "killed": DIST}}, "dragons_killed": DIST,
     "dropped": p, "notes": [...], "see": ...}

DIST is ``{"distribution": {"<n>": p}, "mean", "sd", "at_least": {"<n>": p}}``: ``damage`` the damage
left after the army's saves, ``killed`` the health-worth it loses (breath and damage together).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from ..core.shapes import Answer
from ..roll.chances import summarize
from ..roll.distribution import Budget
from ..roll.inputs import parse_modifier
from ..core.errors import TooLarge
from ..core.limits import BOUNDS, LIMITS
from ..exchange.casualties import best_health, choose
from ..exchange.flow import Indexed, Run
from ..core.interpret import see
from ..kinds.exchange import ReflectDamage
from ..kinds.modifiers import Add
from .breath import BreathEffects, add_effects, breath_elements
from .kills import KillPlan, Target
from .request import DragonIn, DragonInput, DragonRun, parse_dragon_attack
from .roll import DragonRoll, chains
from .fight import fight_odds, in_fight, outcomes
from .tamed import HELPS, face_cancels_dragon_damage
from .dice import ARMY
from .spread import Spread, response_spread
from ..bundle import Index
from ..roll.asks import EngineView

T = TypeVar("T")

Cls = tuple   # per dragon: (its damage if Bash needs it, else None; toughness; rolled Jaws (if it matters); Breath)


def army_flags(inp: DragonInput, idx: Index) -> tuple[bool, bool]:
    """(the army can Bash a dragon, the army has an SAI that looks for Jaws)."""
    bash = jaws = False
    for u in inp.defender.units:
        for f in u.unit.faces or ():
            sai = idx.sais.get(f.icon)
            for c in sai.clauses if sai else ():
                if "dragon_attack" in c.rolls:
                    bash |= any(isinstance(e, ReflectDamage) for e in c.effects)
                    jaws |= any(e.kills_dragon for e in c.effects) or any(g.unless for g in c.generates)
    return bash, jaws


def spares(inp: DragonInput, idx: Index) -> bool:
    """Whether a unit of the army has a face whose effect cancels a dragon's damage (p.62)."""
    return any(face_cancels_dragon_damage(idx, f.icon) for u in inp.defender.units for f in u.unit.faces or ())


def chooses(inp: DragonInput, idx: Index) -> bool:
    """Whether a unit of the army has a face whose results in a dragon attack are of the owner's choice."""
    return any(g.choice and len(set(g.types) & {"save", "melee", "missile"}) > 1
               for u in inp.defender.units for f in u.unit.faces or () for sai in (idx.sais.get(f.icon),) if sai
               for c in sai.clauses if c.rolls & {"dragon_attack", "non_maneuver", "any", "any_non_individual"}
               for g in c.generates)


def dragon_spread(d: DragonIn, bash: bool, jaws: bool) -> tuple[dict[tuple, float], float]:
    """{(what matters of the dragon, its damage): chance}, and the chance of chains too long to follow."""
    out: dict[tuple, float] = {}
    done, cut = chains(d)
    for faces, p in done:
        r = DragonRoll(d, faces)
        key = ((r.damage if bash else None, r.toughness, jaws and r.has("jaws"), bool(r.breaths)), r.damage)
        out[key] = out.get(key, 0.0) + p
    return out, cut


def combine(dragons: list[DragonIn], per: list[dict[tuple, float]], budget: Budget) -> dict[Cls, dict[int, float]]:
    """Every outcome of all the dragons: {what matters of each dragon: {their total damage: chance}}.
    Dragons of the same die are interchangeable, so their outcomes are kept in a fixed order."""
    acc: dict[tuple, float] = {((), 0): 1.0}
    for j, dist in enumerate(per):
        budget.spend(len(acc) * len(dist), len(acc))
        same = 0          # the dragons just before this one that are of the same die
        while same < j and dragons[j - same - 1].die.id == dragons[j].die.id:
            same += 1
        nxt: dict[tuple, float] = {}
        for (keys, total), p in acc.items():
            for (key, dmg), q in dist.items():
                run = tuple(sorted(keys[j - same:] + (key,))) if same else (key,)
                k2 = (keys[: j - same] + run, total + dmg)
                nxt[k2] = nxt.get(k2, 0.0) + p * q
            budget.spend(0, len(nxt))        # past the bound on outcomes kept: refuse at once
        acc = nxt
    budget.spend(len(acc), len(acc))
    out: dict[Cls, dict[int, float]] = {}
    for (keys, total), p in acc.items():
        row = out.setdefault(keys, {})
        row[total] = row.get(total, 0.0) + p
    # Every outcome costs about this much work below: past the bound, refuse now rather than later.
    budget.spend(0, len(out), 8 * sum(len(row) for row in out.values()))
    return out


def breaths(run: Run, inp: DragonInput, cls: Cls, notes: list[str]) -> tuple[list[Any], int, BreathEffects]:
    """The units left after the breaths of this outcome (default casualties), the health-worth lost, the effects."""
    alive, lost, effects = list(inp.defender.units), 0, BreathEffects()
    for d, key in zip(inp.dragons, cls):
        if not key[3]:
            continue
        face = next(f for f in d.die.faces if f.breathes(ARMY))
        killed = choose(alive, face.value, run.strength)
        lost += sum(u.health for u in killed)
        alive = [u for u in alive if u not in killed]
        roll = DragonRoll(d, [face])
        elements = breath_elements(roll, inp.elements)
        if elements is None:
            note = f"no terrain is given: the {d.die.name}'s breath effects (those of the terrain) are not applied"
            notes.append(note) if note not in notes else None
        else:
            add_effects(effects, roll, elements, run.idx.breath_effects)
    return alive, lost, effects


def response_data(inp: DragonInput, alive: list[Any], effects: BreathEffects, cls: Cls, bash: bool | None
                  ) -> Answer:
    """The army's roll; ``bash``: True to count Bash's saves in it (each dragon's damage), False to leave
    them out (they are added afterwards), None when the army cannot Bash."""
    side = inp.defender
    army = []
    for u in alive:
        if not u.can_roll:
            continue                # kept from rolling against these dragons (calculator.dragons.fear)
        rolled, rerolled = u.faces.get("response", (None, []))
        army.append(dict(u.raw, **({"rolled": rolled} if rolled is not None else {}),
                         **({"rerolled": rerolled} if rerolled else {})))
    data: Answer = {"roll": "dragon_attack", "army": army,
                            "dragon_faces": ["jaws"] if any(k[2] for k in cls) else []}
    mods = side.modifiers + effects.modifiers()
    if mods:
        data["modifiers"] = mods
    if side.options:
        data["options"] = dict(side.options)
    if inp.terrain is not None:
        data["terrain"] = inp.terrain
    if bash is not None:
        data["dragon_damage"] = [k[0] for k in cls] if bash else []
    return data


class Odds:
    """The accumulating answer and the caches shared by every outcome of the dragons."""

    def __init__(self, engine: Indexed, inp: DragonInput) -> None:
        self.engine, self.inp, self.budget = engine, inp, Budget()
        self.run = DragonRun(engine, inp)
        self.bash, self.jaws = army_flags(inp, engine.index)
        self.bash_in_roll = self.bash and saves_multiplied(inp, engine.index)
        self.killed: dict[int, float] = {}
        self.damage: dict[int, float] = {}
        self.lost: dict[int, float] = {}
        self.dropped = 0.0
        self.notes: list[str] = []
        self.cache: dict[tuple, Any] = {}
        self.weights: dict[tuple, dict[int, float]] = {}
        self.by_id: dict[int, Spread] = {}

    def memo(self, key: tuple, make: Callable[[], T]) -> T:
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]

    def spread(self, cls: Cls) -> tuple[list[Any], int, Spread, float]:
        """The units the breaths leave, the health-worth they killed, and the chances of the army's roll."""
        # The breaths' order of dice decides the units they kill and their effects.
        pattern = tuple(d.die.id for d, k in zip(self.inp.dragons, cls) if k[3])
        alive, lost, effects = self.memo(("breath", pattern), lambda: breaths(self.run, self.inp, cls, self.notes))
        damages = tuple(k[0] for k in cls) if self.bash_in_roll else ()
        key = ("spread", pattern, any(k[2] for k in cls), damages)

        def make() -> tuple:
            if not any(u.can_roll for u in alive):
                return {(0, 0): {(0, (0,), (0,), (0,)): 1.0}}, 0.0, []
            data = response_data(self.inp, alive, effects, cls, self.bash_in_roll if self.bash else None)
            return response_spread(self.engine.index, data, bool(effects.plague), self.budget)
        spread, dropped, notes = self.memo(key, make)
        self.by_id[id(spread)] = spread
        self.notes += [n for n in notes if n not in self.notes]
        return alive, lost, spread, dropped

    def plan(self, signature: tuple) -> KillPlan:
        return self.memo(("plan", signature), lambda: KillPlan.from_signature(signature))

    def shares(self, spread: Spread, q: int, b: int, signature: tuple) -> dict[tuple[int, int], float]:
        """{(dragons killed, saves): chance} over one group of the army's outcomes (q kills by Decapitate
        and Impale, b Bash faces), each with its best split of ID results (Bash's saves not included)."""
        def make() -> dict[tuple[int, int], float]:
            plan = self.plan(signature)
            out: dict[tuple[int, int], float] = {}
            for (n, fs, fm, fx), p in spread[(q, b)].items():
                k, m, x, _, _ = plan.best_split(n, list(fs), list(fm), list(fx))
                key = (k, fs[n - m - x])
                out[key] = out.get(key, 0.0) + p
            # each outcome examines every way to share the results over the dragons
            self.budget.spend(len(spread[(q, b)]) * (1 + sum(len(o) for o in plan.options)), len(out))
            return out
        return self.memo(("shares", id(spread), q, b, signature), make)

    def outcome(self, cls: Cls, by_damage: dict[int, float]) -> None:
        """Gather one outcome of the dragons: its weight goes to every group of the army's roll, keyed
        by all the kills and the loss depend on."""
        alive, lost, spread, dropped = self.spread(cls)
        self.dropped += sum(by_damage.values()) * dropped
        healths = tuple(u.health for u in alive)
        for q, b in spread:
            targets = tuple((k[1], k[2], (k[0] or 0) if b else 0) for k in cls)
            signature = self.memo(("signature", targets, q, b), lambda: KillPlan(
                [Target(i, *t) for i, t in enumerate(targets)], q, b).signature)
            # Bash's saves join the others at step 8, with no modifier on saves after it (else
            # bash_in_roll): they take that much off the dragons' damage.
            bash = 0 if self.bash_in_roll or not b else sum(sorted((k[0] for k in cls), reverse=True)[:b])
            bucket = self.weights.setdefault((id(spread), q, b, signature, lost, healths), {})
            for total, p in by_damage.items():
                bucket[total - bash] = bucket.get(total - bash, 0.0) + p
        self.budget.spend(len(spread) * len(by_damage), len(self.weights))

    def finish(self) -> None:
        # What the best splits below will cost, counted before any is worked out: refuse at once.
        todo = {(sid, q, b, sig) for sid, q, b, sig, _, _ in self.weights}
        ahead = 0
        for sid, q, b, sig in todo:
            if ("shares", sid, q, b, sig) not in self.cache:
                ahead += len(self.by_id[sid][(q, b)]) * (1 + sum(len(o) for o in self.plan(sig).options))
        self.budget.spend(0, len(todo), ahead)
        for (sid, q, b, signature, lost, healths), by_left in self.weights.items():
            ks = self.shares(self.by_id[sid], q, b, signature)
            self.budget.spend(len(ks) * len(by_left), len(ks))
            for (k, saves), p in ks.items():
                for left, w in by_left.items():
                    hit = max(0, left - saves)
                    loss = lost + self.memo(("health", healths, hit), lambda: best_health(list(healths), hit))
                    self.killed[k] = self.killed.get(k, 0.0) + p * w
                    self.damage[hit] = self.damage.get(hit, 0.0) + p * w
                    self.lost[loss] = self.lost.get(loss, 0.0) + p * w


def saves_multiplied(inp: DragonInput, idx: Index) -> bool:
    """Whether a modifier of the army multiplies saves (or changes results of any type): Bash's saves
    are then counted inside the army's roll, outcome by outcome, instead of added to its saves."""
    mods = [m for i, raw in enumerate(inp.defender.modifiers) for m in parse_modifier(i, raw, idx)]
    return any(m.p.get("result") in ("save", "all") and m.step == 9 or m.p.get("result") == "all" and m.step == 10
               for m in mods)


def work_out(engine: Indexed, inp: DragonInput) -> Odds:
    odds = Odds(engine, inp)
    per, keep = [], 1.0
    for d in inp.dragons:
        spread, cut = dragon_spread(d, odds.bash, odds.jaws)
        per.append(spread)
        keep *= 1.0 - cut
    for cls, by_damage in combine(inp.dragons, per, odds.budget).items():
        odds.outcome(cls, by_damage)
    odds.finish()
    odds.dropped += 1.0 - keep          # Tail chains past the limit of faces
    return odds


def helped(engine: Indexed, inp: DragonInput) -> Odds:
    """p.62: controlled dragons helping the army add their damage to its melee results: the odds for each
    sum of their damage, weighed by its chance (calculator.dragons.tamed)."""
    helpers = [d for d, t in zip(inp.present, inp.targets) if t == HELPS]
    if not helpers:
        return work_out(engine, inp)
    sums, dropped = {0: 1.0}, 0.0
    for d in helpers:
        dist, cut = outcomes(d, ARMY, BOUNDS["work"])
        dropped += cut
        nxt: dict[int, float] = {}
        for n, p in sums.items():
            for (dmg, _, _), q in dist.items():
                nxt[n + dmg] = nxt.get(n + dmg, 0.0) + p * q
        sums = nxt
    total: Odds | None = None
    spent = Budget()
    for n, p in sorted(sums.items()):
        mods = inp.defender.modifiers + ([Add.adding("melee", min(n, LIMITS["amount"]), "controlled dragon")] if n else [])
        one = work_out(engine, replace(inp, defender=replace(inp.defender, modifiers=mods)))
        spent.spend(one.budget.work, 0)
        total = total or one
        for mine, theirs in ((total.killed, one.killed), (total.damage, one.damage), (total.lost, one.lost)):
            if total is one:
                for k in mine:
                    mine[k] *= p
            else:
                for k, v in theirs.items():
                    mine[k] = mine.get(k, 0.0) + p * v
        total.dropped = one.dropped * p if total is one else total.dropped + one.dropped * p
    assert total is not None
    total.dropped += dropped
    total.notes.append("a controlled dragon helping the army: its damage is added to the army's melee results, "
                       "each sum of its damage with its chance (rulebook p.62)")
    return total


NOTES = ("the army splits its ID results the best way in every roll: the most dragons killed, then the most saves",
         "casualties follow the calculator's default choice: as close as possible to the damage without exceeding "
         "it, losing the fewest units",
         "promotions (Treasure, or for killing a dragon) are not included: the army rolls as given")


def dist(values: dict[int, float]) -> Answer:
    s = summarize(values, 0.0, [], "")
    return {k: s[k] for k in ("distribution", "mean", "sd", "at_least")}


def dragon_odds(engine: EngineView, data: object) -> Answer:
    inp = parse_dragon_attack(data, engine.index)
    try:
        odds = helped(engine, inp)
        fights = fight_json(inp, odds.budget) if in_fight(inp) else None
    except TooLarge:
        raise TooLarge("", f"this dragon attack is too large to compute exactly (more than {BOUNDS['work']:,} "
                           f"outcome combinations); try fewer dragons or fewer units") from None
    notes = list(NOTES) + odds.notes
    notes += inp.fear
    if chooses(inp, engine.index):
        notes.append("results of the owner's choice (Create Fireminions, Fly) go to one type in these chances; "
                     "a resolved attack tries every split")
    if spares(inp, engine.index):
        notes.append("a champion's Tame, Slay or Control a Dragon, which makes the army ignore one dragon's "
                     "damage, is not included in these chances")
    words = inp.target_words()
    notes += [f"{words[d.index]}: its fight is worked out apart from the army's (rulebook p.17)"
              for d, t in zip(inp.present, inp.targets) if t != "army"]
    if fights and any(isinstance(inp.targets[i], str) for i in in_fight(inp)):
        notes.append("a dragon attacking the army that dragons attack too: the army's chance of killing it and the "
                     "dragons' are given apart (each kills it on its own)")
    if inp.id_split is not None or inp.casualties or inp.breath_picks is not None:
        notes.append("your own split of ID results and choice of casualties are not used for the chances")
    buries = {el for el, b in engine.index.breath_effects.items() if b.effect.buries()}
    if any(f.breathes(ARMY) and buries & set(d.die.elements if not d.die.breath_from_terrain else inp.elements or ())
           for d in inp.dragons for f in d.die.faces):
        notes.append("units killed by a fire breath may be buried instead of killed: the health-worth lost is the same")
    return {"attack": "dragon", "sides": {"defender": {"damage": dist(odds.damage), "killed": dist(odds.lost)}},
            "dragons_killed": dist(odds.killed), "dropped": odds.dropped, "notes": notes,
            "see": see("dragon-attacks"), **({"fight": fights} if fights else {})}


def fight_json(inp: DragonInput, budget: Budget) -> dict[str, Any]:
    """The exact chances of the dragons' fight (calculator.dragons.fight)."""
    killed, each, flies, dropped = fight_odds(inp, budget)
    names = {d.index: d.name or d.die.name for d in inp.present}
    return {"dragons_killed": dist(killed), "dropped": dropped,
            "dragons": [{"dragon": i, "label": names[i], "target": inp.targets[i], "killed": p,
                         **({"flies_away": flies[i]} if i in flies else {})} for i, p in each.items()]}
