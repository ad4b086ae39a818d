"""The seams between the registered kinds and the parts that run them, as Protocols.

A kind (calculator.kinds) never imports the single roll, the exchange or the dragons: it is
handed objects of these shapes and may call only what is declared here. The type checker holds
both sides to it: the single roll's units and results, the exchange's steps and runs.

- :class:`FaceCtx`: what a face's evaluation shows a kind (a :class:`RollUnit`, the roll, the
  SAI and the part of its text that applies), and the :class:`Contribution` it writes on.
- :class:`ExchangeStep`, :class:`ExchangeRun`, :class:`ExchangeUnit`: what one roll of an exchange
  lets an effect or an ability do (calculator.exchange.step.Step and .flow.Run).
- :class:`AbilityOwner`: the species ability a kind belongs to (its id, name and species).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .shapes import Answer
from .faces import Face
from .records import Contribution, EffectKind, EffectUse
from .rolls import Roll


class RollUnit(Protocol):
    """One die of a rolling army, as a kind sees it."""

    @property
    def index(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def species(self) -> str | None: ...
    @property
    def kind(self) -> str: ...
    @property
    def health(self) -> int | None: ...
    @property
    def auto_saves(self) -> int: ...
    @property
    def is_item(self) -> bool: ...
    @property
    def faces(self) -> tuple[Face, ...]: ...
    @property
    def size(self) -> str | None: ...
    @property
    def elements(self) -> tuple[str, ...] | None: ...
    @property
    def alloy(self) -> str | None: ...

    def choice_for(self, key: str, types: tuple[str, ...], roll: Roll) -> str | None: ...
    def split_for(self, key: str) -> Mapping[str, int] | None: ...


class SaiRef(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


class ClauseRef(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def delayed(self) -> bool: ...


class AbilityOwner(Protocol):
    """The species ability a kind instance belongs to (calculator.bundle.SpeciesAbility)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def species(self) -> str: ...


class UnitOutcome(Protocol):
    """What one unit brought to a roll (calculator.roll.steps.UnitRoll)."""

    @property
    def excluded(self) -> str: ...
    @property
    def rolled_id(self) -> bool: ...

    def results(self, rtype: str) -> int: ...


class RollOutcome(Protocol):
    """A resolved roll (calculator.roll.results.RollResult), or one outcome of a roll that the exact
    chances chose (calculator.exchange.odds.outcomes.Chosen)."""

    @property
    def roll(self) -> Roll: ...
    @property
    def effects(self) -> Sequence[EffectUse]: ...
    @property
    def totals(self) -> Mapping[str, int]: ...
    @property
    def rolls(self) -> Sequence[UnitOutcome]: ...


class ExchangeUnit(Protocol):
    """One unit of one side of an exchange (calculator.exchange.request.ExUnit)."""

    side: str
    index: int
    status: str
    why: str

    @property
    def unit(self) -> RollUnit: ...
    @property
    def alive(self) -> bool: ...
    @property
    def can_roll(self) -> bool: ...


class SideView(Protocol):
    """One side of an exchange: its units and what its owner said."""

    @property
    def units(self) -> Sequence[ExchangeUnit]: ...
    @property
    def options(self) -> Mapping[str, bool]: ...
    @property
    def in_dua(self) -> Mapping[str, int]: ...
    @property
    def dua_per(self) -> int: ...


class ExchangeRun(Protocol):
    """The exchange being resolved, as far as a kind may see and change it."""

    @property
    def attack(self) -> str: ...

    def side(self, name: str) -> SideView: ...
    def rolling(self, side: str) -> Sequence[ExchangeUnit]: ...
    def species_name(self, species: str) -> str: ...
    def strength(self, u: ExchangeUnit) -> float: ...
    def warn(self, text: str, link: str | None = None, where: str | None = None) -> None: ...
    def kill(self, u: ExchangeUnit, how: str, status: str = "killed") -> None: ...


# What an effect may tell the rest of an exchange it changes the course of: the defending army
# makes one save and melee roll instead of a save roll and a counter-attack (Charge), or it does
# not counter-attack (calculator.exchange reads them).
Flag = Literal["charge", "no-counter"]


class ExchangeStep(Protocol):
    """One roll of an exchange: the verbs its effects act through (calculator.exchange.step.Step).
    A unit passed back (``u``) is one this step or its run handed out."""

    @property
    def actor(self) -> str: ...
    @property
    def run(self) -> ExchangeRun: ...
    @property
    def result(self) -> RollOutcome: ...
    @property
    def units(self) -> Sequence[ExchangeUnit]: ...

    def delay(self, use: EffectUse) -> None: ...
    def modify(self, mods: list[Answer], lasting: bool) -> None: ...
    def flag(self, name: Flag) -> None: ...
    def damage(self, amount: int, spell_only: bool, source: str) -> None: ...
    def targets(self, amount: int, measure: str, up_to: bool, test: str) -> Sequence[ExchangeUnit]: ...
    def individuals(self, units: Sequence[ExchangeUnit], sai: str, test: str) -> list[bool]: ...
    def individual(self, u: ExchangeUnit, sai: str, test: str, count: bool = False,
                   passed_only: bool = False) -> tuple[bool, RollOutcome]: ...
    def unit_damage(self, u: ExchangeUnit, amount: int, sai: str, save: bool, how: str) -> bool: ...
    def best_attacker(self) -> tuple[ExchangeUnit, int] | None: ...
    def leave(self, use: EffectUse, what: str = "") -> None: ...


@dataclass
class FaceCtx:
    """Everything an effect kind may look at when one face is evaluated (see calculator.kinds)."""

    unit: RollUnit            # calculator.roll.units.Unit
    x: int                    # the face's X (seed 000)
    roll: Roll
    out: Contribution
    sai: SaiRef               # calculator.bundle.Sai
    clause: ClauseRef         # calculator.bundle.Clause

    def use(self, effect: EffectKind, applied: bool = False) -> EffectUse:
        use = EffectUse(self.sai.id, self.sai.name, self.unit.index, self.unit.name, self.x, effect,
                        self.clause.text, bool(self.clause.delayed), applied)
        self.out.effects.append(use)
        return use
