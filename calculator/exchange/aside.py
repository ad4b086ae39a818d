"""Before the last stage of the exact odds (calculator.exchange.odds), each side's losses are
answered on their own: the states merge by what each side's losses depend on there
(calculator.exchange: SAVER_OF_LAST_STAGE)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import READS_KEPT, SAVER_OF_LAST_STAGE
from .answer import SIDES
from .branch import OddsRun
from .reuse import first_roll, span
from .kept import CARRIED, carries, has_results, not_read, showing
from .state import RunState, answered, standing


def set_aside(run: OddsRun, stage: Any, frontier: dict) -> tuple[dict, dict, dict, dict]:
    """Before the last stage (the saving side's roll), merge states by what each side's losses
    depend on there (calculator.exchange: SAVER_OF_LAST_STAGE). A state whose roll brings nothing
    to the other side leaves that side's losses as they are: they are answered as they stand
    (``standing_losses``), and the state goes on with the other side set aside and only the saving
    side's losses in its chances (``saver``: it answers for the saving side). Otherwise the state
    goes twice: other side set aside (``saver``), and the step answered reduced to whether it has
    results (``other``: it answers for the other side). A state already over answers for both
    (``both``)."""
    both: dict[tuple, tuple[RunState, dict, str]] = {}
    saver: dict[tuple, tuple[RunState, dict, str]] = {}
    other_side: dict[tuple, tuple[RunState, dict, str]] = {}
    other = run.other(SAVER_OF_LAST_STAGE)
    standing_losses: dict[tuple, float] = {}
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
                part = _without(part, 3 * SIDES.index(other))
            _pool(saver, mine, (run, shown, other), part, other)
            if not alone:
                _pool(other_side, answered(sig), shown, _answered(run, part, like), aside)
    return both, saver, other_side, {(): (None, standing_losses, other)}


def _add(acc: dict, payload: dict) -> None:
    for k, q in payload.items():
        acc[k] = acc.get(k, 0.0) + q


def _without(payload: dict, i: int) -> dict:
    """The chances with one side's losses (those at ``i``) left out: states that differ only there merge."""
    out: dict[tuple, float] = {}
    for k, q in payload.items():
        k = k[:i] + (0, 0, 0) + k[i + 3:]
        out[k] = out.get(k, 0.0) + q
    return out


def _pool(out: dict, sig: tuple, state: RunState | tuple, payload: dict, aside: str) -> None:
    """Add a state's chances to ``out`` (``state``: the state, or what ``_blank`` makes it of, made
    only where it is new)."""
    have = out.get(sig)
    if have is None:
        out[sig] = (_blank(*state) if isinstance(state, tuple) else state, dict(payload), aside)
        return
    for k, q in payload.items():
        have[1][k] = have[1].get(k, 0.0) + q


def _by_answer(run: OddsRun, name: str | None, state: RunState, payload: dict, like: dict[tuple, tuple]) -> list[tuple]:
    """Where the ways carry the totals of the roll kept (calculator.exchange.kept), the saving side's
    roll is made or not by whether they have results (p.11): the chances parted by that, each part
    with the state showing totals of its own (None where the ways carry none)."""
    if not carries(payload):
        return [(None, state, payload)]
    if name is None:
        raise not_read()
    parts: dict[tuple, dict] = {}
    for key, p in payload.items():
        seen = has_results(run, key[CARRIED])
        part = parts.get(seen)
        if part is None:
            part = parts[seen] = {}
            like.setdefault(seen, key[CARRIED])
        part[key] = p
    return [(seen, showing(run, state, name, like[seen]), part) for seen, part in parts.items()]


def _answered(run: OddsRun, payload: dict, like: dict[tuple, tuple]) -> dict:
    """``answered`` of the totals the ways carry (calculator.exchange.kept): each reduced
    to whether it has results, shown by the first totals met alike."""
    if not carries(payload):
        return payload
    out: dict[tuple, float] = {}
    for key, p in payload.items():
        k = key[:CARRIED] + (like[has_results(run, key[CARRIED])],)
        out[k] = out.get(k, 0.0) + p
    return out


def _plain_roll(run: OddsRun, stage: Any, state: RunState) -> bool:
    pause = first_roll(run, stage, state)
    return pause is None or pause.entry.channels.keeps_to_itself


def _blank(run: OddsRun, state: RunState, side: str) -> RunState:
    """The state with one side's units all shown as standing (that side no longer matters)."""
    units, i = list(state.units), 0
    for name, s in run.sides.items():
        for _ in s.units:
            if name == side:
                units[i] = ("", "", 0)
            i += 1
    return replace(state, units=tuple(units))
