"""Spell effects that are not roll modifiers (a spell's ``effect`` in spells.yaml): each kind names the
roll its spell calls for and reads that roll's totals into what happens (v4.01d p.44 spell lists, p.29
damage). Paying for the spell is calculator.magic's; rolling for it is the single roll's; the exact
odds are calculator.magic.effects', which asks the kind for the outcome of every total.

An outcome is a dict of whole numbers (``damage``, ``killed`` health-worth) and yes-or-no fields
(``dies``, ``flees``, ``turns``); a field a roll not made yet decides is left out.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..core.registry import Bool, Count, Int, Kind, OneOf
from . import SPELL_EFFECTS

Totals = Mapping[str, int]
Outcome = dict[str, Any]


def best_health(healths: Sequence[int], damage: int) -> int:
    """The most health-worth of units that fits within ``damage`` (p.29: as close as possible, never
    in excess), a subset sum."""
    reach = 1
    for h in healths:
        if h > 0:
            reach |= reach << h
    reach &= (1 << (max(damage, 0) + 1)) - 1
    return reach.bit_length() - 1


class SpellEffect(Kind):
    """Base: the roll the spell calls for (a roll type of calculator.core.rolls, against magic when
    it is a save roll), how many of them, and the outcome of their totals."""

    phase = "after-roll"
    roll: ClassVar[str] = "save"          # the roll type the target makes
    rolls: ClassVar[int] = 1              # rolls made one after the other (Fearful Flames: 2)
    unit: ClassVar[bool] = False          # one unit rolls alone (an individual roll, p.29)
    # What is counted from the faces shown alone, not through the roll's steps: normal icons' results
    # (Tidal Wave: "save", "maneuver"), or "id", one for a die showing its ID icon (Swamp Fever).
    tally: ClassVar[tuple[str, ...]] = ()
    cumulative: ClassVar[tuple[str, ...]] = ()   # parameters combined castings multiply (p.44)

    @classmethod
    def acts(cls) -> bool:
        return True          # calculator.magic.effects resolves every spell effect kind

    def times(self, n: int) -> "SpellEffect":
        """The effect of ``n`` castings combined on one target (p.44: the highlighted numbers multiplied)."""
        if n == 1 or not self.cumulative:
            return self
        return type(self)({k: v * n if k in self.cumulative else v for k, v in self.p.items()}, self.where)

    def counts(self) -> tuple[str, ...]:
        return ("save",)

    def following(self) -> "SpellEffect | None":
        """The effect on a target after the first, where its targets follow one another (Plasma Arc);
        None: the spell has one roll per target, all alike."""
        return None

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        raise NotImplementedError

    def words(self, out: Outcome) -> str:
        raise NotImplementedError

    def roll_words(self) -> str:
        return "a save roll against the spell's damage"

    def describe(self, x: Count = 0) -> str:
        """What the spell does, in words (a spell's numbers are its own: no X)."""
        raise NotImplementedError


class _Damage(SpellEffect):
    """Damage to an army; the roll's results of one type cancel it one for one (p.29)."""

    cancels: ClassVar[str] = "save"
    cumulative = ("amount",)
    amount: int

    def counts(self) -> tuple[str, ...]:
        return (self.cancels,)

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        damage = max(0, self.amount - totals[0].get(self.cancels, 0))
        return {"damage": damage, "killed": best_health(healths, damage)}

    def words(self, out: Outcome) -> str:
        return (f"{self.amount} damage, {self.amount - out['damage']} cancelled by {self.cancels} results: "
                f"{out['damage']} damage, {out['killed']} health-worth of units killed")


@SPELL_EFFECTS.register
class ArmyDamage(_Damage):
    """Hailstorm, Firestorm: damage to an army, which makes a save roll (p.29: the whole army saves)."""

    kind = "army-damage"
    params = {"amount": Int(1, required=True),
              "armies": OneOf(("one", "each-at-terrain"), "armies hit", default="one")}
    amount: int
    armies: str

    def describe(self, x: Count = 0) -> str:
        who = "each army at the terrain" if self.armies == "each-at-terrain" else "the target army"
        return f"{self.amount} damage to {who}, which rolls to save"


@SPELL_EFFECTS.register
class MeleeCancelsDamage(_Damage):
    """Wall of Thorns: damage to an army that rolls for melee instead of saves; each melee result
    cancels one damage."""

    kind = "damage-melee-cancels"
    roll = "melee"
    cancels = "melee"
    params = {"amount": Int(1, required=True)}
    amount: int

    def describe(self, x: Count = 0) -> str:
        return f"{self.amount} damage to an army that maneuvers there; its melee results cancel it"

    def roll_words(self) -> str:
        return "a melee roll, each melee result cancelling one damage"


@SPELL_EFFECTS.register
class UnitDamage(SpellEffect):
    """Firebolt, Finger of Death: damage to one unit, which rolls alone to save unless the spell
    allows none (p.29: a targeted unit rolls alone, without its army's benefits)."""

    kind = "unit-damage"
    roll = "individual"
    unit = True
    cumulative = ("amount",)
    params = {"amount": Int(1, required=True), "save": Bool(default=True)}
    amount: int
    save: bool

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        saves = totals[0].get("save", 0) if self.save else 0
        damage = max(0, self.amount - saves)
        return {"damage": damage, "dies": damage >= healths[0]}

    def words(self, out: Outcome) -> str:
        fate = "the unit is killed" if out["dies"] else "the unit lives (the damage goes away)"
        if not self.save:
            return f"{self.amount} damage, no save possible: {fate}"
        return f"{self.amount} damage, {self.amount - out['damage']} cancelled by saves: {out['damage']} damage, {fate}"

    def describe(self, x: Count = 0) -> str:
        return f"{self.amount} damage to one unit" + (", which rolls to save" if self.save else ", no save")

    def roll_words(self) -> str:
        return "the unit's save roll, alone" if self.save else "no roll: the damage cannot be saved"


FATES = {"killed": ("dies", "is killed"), "reserve": ("to_reserve", "goes back to its Reserve Area"),
         "buried": ("buried", "is buried")}


@SPELL_EFFECTS.register
class SaveOrDie(SpellEffect):
    """Lightning Strike (killed), Mirage (back to the Reserve Area), Exhume and Soiled Ground (buried):
    one unit rolls alone to save and without a save result meets its fate, whatever its health
    (p.29: an effect that kills unless a roll avoids it). ``dua``: the unit rolls in the DUA (Exhume)."""

    kind = "save-or-die"
    roll = "individual"
    unit = True
    params = {"fate": OneOf(tuple(FATES), "fate", default="killed"), "dua": Bool(default=False)}
    fate: str
    dua: bool

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        return {FATES[self.fate][0]: totals[0].get("save", 0) == 0}

    def words(self, out: Outcome) -> str:
        return f"no save result: the unit {FATES[self.fate][1]}" if out[FATES[self.fate][0]] else \
            "a save result: nothing happens to the unit"

    def describe(self, x: Count = 0) -> str:
        where = " in the DUA" if self.dua else ""
        return f"each unit it targets rolls alone to save{where}; without a save result it {FATES[self.fate][1]}"

    def roll_words(self) -> str:
        return "the unit's save roll, alone" + (", in the DUA" if self.dua else "")


@SPELL_EFFECTS.register
class SaveOrDieChain(SpellEffect):
    """Plasma Arc (seed 003, Dracolem v1.01; the spell list's cost: v4.01d p.44): the target rolls alone
    and is killed without a save; whatever it rolled, its owner targets another unit of the same army,
    and so on until a unit after the first saves. Each target's roll is one single roll: ``after_first``
    (the spell input's) says it is not the caster's own target, whose save does not end the arc."""

    kind = "save-or-die-chain"
    roll = "individual"
    unit = True
    params = {"after_first": Bool(default=False)}
    after_first: bool

    def following(self) -> "SpellEffect":
        return type(self)({**self.p, "after_first": True}, self.where)

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        saved = totals[0].get("save", 0) > 0
        # The arc goes on after the first target whatever it rolled, after a later one only on no save.
        return {"dies": not saved, "goes_on": not (saved and self.after_first)}

    def words(self, out: Outcome) -> str:
        fate = "no save result: the unit is killed" if out["dies"] else "a save result: the unit lives"
        nxt = ("; its owner must now target another unit of the same army, which rolls in turn" if out["goes_on"]
               else "; the arc ends here")
        return fate + nxt

    def describe(self, x: Count = 0) -> str:
        return ("its target rolls alone to save or is killed; then its owner targets another unit of the army, "
                "and so on until a unit after the first saves")

    def roll_words(self) -> str:
        who = "a later target's" if self.after_first else "the first target's"
        return f"{who} save roll, alone"


@SPELL_EFFECTS.register
class SaveTwiceOrFlee(SpellEffect):
    """Fearful Flames: damage to one unit, which rolls alone to save; if that roll had a save result,
    it rolls again and without a save result flees to its Reserve Area."""

    kind = "save-twice-or-flee"
    roll = "individual"
    unit = True
    rolls = 2
    params = {"amount": Int(1, required=True)}
    amount: int

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        saves = totals[0].get("save", 0)
        damage = max(0, self.amount - saves)
        out: Outcome = {"damage": damage, "dies": damage >= healths[0], "saved": saves > 0}
        if out["saved"] and not out["dies"] and len(totals) > 1:
            out["flees"] = totals[1].get("save", 0) == 0
        elif not out["saved"] or out["dies"]:
            out["flees"] = False
        return out

    def words(self, out: Outcome) -> str:
        first = f"{self.amount} damage, {self.amount - out['damage']} cancelled by saves: {out['damage']} damage, " + \
            ("the unit is killed" if out["dies"] else "the unit lives")
        if not out["saved"] or out["dies"]:
            return first
        if "flees" not in out:
            return first + "; it saved, so it rolls to save again (no save: it flees to its Reserve Area)"
        return first + ("; its second roll has no save result: it flees to its Reserve Area" if out["flees"]
                        else "; its second roll saves it: it stays")

    def describe(self, x: Count = 0) -> str:
        return f"{self.amount} damage to one unit; if it saves, it rolls again or flees to its Reserve Area"

    def roll_words(self) -> str:
        return "the unit's save roll, alone (and a second one if it saved)"


@SPELL_EFFECTS.register
class ManeuverOrTurn(SpellEffect):
    """Flash Flood: the terrain turns down one face unless an army there rolls enough maneuver results."""

    kind = "maneuver-or-turn"
    roll = "maneuver"
    params = {"needed": Int(1, required=True)}
    needed: int

    def counts(self) -> tuple[str, ...]:
        return ("maneuver",)

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        return {"turns": totals[0].get("maneuver", 0) < self.needed}

    def words(self, out: Outcome) -> str:
        return (f"fewer than {self.needed} maneuver results: the terrain turns down one face (unless another army "
                f"there reaches {self.needed})" if out["turns"] else
                f"{self.needed} or more maneuver results: the terrain does not turn")

    def describe(self, x: Count = 0) -> str:
        return f"the terrain turns down one face unless an army there rolls {self.needed} maneuver results"

    def roll_words(self) -> str:
        return f"a maneuver roll needing {self.needed} results"


@SPELL_EFFECTS.register
class Wave(SpellEffect):
    """Tidal Wave: damage to each army at the terrain, which makes one roll counting saves and
    maneuvers, only normal icons' results (no ID, no SAI: p.31, Attune, names these "normal"); the
    terrain turns down one face unless some army reaches ``needed`` maneuver results."""

    kind = "wave"
    roll = "save_and_maneuver"
    tally = ("save", "maneuver")
    params = {"amount": Int(1, required=True), "needed": Int(1, required=True)}
    amount: int
    needed: int

    def counts(self) -> tuple[str, ...]:
        return ("save", "maneuver")

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        damage = max(0, self.amount - totals[0].get("save", 0))
        return {"damage": damage, "killed": best_health(healths, damage),
                "turns": totals[0].get("maneuver", 0) < self.needed}

    def words(self, out: Outcome) -> str:
        turn = (f"fewer than {self.needed} maneuver results: the terrain turns down one face unless another army "
                f"there reaches {self.needed}") if out["turns"] else \
            f"{self.needed} or more maneuver results: the terrain does not turn"
        return (f"{self.amount} damage, {self.amount - out['damage']} cancelled by normal saves: {out['damage']} damage, "
                f"{out['killed']} health-worth of units killed; {turn}")

    def describe(self, x: Count = 0) -> str:
        return (f"{self.amount} damage to each army at the terrain (normal saves only); the terrain turns down "
                f"unless an army rolls {self.needed} normal maneuver results")

    def roll_words(self) -> str:
        return "one roll counting only normal save and maneuver results"


@SPELL_EFFECTS.register
class IdKills(SpellEffect):
    """Swamp Fever: each unit rolls alone; its ID icon kills it, and a unit so killed is rolled again
    and buried on a second ID."""

    kind = "id-kills"
    roll = "individual"
    unit = True
    rolls = 2
    tally = ("id",)
    params: ClassVar[dict] = {}

    def outcome(self, totals: Sequence[Totals], healths: Sequence[int]) -> Outcome:
        out: Outcome = {"dies": totals[0].get("id", 0) > 0}
        if not out["dies"]:
            out["buried"] = False
        elif len(totals) > 1:
            out["buried"] = totals[1].get("id", 0) > 0
        return out

    def words(self, out: Outcome) -> str:
        if not out["dies"]:
            return "no ID icon: nothing happens to the unit"
        if "buried" not in out:
            return "its ID icon: the unit is killed, and rolls again (a second ID buries it)"
        return "its ID icon: the unit is killed" + ("; a second ID: it is buried" if out["buried"] else
                                                    "; no second ID: it stays in the DUA")

    def describe(self, x: Count = 0) -> str:
        return "each unit it targets rolls alone; its ID icon kills it, and a second ID buries it"

    def roll_words(self) -> str:
        return "the unit's roll, alone, where only its ID icon matters (and a second roll if it is killed)"


__all__ = ["SpellEffect", "best_health"]
