"""What the exact odds keep of a roll's outcomes besides the totals (calculator.exchange.odds.outcomes):
the effects the faces bring, the results of species whose ability reaches the other army (the saves
of Scorching Touch, the missile results of Cursed Bullets),
and whether a unit rolling alone rolled its ID."""
from __future__ import annotations

from typing import Any

from ...bundle import Index
from ...core.errors import NotExact
from ...core.records import Contribution, EffectUse
from ...roll.faceval import contribution
from ...roll.inputs import RollInput
from ...roll.units import Unit
from ..step import acts, left_text


class OutcomeExtras:
    """The extra quantities a roll's outcomes keep (see the module's docstring)."""

    def __init__(self, inp: RollInput, idx: Index, where: str) -> None:
        self.uses: list[EffectUse] = []
        self.listed: dict[str, Any] = {}         # effects that are only listed for the player
        keys: dict[tuple, int] = {}
        for u in inp.units:
            for f in u.all_faces:
                for use in contribution(u, f, inp.roll, idx).effects:
                    if use.applied:
                        continue
                    if not acts(use):
                        self.listed.setdefault(left_text(use), use)
                        continue
                    if not use.effect.exact_odds:       # it reads one unit's results in another roll
                        raise NotExact(where, f"the exact chances of an exchange in which {use.name} can be "
                                              f"rolled are not worked out; resolve the exchange roll by roll")
                    key = use_key(use)
                    if key not in keys:
                        keys[key] = len(self.uses)
                        self.uses.append(use)
        self.keys = keys
        # (species, result type): the results of a species whose ability reaches the other army
        self.species = sorted({(u.species, ab.kind.reads_results()) for u in inp.units if u.species
                               for ab in idx.abilities.get(u.species, [])
                               if ab.kind.reaches_other_army and ab.kind.applies(inp.roll)})
        self.single = len(inp.units) == 1
        self.size = len(self.uses) + len(self.species) + (1 if self.single else 0)
        # Nothing this roll brings reaches the other army at once (the last stage has no later roll
        # for modifiers, flags or delayed effects to change).
        self.keeps_to_itself = not self.species and all(
            u.delayed or not getattr(u.effect, "reaches_other_army", True) for u in self.uses)

    def extra(self, unit: Unit, c: Contribution) -> tuple[int, ...]:
        out = [0] * self.size
        for use in c.effects:
            k = self.keys.get(use_key(use))
            if k is not None:
                out[k] += 1
        base = len(self.uses)
        for i, (sp, rtype) in enumerate(self.species):
            if unit.species == sp:
                out[base + i] = c.nonsai.get(rtype, 0) + c.sai.get(rtype, 0)
        if self.single and c.rolled_id:
            out[-1] = 1
        return tuple(out)


def use_key(use: EffectUse) -> tuple:
    """What tells one effect a roll brings from another in the exact odds: all of it but the unit
    that rolled it, and but the face's label where the kind never names it (Reported.names_its_face:
    two Sharpshooters' Bullseyes are one effect, rolled twice)."""
    label = use.label if getattr(use.effect, "names_its_face", True) else None
    return (use.sai, use.name, label, use.x, id(use.effect), use.text, use.delayed)
