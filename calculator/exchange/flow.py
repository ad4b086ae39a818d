"""The rolls of an exchange, one after another, each resolved by the ten steps of a single roll.

:class:`Run` keeps what the exchange knows (the two sides, the rolls made, damage, warnings);
:class:`Step` is what one roll's effects see and change: the registered effect kinds act through
it (calculator.kinds.exchange), so each kind keeps its own behaviour.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from collections.abc import Mapping
from typing import Any, Protocol, cast

from ..core.shapes import Answer, Notice
from ..core.errors import InputError
from ..core.interpret import see
from ..core.seams import ExchangeUnit, RollOutcome
from ..roll.inputs import RollInput, parse_roll
from ..roll.resolve import resolve_input
from ..roll.results import RollResult
from .casualties import best_health, check_choice, choices
from .request import CASUALTY_EVENTS, ExchangeInput, ExUnit, Side
from .words import EXCHANGE_ROLLS
from ..bundle import Index
from .marks import Marked

FIRST_ROLL = {"attacker": "attack", "defender": "save"}
EVENTS = {"attack": "attack", "save": "defender's save roll", "counter": "counter-attack",
          "counter_save": "attacker's save roll"}
KILLED_BY = {"dragon": "the dragons' damage"}


@dataclass
class Damage:
    """One packet of damage to a side and what it killed."""

    to: str
    source: str
    amount: int
    saved: int = 0
    no_save: int = 0
    killed: list[ExUnit] = field(default_factory=list)
    text: str = ""
    event: str = ""                 # the casualties' key (casualties.<to>.<event>); "" when no choice is open
    chosen_by: str = ""             # who chose the casualties: "calculator" or "owner"
    could_die: list[ExUnit] = field(default_factory=list)     # the side's living units then

    def to_json(self) -> Answer:
        out = {"to": self.to, "from": self.source, "amount": self.amount, "saved": self.saved,
               "no_save": self.no_save, "killed": [k.index for k in self.killed],
               "health_killed": sum(k.health for k in self.killed), "text": self.text}
        if self.event and self.chosen_by:
            names = ", ".join(k.unit.name for k in self.killed) or "none"
            out["casualties"] = {"event": self.event, "chosen_by": self.chosen_by, "could_die": [{"unit": u.index, "label": u.unit.name, "health": u.health}
                                                                                  for u in self.could_die],
                                 "text": choice_words(self.chosen_by, names)}
        return out


def choice_words(chosen_by: str, names: str) -> str:
    """p.29: the owner of the damaged army chooses its casualties; the calculator says when it chose."""
    if chosen_by == "owner":
        return f"The owner chose which units die: {names}."
    return (f"The calculator chose which units die: {names}; the owner chooses in play (health-worth as close "
            f"to the damage as possible, without going over).")


@dataclass
class Left:
    """An effect the calculator leaves to the player, with what it needs."""

    side: str
    roll: str
    text: str
    see: str | None = None

    def to_json(self) -> Answer:
        return {"side": self.side, "roll": self.roll, "text": self.text, **({"see": self.see} if self.see else {})}


def resolved(outcome: RollOutcome) -> RollResult:
    """A roll of a run that was resolved (not an outcome the exact chances chose): its whole answer."""
    assert isinstance(outcome, RollResult), outcome
    return outcome


@dataclass
class Known:
    """What a run works out from its input alone, whatever its rolls: the runs of one parsed input
    may share it (a sampled estimate resolves the same exchange many times). It holds that input's
    own units (the casualties chosen), so runs of another input, even an equal one, may not."""

    passes: dict[tuple, float] = field(default_factory=dict)     # a unit's chance to pass a test (targets)
    picks: dict[tuple, Any] = field(default_factory=dict)        # the targets picked, by living units and effect
    chosen: dict[tuple, dict] = field(default_factory=dict)      # the default casualties, by living units
    parsed: dict[str, RollInput] = field(default_factory=dict)   # each roll's input checked, by its data less the seed


class Indexed(Protocol):
    """What a run needs of the engine that starts it: the index over the data."""

    @property
    def index(self) -> Index: ...


class Run:
    """One exchange being resolved."""

    def __init__(self, engine: Indexed, inp: ExchangeInput, known: Known | None = None) -> None:
        self.engine, self.idx, self.inp = engine, engine.index, inp
        self.sides: dict[str, Side] = inp.sides
        self.rng = random.Random(inp.seed)
        self.rolls: list[tuple[str, str, RollOutcome, list[ExUnit]]] = []
        self.damages: list[Damage] = []
        self.warnings: list[Notice] = []
        self.left: list[Left] = []
        self.taken: set[int] = set()        # effects of the rolls that the exchange itself carried out (by id)
        self.summary: dict[str, int] = {}
        self.delayed: dict[str, list[Answer]] = {"attacker": [], "defender": []}   # for that side's next save
        self.mods: dict[str, list[Answer]] = {"attacker": [], "defender": []}       # lasting
        self.mods_once: dict[str, list[Answer]] = {"attacker": [], "defender": []}  # next roll only
        self.flags: set[str] = set()
        self.used: dict[int, set[str]] = {}
        known = known or Known()
        self.passes, self.picks, self.chosen, self.parsed = known.passes, known.picks, known.chosen, known.parsed
        self.ctx: dict[str, Any] = {}    # the steps (step.Step) a later stage still needs (calculator.exchange)
        self.done = False
        self.resolving = True      # rolls are rolled (False: the exact odds choose their outcomes and read
                                   # only numbers, never the words of a packet of damage)

    def warn(self, text: str, link: str | None = None, where: str | None = None) -> None:
        """A warning in player words; ``where``: the input field it is about (for tools, not shown)."""
        if all(w["text"] != text for w in self.warnings):
            notice: Notice = {"text": text}
            if link:
                notice["see"] = see(link)
            if where:
                notice["field"] = where
            self.warnings.append(notice)

    def other(self, side: str) -> str:
        return "defender" if side == "attacker" else "attacker"

    # ---- what the kinds see of the run (calculator.core.seams.ExchangeRun) ------------------------

    @property
    def attack(self) -> str:
        return self.inp.attack

    def side(self, name: str) -> Side:
        return self.sides[name]

    def rolling(self, side: str) -> list[ExUnit]:
        """The side's units that can roll now."""
        return [u for u in self.sides[side].units if u.can_roll]

    def species_name(self, species: str) -> str:
        return self.idx.species_names.get(species, species)

    # ---- rolling ---------------------------------------------------------------------------------

    def faces_for(self, u: ExUnit, name: str) -> Answer:
        given = u.faces.get(name) or (u.faces.get("*") if name == FIRST_ROLL.get(u.side) else None)
        self.used.setdefault(id(u), set()).add(name if name in u.faces else "*")
        if not u.unit.faces and not (given and given[0] is not None):
            words = EXCHANGE_ROLLS.get(name, name.replace("_", " ")).lower()
            raise InputError(f"{u.side}.army[{u.index}].rolled.{name}", f"{u.unit.name} has no catalogue die or "
                                                                        f"faces: give the face it rolled in the {words}")
        out: Answer = {}
        if given:
            rolled, rerolled = given
            if rolled is not None:
                out["rolled"] = rolled
            if rerolled:
                out["rerolled"] = rerolled
        return out

    def roll(self, side: str, name: str, data: Answer, units: list[ExUnit], reads: object = None) -> RollResult:
        """Resolve one roll of ``units`` (the input's other fields in ``data``); seeds follow in order.
        ``reads``: (name, function) of what the caller reads of the result, when not all of it
        (the exact chances then merge outcomes it cannot tell apart)."""
        data = dict(self.roll_data(name, data, units), seed=self.rng.randrange(10 ** 9))
        result = self.resolve_roll(data)
        self.rolls.append((name, side, result, units))
        return result

    def roll_each(self, side: str, name: str, data: Answer, units: list[ExUnit], reads: object) -> list[Any]:
        """Each of ``units`` rolls alone, in turn (the exact chances take the rolls together)."""
        return [self.roll(side, name, data, [u], reads) for u in units]

    def resume_at(self, step: Marked) -> int:
        """Where a roll's effects start (the exact chances may take a run up again midway)."""
        return 0

    def checkpoint(self, step: Marked, i: int) -> None:
        """Called before each effect of a roll (the exact chances may set the run aside here)."""

    def roll_data(self, name: str, data: Answer, units: list[ExUnit]) -> Answer:
        """The single-roll input of one roll of the exchange (without its seed)."""
        data = dict(data, army=[dict(u.raw, **self.faces_for(u, name)) for u in units])
        side = units[0].side if units else ""
        if self.inp.at_reserve and side == "defender":
            data["reserve"] = True          # p.15 Tower: the defender rolls in its Reserve Area
        elif self.inp.terrain is not None and "terrain" not in data:
            data["terrain"] = self.inp.terrain
        if self.inp.at_reserve and side == "attacker" and data.get("roll") == "missile":
            data["at_reserve"] = True       # only its non-ID missile results count (p.15)
        if data.get("eighth_faces"):
            data["eighth_faces"] = [_in_roll(h, units) for h in cast("list[object]", data["eighth_faces"])]
        return data

    def resolve_roll(self, data: dict[str, Any]) -> RollResult:
        """Resolve one roll; its input is checked once per run (or per :class:`Known`) whatever its seed."""
        seed = data.pop("seed")
        key = json.dumps(data, sort_keys=True)
        inp = self.parsed.get(key)
        if inp is None:
            inp = self.parsed[key] = parse_roll(data, self.idx)
        return resolve_input(replace(inp, seed=seed), self.idx)

    def side_input(self, side: str, roll: str, **extra: Any) -> Answer:
        s = self.sides[side]
        mods = s.modifiers + self.mods[side] + self.mods_once[side]
        self.mods_once[side] = []
        data: Answer = {"roll": roll, **extra, **s.held}
        if s.terrain is not None:                   # a side at another terrain reads its own (a missile attack)
            data["terrain"] = s.terrain
        if mods:
            data["modifiers"] = mods
        if s.options:
            data["options"] = dict(s.options)
        return data

    # ---- damage and casualties ---------------------------------------------------------------------

    def apply_damage(self, dmg: Damage, event: str) -> Damage:
        side = self.sides[dmg.to]
        alive = [u for u in side.units if u.alive]
        picked = self.inp.casualties.get(dmg.to, {}).get(event)
        if picked is not None:
            killed = check_choice(alive, dmg.amount, picked, f"casualties.{dmg.to}.{event}")
        else:
            target = best_health([u.health for u in alive], dmg.amount)
            if target > 0:
                key = (dmg.to, tuple([u.index for u in alive]))
                table = self.chosen.get(key)
                if table is None:
                    table = self.chosen[key] = choices(alive, self.strength)
                killed = list(table[target])
            else:
                killed = []
        for u in killed:        # one kept out of a roll keeps why, for the faces it did not roll
            if u.status == "out":
                u.kept_out = u.why
            u.status, u.why = "killed", "killed by " + KILLED_BY.get(
                dmg.source, f"the damage of the {EVENTS.get(dmg.source, dmg.source)}")
        if event in CASUALTY_EVENTS.get(dmg.to, ()) and (killed or picked is not None):
            dmg.event, dmg.could_die = event, list(alive)
            dmg.chosen_by = "owner" if picked is not None else "calculator"
        dmg.killed = killed
        self.damages.append(dmg)
        return dmg

    def strength(self, u: ExchangeUnit) -> float:
        """How much a unit's owner wants to keep it: its average melee results per face."""
        faces = u.unit.faces or ()
        if not faces:
            return 0.0
        return sum(f.count if f.icon in ("melee", "id") else 0 for f in faces) / len(faces)

    def kill(self, u: ExchangeUnit, how: str, status: str = "killed") -> None:
        u.status, u.why = status, how

    def ignored_faces(self) -> None:
        """Faces given for rolls a unit did not make (it died first, say) are named, not silently dropped."""
        for s in self.sides.values():
            for u in s.units:
                for name in u.faces:
                    if name not in self.used.get(id(u), set()):
                        roll = name if name != "*" else FIRST_ROLL.get(u.side, "its roll")
                        words = EXCHANGE_ROLLS.get(roll, "roll").lower()
                        self.warn(f"{u.unit.name}: the face given for the {words} is not used; it did not make "
                                  f"this roll ({u.kept_out or u.why or 'it was not needed'})", "exchanges",
                                  f"{s.name}.army[{u.index}].rolled.{roll}")


def _in_roll(held: object, units: list[ExUnit]) -> Any:
    """An eighth face as one roll's input: the unit a Vortex re-rolls (p.15), named by its place in the
    side's army, is named by its place among this roll's units; not rolling, none is re-rolled."""
    if not isinstance(held, Mapping) or held.get("unit") is None:
        return held
    at = next((i for i, u in enumerate(units) if u.index == held["unit"]), None)
    return dict(held, unit=at) if at is not None else {k: v for k, v in held.items() if k != "unit"}
