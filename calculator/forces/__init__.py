"""Forces: a player's dice for a game checked against the setup rules (rulebook v4.01d p.3, p.8,
p.15, p.17, p.54, p.59; the numbers are the data's, ``force`` of ``setup-and-victory`` in
data/rules.yaml and of the species).

:func:`force` answers ``{"points": {"total", "home", "horde", "campaign", "pool"}, "problems":
[{"text", "see", "field"}], "ok": bool}`` (and ``warnings`` when the input gives ``owned``).
``points.total`` is the force size the armies cost; ``points.pool`` is the health-worth of the
Dragonkin in the Summoning Pool, which is not part of it (p.3). A bad input is one
:class:`InputError` naming its field; a force that breaks a rule is an answer with problems.
"""
from __future__ import annotations

from typing import Any

from ..bundle import Index
from .catalogue import catalogue
from .checks import army_problems, dragon_problems, size_problems, terrain_problems
from .points import points_json
from .pool import owned_warnings, pool_problems
from .request import parse_force


def force(index: Index, data: Any) -> dict[str, Any]:
    cat = catalogue(index)
    rules = cat.rules
    inp = parse_force(data, cat)
    points = points_json(rules, inp)
    problems = [*size_problems(rules, inp, points["total"]), *terrain_problems(rules, inp),
                *army_problems(rules, inp, points), *dragon_problems(rules, inp), *pool_problems(rules, inp)]
    out: dict[str, Any] = {"points": dict(points), "problems": [p.to_json() for p in problems], "ok": not problems}
    if inp.owned is not None:
        out["warnings"] = owned_warnings(inp)
    return out


__all__ = ["force"]
