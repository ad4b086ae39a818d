"""The engine: one data bundle indexed once, then any number of calls.

>>> engine = Engine(bundle)                                  # doctest: +SKIP
>>> engine.resolve({"roll": "save", "army": [...]})["totals"]   # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .core.shapes import Answer, Raw
from .bundle import Index
from .core.fields import check_tree

if TYPE_CHECKING:
    from .roll.inputs import RollInput
    from .roll.results import RollResult


class Engine:
    """Indexes (and checks) a data bundle once; every command is then a method."""

    def __init__(self, bundle: Raw, lazy: bool = False) -> None:
        self.index = Index(bundle, lazy)     # lazy: entries made when first read (bundle.Lazy)

    # Loading the data makes the index only: the single roll (calculator.roll) is imported by the
    # first call that needs it, as every other part is, so the engine is ready sooner.

    def parse(self, data: object) -> RollInput:
        """Check a single-roll input; raises :class:`calculator.InputError` naming the field."""
        from .roll.inputs import parse_roll

        check_tree(data)
        return parse_roll(data, self.index)

    def roll(self, data: object) -> RollResult:
        """Resolve a single roll into typed results."""
        from .roll.resolve import resolve_input

        return resolve_input(self.parse(data), self.index)

    def resolve(self, data: object) -> Answer:
        """Resolve a single roll; the JSON form of :meth:`roll`, with the magic part (calculator.magic)."""
        from .magic import magic_answer
        from .roll.resolve import resolve_input

        inp = self.parse(data)
        result = resolve_input(inp, self.index)
        out = {**result.to_json(), **magic_answer(inp, result, self.index)}
        if inp.spell is not None:          # the roll a spell calls for (calculator.magic.effects)
            from .magic.effects import spell_answer, without_faces

            out["spell"] = spell_answer(inp, result, self.index, self.parse(without_faces(data)))
        return out

    def carry(self, data: object) -> list[Answer]:
        """The modifier inputs a cast list carries into later rolls (calculator.magic.carry)."""
        from .magic import carry

        check_tree(data)
        return carry(self.index, data)

    def distribution(self, data: object) -> Answer:
        """Exact chances of every final total of one result type (calculator.roll.distribution)."""
        from .roll.chances import distribution_of

        return distribution_of(self.index, data)

    # Each command imports its part when first asked, so the browser's first answer loads only
    # the single roll. An exchange input with "attack": "dragon" is a dragon attack: its attacker
    # has dragons, not an army, and calculator.dragons (built on the exchange) resolves it.

    def exchange(self, data: object) -> Answer:
        """An attack exchange (calculator.exchange) or a dragon attack (calculator.dragons), roll by roll."""
        check_tree(data)
        if is_dragon_attack(data):
            from .dragons import dragon_attack

            return dragon_attack(self, data)
        from .exchange import exchange

        return exchange(self, data)

    def exchange_odds(self, data: object) -> Answer:
        """Exact chances of the damage and losses of an exchange or dragon attack not rolled yet."""
        check_tree(data)
        if is_dragon_attack(data):
            from .dragons.odds import dragon_odds

            return dragon_odds(self, data)
        from .exchange.odds import exchange_odds

        return exchange_odds(self, data)

    def maneuver(self, data: object) -> Answer:
        """A maneuver and its counter-maneuvers, roll by roll, and the terrain die after it (calculator.terrain)."""
        from .terrain import maneuver

        check_tree(data)
        return maneuver(self, data)

    def advise(self, data: object) -> Answer:
        """One army's march made now: the maneuver and each action open to it, with their odds (calculator.advise)."""
        from .advise import advise

        check_tree(data)
        return advise(self, data)

    def force(self, data: object) -> Answer:
        """A force's points per army and the setup rules it breaks (calculator.forces)."""
        from .forces import force

        check_tree(data)
        return force(self.index, data)

    def game(self, data: object) -> Answer:
        """A game replayed from its setup and moves: the state and the moves open now (calculator.game)."""
        from .game import game

        check_tree(data)
        return game(self, data)

    def forum(self, data: object) -> Answer:
        """Another command's answer as a forum post: BBCode, Markdown or plain text (calculator.forum)."""
        from .forum import forum

        check_tree(data)
        return forum(self, data)

    def plan(self, data: object) -> Answer:
        """What the page may offer for an input (calculator.roll.plan)."""
        from .magic.offer import offer
        from .roll.plan import plan

        inp = self.parse(data)          # checked once, as resolve checks it (InputError naming the field)
        return {**plan(inp, self.index), **offer(inp, self.index)}


def is_dragon_attack(data: object) -> bool:
    """Whether an exchange input is a dragon attack (the JSON boundary: ``"attack": "dragon"``)."""
    return isinstance(data, Mapping) and data.get("attack") == "dragon"
