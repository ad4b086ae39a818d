"""Between two effects of a roll: where the exact odds (calculator.exchange.odds) set a stage's run
aside between two effects of its roll: the ways that reach the same point with the same effect next are merged there, and go on
from it once (``take_up``), each keeping its own outcome (or its kind while the effects act)."""
from __future__ import annotations

from typing import Any, NamedTuple

from .chances import Payload
from .outcomes import Entry, kind_of
from .run import Checkpoint, Script
from .state import Resume, signature
from .target_effects import Reached


class Way(NamedTuple):
    """Ways of a stage still to run, alike so far: where the run is taken up (None: the stage's
    start), the script of outcomes its rolls take, their chances (by the outcome of the stage's roll,
    or its kind while its effects act, and the damage dealt to each side), the factor of the single
    units' rolls taken since it was last set aside, their chance in all (``mass``, to leave out the
    unlikely), and the effect at which they part (0: never; calculator.exchange.odds.run.OddsRun.load)."""

    resume: Resume | None
    script: Script
    payload: Payload
    factor: float
    mass: float
    until: int


class Slot(NamedTuple):
    """The ways set aside at one point with the same effect next (``set_aside``), merged."""

    resume: Resume
    entry: Entry
    payload: Payload


# Ways set aside, by the index of the effect they are at, the point (state's signature, marks) and
# the effect next there (None: past the last).
Later = dict[int, dict[tuple, dict[Any, Slot]]]
# Chances by the effect their kind brings next: ((kind or outcome, damage dealt to each side), chance).
Plan = list[tuple[Any, list[tuple[tuple, float]]]]


def set_aside(later: Later, cp: Checkpoint | Reached, entry: Entry, plan: Plan, factor: float) -> None:
    """Set the ways of ``plan`` (``by_next_effect``: the chances by the next effect of their kind)
    aside at ``cp``, merged with the ways already there alike."""
    sig = (signature(cp.state) if cp.sig is None else cp.sig, cp.marks)
    slots = later.setdefault(cp.index, {})
    by_next = slots.get(sig)              # the slots of this point, by the next effect (the signature
    if by_next is None:                   # is long: it is hashed once, not once per kind)
        by_next = slots[sig] = {}
    to_d, to_a = cp.dealt
    resume = None                         # one for the slots of this point (made only for a new one)
    for nxt, ways in plan:
        slot = by_next.get(nxt)
        if slot is None:
            if resume is None:
                resume = Resume(cp.index, cp.state, cp.marks, sig)
            slot = by_next[nxt] = Slot(resume, entry, {})
        acc = slot.payload
        if to_d or to_a:
            for (k, d, a), p in ways:
                key = (k, d + to_d, a + to_a)
                acc[key] = acc.get(key, 0.0) + p * factor
        else:                             # no damage dealt on the way here: the ways keep their keys
            for key, p in ways:
                acc[key] = acc.get(key, 0.0) + p * factor


def by_next_effect(entry: Entry, payload: Payload, at: int, fresh: bool) -> Plan:
    """The chances of ``payload`` by the effect their kind brings at ``at`` (None: past the last),
    each as ((kind, damage dealt to each side), chance): what follows depends on the state, the step's
    fields and that effect, not on the roll's totals until the last effect is done, so the outcomes
    are kept by their kind (``fresh``: the ways come straight from the roll, each with its outcome)."""
    known = entry.ids                  # each kind's effects (Entry.effect_ids), looked up inline
    nxt_of: dict[tuple, Any] = {}
    by: dict[Any, list[tuple]] = {}
    for key, p in payload.items():
        k = key[0]
        if fresh:
            k = kind_of(k)
            key = (k, key[1], key[2])
        if k in nxt_of:
            nxt = nxt_of[k]
        else:
            ids = known.get(k)
            if ids is None:
                ids = entry.effect_ids(k)
            nxt = nxt_of[k] = ids[at] if at < len(ids) else None
        ways = by.get(nxt)
        if ways is None:
            ways = by[nxt] = []
        ways.append((key, p))
    return list(by.items())


def take_up(slots: dict[tuple, dict[Any, Slot]], keeps: bool) -> list[Way]:
    """Ways set aside at one effect go on from there, once for all (the first outcome of the first
    kind stands for them) until their effects differ; after the last effect, once per outcome of
    the roll (``keeps``: once for all to the end of the stage, calculator.exchange.odds.carried)."""
    todo: list[Way] = []
    common: dict[tuple, int] = {}          # by the entry and its kinds: many points hold the same kinds
    for resume, entry, payload in [slot for by_next in slots.values() for slot in by_next.values()]:
        kinds = tuple(dict.fromkeys([c for c, _, _ in payload]))
        rep, at = entry.members(kinds[0])[0][0], resume.index
        mine = entry.effect_ids(kinds[0])
        if keeps or at < len(mine):
            n = common.get((id(entry), kinds))
            if n is None:
                n = common[(id(entry), kinds)] = _common(entry, kinds, mine, at)
            until = at + n
            todo.append(Way(resume, [(entry, rep)], payload, 1.0, sum(payload.values()), until))
            continue
        for k, part in _by_outcome(entry, payload, 1.0).items():
            todo.append(Way(resume, [(entry, k)], part, 1.0, sum(part.values()), 0))
    return todo


def _common(entry: Entry, kinds: tuple, mine: tuple[int, ...], at: int) -> int:
    """How many effects from ``at`` on the ways of all ``kinds`` share with ``mine`` (all: they end
    together)."""
    best, known = len(mine) - at, entry.ids
    for c in kinds:
        ids = known.get(c)
        if ids is None:
            ids = entry.effect_ids(c)
        if ids is mine:
            continue
        n, most = 0, max(0, min(best, len(ids) - at))
        while n < most and ids[at + n] == mine[at + n]:
            n += 1
        best = n
        if not best:
            break
    return best


def _by_outcome(entry: Entry, payload: Payload, factor: float) -> dict[tuple, Payload]:
    """Chances kept by the outcomes' kind, parted by outcome (each with its chance given its kind)."""
    out: dict[tuple, Payload] = {}
    for (c, d, a), p in payload.items():
        for k, w in entry.members(c):
            out.setdefault(k, {})[(k, d, a)] = p * factor * w
    return out
