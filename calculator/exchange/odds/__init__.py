"""Exact chances of an exchange not rolled yet: of every amount of damage and every health-worth
killed on each side (``python -m calculator exchange-odds``, the worker's "exchange-odds"); past
their bound, where they are not worked out, or when asked, a sampled estimate (``sampled``).

The exchange runs stage by stage (calculator.exchange.STAGES) over a set of states, each with its
chance (calculator.exchange.odds.exact). Its modules, each read by those above it:

- ``state``: what a run is between two stages (or two effects), as values, and what of it the rest
  of the exchange can read (its signature);
- ``chances``: what each state carries: its chances by what each side has lost so far;
- ``extras``, ``outcomes``: a roll's distinct outcomes and what each keeps besides its totals;
- ``run``: the exchange's own run, whose rolls stop for the odds to choose their outcome;
- ``stage_runs``: a stage's runs from a state, each made once where many ways reach it alike;
- ``target_effects``, ``shared_effects``: effects worked out once for the states they go alike from;
- ``carried``: a roll kept for the next stage, its totals carried with the chances;
- ``save_runs``: a save stage's runs, once for all the states and outcomes making the same damage;
- ``between_effects``: ways set aside between two effects of a roll, merged, taken up again;
- ``explore``: every way one stage goes from a group of states;
- ``per_side``: each side's losses answered on their own before the last stage;
- ``exact``: the stage loop; ``answer``: the chances as the command answers them;
- ``refusals``: exchanges whose exact chances are not worked out, found before any work;
- ``sampled``: the estimate.

>>> from calculator import Engine                                    # doctest: +SKIP
>>> Engine(bundle).exchange_odds(exchange)["sides"]["defender"]["killed"]["mean"]   # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import InputError, NotExact, TooLarge
from ...core.fields import short
from ..flow import Indexed
from ..request import parse_exchange
from .exact import exact_odds
from .sampled import sampled_odds

__all__ = ["exchange_odds", "exact_odds", "sampled_odds"]

METHODS = ("exact", "sampled")


def exchange_odds(engine: Indexed, data: Any) -> dict[str, Any]:
    """Exact odds; past the work bound, where they are not worked out (Bash, Confuse: ``NotExact``)
    or asked with ``"odds": "sampled"``, a sampled estimate."""
    data, method = _method(data)
    if method == "sampled":
        return sampled_odds(engine, data, "a sampled estimate was asked for")
    inp = parse_exchange(data, engine.index)          # an input error is the input's, never sampled
    # A Vortex re-roll of a unit whose face is not given is one more random face (the same chances); of
    # a face given it changes them, and those chances are sampled.
    if any(isinstance(h, Mapping) and h.get("unit") is not None and s.units[h["unit"]].faces
           for s in inp.sides.values() for h in s.held.get("eighth_faces") or []):
        return sampled_odds(engine, data, "the exact chances of a unit the Vortex rolls again are not worked out")
    try:
        return exact_odds(engine, inp)
    except TooLarge as exc:
        # "...; try fewer dice" no longer applies: the estimate is the answer
        why = f"the exchange is {exc.message.split(';')[0]}"
    except NotExact as exc:
        # Bash, Confuse: resolved roll by roll, so sampled like any exchange ("...; resolve ..." goes)
        why = exc.message.split(';')[0]
    # Sampled once the refusal is let go (outside the except clause): nothing of the exact odds'
    # work is held while the sampling runs.
    return sampled_odds(engine, data, why)


def _method(data: Any) -> tuple[Any, str]:
    if not isinstance(data, Mapping) or "odds" not in data:
        return data, "exact"
    method = data["odds"]
    if method not in METHODS:
        raise InputError("odds", f"expected {' or '.join(repr(m) for m in METHODS)}, got {short(method)}")
    return {k: v for k, v in data.items() if k != "odds"}, method


