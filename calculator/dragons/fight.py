"""Dragons fighting dragons (rulebook v4.01d p.17): once the targeting table pairs them
(calculator.dragons.targets), the fight is worked out here, rolled (:func:`fight`) or as exact
chances (:func:`fight_odds`).

How the calculator reads p.17 ("Performing the Dragon Attack", "Dragon Breath", "Dragon Icons"):

- step 3: the owner of each dragon attacking a dragon rolls it; its damage waits for step 7 (only
  breath against an army acts at once). Against a dragon every face's value is damage: Jaws 12,
  Claws 6, Tail 3, Wing 5, and Breath 5 ("against another dragon, a dragon breath inflicts five
  ... points of damage"); a White Dragon's are doubled (Breath 10). Tail and, against a dragon,
  Breath roll the dragon again and the new face is added too. Treasure acts only against an army
  and Belly deals nothing (both 0 here). The faces' kinds in the data say all this
  (icons.yaml ``dragon_face``, calculator.kinds.dragon);
- step 7: damage is dealt at the same time, so two dragons may kill each other. A dragon takes the
  damage of every dragon that attacks it, added up. Its automatic saves (5) cancel that much, unless
  it rolled Belly in this attack (Belly: "the dragon's automatic saves do not count during this
  attack"; its own roll, whomever it attacks). So it dies when the damage reaches its health plus
  its automatic saves: 10 for a dragon (5 after Belly), 15 for a White Dragon (10 after Belly). A
  killed dragon returns to its owner's Summoning Pool;
- a dragon that attacks the army may itself be attacked by a dragon (the table's one-way pairs):
  the dragons' damage and the army's results each kill it on their own, never added together
  (p.17 step 6: a dragon is slain by melee or by missile results, "they may not be combined");
- step 9: a surviving dragon that rolled Wing (first face or a face rolled again) flies back to its
  owner's Summoning Pool.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.limits import LIMITS
from ..roll.distribution import Budget
from .dice import ARMY, DRAGON, DragonFace
from .request import DragonIn, DragonInput
from .roll import DragonRoll, roll_dragon
from .tamed import HELPS, STILL


@dataclass
class Fighter:
    """A dragon in the fight: its roll, whom it attacks, the damage it takes, what became of it."""

    roll: DragonRoll
    target: int | str
    taken: int = 0
    killed: bool = False
    flies: bool = False

    @property
    def toughness(self) -> int:
        return self.roll.toughness


def in_fight(inp: DragonInput) -> set[int]:
    """The dragons of the fight: those attacking a dragon, and the dragons they attack."""
    out = set()
    for d, t in zip(inp.present, inp.targets):
        if isinstance(t, int):
            out |= {d.index, t}
    return out


def fight(inp: DragonInput, army_rolls: list[DragonRoll], warn: Any, helpers: list[DragonRoll]) -> dict[int, Fighter]:
    """Roll the dragons that attack dragons (faces given first, then dice seeded apart from the army's
    so that the army's own rolls stay as they were) and deal their damage at once (step 7); the rolls
    of controlled dragons helping the army go to ``helpers``."""
    rng = random.Random(f"dragon-fight-{inp.seed}")
    rolls = {d.index: d for d in army_rolls}
    for d, t in zip(inp.present, inp.targets):
        if isinstance(t, int) or t == HELPS:       # HELPS: controlled, rolled with the army (p.62)
            roll, warnings = roll_dragon(d, rng, DRAGON if isinstance(t, int) else ARMY)
            for w in warnings:
                warn(w)
            rolls[d.index] = roll
    # A dragon that does not roll (tamed or controlled, p.62) keeps its automatic saves.
    out = {i: Fighter(rolls.get(i) or DragonRoll(inp.present[i], []), inp.targets[i]) for i in sorted(in_fight(inp))}
    helpers.extend(rolls[d.index] for d, t in zip(inp.present, inp.targets) if t == HELPS)
    for f in out.values():
        if isinstance(f.target, int):
            out[f.target].taken += f.roll.damage
    for f in out.values():
        f.killed = f.taken >= f.toughness
        f.flies = not f.killed and f.roll.has("wing") and isinstance(f.target, int)
    return out


def fighter_text(f: Fighter, label: str) -> str:
    die = f.roll.dragon.die
    saves = 0 if f.roll.belly else die.auto_saves
    belly = " (Belly: its automatic saves do not count)" if f.roll.belly else ""
    took = f"takes {f.taken} damage against {die.health} health + {saves} automatic saves{belly}"
    if f.killed:
        return f"The {label} {took}: it is killed and returns to its owner's Summoning Pool"
    if f.flies:
        return f"The {label} {took}: it survives, and having rolled Wing flies back to its owner's Summoning Pool"
    return f"The {label} {took}: it survives"


# ---- exact chances --------------------------------------------------------------------------------

def outcomes(d: DragonIn, against: str, cap: int) -> tuple[dict[tuple[int, bool, bool], float], float]:
    """{(damage it deals, capped at ``cap``; Belly; Wing): chance}, and the chance of chains past the
    limit of faces. Worked face by face (Tail and Breath may both roll again, so the chains are too many
    to list one by one)."""
    n = len(d.die.faces)
    odds: dict[DragonFace, float] = {}
    for f in d.die.faces:
        odds[f] = odds.get(f, 0.0) + 1.0 / n
    active: dict[tuple[int, bool, bool], float] = {(0, False, False): 1.0}
    done: dict[tuple[int, bool, bool], float] = {}
    for k in range(LIMITS["reroll_depth"]):
        given = d.rolled if k == 0 else d.rerolled[k - 1] if k - 1 < len(d.rerolled) else None
        faces = [(given, 1.0)] if given is not None else list(odds.items())
        nxt: dict[tuple[int, bool, bool], float] = {}
        for (dmg, belly, wing), p in active.items():
            for f, q in faces:
                key = (min(cap, dmg + f.damage_to(against)), belly or f.drops_saves, wing or f.flies_away)
                into = nxt if f.rolls_again(against) else done
                into[key] = into.get(key, 0.0) + p * q
        active = nxt
        if not active:
            break
    cut = 0.0
    for p in active.values():
        cut += p
    return done, cut


def fight_odds(inp: DragonInput, budget: Budget) -> tuple[dict[int, float], dict[int, float], dict[int, float], float]:
    """Exact chances of the fight: {dragons killed by dragons: p}, each dragon's chance to be killed,
    each attacking dragon's chance to fly away (Wing), and the chance of chains too long to follow."""
    members = sorted(in_fight(inp))
    by_index = {d.index: d for d in inp.present}
    caps = {i: by_index[i].die.health + by_index[i].die.auto_saves for i in members}
    pos = {i: k for k, i in enumerate(members)}
    # state: (damage taken by each member, capped at its toughness without Belly; its Belly; its Wing)
    acc: dict[tuple, float] = {(tuple(0 for _ in members), (), ()): 1.0}
    keep = 1.0
    for i in members:
        target = inp.targets[i]
        if target == STILL:
            dist, cut = {(0, False, False): 1.0}, 0.0
        else:
            dist, cut = outcomes(by_index[i], DRAGON if isinstance(target, int) else ARMY,
                                 caps[target] if isinstance(target, int) else 0)
        keep *= 1.0 - cut
        nxt: dict[tuple, float] = {}
        budget.spend(len(acc) * len(dist), len(acc))
        for (taken, bellies, wings), p in acc.items():
            for (dmg, belly, wing), q in dist.items():
                t = list(taken)
                if isinstance(target, int):
                    k = pos[target]
                    t[k] = min(caps[target], t[k] + dmg)
                key = (tuple(t), bellies + (belly,), wings + (wing and isinstance(target, int),))
                nxt[key] = nxt.get(key, 0.0) + p * q
            budget.spend(0, len(nxt))
        acc = nxt
    killed: dict[int, float] = {}
    each = {i: 0.0 for i in members}
    flies = {i: 0.0 for i in members if isinstance(inp.targets[i], int)}
    for (taken, bellies, wings), p in acc.items():
        n = 0
        for k, i in enumerate(members):
            dead = taken[k] >= caps[i] - (by_index[i].die.auto_saves if bellies[k] else 0)
            n += dead
            each[i] += p * dead
            if wings[k] and not dead:
                flies[i] += p
        killed[n] = killed.get(n, 0.0) + p
    return killed, each, flies, 1.0 - keep
