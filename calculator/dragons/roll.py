"""A dragon's roll: its first face and, while it shows Tail, the faces it rolls again.

Rulebook p.17: "Tail: the dragon's tail inflicts three points of damage; roll the dragon again and
apply the new result as well"; against another dragon Breath rolls again too ("Dragon Breath").
Which faces roll again is their kinds' answer (calculator.kinds.dragon). Faces come from the input (``rolled``, then ``rerolled`` in order),
then from the seeded dice; a chain stops at the input limit of faces per die (calculator.core.limits).
:func:`chains` lists every chain a dragon can roll, with its chance, for the exact odds.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..core.limits import LIMITS
from .dice import ARMY, DragonFace
from .request import DragonIn


@dataclass
class DragonRoll:
    dragon: DragonIn
    faces: list[DragonFace]
    random: list[bool] = field(default_factory=list)   # which faces the seeded dice gave
    cut: bool = False                                   # the chain reached the limit of faces
    status: str = ""                                    # "", killed
    why: str = ""
    ignored: str = ""                                   # why its non-breath damage is ignored (p.62)
    against: str = ARMY                                 # whom it attacks: the army, or a dragon

    @property
    def index(self) -> int:
        return self.dragon.index

    @property
    def label(self) -> str:
        """The dragon as players name it ("1st Red Drake" when two Red Drakes attack)."""
        return self.dragon.name or self.dragon.die.name

    @property
    def damage(self) -> int:
        """Damage to its target: Jaws, Claws, Tail and Wing (rulebook p.17); against an army breath
        kills instead, against a dragon it deals damage too (the faces' kinds say which)."""
        return sum(f.damage_to(self.against) for f in self.faces)

    @property
    def counted(self) -> int:
        """The damage the army takes from it: none when a champion's ability ignores it (p.62)."""
        return 0 if self.ignored else self.damage

    @property
    def belly(self) -> bool:
        return any(f.drops_saves for f in self.faces)

    @property
    def toughness(self) -> int:
        """Results of one type that kill it: its health plus its automatic saves, which Belly takes
        away for this attack (rulebook p.17)."""
        die = self.dragon.die
        return die.health + (0 if self.belly else die.auto_saves)

    def has(self, kind: str) -> bool:
        return any(f.kind == kind for f in self.faces)

    @property
    def breaths(self) -> list[DragonFace]:
        return [f for f in self.faces if f.breathes(self.against)]

    @property
    def promotions(self) -> int:
        """Treasure: one unit of the army may be promoted (two for a White Dragon: the face's value)."""
        return sum(f.promotes(self.against) for f in self.faces)

    def text(self) -> str:
        shown = " then ".join(f.label() + (" (at random)" if r else "") for f, r in zip(self.faces, self.random))
        spared = f", ignored ({self.ignored})" if self.ignored else ""
        return f"{self.label} rolled {shown}: {self.damage} damage{spared}"


def roll_dragon(d: DragonIn, rng: random.Random, against: str = ARMY) -> tuple[DragonRoll, list[str]]:
    """Roll one dragon (faces given first, then the seeded dice); also the warnings."""
    queue, faces, random_ = list(d.rerolled), [], []
    face, rnd = (d.rolled, False) if d.rolled is not None else (d.die.faces[rng.randrange(len(d.die.faces))], True)
    warnings = []
    cut = False
    while True:
        faces.append(face)
        random_.append(rnd)
        if not face.rolls_again(against):
            break
        if len(faces) >= LIMITS["reroll_depth"]:
            cut = True
            warnings.append(f"{d.die.name}: rolled {again(against)} {len(faces)} times; the calculator stops there "
                            f"(limit {LIMITS['reroll_depth']} faces per die)")
            break
        if queue:
            face, rnd = queue.pop(0), False
        else:
            face, rnd = d.die.faces[rng.randrange(len(d.die.faces))], True
    if queue:
        warnings.append(f"attacker.dragons[{d.index}].rerolled.dragon: {len(queue)} face(s) not used (the "
                        f"{d.die.name} rolls again only after {again(against)})")
    return DragonRoll(d, faces, random_, cut, against=against), warnings


def again(against: str) -> str:
    return "Tail" if against == ARMY else "Tail or Breath"


def chains(d: DragonIn, against: str = ARMY) -> tuple[list[tuple[list[DragonFace], float]], float]:
    """Every chain of faces the dragon can roll, given faces fixed, with its chance; and the chance of
    the chains that would pass the limit of faces (not listed: the answer reports it as dropped)."""
    n = len(d.die.faces)
    odds: dict[DragonFace, float] = {}
    for f in d.die.faces:              # equal faces (two Tails, four Claws) are one branch
        odds[f] = odds.get(f, 0.0) + 1.0 / n
    first = [(d.rolled, 1.0)] if d.rolled is not None else list(odds.items())
    frontier = [([f], p) for f, p in first]
    done, cut = [], 0.0
    while frontier:
        nxt = []
        for faces, p in frontier:
            if not faces[-1].rolls_again(against):
                done.append((faces, p))
            elif len(faces) >= LIMITS["reroll_depth"]:
                cut += p
            else:
                k = len(faces) - 1
                more = [(d.rerolled[k], 1.0)] if k < len(d.rerolled) else list(odds.items())
                nxt += [(faces + [f], p * q) for f, q in more]
        frontier = nxt
    return done, cut
