"""The exact odds' work, counted against the work bound (calculator.roll.distribution.Budget):
what each piece of work costs, and how unlikely a way may be before it is left out."""
from __future__ import annotations

from ...roll.distribution import EVAL_COST

# The exact odds' work, counted against the work bound (calculator.exchange.odds), each
# weighed by the time it takes beside a roll's (about a quarter of a microsecond of CPython a unit):
RUN_COST = 80          # one run of a stage, like ~80 additions,
ROLL_COST = 25         # and each roll it takes again,
MERGE_COST = 15        # and each state a run ends in, told apart and merged,
CHANCE_COST = 4        # and each chance a run set aside carries there (sorted by its next effect, merged),
CARRY_COST = 1         # and each sum made of a chance carried past a stage (calculator.exchange.odds.carried)
READ_COST = EVAL_COST  # each outcome of a roll read (its result made: about an evaluation's work)
SORT_COST = 6          # each outcome of a roll sorted by its kind (the kind's effects looked up)
# A way for a stage to go less likely than this is left out (long roll-again chains with many
# targets); the chance left out is reported with the answer, as for a single roll's chances.
PRUNE = 1e-12
REUSE_COST = 10        # a way or run reused: looked up, the state with the target army's units put in, set aside
MEMBER_COST = 20       # a state in a group: shown with its kept roll's totals, its key and its damage's
