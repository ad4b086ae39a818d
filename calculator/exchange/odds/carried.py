"""A stage that keeps its roll's step for the next (calculator.exchange.KEEPS_ITS_ROLL) ends in
states that differ only in that roll's outcome, of which the next stage reads only the totals.
The exact odds (calculator.exchange.odds) keep such states as one: each way carries its outcome's
totals with its chance (in the payload key, after the losses: ``carry``), and the stage that reads
them shows each totals in a state of its own (``shown``)."""
from __future__ import annotations

from typing import NamedTuple

from .chances import CARRIED, Dealt, Frontier, Held, Losses, Payload, so_far
from .costs import CARRY_COST, PRUNE
from .outcomes import Entry
from .run import OddsRun
from .state import RunState, with_result, with_totals

# A kind's outcomes told apart only by their totals: (totals, chance given the kind, an outcome
# with them; None: the state's own outcome) (outcomes.Entry.by_totals).
Rows = tuple[tuple[tuple, float, tuple | None], ...] | list[tuple[tuple, float, tuple]]


class KeptWay(NamedTuple):
    """Ways past the last effect of a stage that keeps its roll, gone on together to its end: their
    chance, the damage dealt to each side, and their kind's outcomes by totals (each carried)."""

    chance: float
    dealt: tuple[int, int]
    rows: Rows


def carries(payload: Payload) -> bool:
    """Whether the ways of a payload carry a kept roll's totals."""
    return bool(payload) and len(next(iter(payload))) > CARRIED


def not_read() -> RuntimeError:
    return RuntimeError("a kept roll's totals were carried to a stage that does not read that roll")


def has_results(run: OddsRun, t: tuple) -> tuple:
    """Whether each of a kept roll's totals has results (worked out once per totals)."""
    seen = run.shown_seen.get(t)
    if seen is None:
        seen = run.shown_seen[t] = tuple([x > 0 for x in t])
    return seen


def showing(run: OddsRun, state: RunState, name: str, t: tuple) -> RunState:
    """The state with its kept step ``name`` showing the totals ``t`` (``run.shown``)."""
    result = run.shown[(name, t)]
    return state if state.ctx[name].result is result else with_result(state, name, result)


def kept_ways(run: OddsRun, entry: Entry, payload: Payload, factor: float, got: tuple[int, int],
              keep: str) -> list[KeptWay]:
    """The ways merged after the last effect of a stage that keeps its roll's step (``keep``), gone on
    together to its end: each with its kind's outcomes told apart by their totals, which they carry
    (``carry``); each way as (chance, damage dealt to each side, its kind's rows: Entry.by_totals)."""
    shown, ways, seen = run.shown, list[KeptWay](), set()
    for (c, d, a), p in payload.items():
        rows = entry.by_totals(c)
        if c not in seen:               # an outcome for each of its totals, for the stage that reads them
            seen.add(c)
            for t, _, k in rows:
                if (keep, t) not in shown:
                    shown[(keep, t)] = entry.result(k)
        ways.append(KeptWay(p * factor, (d + got[0], a + got[1]), rows))
    return ways


def carry(run: OddsRun, keep: str, out: Frontier, sig: tuple, state: RunState, payload: Payload,
          ways: Dealt | list[KeptWay], carried: bool, now: Losses, aside: str) -> None:
    """The odds' ``merge`` (calculator.exchange.odds.exact) at the end of a stage that keeps its roll's step (``keep``): the ways that
    differ only in the roll's outcome stay in one state, each carrying its outcome's totals with its
    chance to the save stage that reads them (``shown`` shows each totals in a state of its own
    there). ``sig``: the state's signature but for those totals (``unkept``). ``carried``: the ways of
    ``kept_ways``; else each way is the state's own outcome (as ``_merge`` takes them, by the damage
    dealt: none is left out for being unlikely)."""
    if isinstance(ways, dict):
        shown = state.ctx[keep].result
        t = shown.sig[0]
        run.shown.setdefault((keep, t), shown)
        ways = [KeptWay(p, dealt, ((t, 1.0, None),)) for dealt, p in ways.items()]
    have = out.get(sig)
    if have is None:
        have = out[sig] = Held(state, {}, aside)
    acc = have.payload
    olds = so_far(payload, now, aside)
    run.budget.spend(CARRY_COST * len(olds) * sum([len(w.rows) for w in ways]), 0)   # each sum made
    if len(olds) == 1:             # most often: the same sums in fewer steps
        _carry_one(run, acc, olds[0], ways, carried)
        return
    for p, (to_d, to_a), rows in ways:
        for t, w, _ in rows:
            q = p * w
            if carried and q < PRUNE:
                run.pruned += q
                continue
            for o, q0 in olds:
                k = (o[0] + to_d, o[1], o[2], o[3] + to_a, o[4], o[5], t)
                acc[k] = acc.get(k, 0.0) + q0 * q


def _carry_one(run: OddsRun, acc: Payload, old: tuple[tuple, float], ways: list[KeptWay], carried: bool) -> None:
    """``carry``'s sums for a state with one way so far (``old``: its losses and chance)."""
    o, q0 = old
    o1, o2, o4, o5 = o[1], o[2], o[4], o[5]
    for p, (to_d, to_a), rows in ways:
        d, a = o[0] + to_d, o[3] + to_a
        for t, w, _ in rows:
            q = p * w
            if carried and q < PRUNE:
                run.pruned += q
                continue
            k = (d, o1, o2, a, o4, o5, t)
            acc[k] = acc.get(k, 0.0) + q0 * q


def unkept(sig: tuple, keep: str) -> tuple:
    """A state's signature but for the totals of the step ``keep`` (the ways carry them: ``carry``)."""
    return with_totals(sig, {keep}, ())


def shown_count(state: RunState, payload: Payload) -> int:
    """How many states ``shown`` makes of a state, without making them (one per totals carried)."""
    if state.done or not carries(payload):
        return 1
    return len({key[CARRIED] for key in payload})


def shown(run: OddsRun, name: str | None, sig: tuple, state: RunState, payload: Payload
          ) -> list[tuple[tuple, RunState, Payload]]:
    """A state and its chances as the stage reading the step ``name`` kept runs from them: where its
    ways carry their totals, one state per totals, its step showing them (its signature ``sig`` with
    them), with the chances of the ways that rolled them."""
    if state.done or not carries(payload):
        return [(sig, state, payload)]
    if name is None or name not in state.ctx:
        raise not_read()
    parts: dict[tuple, Payload] = {}
    for key, p in payload.items():
        t = key[CARRIED]
        part = parts.get(t)
        if part is None:
            part = parts[t] = {}
        part[key[:CARRIED]] = p
    return [(with_totals(sig, {name}, t), showing(run, state, name, t), part) for t, part in parts.items()]
