"""Terrain face kinds (icons.yaml ``terrain_effects``): what an eighth face (rulebook v4.01d p.15)
or the active face of a minor terrain (p.15, "Minor Terrain Die Faces") does for the army that
controls it. Each kind answers the questions the roll, the magic and the maneuver ask; a kind
whose effect no roll can show is listed for the player with what it needs.

>>> k = TERRAIN.make({"kind": "double-id", "results": ["maneuver"]}, "t")
>>> k.id_doubled(("maneuver", "save"))
('maneuver',)
"""
from __future__ import annotations

from typing import ClassVar

from ..core.registry import Count, Kind, ListOf, OneOf, Text, result_type, result_types
from ..core.rolls import Roll
from . import TERRAIN

ACTIONS = ("melee", "missile", "magic")
EIGHTH_FACE_PHASE = "in the Eighth Face Phase of your turn"


class TerrainEffect(Kind):
    """Base: every question has a neutral answer; a kind overrides the ones it owns."""

    phase = "after-roll"
    words: ClassVar[str] = ""         # the effect in player words (when listed for the player)
    needs: ClassVar[str] = ""         # what the player needs to resolve it
    picks_unit: ClassVar[bool] = False  # the input names the unit it acts on (Vortex: the unit re-rolled)
    HOOKS: ClassVar[tuple[str, ...]] = ("id_doubled", "halves", "rerolls_one", "magic_elements", "shields",
                                        "actions", "id_ignored")

    @classmethod
    def acts(cls) -> bool:
        return any(getattr(cls, h) is not getattr(TerrainEffect, h) for h in cls.HOOKS)

    def id_doubled(self, counts: tuple[str, ...]) -> tuple[str, ...]:
        """The counted result types whose ID results are doubled."""
        return ()

    def halves(self, roll: Roll) -> str | None:
        """The result type this face halves in the roll (a dividing modifier, step 7)."""
        return None

    def rerolls_one(self, roll: Roll) -> bool:
        """Whether its controller may re-roll one unit at step 3 of this roll."""
        return False

    def magic_elements(self, terrain: tuple[str, ...]) -> tuple[str, ...]:
        """Elements every unit's magic may be counted as, besides its own."""
        return ()

    def shields(self, element: str, target: str) -> bool:
        """Whether a spell's modifier of that element and target leaves the army untouched."""
        return False

    def actions(self) -> tuple[str, ...]:
        """Actions the controlling army may take besides the terrain's."""
        return ()

    def id_ignored(self, counts: tuple[str, ...], at_reserve: bool) -> tuple[str, ...]:
        """The counted types whose ID results do not count (``at_reserve``: the roll is a missile
        attack at an army in a Reserve Area)."""
        return ()

    def ends_on_own_march(self) -> bool:
        """Whether the face is gone (buried) when its army starts a march: it never reaches that
        march's maneuver roll."""
        return False

    def describe(self, x: Count = 0) -> str:
        return self.words


@TERRAIN.register
class DoubleId(TerrainEffect):
    """p.15: the army controlling an eighth face doubles all its ID results, in any roll; a minor
    terrain's Double Maneuvers / Double Saves doubles them when rolling for maneuvers / saves."""

    kind = "double-id"
    phase = "face"
    params = {"results": result_types()}
    results: tuple[str, ...] | None

    def id_doubled(self, counts: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(t for t in counts if not self.results or t in self.results)

    def describe(self, x: Count = 0) -> str:
        which = " and ".join(self.results) if self.results else "all"
        return f"the army's ID results are doubled ({which} results)"


@TERRAIN.register
class HalveResults(TerrainEffect):
    """p.15, a minor terrain's disaster faces (Dust Storm, Flanked, Flood, Revolt): the controlling
    army's results of one type are halved (a dividing modifier: step 7, rounded down); the minor
    terrain is buried at the beginning of the army's next march."""

    kind = "halve-results"
    phase = "step-7"
    params = {"result": result_type(required=True), "then": OneOf(("buried-at-next-march",), "aftermath")}
    result: str
    then: str | None

    def halves(self, roll: Roll) -> str | None:
        return self.result if self.result in roll.counts else None

    def ends_on_own_march(self) -> bool:
        return self.then == "buried-at-next-march"

    def describe(self, x: Count = 0) -> str:
        then = "; the minor terrain is buried when the army next marches" if self.then else ""
        return f"the army's {self.result} results are halved{then}"


@TERRAIN.register
class RerollOneUnit(TerrainEffect):
    """p.15 Vortex: during any non-maneuver army roll at this terrain, before SAIs are resolved
    (step 3), the controller may re-roll one unit, ignoring its previous result."""

    kind = "reroll-one-unit"
    phase = "step-3"
    picks_unit = True

    def rerolls_one(self, roll: Roll) -> bool:
        return "maneuver" not in roll.counts and not roll.type.individual

    def describe(self, x: Count = 0) -> str:
        return "in a roll without maneuvers you may roll one unit again before SAIs, ignoring its first face"


@TERRAIN.register
class ConvertMagicElement(TerrainEffect):
    """p.15 Standing Stones: the controlling army's units may convert any or all of their magic
    results to an element this terrain contains."""

    kind = "convert-magic-element"
    phase = "after-roll"

    def magic_elements(self, terrain: tuple[str, ...]) -> tuple[str, ...]:
        return terrain

    def describe(self, x: Count = 0) -> str:
        return "the army's magic results may be counted as an element of this terrain"


@TERRAIN.register
class ShieldFromMagic(TerrainEffect):
    """p.15 Temple: the controlling army and its units cannot be affected by any opponent's death
    magic (a spell of that element aimed at an opposing army, or at the terrain)."""

    kind = "shield-from-magic"
    phase = "step-6"
    params = {"element": OneOf(("death",), "element", required=True)}
    element: str
    OPPONENTS: ClassVar[tuple[str, ...]] = ("opposing-army", "terrain")

    def shields(self, element: str, target: str) -> bool:
        return element == self.element and target in self.OPPONENTS

    def describe(self, x: Count = 0) -> str:
        return f"opponents' {self.element} magic does not affect the army"


@TERRAIN.register
class AlternateAction(TerrainEffect):
    """p.15, a minor terrain's action faces: the controlling army may take this action or the
    action the terrain shows."""

    kind = "alternate-action"
    phase = "after-roll"
    params = {"action": OneOf(ACTIONS, "action", required=True)}
    action: str

    def actions(self) -> tuple[str, ...]:
        return (self.action,)

    def describe(self, x: Count = 0) -> str:
        return f"the army may take a {self.action} action instead of the terrain's"


class Listed(TerrainEffect):
    """An effect no roll shows: listed for the player, in player words, with what it needs."""

    left_to_player = True
    params = {"when": OneOf(("eighth-face-phase", "on-capture", "missile-action", "on-entry"), "when"),
              "note": Text()}
    when: str | None
    note: str | None

    def describe(self, x: Count = 0) -> str:
        when = {"eighth-face-phase": f"{EIGHTH_FACE_PHASE}: ", "on-capture": "when the army captures it: ",
                "on-entry": "", "missile-action": ""}.get(self.when or "", "")
        text = when + self.words
        return text[:1].upper() + text[1:] + (f" ({self.needs})" if self.needs else "")


@TERRAIN.register
class RecruitOrPromote(Listed):
    """p.15 City: in the Eighth Face Phase, recruit a small (1 health) unit to, or promote one unit
    in, the controlling army."""

    kind = "recruit-or-promote"
    words = "you may recruit a small (1 health) unit to the army or promote one of its units"
    needs = "your DUA (the Summoning Pool for Dragonkin) and the army's units"     # p.30


@TERRAIN.register
class ForceBury(Listed):
    """p.15 Temple: in the Eighth Face Phase you may force another player to bury one unit of their
    choice from their DUA."""

    kind = "force-bury"
    words = "you may make another player bury one unit of their choice from their DUA"
    needs = "that player's DUA"


@TERRAIN.register
class ReserveTargetNoId(TerrainEffect):
    """p.15 Tower: attacking a Reserve army with a missile action, only non-ID missile results count."""

    kind = "reserve-target-no-id"
    phase = "face"
    params = {"result": result_type(required=True)}
    result: str

    def id_ignored(self, counts: tuple[str, ...], at_reserve: bool) -> tuple[str, ...]:
        return (self.result,) if at_reserve and self.result in counts else ()

    def describe(self, x: Count = 0) -> str:
        return f"against an army in a Reserve Area, ID results do not count as {self.result} results"


@TERRAIN.register
class MissileAtAnyArmy(Listed):
    """p.15 Tower: the controlling army may use a missile action to attack any opponent's army;
    against a Reserve army only non-ID missile results count."""

    kind = "missile-at-any-army"
    words = "the army may make a missile attack at any opposing army, at any terrain or in a Reserve Area"
    needs = "you choose the target army"


@TERRAIN.register
class ChooseEighthFace(Listed):
    """p.15 Castle: on capture choose City, Standing Stones, Temple or Tower; the Castle becomes that
    terrain until its face is moved."""

    kind = "choose-eighth-face"
    params = {**Listed.params, "choices": ListOf(Text(), required=True)}
    when: str | None
    note: str | None
    choices: tuple[str, ...]
    words = "choose City, Standing Stones, Temple or Tower: the Castle works as that face until it is turned"
    needs = "give the chosen face as the army's eighth face for its own effect"


@TERRAIN.register
class SummonDragon(Listed):
    """p.15 Dragon's Lair: in the Eighth Face Phase you may summon a dragon matching at least one
    element of this terrain, an Ivory Dragon or an Ivory Hybrid Dragon, to any terrain; never a
    White Dragon."""

    kind = "lair-summon-dragon"
    words = ("you may summon a dragon sharing an element with this terrain, an Ivory Dragon or an Ivory "
             "Hybrid Dragon, to any terrain (never a White Dragon)")
    needs = "the dragons in the Summoning Pools"


@TERRAIN.register
class GroveReturn(Listed):
    """p.15 Grove: in the Eighth Face Phase, compulsory when possible: a non-Dragonkin unit from any
    player's BUA to their DUA, a Dragonkin unit or minor terrain from your BUA to your Summoning
    Pool, or an item from your BUA to the army controlling the Grove."""

    kind = "grove-return"
    words = ("you must, if you can, move a non-Dragonkin unit from any player's BUA to their DUA, or one of "
             "your buried Dragonkin units or minor terrains to your Summoning Pool, or one of your buried items "
             "to this army")
    needs = "every player's BUA"


@TERRAIN.register
class ChooseActionFace(Listed):
    """p.15, a minor terrain's ID face (Bridge, Knoll, Village, Woods): pick any action face of the
    minor terrain (magic, melee or missile) and turn the die to it."""

    kind = "choose-action-face"
    words = "turn the minor terrain to its magic, melee or missile face, as you choose"
    needs = "then give that face as the army's minor terrain face"


__all__ = ["TerrainEffect", "ACTIONS"]
