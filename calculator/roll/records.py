"""A single roll's input as checked (typed records, no behaviour).

inputs.py reads the JSON into these. They stand below it so that what inputs.py calls on a checked
roll (negation.py resolves the negating units' roll through resolve.py) need not import the reader;
most callers still import them from inputs.py, with the reader.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.rolls import Roll
from ..kinds.modifiers import Modifier
from .held import Held
from .units import Unit


@dataclass(frozen=True)
class DelayedInput:
    """An attacker's effect delayed to this save roll (step 2), given in a single roll's input."""

    sai: str
    x: int
    where: str


@dataclass(frozen=True)
class RollInput:
    """A whole single-roll input, checked."""

    roll: Roll
    terrain: str | None
    units: tuple[Unit, ...]
    modifiers: tuple[Modifier, ...]
    delayed: tuple[DelayedInput, ...] = ()
    seed: int = 0
    cast: Any = None               # the magic roll's cast list, checked by calculator.magic
    held: Held = Held()            # eighth faces and minor terrain face of the army (calculator.roll.held)
    shielded: tuple[tuple[str, Any], ...] = ()   # modifiers a held face keeps off the army (Temple)
    spell: Any = None              # the spell this roll answers (checked by calculator.magic.effects)
