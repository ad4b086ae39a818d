"""A stage that keeps its roll's step for the next (calculator.exchange.KEEPS_ITS_ROLL) ends in
states that differ only in that roll's outcome, of which the next stage reads only the totals.
The exact odds (calculator.exchange.odds) keep such states as one: each way carries its outcome's
totals with its chance (in the payload), and the stage that reads them shows each totals in a state
of its own (calculator.exchange.reuse: ``shown``)."""
from __future__ import annotations

from typing import Any

from .answer import SIDES
from .branch import PRUNE, Entry, OddsRun
from .state import RunState, with_totals

# Losses: per side (damage dealt to the army as a whole, health-worth killed, damage its units took alone).
Losses = tuple
Payload = dict         # Losses -> chance (in a stage: (outcome of its roll, damage dealt to each side) -> chance;
#                        after a stage that keeps its roll: Losses + (that roll's totals,) -> chance)


def kept_ways(run: OddsRun, entry: Entry, payload: Payload, factor: float, got: tuple, keep: str) -> list[tuple]:
    """The ways merged after the last effect part at the end of a stage that keeps its roll's step
    (``keep``): each way with the totals of its own outcome of the roll, which it carries (``carry``)."""
    shown, ways = run.shown, []
    for (c, d, a), p in payload.items():
        dealt_now, p = (d + got[0], a + got[1]), p * factor
        for t, w, k in entry.by_totals(c):
            q = p * w
            if q < PRUNE:
                run.pruned += q
                continue
            if (keep, t) not in shown:
                shown[(keep, t)] = entry.result(k)
            ways.append((q, dealt_now, t))
    return ways


def carry(run: OddsRun, keep: str, out: dict, sig: tuple, state: RunState, payload: Payload, ways: list,
          carried: bool, now: Losses, aside: str) -> None:
    """The odds' ``_merge`` at the end of a stage that keeps its roll's step (``keep``): the ways that differ
    only in the roll's outcome stay in one state, each carrying its outcome's totals with its chance
    to the save stage that reads them (reuse.grouped shows each totals in a state of its own there).
    ``carried``: each way comes with its totals (``kept_ways``); else each is the state's own outcome."""
    if not carried:
        shown = state.ctx[keep].result
        t = shown.sig[0]
        run.shown.setdefault((keep, t), shown)
        ways = [(p, dealt, t) for p, dealt in ways]
    sig = with_totals(sig, {keep}, ())
    have = out.get(sig)
    if have is None:
        have = out[sig] = (state, dict[Any, float](), aside)
    acc = have[1]
    keep_d, keep_a = aside == SIDES[0], aside == SIDES[1]
    for p, (to_d, to_a), t in ways:
        for old, q in payload.items():
            k = (old[0] + to_d, old[1] if keep_d else now[1], old[2] if keep_d else now[2],
                 old[3] + to_a, old[4] if keep_a else now[4], old[5] if keep_a else now[5], t)
            acc[k] = acc.get(k, 0.0) + q * p
