"""Each side's losses answered on their own: before the last stage of the exact odds
(calculator.exchange.odds), the states merge by what each side's losses depend on there
(calculator.exchange: SAVER_OF_LAST_STAGE)."""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from .. import READS_KEPT, SAVER_OF_LAST_STAGE
from .carried import carries, has_results, not_read, showing
from .chances import CARRIED, SIDE_PLACES, SIDES, Frontier, Held, Payload, Stage
from .outcomes import Entry
from .run import OddsRun
from .stage_runs import first_roll, span
from .state import RunState, answered, standing


class BySide(NamedTuple):
    """The states before the last stage, by the sides whose losses they answer for (``by_side``)."""

    both: Frontier             # states already over: both sides
    saver: Frontier            # the saving side's (the other side set aside)
    other: Frontier            # the other side's (the step answered reduced to whether it has results)
    standing: Payload          # the other side's losses that the last roll cannot reach, as they stand


def by_side(run: OddsRun, stage: Stage, frontier: Frontier) -> BySide:
    """Before the last stage (the saving side's roll), merge states by what each side's losses
    depend on there (calculator.exchange: SAVER_OF_LAST_STAGE). A state whose roll brings nothing
    to the other side leaves that side's losses as they are: they are answered as they stand
    (``standing_losses``), and the state goes on with the other side set aside and only the saving
    side's losses in its chances (``saver``: it answers for the saving side). Otherwise the state
    goes twice: other side set aside (``saver``), and the step answered reduced to whether it has
    results (``other``: it answers for the other side). A state already over answers for both
    (``both``)."""
    both: Frontier = {}
    saver: Frontier = {}
    other_side: Frontier = {}
    other = run.other(SAVER_OF_LAST_STAGE)
    standing_losses: Payload = {}
    lo, hi = span(run, other)
    name = READS_KEPT.get(stage)
    like: dict[tuple, tuple] = {}     # kept totals, by whether each has results (``_answered``)
    # Whether the saving side's roll reads only its own side: by the state with the other side set
    # aside and whether the kept roll's totals have results.
    plain: dict[tuple, bool] = {}
    for sig, (state, payload, aside) in frontier.items():
        if state.done:
            _pool(both, sig, state, payload, aside)
            continue
        mine = standing(sig, lo, hi)           # the frontier is keyed by its states' signatures
        for seen, shown, part in _by_answer(run, name, state, payload, like):
            if (mine, seen) not in plain:
                plain[(mine, seen)] = _plain_roll(run, stage, shown)
            alone = plain[(mine, seen)]
            if alone:
                _add(standing_losses, part)
                part = _without(part, SIDE_PLACES * SIDES.index(other))
            _pool(saver, mine, (run, shown, other), part, other)
            if not alone:
                _pool(other_side, answered(sig), shown, _answered(run, part, like), aside)
    return BySide(both, saver, other_side, standing_losses)


def _add(acc: Payload, payload: Payload) -> None:
    for k, q in payload.items():
        acc[k] = acc.get(k, 0.0) + q


def _without(payload: Payload, i: int) -> Payload:
    """The chances with one side's losses (those at ``i``) left out: states that differ only there merge."""
    out: Payload = {}
    for k, q in payload.items():
        k = k[:i] + (0, 0, 0) + k[i + SIDE_PLACES:]
        out[k] = out.get(k, 0.0) + q
    return out


def _pool(out: Frontier, sig: tuple, state: RunState | tuple[OddsRun, RunState, str], payload: Payload,
          aside: str) -> None:
    """Add a state's chances to ``out`` (``state``: the state, or what ``_blank`` makes it of, made
    only where it is new)."""
    have = out.get(sig)
    if have is None:
        out[sig] = Held(_blank(*state) if isinstance(state, tuple) else state, dict(payload), aside)
        return
    acc = have.payload
    for k, q in payload.items():
        acc[k] = acc.get(k, 0.0) + q


def _by_answer(run: OddsRun, name: str | None, state: RunState, payload: Payload, like: dict[tuple, tuple]
               ) -> list[tuple[tuple | None, RunState, Payload]]:
    """Where the ways carry the totals of the roll kept (calculator.exchange.odds.carried), the saving side's
    roll is made or not by whether they have results (p.11): the chances parted by that, each part
    with the state showing totals of its own (None where the ways carry none)."""
    if not carries(payload):
        return [(None, state, payload)]
    if name is None:
        raise not_read()
    parts: dict[tuple, Payload] = {}
    for key, p in payload.items():
        seen = has_results(run, key[CARRIED])
        part = parts.get(seen)
        if part is None:
            part = parts[seen] = {}
            like.setdefault(seen, key[CARRIED])
        part[key] = p
    return [(seen, showing(run, state, name, like[seen]), part) for seen, part in parts.items()]


def _answered(run: OddsRun, payload: Payload, like: dict[tuple, tuple]) -> Payload:
    """``answered`` of the totals the ways carry (calculator.exchange.odds.carried): each reduced
    to whether it has results, shown by the first totals met alike."""
    if not carries(payload):
        return payload
    out: Payload = {}
    for key, p in payload.items():
        k = key[:CARRIED] + (like[has_results(run, key[CARRIED])],)
        out[k] = out.get(k, 0.0) + p
    return out


def _plain_roll(run: OddsRun, stage: Stage, state: RunState) -> bool:
    pause = first_roll(run, stage, state)
    return pause is None or (isinstance(pause.entry, Entry) and pause.entry.extras.keeps_to_itself)


def _blank(run: OddsRun, state: RunState, side: str) -> RunState:
    """The state with one side's units all shown as standing (that side no longer matters)."""
    units, i = list(state.units), 0
    for name, s in run.sides.items():
        for _ in s.units:
            if name == side:
                units[i] = ("", "", 0)
            i += 1
    return replace(state, units=tuple(units))
