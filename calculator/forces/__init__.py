"""Forces: a player's dice for a game checked against the setup rules (rulebook v4.01d p.3, p.8,
p.15, p.17, p.54, p.59; the numbers are the data's, ``force`` of ``setup-and-victory`` in
data/rules.yaml and of the species).

:func:`force` answers ``{"points": {"total", "home", "horde", "campaign", "pool"}, "problems":
[{"text", "see", "field"}], "ok": bool, "limits": {...}}`` (and ``warnings`` when the input gives
``owned``). ``limits`` says what this size allows: the points of one army, the dragons, the
health-worth of each species that starts in the Summoning Pool, the minor terrains, and the
suggested force sizes (p.8: any agreed size is legal); ``costs`` gives
the points of each die placed in an army, by its input field (``armies.home[0]``); ``over`` the
armies that cost more than one army may start with, by how many points (also a problem).
``points.total`` is the force size the armies cost; ``points.pool`` is the health-worth of the
Dragonkin in the Summoning Pool, which is not part of it (p.3). A bad input is one
:class:`InputError` naming its field; a force that breaks a rule is an answer with problems.
"""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer
from ..bundle import Index
from .catalogue import catalogue
from .catalogue import ForceRules
from .checks import (army_most, army_problems, dragon_problems, dragons_needed, points_over, size_problems, terrain_choices,
                     terrain_problems)
from .points import costs, points_json
from .pool import allowance, minor_most, owned_warnings, pool_problems
from .request import ForceInput, parse_force


def force(index: Index, data: object) -> Answer:
    cat = catalogue(index)
    rules = cat.rules
    inp = parse_force(data, cat)
    each = costs(rules, inp)
    points = points_json(rules, inp, each)
    over = points_over(rules, inp, points)
    problems = [*size_problems(rules, inp, points["total"]), *terrain_problems(rules, inp),
                *army_problems(rules, inp, points, over), *dragon_problems(rules, inp), *pool_problems(rules, inp)]
    out: Answer = {"points": dict(points), "problems": [p.to_json() for p in problems], "ok": not problems,
                           "limits": limits(rules, inp), "costs": each, "over": over}
    if inp.owned is not None:
        out["warnings"] = owned_warnings(inp)
    return out


def limits(rules: ForceRules, inp: ForceInput) -> Answer:
    """What this force size allows, for a page to show beside the points (never to check them)."""
    return {"army": army_most(rules, inp.size), "dragons": dragons_needed(rules, inp.size),
            "pool": {sp: allowance(limit, inp.size) for sp, limit in sorted(rules.pool_species.items())},
            "minor_terrains": minor_most(rules, inp.players), "suggested_sizes": list(rules.sizes["suggested"])}


def terrain_offer(index: Index) -> dict[str, list[str]]:
    """The terrain dice a page may offer as each player's home and proposed frontier (the ones the
    setup rules accept there; any other is a problem of the force)."""
    return terrain_choices(catalogue(index).pieces.values())


__all__ = ["force", "terrain_offer"]
