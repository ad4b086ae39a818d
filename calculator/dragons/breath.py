"""Breath against an army (rulebook p.17, "Dragon Breath"): each breath, one at a time, kills its
health-worth of units with no save (the army's owner picks them, as close as possible without
exceeding), then its elements' breath effects apply.

The health-worth is the face's value in the data: 5, and 10 for a White Dragon (its Terrain
Empathy kills "an additional five health-worth ... bringing the total health killed to ten",
read as one choice of ten). The effects are data (rules.yaml ``dragon-attacks`` ``breath_effects``,
each a kind of calculator.kinds.dragon); today, until the beginning of the army's next turn:

- Air, Lightning Bolt: melee results halved (rounded down);
- Water, Poisonous Cloud: missile results halved; Earth, Petrify: maneuver results halved;
- Death, Dragon Plague: the army ignores all its ID results;
- Fire, Dragon Fire: the units this breath killed are rolled; those without a save result are buried;
- Ivory, Life Drain: nothing more; White: the effects of both elements of the terrain.

Halvings from breath do not add up (one per result type), different effects apply together.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.shapes import Answer
from ..exchange.casualties import check_choice, choose
from ..exchange.flow import Damage, Left
from ..core.interpret import see
from ..kinds.modifiers import Divide
from .request import DragonRun
from .roll import DragonRoll

from ..kinds.dragon import ElementBreath


@dataclass
class BreathEffects:
    """What the breaths leave on the army for its roll: halvings (result type -> who) and Plague."""

    halves: dict[str, str] = field(default_factory=dict)
    plague: str = ""                                    # who brought Dragon Plague ("" : none)

    def modifiers(self) -> list[Answer]:
        return [Divide.halving(t, who) for t, who in self.halves.items() if t != "maneuver"]


def breath_elements(d: DragonRoll, elements: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """The elements whose effects a dragon's breath brings (None: a White Dragon with no terrain given)."""
    if d.dragon.die.breath_from_terrain:
        return elements           # Terrain Empathy: both elements of the terrain (minor terrains add none)
    return d.dragon.die.elements  # Hybrid: both; Ivory Hybrid: its element; Ivory: none (Life Drain)


def units_alive(run: DragonRun) -> list[Any]:
    return [u for u in run.sides["defender"].units if u.alive]


def kill(run: DragonRun, d: DragonRoll, amount: int, pick: list[int] | None, where: str) -> Damage:
    alive = units_alive(run)
    killed = check_choice(alive, amount, pick, where) if pick is not None else choose(alive, amount, run.strength)
    for u in killed:
        run.kill(u, f"killed by the {d.label}'s breath (no save)")
    lost = ", ".join(f"{u.unit.name} (health {u.health})" for u in killed) or "no unit"
    text = f"{d.label}'s breath: {amount} health-worth killed with no save: " + \
        (f"{lost} {'die' if len(killed) != 1 else 'dies'}" if killed else "no unit fits")
    dmg = Damage("defender", "breath", amount, 0, amount, killed, text)
    run.damages.append(dmg)
    return dmg


def dragon_fire(run: DragonRun, d: DragonRoll, killed: list[Any]) -> None:
    """Each unit the breath killed rolls alone; without a save result it is buried."""
    for u in killed:
        result = run.roll("defender", "breath_save", {"roll": "individual", "counts": ["save"]}, [u])
        if result.totals.get("save", 0) == 0:
            run.kill(u, f"killed by the {d.label}'s breath and buried (Dragon Fire: no save result)", "buried")
        else:
            u.why += "; Dragon Fire: it rolled a save result and is not buried"


def add_effects(effects: BreathEffects, d: DragonRoll, elements: tuple[str, ...], table: dict[str, ElementBreath]
                ) -> list[tuple[ElementBreath | None, str]]:
    """Record a breath's effects on the army's roll; returns (its effect, name) for each element."""
    out = []
    for el in elements:
        found = table.get(el)
        name = f"{found.name if found else el} ({d.label}'s breath)"
        halves = found.effect.halves() if found else None
        if halves:
            effects.halves.setdefault(halves, name)     # halvings from breath do not add up
        elif found and found.effect.ignores_id():
            effects.plague = effects.plague or name
        out.append((found, name))
    return out


def apply_effects(run: DragonRun, d: DragonRoll, killed: list[Any], effects: BreathEffects) -> None:
    elements = breath_elements(d, run.dinp.elements)
    if elements is None:
        run.warn(f"{d.label}'s breath: its effects are those of the terrain's elements; no terrain is given, "
                 f"so none is applied", "dragon-attacks")
        return
    table = run.idx.breath_effects
    if not elements:
        drain = table.get("ivory")
        run.left.append(Left("attacker", "dragon", f"{d.label}'s breath: {drain.name if drain else 'Ivory'} (Ivory) adds "
                             f"no effect", see("dragon-attacks")))
    for found, name in add_effects(effects, d, elements, table):
        halves = found.effect.halves() if found else None
        if halves:
            later = " (its roll against this attack counts no maneuvers)" if halves == "maneuver" else ""
            run.left.append(Left("defender", "dragon", f"{name}: the army's {halves} results are halved until "
                                 f"the beginning of its next turn{later}", see("dragon-attacks")))
        elif found and found.effect.ignores_id():
            run.left.append(Left("defender", "dragon", f"{name}: the army ignores its ID results until the "
                                 f"beginning of its next turn", see("dragon-attacks")))
        elif found and found.effect.buries():
            dragon_fire(run, d, killed)


def breathe(run: DragonRun, rolls: list[DragonRoll], picks: list[list[int]] | None) -> tuple[int, BreathEffects]:
    """Every breath in dragon order; returns the health-worth killed and the effects on the army's roll."""
    effects, total, n = BreathEffects(), 0, 0
    for d in rolls:
        for face in d.breaths:
            pick = picks[n] if picks is not None and n < len(picks) else None
            dmg = kill(run, d, face.value, pick, f"casualties.defender.breath[{n}]")
            total += sum(u.health for u in dmg.killed)
            apply_effects(run, d, dmg.killed, effects)
            n += 1
    if picks is not None and len(picks) > n:
        run.warn(f"casualties.defender.breath: {len(picks)} lists of units given for {n} breath(s); the rest are "
                 f"not used", "dragon-attacks")
    return total, effects
