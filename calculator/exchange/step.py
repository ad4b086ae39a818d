"""What the effects of one roll of an exchange can see and do (the registered kinds call this).

The actor is the side that made the roll; the target is the other side. An effect kind with an
``exchange(use, step)`` method acts through these few verbs; any other effect is listed for the
player with what it needs.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.shapes import Answer
from ..core.interpret import see
from ..core.rolls import ROLL_TYPES, Roll
from ..roll.faceval import contribution
from ..core.seams import ExchangeStep, ExchangeUnit, Flag, RollOutcome
from ..roll.results import RollResult
from ..core.targets import pick
from .flow import Left, Run
from .request import ExUnit, own
from ..core.records import EffectUse
from ..core.faces import Face


TEST_COUNTS = {"save": ["save"], "maneuver": ["maneuver"], "melee": ["melee"], "id": ["save"], "roll": ["save", "melee"]}


class Step:
    def __init__(self, run: Run, actor: str, name: str, result: RollOutcome, units: list[ExUnit],
                 attack: str, counter: bool = False) -> None:
        self.run, self.actor, self.target = run, actor, run.other(actor)
        self.name, self.result, self.units, self.attack, self.counter = name, result, units, attack, counter
        self.no_save = 0          # damage to the target with no save possible
        self.spell_only = 0       # damage to the target that only spell-made saves reduce
        self.sources: list[str] = []
        self.picked: set[int] = set()    # attacking units already targeted by a Bash of this roll
        self.unit_hits = 0                # damage single units of the other side took after saving alone

    # ---- the other side's rolls ------------------------------------------------------------------

    def delay(self, use: EffectUse) -> None:
        """An effect delayed until the target's save roll (Die Roll Resolution step 2)."""
        self.run.delayed[self.target].append({"sai": use.sai, "x": use.x})

    def modify(self, mods: list[Answer], lasting: bool) -> None:
        """Modifiers on the target's rolls: its next roll only, or the rest of the exchange."""
        (self.run.mods if lasting else self.run.mods_once)[self.target].extend(mods)

    def flag(self, name: Flag) -> None:
        self.run.flags.add(name)

    # ---- damage -------------------------------------------------------------------------------------

    def damage(self, amount: int, spell_only: bool, source: str) -> None:
        if spell_only:
            self.spell_only += amount
        else:
            self.no_save += amount
        self.sources.append(source)

    # ---- targets and their own rolls --------------------------------------------------------------

    def targets(self, amount: int, measure: str, up_to: bool, test: str) -> list[ExUnit]:
        """The target side's units an effect picks: the most health-worth it allows (seed 000:
        to the fullest extent), then the units least likely to pass the test, then by name."""
        living = [u for u in self.run.sides[self.target].units if u.alive and not u.unit.is_item]
        key = (self.target, tuple(u.index for u in living), amount, measure, up_to, test)
        chosen = self.run.picks.get(key)
        if chosen is None:
            cands = [(u.index, u.health, -round(1000 * self.pass_chance(u, test)), u.unit.label) for u in living]
            chosen = self.run.picks[key] = pick(cands, None if measure == "units" else amount,
                                                amount if measure == "units" else None)
        return [u for u in living if u.index in chosen]

    def pass_chance(self, u: ExUnit, test: str) -> float:
        key = (u.side, u.index, test)
        hit = self.run.passes.get(key)
        if hit is None:
            faces = u.unit.faces or ()
            if not faces or test == "none":          # no test to pass: every target is alike
                hit = 0.0
            else:
                hit = sum(1 for f in faces if self.individual_face(u, f, test)) / len(faces)
            self.run.passes[key] = hit
        return hit

    def individual_face(self, u: ExchangeUnit, face: Face, test: str) -> bool:
        roll = Roll(ROLL_TYPES["individual"], tuple(TEST_COUNTS[test]), "other")
        c = contribution(own(u).unit, face, roll, self.run.idx)
        return c.rolled_id if test == "id" else c.results(test) > 0

    def individual(self, u: ExchangeUnit, sai: str, test: str, count: bool = False,
                   passed_only: bool = False) -> tuple[bool, RollResult]:
        """The target rolls alone ("<sai>_target_<test>"): did it pass the test (and did it roll its
        ID)? ``count``: the caller also reads how many results it rolled; ``passed_only``: the caller
        reads only whether it passed (the exact chances then merge the outcomes that agree on it)."""
        reads: Any = None
        if passed_only:
            reads = _passed_reads(test)
        elif not count:
            reads = (test, lambda r: (passed(r, test), rolled_id(r)))
        result = self.run.roll(u.side, *_target_roll(sai, test), [own(u)], reads)
        return passed(result, test), result

    def individuals(self, units: Sequence[ExchangeUnit], sai: str, test: str) -> list[bool]:
        """Each target rolls alone, in turn, one roll not reading another's: which passed the test."""
        results = self.run.roll_each(self.target, *_target_roll(sai, test), [own(u) for u in units],
                                      _passed_reads(test))
        return [passed(r, test) for r in results]

    def unit_damage(self, target: ExchangeUnit, amount: int, sai: str, save: bool, how: str) -> bool:
        """A unit alone takes damage; it saves alone unless no save is possible. True if killed."""
        u = own(target)
        saves = 0
        if save and amount > 0:
            _, result = self.individual(u, sai, "save", count=True)
            saves = result.totals.get("save", 0)
        u.damage += max(0, amount - saves)
        self.unit_hits += max(0, amount - saves)
        killed = u.damage >= u.health > 0
        if killed:
            self.run.kill(u, how)
        return killed

    def best_attacker(self) -> tuple[ExUnit, int] | None:
        """The unit of the target side that rolled most melee results in its last attack, with them
        (Bash's pick: the most damage back and the most saves)."""
        last = next((r for r in reversed(self.run.rolls) if r[1] == self.target and r[0] in ("attack", "counter")), None)
        if last is None:
            return None
        best = max(((ur.results("melee"), u) for ur, u in zip(last[2].rolls, last[3])
                    if u.alive and id(u) not in self.picked), key=lambda t: (t[0], -t[1].index), default=None)
        if not best or best[0] <= 0:
            return None
        self.picked.add(id(best[1]))
        return best[1], best[0]

    def attacker_melee(self) -> list[int]:
        """Each living unit of the other side's last attack roll: its melee results (for Bash's saves)."""
        last = next((r for r in reversed(self.run.rolls) if r[1] == self.target and r[0] in ("attack", "counter")), None)
        if last is None:
            return []
        return [ur.results("melee") for ur, u in zip(last[2].rolls, last[3]) if u.alive]

    def leave(self, use: EffectUse, what: str = "") -> None:
        if acts(use) and not use.effect.names_its_face:
            raise RuntimeError(f"the {use.effect.kind} kind left part of its action to the player, naming its face, "
                               f"but declares it never does (names_its_face): the exact odds merge its faces")
        self.run.left.append(Left(self.actor, self.name, left_text(use, what), see("effects-reported")))


def rolled_id(result: RollOutcome) -> bool:
    return bool(result.rolls and result.rolls[0].rolled_id)


def _target_roll(sai: str, test: str) -> tuple[str, Answer]:
    """The name and input of a target's roll alone against ``test`` ("<sai>_target_<test>")."""
    return f"{sai}_target_{test}", {"roll": "individual", "counts": TEST_COUNTS[test]}


def _passed_reads(test: str) -> tuple[str, Any]:
    """What the exact chances read of a target's roll when only whether it passed matters."""
    return f"{test} passed", lambda r: passed(r, test)


def passed(result: RollOutcome, test: str) -> bool:
    """A unit rolling alone passes a test with an ID icon (test "id") or one result of the type."""
    return rolled_id(result) if test == "id" else result.totals.get(test, 0) > 0


def left_text(use: EffectUse, what: str = "") -> str:
    """How an effect left to the player is named."""
    text = f"{use.name} ({use.label}, X = {use.x}): {use.effect.describe(use.x)}"
    return text + (f" — {what}" if what else "")


def acts(use: EffectUse) -> bool:
    """Whether an effect of a roll does anything in the exchange (else it is only listed)."""
    return bool(use.delayed or use.effect.acts_in_exchange())


def run_effects(step: Step) -> None:
    """Each effect of the roll acts through its registered kind, in the order rolled. (Between two
    effects the exact chances may set the run aside and take it up again: calculator.exchange.odds.run.)"""
    uses = step.result.effects
    i = step.run.resume_at(step)
    while i < len(uses):
        use = uses[i]
        step.run.checkpoint(step, i)
        i += 1
        if use.applied:
            continue           # it already changed the roll itself (or came delayed from the other side)
        if use.delayed:
            step.delay(use)
        elif (act := use.effect.exchange) is not None:
            before = len(step.run.left)
            seen: ExchangeStep = step       # the type checker holds the step to what the kinds may call
            act(use, seen)
            if len(step.run.left) == before:          # carried out, not handed to the player
                step.run.taken.add(id(use))
        else:
            step.leave(use)
    step.run.checkpoint(step, len(uses))
