"""What the exact odds carry with each state: its chances, by what each side has lost so far.

A state's chances (``Payload``) are kept by its ``Losses`` key: per side (the defender's first), the
damage dealt to the army as a whole, the health-worth killed (or buried) and the damage its units
took alone (Gore, Bash, ...). After a stage that keeps its roll's step for the next
(calculator.exchange.KEEPS_ITS_ROLL), a key also carries that roll's totals, after the losses (at
``CARRIED``: calculator.exchange.odds.carried). Keys are plain tuples in this order: the odds make
many millions of them, and a tuple is made fastest; ``Losses`` names the places.
"""
from __future__ import annotations

from typing import NamedTuple, Protocol

from ..flow import Run
from .state import RunState

SIDES = ("defender", "attacker")


class Stage(Protocol):
    """One stage of the exchange (calculator.exchange.STAGES)."""

    def __call__(self, run: Run) -> None: ...


class Losses(NamedTuple):
    """What each side has lost so far: the places of a chance's key (``Payload``)."""

    to_defender: int             # damage dealt to the defending army as a whole
    defender_killed: int         # the defending army's health-worth killed (or buried)
    defender_alone: int          # damage the defending army's units took alone
    to_attacker: int
    attacker_killed: int
    attacker_alone: int


NONE = Losses(0, 0, 0, 0, 0, 0)
CARRIED = len(NONE)              # where a key carries the totals of the roll kept (calculator.exchange.odds.carried)
# A side's places in a key: (damage to the army, killed, damage to units alone) from 3 * SIDES.index(side).
SIDE_PLACES = 3

# The chances of a state by its Losses (a plain tuple in that order, with the roll kept's totals after
# the losses where a stage keeps its roll). In a stage the chances are kept by (outcome of its roll,
# or its kind while its effects act; damage dealt to the defender; damage dealt to the attacker).
Payload = dict[tuple, float]
Dealt = dict[tuple[int, int], float]      # chances by the damage dealt (to the defender, to the attacker)


class Held(NamedTuple):
    """A state of the exchange with its chances, and the side set aside in it (calculator.exchange.odds.
    per_side: that side's losses are answered elsewhere and stay as they were; "": none)."""

    state: RunState
    payload: Payload
    aside: str


Frontier = dict[tuple, Held]            # the states after a stage, by what the rest can read of them (signature)


def so_far(payload: Payload, now: Losses, aside: str) -> list[tuple[tuple, float]]:
    """A state's ways with their losses so far once it reaches a state that has lost ``now``: the
    damage dealt to each army as the ways carry it (the stage adds its own), the killed and the
    damage to units alone as the state has them, but for a side set aside (``aside``), whose
    losses stay as they were (calculator.exchange.odds.per_side)."""
    keep_d, keep_a = aside == SIDES[0], aside == SIDES[1]
    return [((old[0], old[1] if keep_d else now.defender_killed, old[2] if keep_d else now.defender_alone,
              old[3], old[4] if keep_a else now.attacker_killed, old[5] if keep_a else now.attacker_alone), q)
            for old, q in payload.items()]
